package io.lanes.workbench.codec.parquet;

import io.lanes.workbench.parquet.Leb128;

import io.lanes.workbench.parquet.ParquetFile;
import io.lanes.workbench.parquet.ParquetPage;

import io.lanes.workbench.codec.ByteArrayCodec;
import io.lanes.workbench.codec.ByteArrays;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.LongCodec;

import java.io.IOException;
import java.util.List;

/**
 * A whole column of a Parquet file decoded with our decoders, page by page as {@link ParquetFile#pages}
 * returns them: integer columns (INT32 widened to long) and byte-array columns, required or optional
 * (nulls from the definition levels), dictionary-encoded or not. The loader for tests, corpora and
 * notebooks; the timed path is decoding {@link ParquetPage#codecPage()} directly. Stateless.
 */
public final class ParquetValues {
    private ParquetValues() {
    }

    /** An integer column: {@code values[i]} is row i's value unless {@code nulls[i]}. */
    public record Longs(long[] values, boolean[] nulls) {
    }

    /** A byte-array column: value i is row i's (empty when {@code nulls[i]}). */
    public record Strings(ByteArrays values, boolean[] nulls) {
    }

    /** Decodes an INT32 or INT64 column of a flat schema. */
    public static Longs longs(ParquetFile f, String path) throws IOException {
        ParquetFile.Column col = f.column(path);
        boolean is64 = col.physicalType().equals("INT64");
        if (!is64 && !col.physicalType().equals("INT32")) throw new IllegalArgumentException(path + " is " + col.physicalType() + ", not INT32 or INT64");
        if (col.maxRepetition() > 0) throw new UnsupportedOperationException(path + " is repeated; only flat columns are materialized");
        List<ParquetPage> pages = f.pages(path);
        int rows = 0;
        for (ParquetPage p : pages) if (!p.kind().equals("DICTIONARY")) rows += p.numValues();
        long[] values = new long[rows];
        boolean[] nulls = new boolean[rows];
        long[] dict = null;
        long[] buf = new long[0];
        int row = 0;
        for (ParquetPage p : pages) {
            if (p.kind().equals("DICTIONARY")) {
                if (!p.encoding().equals("PLAIN") && !p.encoding().equals("PLAIN_DICTIONARY")) throw new UnsupportedOperationException(path + ": dictionary page in " + p.encoding());
                dict = decodeInts(is64 ? "parquet.plain64" : "parquet.plain", counted(p), p.numValues());
                continue;
            }
            if (p.codec() == null) throw new UnsupportedOperationException(path + ": no decoder for " + p.encoding() + " pages of " + p.physicalType());
            long[] v = decodeInts(p.codec(), p.codecPage(), p.nonNull());
            if (p.codec().equals("parquet.rle")) {
                if (dict == null) throw new CorruptDataException("dictionary page", 0, path + ": dictionary-encoded page without a dictionary");
                for (int i = 0; i < v.length; i++) {
                    if (v[i] < 0 || v[i] >= dict.length) throw new CorruptDataException("dictionary index", 0, path + ": index " + v[i] + " of a dictionary of " + dict.length);
                    v[i] = dict[(int) v[i]];
                }
            }
            row = scatter(p, v, row, values, nulls, col.maxDefinition());
        }
        return new Longs(values, nulls);
    }

    /** Decodes a BYTE_ARRAY column of a flat schema written with a DELTA byte-array encoding. */
    public static Strings strings(ParquetFile f, String path) throws IOException {
        ParquetFile.Column col = f.column(path);
        if (!col.physicalType().equals("BYTE_ARRAY")) throw new IllegalArgumentException(path + " is " + col.physicalType() + ", not BYTE_ARRAY");
        if (col.maxRepetition() > 0) throw new UnsupportedOperationException(path + " is repeated; only flat columns are materialized");
        List<ParquetPage> pages = f.pages(path);
        ByteArrays page = new ByteArrays();
        ByteArrays out = new ByteArrays();
        java.util.Map<String, ByteArrayCodec.Decoder> decoders = new java.util.HashMap<>();
        int rows = 0;
        for (ParquetPage p : pages) rows += p.numValues();
        boolean[] nulls = new boolean[rows];
        int row = 0;
        int maxDef = col.maxDefinition();
        for (ParquetPage p : pages) {
            if (p.codec() == null || !(ParquetCodecs.byName(p.codec()) instanceof ByteArrayCodec c)) throw new UnsupportedOperationException(path + ": no byte-array decoder for " + p.kind() + " " + p.encoding() + " pages");
            // one decoder per encoding for the whole column, re-pointed at every page
            ByteArrayCodec.Decoder d = decoders.computeIfAbsent(c.name(), k -> c.newDecoder());
            page.clear();
            int n = d.decode(p.codecPage(), 0, p.codecPage().length, page);
            if (n != p.nonNull()) throw new CorruptDataException("value count", 0, path + ": page holds " + n + " values, its header " + p.nonNull());
            int k = 0;
            for (int i = 0; i < p.numValues(); i++, row++) {
                boolean isNull = p.definitionLevels() != null && p.definitionLevels()[i] != maxDef;
                nulls[row] = isNull;
                if (isNull) out.add(page.data(), 0, 0);
                else {
                    out.add(page.data(), page.offsets()[k], page.length(k));
                    k++;
                }
            }
        }
        return new Strings(out, nulls);
    }

    private static byte[] counted(ParquetPage p) {
        byte[] out = new byte[Leb128.size(p.numValues()) + p.values().length];
        int at = Leb128.write(p.numValues(), out, 0);
        System.arraycopy(p.values(), 0, out, at, p.values().length);
        return out;
    }

    private static long[] decodeInts(String codec, byte[] page, int expect) {
        Object c = ParquetCodecs.byName(codec);
        long[] out = new long[expect];
        int n;
        if (c instanceof LongCodec lc) {
            if (lc.decodedLength(page, 0, page.length) != expect) throw new CorruptDataException("value count", 0, codec + " page holds " + lc.decodedLength(page, 0, page.length) + " values, its header " + expect);
            n = lc.decode(page, 0, page.length, out, 0);
        } else {
            IntCodec ic = (IntCodec) c;
            if (ic.decodedLength(page, 0, page.length) != expect) throw new CorruptDataException("value count", 0, codec + " page holds " + ic.decodedLength(page, 0, page.length) + " values, its header " + expect);
            int[] tmp = new int[expect];
            n = ic.decode(page, 0, page.length, tmp, 0);
            for (int i = 0; i < n; i++) out[i] = tmp[i];
        }
        return out;
    }

    /** Places a page's non-null values at its rows; returns the next row. */
    private static int scatter(ParquetPage p, long[] v, int row, long[] values, boolean[] nulls, int max) {
        int[] defs = p.definitionLevels();
        int k = 0;
        for (int i = 0; i < p.numValues(); i++, row++) {
            if (defs != null && defs[i] < max) {
                nulls[row] = true;
            } else {
                values[row] = v[k++];
            }
        }
        return row;
    }
}
