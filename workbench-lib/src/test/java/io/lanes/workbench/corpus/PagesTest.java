package io.lanes.workbench.corpus;

import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.CodecRegistry;
import io.lanes.workbench.codec.parquet.ParquetMutations;
import io.lanes.workbench.codec.parquet.ParquetPage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A writer's pages and the values an independent reader gives for them: parquet-testing files
 * against their {@code _expect.csv} (a third reader besides DuckDB and our decoders), parquet-java's
 * pages of corpus columns against the columns, and one-line errors for bad input.
 */
class PagesTest {
    static final Path DIR = TestCorpus.parquetTesting();
    static final List<Codec> DELTA64 = List.of(CodecRegistry.get("parquet.delta64.vscan"), CodecRegistry.get("peer.parquet.delta64"));
    static final List<Codec> DELTA = List.of(CodecRegistry.get("parquet.delta.coalesced"));

    @Test
    void aFileColumnsPagesHoldWhatItsExpectedCsvHolds() throws IOException {
        Pages p = Pages.ofFile(DIR.resolve("delta_binary_packed.parquet"), "bitwidth12", DELTA64);
        assertEquals("parquet-testing/delta_binary_packed.parquet:bitwidth12", p.values().id());
        assertEquals("parquet-testing/delta_binary_packed.parquet", p.values().dataset());
        assertEquals(ValueType.INT64, p.values().type());
        assertEquals("parquet.delta64", p.format());
        assertTrue(p.writer().startsWith("parquet-mr version 1.10.0"), p.writer());
        assertEquals(1, p.pages().size());
        assertEquals(List.of(), p.skipped());
        assertArrayEquals(expected(DIR.resolve("delta_binary_packed_expect.csv"), "bitwidth12"), p.values().longs());
        assertEquals(p.pages().getFirst().codecPage().length, p.encodedBytes());
    }

    @Test
    void nullsAreLeftOutAsThePagesLeaveThemOut() throws IOException {
        Pages p = Pages.ofFile(DIR.resolve("delta_encoding_optional_column.parquet"), "c_birth_year", DELTA64);
        long[] want = expected(DIR.resolve("delta_encoding_optional_column_expect.csv"), "c_birth_year");
        assertEquals(97, want.length, "3 of 100 birth years are null");
        assertArrayEquals(want, p.values().longs());
        assertEquals(97, p.pages().getFirst().nonNull());
    }

    @Test
    void everyIntegerColumnOfAFileOrWhyItIsLeftOut() {
        Pages.Selection s = Pages.ofFile(DIR.resolve("delta_binary_packed.parquet"), DELTA64);
        assertEquals(65, s.pages().size(), "bitwidth0..bitwidth64");
        assertEquals(1, s.skipped().size(), s.skipped().toString());
        assertTrue(s.skipped().getFirst().contains("'int_value' (int32): no codec given takes int32 values")
                && s.skipped().getFirst().contains("parquet.delta.vscan"), s.skipped().getFirst());
        List<Codec> both = new ArrayList<>(DELTA64);
        both.addAll(DELTA);
        assertEquals(66, Pages.ofFile(DIR.resolve("delta_binary_packed.parquet"), both).pages().size());
        Pages.Selection required = Pages.ofFile(DIR.resolve("delta_encoding_required_column.parquet"), DELTA);
        assertEquals(9, required.pages().size());
        assertEquals(8, required.skipped().size(), "the 8 string columns: " + required.skipped());
        assertTrue(required.skipped().stream().allMatch(x -> x.endsWith("is BYTE_ARRAY, not INT32 or INT64")), required.skipped().toString());
    }

    @Test
    void dictionaryPagesAndOtherEncodingsAreSkippedAndSaidSo() {
        // column b of datapage_v2 is DELTA; column a has a dictionary page and dictionary indices but is not integers
        Pages b = Pages.ofFile(DIR.resolve("datapage_v2.snappy.parquet"), "b", DELTA);
        assertEquals(List.of(), b.skipped());
        assertEquals(5, b.values().size());
        Pages plain = Pages.ofFile(DIR.resolve("byte_stream_split_extended.gzip.parquet"), "int32_plain", List.of(CodecRegistry.get("parquet.plain")));
        assertEquals("parquet.plain", plain.format());
        Pages bss = Pages.ofFile(DIR.resolve("byte_stream_split_extended.gzip.parquet"), "int32_byte_stream_split",
                List.of(CodecRegistry.get("parquet.bss"), CodecRegistry.get("peer.parquet.bss")));
        assertArrayEquals(plain.values().ints(), bss.values().ints(), "the BYTE_STREAM_SPLIT column equals its PLAIN twin");
    }

    @Test
    void parquetJavaPagesOfCorpusColumnsHoldTheColumns() {
        for (String id : List.of("syn.shape64.timestamp", "syn.shape.sorted_narrow")) {
            Column col = Datasets.load(id);
            List<Codec> decoders = col.type() == ValueType.INT64 ? DELTA64 : DELTA;
            Pages p = Pages.writtenByParquetJava(col, decoders);
            assertEquals("parquet-java(" + id + ")", p.values().id());
            assertEquals("parquet-java(" + col.dataset() + ")", p.values().dataset());
            assertTrue(p.writer().startsWith("parquet-java 1.18.1"), p.writer());
            assertEquals((col.size() + 19_999) / 20_000, p.pages().size(), "parquet-java's 20,000-row page limit");
            for (ParquetPage page : p.pages()) assertEquals("DELTA_BINARY_PACKED", page.encoding());
            if (col.type() == ValueType.INT64) assertArrayEquals(col.longs(), p.values().longs());
            else assertArrayEquals(col.ints(), p.values().ints());
        }
    }

