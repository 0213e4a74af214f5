package io.lanes.workbench.corpus;

import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.registry.CodecRegistry;
import io.lanes.workbench.codec.parquet.ParquetMutations;
import io.lanes.workbench.parquet.ParquetPage;
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
    static final List<Codec> BYTES = CodecRegistry.match("*byte-array*");

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
        assertTrue(required.skipped().stream().allMatch(x -> x.contains("(byte-array): no codec given takes byte-array values")), required.skipped().toString());
    }

    @Test
    void eachColumnIsTimedInTheFormatThatHoldsItsValuesAmongThoseTheCodecsRead() {
        Pages p = Pages.ofFile(DIR.resolve("delta_binary_packed.parquet"), "bitwidth12",
                List.of(CodecRegistry.get("bitpack.seq.scalar64"), CodecRegistry.get("parquet.delta64.vscan")));
        assertEquals("parquet.delta64", p.format(), "bitpack.seq.scalar64 reads no page of the file");
        Pages.Selection all = Pages.ofFile(DIR.resolve("delta_encoding_required_column.parquet"), BYTES);
        assertEquals(8, all.pages().size(), "the 8 string columns, all DELTA_BYTE_ARRAY: " + all.skipped());
        assertTrue(all.pages().stream().allMatch(x -> x.format().equals("parquet.delta-byte-array")));
    }

    @Test
    void byteArrayPagesHoldWhatTheExpectedCsvHoldsNullsLeftOut() throws IOException {
        for (String column : List.of("c_first_name", "c_email_address", "c_login")) {
            Pages p;
            try {
                p = Pages.ofFile(DIR.resolve("delta_byte_array.parquet"), column, BYTES);
            } catch (CorpusException e) {
                assertTrue(column.equals("c_login") && e.getMessage().contains("pages hold only nulls"), e.getMessage());
                continue;
            }
            assertEquals(ValueType.BYTE_ARRAY, p.values().type());
            assertEquals("parquet.delta-byte-array", p.format());
            List<String> want = expectedStrings(DIR.resolve("delta_byte_array_expect.csv"), column);
            assertEquals(want.size(), p.values().size(), column);
            for (int i = 0; i < want.size(); i++) assertEquals(want.get(i), new String(p.values().strings().get(i), java.nio.charset.StandardCharsets.UTF_8), column + " value " + i);
        }
        Pages lengths = Pages.ofFile(DIR.resolve("delta_length_byte_array.parquet"), BYTES).pages().getFirst();
        assertEquals("parquet.delta-length-byte-array", lengths.format());
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
        assertTrue(strings.contains("'c_first_name:' (byte-array): no codec given takes byte-array values")
                && strings.contains("parquet.delta-byte-array"), strings);
        String noDelta = oneLine(() -> Pages.ofFile(DIR.resolve("byte_stream_split_extended.gzip.parquet"), "int32_plain", DELTA));
        assertTrue(noDelta.contains("byte_stream_split_extended.gzip.parquet column 'int32_plain'")
                && noDelta.contains("no page in the parquet.delta format") && noDelta.contains("1 DATA_V1 page (PLAIN)"), noDelta);
        String width = oneLine(() -> Pages.ofFile(file, "bitwidth12", DELTA));
        assertTrue(width.contains("no codec given takes int64 values") && width.contains("parquet.delta64.coalesced, parquet.delta64.vscan")
                && width.contains("peer.parquet.delta64"), width);
        String nothing = oneLine(() -> Pages.ofFile(DIR.resolve("delta_length_byte_array.parquet"), DELTA));
        assertTrue(nothing.contains("no integer or byte-array column has pages the codecs decode"), nothing);
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
    /** A column of a parquet-testing expect CSV as strings, nulls (empty unquoted fields) left out; quoted fields may hold commas. */
    private static List<String> expectedStrings(Path csv, String column) throws IOException {
        List<String> lines = Files.readAllLines(csv);
        java.util.regex.Pattern field = java.util.regex.Pattern.compile("(?:^|,)(\"[^\"]*\"|[^,]*)");
        List<List<String>> rows = new ArrayList<>();
        for (String l : lines) {
            List<String> r = new ArrayList<>();
            java.util.regex.Matcher m = field.matcher(l);
            while (m.find()) r.add(m.group(1));
            rows.add(r);
        }
        int c = rows.getFirst().indexOf("\"" + column + "\"");
        assertTrue(c >= 0, column + " in " + lines.getFirst());
        return rows.stream().skip(1).map(r -> r.get(c)).filter(x -> !x.isEmpty()).map(x -> x.substring(1, x.length() - 1)).toList();
    }

    private static long[] expected(Path csv, String column) throws IOException {
        List<String> lines = Files.readAllLines(csv);
        int c = List.of(lines.getFirst().replace("\"", "").split(",", -1)).indexOf(column);
        assertTrue(c >= 0, column + " in " + lines.getFirst());
        return lines.stream().skip(1).map(l -> l.split(",", -1)[c].replace("\"", "")).filter(x -> !x.isEmpty()).mapToLong(Long::parseLong).toArray();
    }
}
