package io.lanes.workbench.parquet;

import io.lanes.workbench.codec.bitpack.BlockKernel32;
import io.lanes.workbench.codec.bitpack.SeqVectorKernel32;

import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import io.lanes.workbench.codec.CorruptDataException;
import net.jpountz.lz4.LZ4Factory;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.CompressionCodec;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.DataPageHeaderV2;
import org.apache.parquet.format.DictionaryPageHeader;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.FieldRepetitionType;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.LogicalType;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.SchemaElement;
import org.xerial.snappy.Snappy;
import shaded.parquet.org.apache.thrift.TBase;
import shaded.parquet.org.apache.thrift.TConfiguration;
import shaded.parquet.org.apache.thrift.TException;
import shaded.parquet.org.apache.thrift.TUnion;
import shaded.parquet.org.apache.thrift.protocol.TCompactProtocol;
import shaded.parquet.org.apache.thrift.transport.TIOStreamTransport;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
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
 *
 * <p>Any file may be handed in, so nothing read from it is trusted: every Thrift length and count is
 * bounded by the bytes it is read from, every allocation sized by a field is bounded by what the
 * input can hold (a chunk by the file, a page by its chunk, a decompressed page by what its codec can
 * produce from the compressed bytes, levels by the level section and the chunk's count) and by
 * {@value #MAX_PAGE_VALUES} values a page, and every malformed structure is a
 * {@link CorruptDataException} naming the field and its byte offset in the file; page errors add the
 * row group and page ({@code (row group 0, page 2)}), and a caller adds the file and column, as
 * {@code corpus.Pages} does.
 */
public final class ParquetFile {
    /** Unpacks the bit-packed runs of definition levels. */
    private static final BlockKernel32 LEVELS = new SeqVectorKernel32();

    private static final int MAX_PAGE = 1 << 30;
    /**
     * Values one page may count. RLE levels can count any number of values in a few bytes, so no
     * section bounds a page's count; writers cut pages at 20,000 rows (parquet-java, Arrow) or a few
     * thousand (DuckDB), so this leaves room while an int[] of levels stays at 64 MiB.
     */
    static final int MAX_PAGE_VALUES = 1 << 24;
    /** Schema nesting a file may have: deeper would only risk the stack (levels are ints either way). */
    private static final int MAX_NESTING = 256;
    /** Thrift's own default struct nesting limit. */
    private static final int THRIFT_DEPTH = 64;
    /** An LZ4 block expands at most 255:1 (a match length grows by 255 a byte). */
    private static final int LZ4_MAX_RATIO = 255;
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
     *                      ({@code TIMESTAMP_MILLIS}, {@code UINT_32}, ...); {@code UNKNOWN} for a logical
     *                      type this reader does not know; null when the column has neither
     */
    public record Column(String path, String physicalType, int maxDefinition, int maxRepetition, String logicalType) {
    }

    private final Path file;
    private final FileMetaData meta;
    private final List<Column> columns;
    private final long footerAt;

    private ParquetFile(Path file, FileMetaData meta, List<Column> columns, long footerAt) {
        this.file = file;
        this.meta = meta;
        this.columns = columns;
        this.footerAt = footerAt;
    }

    /**
     * Reads the footer of {@code file}.
     *
     * @throws CorruptDataException not a Parquet file, or a malformed footer or schema (field and offset named)
     * @throws IOException          the file cannot be read
     */
    public static ParquetFile open(Path file) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            long size = f.length();
            if (size < 12) throw new CorruptDataException("file length", 0, size + " bytes is too short for a Parquet file");
            byte[] tail = new byte[8];
            f.seek(size - 8);
            f.readFully(tail);
            if (!Arrays.equals(Arrays.copyOfRange(tail, 4, 8), MAGIC)) throw new CorruptDataException("footer magic", size - 4, "not PAR1: encrypted footers and non-Parquet files are not supported");
            long footerLen = (tail[0] & 0xFFL) | (tail[1] & 0xFFL) << 8 | (tail[2] & 0xFFL) << 16 | (tail[3] & 0xFFL) << 24;
            if (footerLen > size - 12 || footerLen > MAX_PAGE) throw new CorruptDataException("footer length", size - 8, footerLen + " bytes in a file of " + size);
            long at = size - 8 - footerLen;
            byte[] footer = new byte[(int) footerLen];
            f.seek(at);
            f.readFully(footer);
            FileMetaData meta = new FileMetaData();
            thrift(meta, footer, 0, footer.length, at, "footer");
            return new ParquetFile(file, meta, leaves(meta.getSchema(), at), at);
        }
    }

    /** Walks the depth-first flattened schema below the root, collecting leaves with their levels. */
    private static List<Column> leaves(List<SchemaElement> schema, long at) {
        if (schema.isEmpty()) throw new CorruptDataException("schema", at, "no elements (footer)");
        int[] next = {1};
        List<Column> out = new ArrayList<>();
        int roots = children(schema, 0, next[0], at);
        for (int c = 0; c < roots; c++) leaf(schema, next, "", 0, 0, 1, out, at);
        if (next[0] != schema.size()) throw new CorruptDataException("schema", at, schema.size() + " elements, the tree below the root holds " + (next[0] - 1) + " (footer)");
        if (out.isEmpty()) throw new CorruptDataException("schema", at, "no leaf column (footer)");
        return List.copyOf(out);
    }

    /** Element {@code i}'s child count, bounded by the elements after {@code next}. */
    private static int children(List<SchemaElement> schema, int i, int next, long at) {
        SchemaElement e = schema.get(i);
        int k = e.isSetNum_children() ? e.getNum_children() : 0;
        if (k < 0 || k > schema.size() - next) {
            throw new CorruptDataException("schema element " + i + " num_children", at, k + " children with " + (schema.size() - next) + " elements left (footer)");
        }
        return k;
    }

    private static void leaf(List<SchemaElement> schema, int[] next, String prefix, int def, int rep, int depth, List<Column> out, long at) {
        if (depth > MAX_NESTING) throw new CorruptDataException("schema", at, "nested deeper than " + MAX_NESTING + " levels (footer)");
        if (next[0] >= schema.size()) throw new CorruptDataException("schema", at, "the groups' num_children ask for more than its " + schema.size() + " elements (footer)");
        int i = next[0]++;
        SchemaElement e = schema.get(i);
        FieldRepetitionType r = e.getRepetition_type();
        if (r == null) throw new CorruptDataException("schema element " + i + " repetition_type", at, "missing or unknown for '" + e.getName() + "' (footer)");
        int d = def + (r == FieldRepetitionType.REQUIRED ? 0 : 1);
        int p = rep + (r == FieldRepetitionType.REPEATED ? 1 : 0);
        String path = prefix.isEmpty() ? e.getName() : prefix + "." + e.getName();
        int k = children(schema, i, next[0], at);
        if (k > 0) {
            for (int c = 0; c < k; c++) leaf(schema, next, path, d, p, depth + 1, out, at);
        } else {
            if (e.getType() == null) throw new CorruptDataException("schema element " + i + " type", at, "leaf '" + path + "' has no physical type (footer)");
            out.add(new Column(path, e.getType().name(), d, p, logicalType(e)));
        }
    }

    private static String logicalType(SchemaElement e) {
        if (e.isSetLogicalType()) {
            LogicalType l = e.getLogicalType();
            if (l.isSetTIMESTAMP()) return "TIMESTAMP(" + fieldName(l.getTIMESTAMP().getUnit()) + ")";
            if (l.isSetTIME()) return "TIME(" + fieldName(l.getTIME().getUnit()) + ")";
            if (l.isSetINTEGER()) return "INTEGER(" + l.getINTEGER().getBitWidth() + "," + (l.getINTEGER().isIsSigned() ? "signed" : "unsigned") + ")";
            if (l.isSetDECIMAL()) return "DECIMAL(" + l.getDECIMAL().getPrecision() + "," + l.getDECIMAL().getScale() + ")";
            return fieldName(l);
        }
        return e.isSetConverted_type() ? e.getConverted_type().name() : null;
    }

    /** The set field of a Thrift union; {@code UNKNOWN} when none is (a member newer than these classes, or none written). */
    private static String fieldName(TUnion<?, ?> u) {
        return u == null || u.getSetField() == null ? "UNKNOWN" : u.getSetField().getFieldName();
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

    /**
     * Every page of the column in every row group, dictionary pages included, in file order.
     *
     * @throws CorruptDataException          a malformed column chunk, page header, page or level section:
     *                                       the field, its byte offset in the file, the row group and page
     * @throws UnsupportedOperationException a compression or level encoding this reader does not read
     * @throws IOException                   the file cannot be read
     */
    public List<ParquetPage> pages(String path) throws IOException {
        Column col = column(path);
        int index = columns.indexOf(col);
        List<ParquetPage> out = new ArrayList<>();
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            List<RowGroup> groups = meta.getRow_groups();
            for (int g = 0; g < groups.size(); g++) {
                String where = "row group " + g;
                List<ColumnChunk> chunks = groups.get(g).getColumns();
                if (chunks.size() != columns.size()) throw new CorruptDataException("row group columns", footerAt, chunks.size() + " column chunks for " + columns.size() + " leaf columns (" + where + ")");
                ColumnMetaData md = chunks.get(index).getMeta_data();
                if (md == null) throw new CorruptDataException("column chunk meta_data", footerAt, "missing: the metadata is elsewhere or encrypted, which is not supported (" + where + ")");
                if (!md.getType().name().equals(col.physicalType())) throw new CorruptDataException("column chunk type", footerAt, md.getType() + " where the schema says " + col.physicalType() + " (" + where + ")");
                long start = md.getData_page_offset();
                if (md.isSetDictionary_page_offset() && md.getDictionary_page_offset() > 0) start = Math.min(start, md.getDictionary_page_offset());
                long len = md.getTotal_compressed_size();
                if (start < MAGIC.length || len < 0 || len > MAX_PAGE || start > footerAt - len) {
                    throw new CorruptDataException("column chunk", start, len + " bytes at " + start + " leave the data between the magic and the footer at " + footerAt + " (" + where + ")");
                }
                if (md.getNum_values() < 0) throw new CorruptDataException("column chunk num_values", footerAt, md.getNum_values() + " values (" + where + ")");
                byte[] bytes = new byte[(int) len];
                f.seek(start);
                f.readFully(bytes);
                chunkPages(col, g, md.getCodec(), md.getNum_values(), bytes, start, out);
            }
        }
        return out;
    }

    /** Cuts one column chunk into its pages; {@code values} is the chunk's count, which the pages must add up to. */
    private static void chunkPages(Column col, int group, CompressionCodec codec, long values, byte[] chunk, long fileOffset, List<ParquetPage> out) {
        long seen = 0;
        int at = 0;
        ParquetPage dictionary = null; // the chunk's, which its dictionary-encoded data pages carry
        for (int page = 0; seen < values && at < chunk.length; page++) {
            String where = "row group " + group + ", page " + page;
            PageHeader h = new PageHeader();
            int pos = at + thrift(h, chunk, at, chunk.length - at, fileOffset + at, where);
            int size = h.getCompressed_page_size();
            int raw = h.getUncompressed_page_size();
            if (size < 0 || size > chunk.length - pos) {
                throw new CorruptDataException("compressed_page_size", fileOffset + at, size + " bytes with " + (chunk.length - pos) + " left in the column chunk (" + where + ")");
            }
            long bodyAt = fileOffset + pos;
            switch (h.getType()) {
                case DICTIONARY_PAGE -> {
                    DictionaryPageHeader d = present(h.getDictionary_page_header(), "dictionary_page_header", fileOffset + at, where);
                    int n = count(d.getNum_values(), Long.MAX_VALUE, fileOffset + at, where);
                    byte[] v = decompress(codec, chunk, pos, size, raw, bodyAt, where);
                    dictionary = ParquetPage.of(col.path(), group, "DICTIONARY", d.getEncoding().name(), col.physicalType(), n, n, v, null);
                    out.add(dictionary);
                }
                case DATA_PAGE -> {
                    DataPageHeader d = present(h.getData_page_header(), "data_page_header", fileOffset + at, where);
                    int n = count(d.getNum_values(), values - seen, fileOffset + at, where);
                    byte[] body = decompress(codec, chunk, pos, size, raw, bodyAt, where);
                    int p = 0;
                    if (col.maxRepetition() > 0) p = v1Section(body, p, d.getRepetition_level_encoding(), "repetition levels", bodyAt, where);
                    int[] defs = null;
                    if (col.maxDefinition() > 0) {
                        int end = v1Section(body, p, d.getDefinition_level_encoding(), "definition levels", bodyAt, where);
                        defs = levels(body, 0, p + 4, end, col.maxDefinition(), n, bodyAt, where);
                        p = end;
                    }
                    byte[] v = Arrays.copyOfRange(body, p, body.length);
                    int nonNull = defs == null ? n : nonNull(defs, col.maxDefinition(), bodyAt, where);
                    out.add(ParquetPage.of(col.path(), group, "DATA_V1", d.getEncoding().name(), col.physicalType(), n, nonNull, v, defs, dictionary));
                    seen += n;
                }
                case DATA_PAGE_V2 -> {
                    DataPageHeaderV2 d = present(h.getData_page_header_v2(), "data_page_header_v2", fileOffset + at, where);
                    int repLen = d.getRepetition_levels_byte_length(), defLen = d.getDefinition_levels_byte_length();
                    if (repLen < 0 || defLen < 0 || (long) repLen + defLen > size) {
                        throw new CorruptDataException("level lengths", fileOffset + at, repLen + " + " + defLen + " bytes in a page of " + size + " (" + where + ")");
                    }
                    int n = count(d.getNum_values(), values - seen, fileOffset + at, where);
                    int nulls = d.getNum_nulls();
                    if (nulls < 0 || nulls > n) throw new CorruptDataException("num_nulls", fileOffset + at, nulls + " nulls in a page of " + n + " values (" + where + ")");
                    int[] defs = null;
                    if (col.maxDefinition() > 0) {
                        defs = levels(chunk, pos, pos + repLen, pos + repLen + defLen, col.maxDefinition(), n, bodyAt, where);
                        int nonNull = nonNull(defs, col.maxDefinition(), bodyAt, where);
                        if (nonNull != n - nulls) throw new CorruptDataException("num_nulls", fileOffset + at, nulls + " nulls where the definition levels have " + (n - nonNull) + " (" + where + ")");
                    } else if (nulls != 0) {
                        throw new CorruptDataException("num_nulls", fileOffset + at, nulls + " nulls in a required column (" + where + ")");
                    }
                    int vPos = pos + repLen + defLen, vLen = size - repLen - defLen;
                    boolean compressed = !d.isSetIs_compressed() || d.isIs_compressed();
                    byte[] v = decompress(compressed ? codec : CompressionCodec.UNCOMPRESSED, chunk, vPos, vLen, raw - repLen - defLen, fileOffset + vPos, where);
                    out.add(ParquetPage.of(col.path(), group, "DATA_V2", d.getEncoding().name(), col.physicalType(), n, n - nulls, v, defs, dictionary));
                    seen += n;
                }
                default -> {
                    // index pages and unknown page types are skipped
                }
            }
            at = pos + size;
        }
        if (seen != values) {
            throw new CorruptDataException("column chunk num_values", fileOffset, values + " values, the pages in its " + chunk.length + " bytes hold " + seen + " (row group " + group + ")");
        }
    }

    /**
     * Reads one Thrift struct from {@code buf[off, off+len)} and returns the bytes it took. Every
     * string, binary and list length is bounded by {@code len} (Thrift's message size limit), so a
     * corrupt length cannot allocate more than the bytes it is read from.
     */
    private static int thrift(TBase<?, ?> struct, byte[] buf, int off, int len, long fileOffset, String where) {
        ByteArrayInputStream in = new ByteArrayInputStream(buf, off, len);
        try {
            int limit = Math.max(1, len);
            struct.read(new TCompactProtocol(new TIOStreamTransport(new TConfiguration(limit, limit, THRIFT_DEPTH), in)));
        } catch (TException | RuntimeException e) {
            throw new CorruptDataException(struct.getClass().getSimpleName(), fileOffset, "not a valid Thrift struct: " + e.getMessage() + " (" + where + ")");
        } catch (StackOverflowError e) {
            // Thrift skips unknown fields recursively with no depth limit of its own
            throw new CorruptDataException(struct.getClass().getSimpleName(), fileOffset, "unknown fields nested too deep to skip (" + where + ")");
        }
        return len - in.available();
    }

    private static <T> T present(T header, String field, long offset, String where) {
        if (header == null) throw new CorruptDataException(field, offset, "missing for its page type (" + where + ")");
        return header;
    }

    /** A page's value count: not negative, at most {@link #MAX_PAGE_VALUES} and at most the {@code left} its column chunk has left. */
    private static int count(int n, long left, long offset, String where) {
        if (n < 0 || n > MAX_PAGE_VALUES || n > left) {
            throw new CorruptDataException("num_values", offset, n + " values: " + (n < 0 ? "negative"
                    : n > MAX_PAGE_VALUES ? "more than the " + MAX_PAGE_VALUES + " a page may count" : "more than the " + left + " its column chunk has left") + " (" + where + ")");
        }
        return n;
    }

    private static int nonNull(int[] defs, int max, long offset, String where) {
        int k = 0;
        for (int d : defs) {
            if (d > max) throw new CorruptDataException("definition levels", offset, "level " + d + " above the column's maximum " + max + " (" + where + ")");
            if (d == max) k++;
        }
        return k;
    }

    static int bitWidth(int maxLevel) {
        return 32 - Integer.numberOfLeadingZeros(maxLevel);
    }

    /**
     * A v1 level section (4-byte length, then that many bytes of RLE) at {@code p} of the (decompressed)
     * page; returns the offset after it. Errors give the page's offset in the file and {@code p}.
     */
    private static int v1Section(byte[] page, int p, Encoding encoding, String field, long where, String at) {
        if (encoding != Encoding.RLE) throw new UnsupportedOperationException(field + " in " + encoding + " (" + at + "): only RLE levels are read");
        if (page.length - p < 4) throw new CorruptDataException(field + " length", where, "missing at byte " + p + " of the page (" + at + ")");
        long len = (page[p] & 0xFFL) | (page[p + 1] & 0xFFL) << 8 | (page[p + 2] & 0xFFL) << 16 | (page[p + 3] & 0xFFL) << 24;
        if (len > page.length - p - 4) throw new CorruptDataException(field + " length", where, len + " bytes at byte " + p + " run past the page of " + page.length + " (" + at + ")");
        return p + 4 + (int) len;
    }

    /**
     * The {@code n} definition levels RLE-coded in {@code buf[from, end)}: the runs are validated
     * first without output, so the int[n] is made only once they hold n levels. {@code base} is where
     * the page starts in {@code buf}, {@code where} its offset in the file; an error gives that offset
     * and, in its detail, the offset inside the page.
     */
    private static int[] levels(byte[] buf, int base, int from, int end, int max, int n, long where, String at) {
        int width = bitWidth(max);
        try {
            HybridRuns.decodeRuns(null, buf, base, from, end, width, n, null, 0);
            int[] defs = new int[n];
            HybridRuns.decodeRuns(LEVELS, buf, base, from, end, width, n, defs, 0);
            return defs;
        } catch (CorruptDataException e) {
            throw new CorruptDataException("definition levels", where, e.getMessage() + " in the page (" + at + ")");
        }
    }

    /**
     * The page {@code src[off, off+len)} decompressed to its {@code raw} bytes. Nothing of {@code raw}
     * size is allocated before the compressed bytes show they can produce it: an uncompressed page
     * must be {@code raw} bytes, a Snappy block's header must say {@code raw} and its stream be valid,
     * GZIP and ZSTD grow the output as they inflate, an LZ4 block can expand at most 255:1.
     */
    private static byte[] decompress(CompressionCodec codec, byte[] src, int off, int len, int raw, long where, String at) {
        if (raw < 0 || raw > MAX_PAGE) throw new CorruptDataException("uncompressed_page_size", where, raw + " bytes (" + at + ")");
        byte[] out;
        switch (codec) {
            case UNCOMPRESSED -> {
                if (len != raw) throw new CorruptDataException("uncompressed_page_size", where, "uncompressed page of " + len + " bytes claims " + raw + " (" + at + ")");
                out = Arrays.copyOfRange(src, off, off + len);
            }
            case SNAPPY -> {
                try {
                    if (Snappy.uncompressedLength(src, off, len) != raw || !Snappy.isValidCompressedBuffer(src, off, len)) {
                        throw new CorruptDataException("snappy page", where, "not a valid snappy block of " + raw + " bytes (" + at + ")");
                    }
                    out = new byte[raw];
                    Snappy.uncompress(src, off, len, out, 0);
                } catch (IOException e) {
                    throw new CorruptDataException("snappy page", where, e.getMessage() + " (" + at + ")");
                }
            }
            case GZIP -> out = inflate("gzip page", () -> new GZIPInputStream(new ByteArrayInputStream(src, off, len)), raw, where, at);
            case ZSTD -> out = inflate("zstd page", () -> new ZstdInputStreamNoFinalizer(new ByteArrayInputStream(src, off, len)), raw, where, at);
            case LZ4_RAW -> {
                if (raw > (long) LZ4_MAX_RATIO * len) throw new CorruptDataException("uncompressed_page_size", where, raw + " bytes from an LZ4 block of " + len + " (" + at + ")");
                out = new byte[raw];
                int got;
                try {
                    got = LZ4Factory.fastestInstance().safeDecompressor().decompress(src, off, len, out, 0, raw);
                } catch (RuntimeException e) {
                    throw new CorruptDataException("lz4 page", where, e.getMessage() + " (" + at + ")");
                }
                if (got != raw) throw new CorruptDataException("uncompressed_page_size", where, "LZ4 page decompressed to " + got + " bytes, header says " + raw + " (" + at + ")");
            }
            default -> throw new UnsupportedOperationException("compression " + codec + " (" + at + ") is not supported (uncompressed, SNAPPY, GZIP, ZSTD, LZ4_RAW are)");
        }
        return out;
    }

    /** Opens a decompressing stream. */
    private interface Inflater {
        InputStream open() throws IOException;
    }

    /** Inflates a stream to exactly {@code raw} bytes, growing the output with what it produces rather than allocating {@code raw} up front. */
    private static byte[] inflate(String field, Inflater stream, int raw, long where, String at) {
        byte[] out;
        boolean more;
        try (InputStream s = stream.open()) {
            out = s.readNBytes(raw);
            more = s.read() != -1;
        } catch (IOException | RuntimeException e) {
            throw new CorruptDataException(field, where, e.getMessage() + " (" + at + ")");
        }
        if (out.length != raw || more) {
            throw new CorruptDataException("uncompressed_page_size", where, field + " inflates to " + (more ? "more than " : "") + out.length + " bytes, header says " + raw + " (" + at + ")");
        }
        return out;
    }
}