    @Test
    void badInputIsOneLineNamingFileAndColumn(@TempDir Path tmp) throws IOException {
        Path file = DIR.resolve("delta_binary_packed.parquet");
        String none = oneLine(() -> Pages.ofFile(tmp.resolve("nope.parquet"), "x", DELTA64));
        assertTrue(none.contains("nope.parquet") && none.contains("not found"), none);
        Path csv = Files.writeString(tmp.resolve("a.parquet"), "a,b\n1,2\n");
        assertTrue(oneLine(() -> Pages.ofFile(csv, "a", DELTA64)).contains("cannot read it as Parquet"));
        String column = oneLine(() -> Pages.ofFile(file, "nosuch", DELTA64));
        assertTrue(column.contains("delta_binary_packed.parquet") && column.contains("no column 'nosuch'") && column.contains("bitwidth12"), column);
        String strings = oneLine(() -> Pages.ofFile(DIR.resolve("delta_encoding_required_column.parquet"), "c_first_name:", DELTA));
        assertTrue(strings.contains("'c_first_name:' is BYTE_ARRAY, not INT32 or INT64"), strings);
        String noDelta = oneLine(() -> Pages.ofFile(DIR.resolve("byte_stream_split_extended.gzip.parquet"), "int32_plain", DELTA));
        assertTrue(noDelta.contains("byte_stream_split_extended.gzip.parquet column 'int32_plain'")
                && noDelta.contains("no page in the parquet.delta format") && noDelta.contains("1 DATA_V1 page (PLAIN)"), noDelta);
        String width = oneLine(() -> Pages.ofFile(file, "bitwidth12", DELTA));
        assertTrue(width.contains("no codec given takes int64 values") && width.contains("parquet.delta64.coalesced, parquet.delta64.vscan, peer.parquet.delta64"), width);
        String mixed = oneLine(() -> Pages.ofFile(file, "bitwidth12", List.of(CodecRegistry.get("parquet.delta64.vscan"), CodecRegistry.get("bitpack.seq.scalar64"))));
        assertTrue(mixed.contains("different page formats"), mixed);
        String nothing = oneLine(() -> Pages.ofFile(DIR.resolve("delta_length_byte_array.parquet"), DELTA));
        assertTrue(nothing.contains("no integer column has pages the codecs decode"), nothing);
    }

    @Test
    void aColumnWithAMalformedPageIsSkippedWithItsReasonAndTheOthersAreStillRead(@TempDir Path tmp) throws IOException {
        // the fuzz campaign's case: a page header counting 2^28 values; the whole file used to fail with an OutOfMemoryError
        Path good = DIR.resolve("delta_encoding_optional_column.parquet");
        byte[] bad = ParquetMutations.rewrite(Files.readAllBytes(good), (g, c, p, h) -> {
            if (c == 8 && p == 0) h.getData_page_header_v2().setNum_values(1 << 28); // c_birth_year
        }, m -> { });
        Path file = ParquetMutations.write(tmp, "bad.parquet", bad);
        Pages.Selection before = Pages.ofFile(good, DELTA64), after = Pages.ofFile(file, DELTA64);
        assertEquals(before.pages().size() - 1, after.pages().size(), after.skipped().toString());
        List<String> why = after.skipped().stream().filter(x -> x.contains("'c_birth_year'")).toList();
        assertEquals(1, why.size(), after.skipped().toString());
        String line = why.getFirst();
        assertTrue(line.startsWith("file " + file + " column 'c_birth_year': cannot read its pages: num_values at byte offset ")
                && line.contains("268435456 values") && line.endsWith("(row group 0, page 0)") && !line.contains("\n"), line);
        for (Pages p : after.pages()) {
            String column = p.values().id().substring(p.values().id().indexOf(':'));
            Pages same = before.pages().stream().filter(q -> q.values().id().endsWith(column)).findFirst().orElseThrow();
            assertArrayEquals(same.values().longs(), p.values().longs(), column);
        }
    }

    private static String oneLine(org.junit.jupiter.api.function.Executable e) {
        String m = assertThrows(CorpusException.class, e).getMessage();
        assertFalse(m.contains("\n"), "one line: " + m);
        return m;
    }

    /**
     * The non-empty cells of one integer column of a parquet-testing {@code _expect.csv}; its
     * fields may be quoted, and the integer columns come before any string with a comma in it.
     */
    private static long[] expected(Path csv, String column) throws IOException {
        List<String> lines = Files.readAllLines(csv);
        int c = List.of(lines.getFirst().replace("\"", "").split(",", -1)).indexOf(column);
        assertTrue(c >= 0, column + " in " + lines.getFirst());
        return lines.stream().skip(1).map(l -> l.split(",", -1)[c].replace("\"", "")).filter(x -> !x.isEmpty()).mapToLong(Long::parseLong).toArray();
    }
}
