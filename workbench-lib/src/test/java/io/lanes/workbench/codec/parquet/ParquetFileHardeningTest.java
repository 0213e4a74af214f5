package io.lanes.workbench.codec.parquet;

import io.lanes.workbench.parquet.ParquetFile;
import io.lanes.workbench.parquet.ParquetPage;

import io.lanes.workbench.check.Allocations;
import io.lanes.workbench.codec.CorruptDataException;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.CompressionCodec;
import org.apache.parquet.format.DataPageHeaderV2;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;
import java.util.function.UnaryOperator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The Parquet reader given mutated copies of real files (parquet-testing's optional-column file:
 * data page v2 with definition levels, uncompressed; its data page v2 Snappy file with dictionary
 * pages; its BYTE_STREAM_SPLIT file: data page v1 with definition levels, GZIP): every page header
 * field and footer field overwritten with extremes, every page header byte overwritten,
 * truncations. Each mutation is read (footer, then column pages) with an allocation bound of
 * {@link Allocations#BOUND}: the reader may only throw its documented exceptions
 * ({@link CorruptDataException}, or UnsupportedOperationException for what it does not read), page
 * errors must name the row group and page, and a mutation inside one column's chunk must leave the
 * next column readable.
 */
class ParquetFileHardeningTest {
    static final Path DIR = io.lanes.workbench.corpus.Locations.discover().catalog().resolveSibling("parquet-testing");
    static final String V2 = "delta_encoding_optional_column.parquet", V2_SNAPPY = "datapage_v2.snappy.parquet", V1_GZIP = "byte_stream_split_extended.gzip.parquet";
    static final List<String> FILES = List.of(V2, V2_SNAPPY, V1_GZIP);
    static final int[] EXTREMES = {0, 1, -1, -256, Integer.MIN_VALUE, Integer.MAX_VALUE, 1 << 28, 1 << 30};

    @TempDir
    Path tmp;
    private int written;

    /** A page-header field, present when {@code has} says its page type's sub-header is. */
    record Field(String name, Predicate<PageHeader> has, ToIntFunction<PageHeader> get, BiConsumer<PageHeader, Integer> set) {
    }

    static final List<Field> FIELDS = List.of(
            new Field("compressed_page_size", h -> true, PageHeader::getCompressed_page_size, PageHeader::setCompressed_page_size),
            new Field("uncompressed_page_size", h -> true, PageHeader::getUncompressed_page_size, PageHeader::setUncompressed_page_size),
            new Field("data_page_header.num_values", PageHeader::isSetData_page_header, h -> h.getData_page_header().getNum_values(),
                    (h, v) -> h.getData_page_header().setNum_values(v)),
            new Field("dictionary_page_header.num_values", PageHeader::isSetDictionary_page_header, h -> h.getDictionary_page_header().getNum_values(),
                    (h, v) -> h.getDictionary_page_header().setNum_values(v)),
            new Field("data_page_header_v2.num_values", PageHeader::isSetData_page_header_v2, h -> h.getData_page_header_v2().getNum_values(),
                    (h, v) -> h.getData_page_header_v2().setNum_values(v)),
            new Field("data_page_header_v2.num_nulls", PageHeader::isSetData_page_header_v2, h -> h.getData_page_header_v2().getNum_nulls(),
                    (h, v) -> h.getData_page_header_v2().setNum_nulls(v)),
            new Field("data_page_header_v2.num_rows", PageHeader::isSetData_page_header_v2, h -> h.getData_page_header_v2().getNum_rows(),
                    (h, v) -> h.getData_page_header_v2().setNum_rows(v)),
            new Field("data_page_header_v2.definition_levels_byte_length", PageHeader::isSetData_page_header_v2,
                    h -> h.getData_page_header_v2().getDefinition_levels_byte_length(), (h, v) -> h.getData_page_header_v2().setDefinition_levels_byte_length(v)),
            new Field("data_page_header_v2.repetition_levels_byte_length", PageHeader::isSetData_page_header_v2,
                    h -> h.getData_page_header_v2().getRepetition_levels_byte_length(), (h, v) -> h.getData_page_header_v2().setRepetition_levels_byte_length(v)));

    /** What reading a whole file gave: the footer's rejection, or each column's. */
    record Outcome(RuntimeException footer, List<RuntimeException> columns) {
    }

    /** {@link #read} of every column. */
    Outcome readAll(String what, byte[] bytes) throws IOException {
        return read(what, bytes, -1);
    }

    /**
     * Opens {@code bytes} as a file and reads the pages of column {@code only} and the next one (of
     * every column when {@code only < 0}) under the allocation bound; fails on anything but the
     * documented exceptions, and on page errors that do not say where. Columns not read are null.
     */
    Outcome read(String what, byte[] bytes, int only) throws IOException {
        Path f = ParquetMutations.write(tmp, "m" + (written++ % 4) + ".parquet", bytes);
        ParquetFile[] pf = new ParquetFile[1];
        Throwable t = bounded(what + ": open", () -> pf[0] = ParquetFile.open(f));
        if (t != null) return new Outcome(documented(what + ": open", t, false), List.of());
        List<RuntimeException> columns = new ArrayList<>();
        int n = pf[0].columns().size();
        for (int i = 0; i < n; i++) {
            String c = pf[0].columns().get(i).path();
            Throwable e = only >= 0 && i != only && i != (only + 1) % n ? null : bounded(what + ": column " + c, () -> pf[0].pages(c));
            columns.add(e == null ? null : documented(what + ": column " + c, e, true));
        }
        return new Outcome(null, columns);
    }

    /** Runs {@code action}, fails if it allocated {@link Allocations#BOUND} bytes or more, and returns what it threw. */
    private static Throwable bounded(String what, Allocations.Action action) {
        Allocations.Run run = Allocations.run(action);
        assertTrue(run.bounded(), () -> what + ": " + run);
        return run.thrown();
    }

    private static RuntimeException documented(String what, Throwable t, boolean page) {
        if (t instanceof UnsupportedOperationException u) return u;
        if (!(t instanceof CorruptDataException e)) throw new AssertionError(what + ": undocumented " + t, t);
        assertFalse(e.getMessage().contains("\n"), what + ": one line: " + e.getMessage());
        assertTrue(e.getMessage().contains(" at byte offset ") && !e.field().isEmpty(), what + ": field and offset: " + e.getMessage());
        if (page) assertTrue(e.getMessage().contains("row group "), what + ": names the row group: " + e.getMessage());
        return e;
    }

    /** Reads a mutation of column {@code column}'s chunk: only that column may fail, the next one must read. */
    void readLocal(String what, byte[] bytes, int column) throws IOException {
        Outcome o = read(what, bytes, column);
        if (o.footer() != null) fail(what + ": a page mutation broke the footer: " + o.footer());
        for (int c = 0; c < o.columns().size(); c++) {
            if (c != column && o.columns().get(c) != null) fail(what + ": column " + c + " failed too: " + o.columns().get(c));
        }
    }

    static byte[] original(String name) throws IOException {
        return java.nio.file.Files.readAllBytes(DIR.resolve(name));
    }

    static byte[] editPage(byte[] file, int group, int column, int page, Consumer<PageHeader> edit) throws IOException {
        return ParquetMutations.rewrite(file, (g, c, p, h) -> {
            if (g == group && c == column && p == page) edit.accept(h);
        }, m -> { });
    }

    @Test
    void aRewrittenCopyReadsLikeTheOriginal() throws IOException {
        for (String name : FILES) {
            ParquetFile a = ParquetFile.open(DIR.resolve(name));
            ParquetFile b = ParquetFile.open(ParquetMutations.write(tmp, "copy.parquet", ParquetMutations.rewrite(original(name), (g, c, p, h) -> { }, m -> { })));
            assertEquals(a.columns(), b.columns());
            for (ParquetFile.Column c : a.columns()) {
                List<ParquetPage> x = a.pages(c.path()), y = b.pages(c.path());
                assertEquals(x.size(), y.size(), name + " " + c.path());
                for (int i = 0; i < x.size(); i++) {
                    assertArrayEquals(x.get(i).values(), y.get(i).values(), name + " " + c.path() + " page " + i);
                    assertArrayEquals(x.get(i).definitionLevels(), y.get(i).definitionLevels(), name + " " + c.path() + " page " + i);
                }
            }
        }
    }

    @Test
    void aPageCountOfTwoToThe28IsRejectedBeforeAnArrayIsSizedByIt() throws IOException {
        // the fuzz campaign's case: num_values = 2^28 on an optional column's page made the reader allocate an int[2^28]
        byte[] v2 = editPage(original(V2), 0, 8, 0, h -> h.getData_page_header_v2().setNum_values(1 << 28)); // c_birth_year
        byte[] v1 = editPage(original(V1_GZIP), 0, 0, 0, h -> h.getData_page_header().setNum_values(1 << 28));
        for (Outcome o : List.of(readAll("v2 num_values 2^28", v2), readAll("v1 num_values 2^28", v1))) {
            CorruptDataException e = assertInstanceOf(CorruptDataException.class, o.columns().stream().filter(x -> x != null).findFirst().orElse(null));
            assertEquals("num_values", e.field());
            assertTrue(e.getMessage().contains("268435456 values") && e.getMessage().endsWith("(row group 0, page 0)"), e.getMessage());
            assertEquals(1, o.columns().stream().filter(x -> x != null).count(), "only the mutated column fails: " + o.columns());
        }
    }

    @Test
    void anUncompressedSizeOfTwoToThe30IsRejectedBeforeItIsAllocated() throws IOException {
        for (String name : FILES) {
            byte[] file = original(name);
            for (ParquetMutations.HeaderAt at : ParquetMutations.headers(file)) {
                String what = name + " column " + at.column() + " page " + at.page() + " uncompressed_page_size 2^30";
                Outcome o = read(what, editPage(file, at.group(), at.column(), at.page(), h -> h.setUncompressed_page_size(1 << 30)), at.column());
                RuntimeException e = o.columns().get(at.column());
                assertNotNull(e, what + ": read");
                assertTrue(e.getMessage().contains("(row group 0, page " + at.page() + ")"), what + ": " + e.getMessage());
            }
        }
    }

    /** The V2 file (uncompressed, every page data page v2) with each page's values section compressed by {@code codec}. */
    static byte[] compressedV2(CompressionCodec codec, UnaryOperator<byte[]> compress) throws IOException {
        byte[] file = original(V2);
        assertEquals(CompressionCodec.UNCOMPRESSED, ParquetMutations.footer(file).getRow_groups().getFirst().getColumns().getFirst().getMeta_data().getCodec());
        return ParquetMutations.rewriteBodies(file, (g, c, p, h, body) -> {
            DataPageHeaderV2 d = h.getData_page_header_v2();
            int levels = d.getRepetition_levels_byte_length() + d.getDefinition_levels_byte_length();
            byte[] values = compress.apply(Arrays.copyOfRange(body, levels, body.length));
            byte[] out = Arrays.copyOf(body, levels + values.length);
            System.arraycopy(values, 0, out, levels, values.length);
            h.setCompressed_page_size(out.length);
            d.setIs_compressed(true);
            return out;
        }, m -> m.getRow_groups().forEach(rg -> rg.getColumns().forEach(cc -> cc.getMeta_data().setCodec(codec))));
    }

    @Test
    void zstdAndLz4PagesReadAsTheOriginalAndCannotClaimMoreThanTheyHold() throws IOException {
        ParquetFile plain = ParquetFile.open(DIR.resolve(V2));
        Map<CompressionCodec, byte[]> files = Map.of(
                CompressionCodec.ZSTD, compressedV2(CompressionCodec.ZSTD, com.github.luben.zstd.Zstd::compress),
                CompressionCodec.LZ4_RAW, compressedV2(CompressionCodec.LZ4_RAW, b -> net.jpountz.lz4.LZ4Factory.fastestInstance().fastCompressor().compress(b)));
        for (var e : files.entrySet()) {
            ParquetFile f = ParquetFile.open(ParquetMutations.write(tmp, e.getKey() + ".parquet", e.getValue()));
            for (ParquetFile.Column c : plain.columns()) {
                List<ParquetPage> want = plain.pages(c.path()), got = f.pages(c.path());
                assertEquals(want.size(), got.size(), e.getKey() + " " + c.path());
                for (int i = 0; i < want.size(); i++) assertArrayEquals(want.get(i).values(), got.get(i).values(), e.getKey() + " " + c.path() + " page " + i);
            }
            Outcome o = read(e.getKey() + " uncompressed_page_size 2^30", editPage(e.getValue(), 0, 8, 0, h -> h.setUncompressed_page_size(1 << 30)), 8);
            CorruptDataException x = assertInstanceOf(CorruptDataException.class, o.columns().get(8), e.getKey().toString());
            assertEquals("uncompressed_page_size", x.field(), x.getMessage());
        }
    }

    @Test
    void whatTheFuzzCampaignSawAsRawExceptionsIsCorruptDataNamingTheField() throws IOException {
        byte[] v2 = original(V2), v1 = original(V1_GZIP);
        // NullPointerException "d" is null: a data page without its data page header
        assertField("data_page_header_v2", read("no data_page_header_v2", editPage(v2, 0, 8, 0, h -> h.setData_page_header_v2(null)), 8).columns().get(8));
        assertField("data_page_header", read("no data_page_header", editPage(v1, 0, 0, 0, h -> h.setData_page_header(null)), 0).columns().get(0));
        // NegativeArraySizeException -256: a negative count sized the definition levels
        assertField("num_values", read("v2 num_values -256", editPage(v2, 0, 8, 0, h -> h.getData_page_header_v2().setNum_values(-256)), 8).columns().get(8));
        assertField("num_values", read("v1 num_values -256", editPage(v1, 0, 0, 0, h -> h.getData_page_header().setNum_values(-256)), 0).columns().get(0));
        // InvalidParquetMetadataException: parquet-format's own check of a negative page size
        assertField("compressed_page_size", read("compressed_page_size -1", editPage(v2, 0, 8, 0, h -> h.setCompressed_page_size(-1)), 8).columns().get(8));
        // IndexOutOfBoundsException "Index 67 out of bounds for length 67": more children than schema elements
        byte[] children = ParquetMutations.rewrite(v2, (g, c, p, h) -> { }, m -> m.getSchema().getFirst().setNum_children(m.getSchema().size()));
        assertField("schema element 0 num_children", readAll("num_children", children).footer());
    }

    private static void assertField(String field, RuntimeException e) {
        CorruptDataException c = assertInstanceOf(CorruptDataException.class, e, "expected a CorruptDataException for " + field);
        assertEquals(field, c.field(), c.getMessage());
    }

    @Test
    void everyPageHeaderFieldOverwrittenIsReadOrRejectedInItsColumnAlone() throws IOException {
        int cases = 0;
        for (String name : FILES) {
            byte[] file = original(name);
            ParquetFile pf = ParquetFile.open(DIR.resolve(name));
            List<ParquetMutations.HeaderAt> headers = ParquetMutations.headers(file);
            // every field of the first headers (a dictionary page and data pages v1 and v2 among them) and of the last
            for (ParquetMutations.HeaderAt at : List.of(headers.get(0), headers.get(1), headers.get(2), headers.getLast())) {
                PageHeader h = pageHeader(file, at);
                for (Field f : FIELDS) {
                    if (!f.has().test(h)) continue;
                    int v0 = f.get().applyAsInt(h);
                    for (int v : values(v0)) {
                        readLocal(name + " " + at + " " + f.name() + "=" + v, editPage(file, at.group(), at.column(), at.page(), x -> f.set().accept(x, v)), at.column());
                        cases++;
                    }
                }
                for (PageType type : PageType.values()) {
                    readLocal(name + " " + at + " type " + type, editPage(file, at.group(), at.column(), at.page(), x -> x.setType(type)), at.column());
                }
                readLocal(name + " " + at + " no sub-header", editPage(file, at.group(), at.column(), at.page(), x -> {
                    x.setData_page_header(null);
                    x.setData_page_header_v2(null);
                    x.setDictionary_page_header(null);
                }), at.column());
                cases += PageType.values().length + 1;
            }
            assertTrue(pf.columns().size() > 1, name);
        }
        assertTrue(cases > 300, "cases " + cases);
    }

    private static PageHeader pageHeader(byte[] file, ParquetMutations.HeaderAt at) throws IOException {
        return org.apache.parquet.format.Util.readPageHeader(new java.io.ByteArrayInputStream(file, at.from(), at.to() - at.from()));
    }

    private static int[] values(int v0) {
        int[] v = Arrays.copyOf(EXTREMES, EXTREMES.length + 5);
        int k = EXTREMES.length;
        for (int d : new int[] {1, -1, 8, -8}) v[k++] = v0 + d;
        v[k] = v0 * 2;
        return v;
    }

    @Test
    void everyFooterFieldOverwrittenIsReadOrRejected() throws IOException {
        int cases = 0;
        for (String name : FILES) {
            byte[] file = original(name);
            FileMetaData meta = ParquetMutations.footer(file);
            List<Consumer<FileMetaData>> edits = new ArrayList<>();
            for (int i = 0; i < meta.getSchema().size(); i++) {
                int e = i;
                for (int v : new int[] {-1, 0, 1, 2, meta.getSchema().size(), Integer.MAX_VALUE}) edits.add(m -> m.getSchema().get(e).setNum_children(v));
                edits.add(m -> m.getSchema().get(e).setRepetition_type(null));
                edits.add(m -> m.getSchema().get(e).setType(null));
                edits.add(m -> m.getSchema().remove(e));
            }
            int chunks = meta.getRow_groups().getFirst().getColumns().size();
            for (int c : new int[] {0, chunks / 2, chunks - 1}) {
                int k = c;
                Consumer<Consumer<ColumnMetaData>> chunk = edit -> edits.add(m -> edit.accept(m.getRow_groups().getFirst().getColumns().get(k).getMeta_data()));
                for (long v : new long[] {-1, 0, 1, 3, 1L << 28, 1L << 31, 1L << 40, Long.MAX_VALUE, Long.MIN_VALUE}) {
                    chunk.accept(md -> md.setNum_values(v));
                    chunk.accept(md -> md.setTotal_compressed_size(v));
                    chunk.accept(md -> md.setData_page_offset(v));
                    chunk.accept(md -> md.setDictionary_page_offset(v));
                }
                chunk.accept(md -> md.setType(org.apache.parquet.format.Type.BYTE_ARRAY));
                chunk.accept(md -> md.setCodec(org.apache.parquet.format.CompressionCodec.BROTLI));
                edits.add(m -> m.getRow_groups().getFirst().getColumns().get(k).setMeta_data(null));
                edits.add(m -> m.getRow_groups().getFirst().getColumns().remove(k));
            }
            for (Consumer<FileMetaData> edit : edits) {
                readAll(name + " footer edit " + cases, ParquetMutations.rewrite(file, (g, c, p, h) -> { }, edit));
                cases++;
            }
        }
        assertTrue(cases > 300, "cases " + cases);
    }

    @Test
    void pageHeaderAndFooterBytesOverwrittenAndTruncationsAreReadOrRejected() throws IOException {
        int cases = 0;
        for (String name : FILES) {
            byte[] file = original(name);
            // the first headers of each file: a dictionary page and data pages v1 and v2 among them (the field sweep covers every header)
            for (ParquetMutations.HeaderAt at : ParquetMutations.headers(file).subList(0, 4)) {
                for (int p = at.from(); p < at.to(); p++) {
                    for (int v : new int[] {0x00, 0xFF, file[p] ^ 0x01, file[p] ^ 0x80}) {
                        byte[] bad = file.clone();
                        bad[p] = (byte) v;
                        readLocal(name + " byte " + p + "=" + v + " in " + at, bad, at.column());
                        cases++;
                    }
                }
            }
            int footerAt = file.length - 8 - ParquetMutations.footerLength(file);
            for (int p = footerAt; p < file.length; p += 13) {
                byte[] bad = file.clone();
                bad[p] ^= (byte) 0xFF;
                readAll(name + " footer byte " + p, bad);
                cases++;
            }
            for (int len = 0; len < file.length; len += len < 16 || len > file.length - 64 ? 1 : 97) {
                readAll(name + " truncated to " + len, Arrays.copyOf(file, len));
                cases++;
            }
        }
        assertTrue(cases > 600, "cases " + cases);
    }
}
