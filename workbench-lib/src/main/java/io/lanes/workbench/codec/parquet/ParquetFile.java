package io.lanes.workbench.codec.parquet;

import com.github.luben.zstd.Zstd;
import io.lanes.workbench.codec.CorruptDataException;
import net.jpountz.lz4.LZ4Factory;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.CompressionCodec;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.DataPageHeaderV2;
import org.apache.parquet.format.FieldRepetitionType;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.LogicalType;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.Util;
import org.xerial.snappy.Snappy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * A Parquet file's footer and the pages of its columns, read with parquet-format-structures' Thrift
 * classes and no Hadoop. {@link #pages(String)} returns a column's pages exactly as the writer
 * produced them (decompressed: uncompressed, SNAPPY, GZIP, ZSTD, LZ4_RAW; data page v1 and v2;
 * levels stripped), each with the name of the registered codec that decodes it, so a notebook can
 * time our decoders on another writer's pages. Flat and nested schemas are walked for levels;
 * encryption is not supported. Immutable after {@link #open}; thread-safe.
 */
public final class ParquetFile {
    private static final int MAX_PAGE = 1 << 30;
    private static final byte[] MAGIC = {'P', 'A', 'R', '1'};

    /**
     * A leaf column.
     *
     * @param path          dotted path
     * @param physicalType  Parquet physical type name
     * @param maxDefinition maximum definition level
     * @param maxRepetition maximum repetition level
     * @param logicalType   the logical type in brief ({@code TIMESTAMP(MICROS)}, {@code INTEGER(16,signed)},
     *                      {@code DATE}, ...) or, for older writers, the converted type's name
     *                      ({@code TIMESTAMP_MILLIS}, {@code UINT_32}, ...); null when the column has neither
     */
    public record Column(String path, String physicalType, int maxDefinition, int maxRepetition, String logicalType) {
    }

    private final Path file;
    private final FileMetaData meta;
    private final List<Column> columns;

    private ParquetFile(Path file, FileMetaData meta, List<Column> columns) {
        this.file = file;
        this.meta = meta;
        this.columns = columns;
    }

    /** Reads the footer of {@code file}. */
    public static ParquetFile open(Path file) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            long size = f.length();
            if (size < 12) throw new CorruptDataException("file length", 0, size + " bytes is too short for a Parquet file");
            byte[] tail = new byte[8];
            f.seek(size - 8);
            f.readFully(tail);
            if (!Arrays.equals(Arrays.copyOfRange(tail, 4, 8), MAGIC)) throw new CorruptDataException("footer magic", size - 4, "not PAR1: encrypted footers and non-Parquet files are not supported");
            long footerLen = (tail[0] & 0xFFL) | (tail[1] & 0xFFL) << 8 | (tail[2] & 0xFFL) << 16 | (tail[3] & 0xFFL) << 24;
            if (footerLen > size - 12) throw new CorruptDataException("footer length", size - 8, footerLen + " bytes in a file of " + size);
            byte[] footer = new byte[(int) footerLen];
            f.seek(size - 8 - footerLen);
            f.readFully(footer);
            FileMetaData meta = Util.readFileMetaData(new ByteArrayInputStream(footer));
            List<Column> cols = new ArrayList<>();
            leaves(meta.getSchema(), cols);
            return new ParquetFile(file, meta, List.copyOf(cols));
        }
    }

    /** Walks the depth-first flattened schema below the root, collecting leaves with their levels. */
    private static void leaves(List<SchemaElement> schema, List<Column> out) {
        int[] next = {1};
        for (int c = 0; c < schema.get(0).getNum_children(); c++) leaf(schema, next, "", 0, 0, out);
    }

    private static void leaf(List<SchemaElement> schema, int[] next, String prefix, int def, int rep, List<Column> out) {
        SchemaElement e = schema.get(next[0]++);
        FieldRepetitionType r = e.getRepetition_type();
        int d = def + (r == FieldRepetitionType.REQUIRED ? 0 : 1);
        int p = rep + (r == FieldRepetitionType.REPEATED ? 1 : 0);
        String path = prefix.isEmpty() ? e.getName() : prefix + "." + e.getName();
        if (e.isSetNum_children() && e.getNum_children() > 0) {
            for (int c = 0; c < e.getNum_children(); c++) leaf(schema, next, path, d, p, out);
        } else {
            out.add(new Column(path, e.getType().name(), d, p, logicalType(e)));
        }
    }

    private static String logicalType(SchemaElement e) {
        if (e.isSetLogicalType()) {
            LogicalType l = e.getLogicalType();
            if (l.isSetTIMESTAMP()) return "TIMESTAMP(" + l.getTIMESTAMP().getUnit().getSetField().getFieldName() + ")";
            if (l.isSetTIME()) return "TIME(" + l.getTIME().getUnit().getSetField().getFieldName() + ")";
            if (l.isSetINTEGER()) return "INTEGER(" + l.getINTEGER().getBitWidth() + "," + (l.getINTEGER().isIsSigned() ? "signed" : "unsigned") + ")";
            if (l.isSetDECIMAL()) return "DECIMAL(" + l.getDECIMAL().getPrecision() + "," + l.getDECIMAL().getScale() + ")";
            return l.getSetField().getFieldName();
        }
        return e.isSetConverted_type() ? e.getConverted_type().name() : null;
    }

    /** The leaf columns, in file order. */
    public List<Column> columns() {
        return columns;
    }

    /** Rows in the file. */
    public long rows() {
        return meta.getNum_rows();
    }

    /** The writer, as the footer names it. */
    public String createdBy() {
        return meta.getCreated_by();
    }

    /** The leaf column at that dotted path. */
    public Column column(String path) {
        for (Column c : columns) if (c.path().equals(path)) return c;
        throw new IllegalArgumentException("no column '" + path + "' in " + file + "; columns: " + columns.stream().map(Column::path).toList());
    }

    /** Every page of the column in every row group, dictionary pages included, in file order. */
    public List<ParquetPage> pages(String path) throws IOException {
        Column col = column(path);
        int index = columns.indexOf(col);
        List<ParquetPage> out = new ArrayList<>();
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            List<RowGroup> groups = meta.getRow_groups();
            for (int g = 0; g < groups.size(); g++) {
                ColumnChunk chunk = groups.get(g).getColumns().get(index);
                ColumnMetaData md = chunk.getMeta_data();
                long start = md.getData_page_offset();
                if (md.isSetDictionary_page_offset() && md.getDictionary_page_offset() > 0) start = Math.min(start, md.getDictionary_page_offset());
                long len = md.getTotal_compressed_size();
                if (start < 0 || len < 0 || len > MAX_PAGE || start + len > f.length()) throw new CorruptDataException("column chunk", start, len + " bytes at " + start + " leave the file");
                byte[] bytes = new byte[(int) len];
                f.seek(start);
                f.readFully(bytes);
                chunkPages(col, g, md.getCodec(), md.getNum_values(), bytes, start, out);
            }
        }
        return out;
    }

    private void chunkPages(Column col, int group, CompressionCodec codec, long values, byte[] chunk, long fileOffset, List<ParquetPage> out) throws IOException {
        ByteArrayInputStream in = new ByteArrayInputStream(chunk);
        long seen = 0;
        while (seen < values && in.available() > 0) {
            int at = chunk.length - in.available();
            PageHeader h = Util.readPageHeader(in);
            int pos = chunk.length - in.available();
            int size = h.getCompressed_page_size();
            int raw = h.getUncompressed_page_size();
            if (size < 0 || size > chunk.length - pos || raw < 0 || raw > MAX_PAGE) {
                throw new CorruptDataException("page size", fileOffset + at, size + " compressed / " + raw + " uncompressed bytes with " + (chunk.length - pos) + " left in the chunk");
            }
            in.skipNBytes(size);
            PageType type = h.getType();
            if (type == PageType.DICTIONARY_PAGE) {
                byte[] v = decompress(codec, chunk, pos, size, raw, fileOffset + pos);
                int n = h.getDictionary_page_header().getNum_values();
                out.add(ParquetPage.of(col.path(), group, "DICTIONARY", h.getDictionary_page_header().getEncoding().name(), col.physicalType(), n, n, v, null));
            } else if (type == PageType.DATA_PAGE) {
                DataPageHeader d = h.getData_page_header();
                byte[] page = decompress(codec, chunk, pos, size, raw, fileOffset + pos);
                int p = 0;
                int n = d.getNum_values();
                if (col.maxRepetition() > 0) p = skipLevels(page, p, fileOffset + pos);
                int[] defs = null;
                if (col.maxDefinition() > 0) {
                    defs = new int[n];
                    p = v1Levels(page, p, col.maxDefinition(), n, defs, fileOffset + pos);
                }
                byte[] v = Arrays.copyOfRange(page, p, page.length);
                out.add(ParquetPage.of(col.path(), group, "DATA_V1", d.getEncoding().name(), col.physicalType(), n, defs == null ? n : nonNull(defs, col.maxDefinition()), v, defs));
                seen += n;
            } else if (type == PageType.DATA_PAGE_V2) {
                DataPageHeaderV2 d = h.getData_page_header_v2();
                int repLen = d.getRepetition_levels_byte_length(), defLen = d.getDefinition_levels_byte_length();
                if (repLen < 0 || defLen < 0 || (long) repLen + defLen > size) throw new CorruptDataException("level lengths", fileOffset + pos, repLen + " + " + defLen + " bytes in a page of " + size);
                int n = d.getNum_values();
                int[] defs = null;
                if (col.maxDefinition() > 0) {
                    defs = new int[n];
                    RleHybrid32.decodeRuns(ParquetCodecs.KERNEL32, chunk, pos, pos + repLen, pos + repLen + defLen, bitWidth(col.maxDefinition()), n, defs, 0);
                }
                int vPos = pos + repLen + defLen, vLen = size - repLen - defLen;
                boolean compressed = !d.isSetIs_compressed() || d.isIs_compressed();
                byte[] v = compressed ? decompress(codec, chunk, vPos, vLen, raw - repLen - defLen, fileOffset + vPos) : Arrays.copyOfRange(chunk, vPos, vPos + vLen);
                out.add(ParquetPage.of(col.path(), group, "DATA_V2", d.getEncoding().name(), col.physicalType(), n, n - d.getNum_nulls(), v, defs));
                seen += n;
            }
            // index pages and unknown page types are skipped
        }
    }

    private static int nonNull(int[] defs, int max) {
        int k = 0;
        for (int d : defs) if (d == max) k++;
        return k;
    }

    static int bitWidth(int maxLevel) {
        return 32 - Integer.numberOfLeadingZeros(maxLevel);
    }

    /** Skips a v1 level section: a 4-byte length, then that many bytes. */
    private static int skipLevels(byte[] page, int p, long where) {
        if (page.length - p < 4) throw new CorruptDataException("repetition levels length", where + p, "missing");
        long len = (page[p] & 0xFFL) | (page[p + 1] & 0xFFL) << 8 | (page[p + 2] & 0xFFL) << 16 | (page[p + 3] & 0xFFL) << 24;
        if (len > page.length - p - 4) throw new CorruptDataException("repetition levels length", where + p, len + " bytes past the page");
        return p + 4 + (int) len;
    }

    /** Decodes a v1 RLE definition-level section into {@code defs}; returns the offset after it. */
    private static int v1Levels(byte[] page, int p, int max, int n, int[] defs, long where) {
        int end = skipLevels(page, p, where);
        RleHybrid32.decodeRuns(ParquetCodecs.KERNEL32, page, p, p + 4, end, bitWidth(max), n, defs, 0);
        return end;
    }

    private static byte[] decompress(CompressionCodec codec, byte[] src, int off, int len, int raw, long where) throws IOException {
        if (raw < 0 || raw > MAX_PAGE) throw new CorruptDataException("uncompressed page size", where, raw + " bytes");
        byte[] out = new byte[raw];
        int got;
        switch (codec) {
            case UNCOMPRESSED -> {
                if (len != raw) throw new CorruptDataException("page size", where, "uncompressed page of " + len + " bytes claims " + raw);
                System.arraycopy(src, off, out, 0, len);
                got = len;
            }
            case SNAPPY -> {
                if (!Snappy.isValidCompressedBuffer(src, off, len) || Snappy.uncompressedLength(src, off, len) != raw) throw new CorruptDataException("snappy page", where, "not a valid snappy block of " + raw + " bytes");
                got = Snappy.uncompress(src, off, len, out, 0);
            }
            case GZIP -> {
                try (GZIPInputStream gz = new GZIPInputStream(new ByteArrayInputStream(src, off, len))) {
                    got = gz.readNBytes(out, 0, raw);
                    if (gz.read() != -1) throw new CorruptDataException("gzip page", where, "inflates to more than " + raw + " bytes");
                }
            }
            case ZSTD -> {
                long r;
                try {
                    r = Zstd.decompressByteArray(out, 0, raw, src, off, len);
                } catch (RuntimeException e) { // zstd-jni reports some errors by ZstdException, others by code
                    throw new CorruptDataException("zstd page", where, e.getMessage());
                }
                if (Zstd.isError(r)) throw new CorruptDataException("zstd page", where, Zstd.getErrorName(r));
                got = (int) r;
            }
            case LZ4_RAW -> {
                try {
                    got = LZ4Factory.fastestInstance().safeDecompressor().decompress(src, off, len, out, 0, raw);
                } catch (RuntimeException e) {
                    throw new CorruptDataException("lz4 page", where, e.getMessage());
                }
            }
            default -> throw new UnsupportedOperationException("compression " + codec + " is not supported (uncompressed, SNAPPY, GZIP, ZSTD, LZ4_RAW are)");
        }
        if (got != raw) throw new CorruptDataException("page size", where, codec + " page decompressed to " + got + " bytes, header says " + raw);
        return out;
    }
}
