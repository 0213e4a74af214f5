package io.lanes.workbench.corpus;

import io.lanes.workbench.corpus.UserFiles.Nulls;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class UserFilesTest {
    @TempDir
    static Path dir;
    static Path csv, parquet;

    @BeforeAll
    static void files() throws Exception {
        csv = dir.resolve("trips.csv");
        Files.writeString(csv, "id,fare,when\n1,10,5\n2, 20 ,6\n3,3000000000,7\n");
        parquet = dir.resolve("trips.parquet");
        try (Connection c = Duck.open(); Statement st = c.createStatement()) {
            st.execute("COPY (SELECT * FROM (VALUES"
                    + " (1::INTEGER, 10::BIGINT, 1.5::DOUBLE, 'a', DATE '2020-01-02', TIMESTAMP '2020-01-02 03:04:05', 7::SMALLINT),"
                    + " (2, 5000000000, 2.5, 'b', DATE '1969-12-31', TIMESTAMP '1970-01-01 00:00:01', NULL),"
                    + " (3, -7, 3.5, 'c', DATE '1970-01-01', TIMESTAMP '1970-01-01 00:00:00', 9))"
                    + " t(id, big, ratio, name, day, ts, small)) TO " + Duck.literal(parquet.toString()) + " (FORMAT parquet)");
        }
    }

    private static Path write(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content);
    }

    private static String error(Path file, String column, ValueType type, Character delim, Nulls nulls) {
        return assertThrows(CorpusException.class, () -> UserFiles.load(file, column, type, delim, nulls)).getMessage();
    }

    @Test
    void csvByNameAndByIndex() {
        Column byName = UserFiles.load(csv, "id");
        Column byIndex = UserFiles.load(csv, "0");
        assertArrayEquals(new int[] {1, 2, 3}, byName.ints());
        assertArrayEquals(byName.ints(), byIndex.ints());
        assertEquals("file:trips.csv#id", byName.id());
        assertEquals("file:trips.csv", byName.dataset());
        assertTrue(byName.provenance().contains(csv.toAbsolutePath().toString()) && byName.provenance().contains("sha256"), byName.provenance());
        // Blanks around a value are allowed; a value beyond int32 makes the column int64 unless int32 is asked for.
        Column fare = UserFiles.load(csv, "fare");
        assertEquals(ValueType.INT64, fare.type());
        assertArrayEquals(new long[] {10, 20, 3_000_000_000L}, fare.longs());
        assertArrayEquals(new long[] {5, 6, 7}, UserFiles.load(csv, "2", ValueType.INT64, null, Nulls.REJECT).longs());
    }

    @Test
    void parquetByNameAndByIndexWithTheColumnsTypes() {
        Column id = UserFiles.load(parquet, "id");
        assertArrayEquals(new int[] {1, 2, 3}, id.ints());
        assertArrayEquals(id.ints(), UserFiles.load(parquet, "0").ints());
        Column big = UserFiles.load(parquet, "big");
        assertEquals(ValueType.INT64, big.type());
        assertArrayEquals(new long[] {10, 5_000_000_000L, -7}, big.longs());
        assertArrayEquals(big.longs(), UserFiles.load(parquet, "1").longs());
        assertArrayEquals(new int[] {(int) LocalDate.of(2020, 1, 2).toEpochDay(), -1, 0}, UserFiles.load(parquet, "day").ints());
        long ts = LocalDateTime.of(2020, 1, 2, 3, 4, 5).toEpochSecond(ZoneOffset.UTC) * 1_000_000;
        assertArrayEquals(new long[] {ts, 1_000_000, 0}, UserFiles.load(parquet, "ts").longs());
        assertArrayEquals(new long[] {1, 2, 3}, UserFiles.load(parquet, "id", ValueType.INT64, null, Nulls.REJECT).longs());
        Column small = UserFiles.load(parquet, "small", null, null, Nulls.DROP);
        assertArrayEquals(new int[] {7, 9}, small.ints());
        assertTrue(small.provenance().contains("1 nulls dropped"), small.provenance());
    }

    @Test
    void tsvGzipAndOtherDelimiters() throws IOException {
        Path tsv = dir.resolve("x.tsv.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(tsv))) {
            out.write("a\tb\n1\t4\n2\t5\n".getBytes(StandardCharsets.UTF_8));
        }
        assertArrayEquals(new int[] {4, 5}, UserFiles.load(tsv, "b").ints());
        Path semi = write("semi.txt", "a;b\n1;4\n2;5\n");
        assertArrayEquals(new int[] {4, 5}, UserFiles.load(semi, "b").ints());
        assertArrayEquals(new int[] {4, 5}, UserFiles.load(semi, "b", ValueType.INT32, ';', Nulls.REJECT).ints());
    }

    @Test
    void aMissingColumnIsNamedWithTheColumnsThereAre() throws IOException {
        // The acceptance check's file: a header, and a non-integer in column b.
        Path bad = write("bad.csv", "a,b\n1,10\n2,20\n3,x\n");
        String m = error(bad, "nosuch", null, null, Nulls.REJECT);
        assertEquals("file " + bad + ": no column 'nosuch'; columns: a, b (or a 0-based index 0..1)", m);
        assertEquals("file " + bad + ": no column '2'; column indexes are 0-based, 0..1 (columns: a, b)", error(bad, "2", null, null, Nulls.REJECT));
        assertTrue(error(parquet, "nosuch", null, null, Nulls.REJECT).contains("columns: id, big, ratio, name, day, ts, small"));
        Path noHeader = write("noheader.csv", "1,10\n2,20\n");
        assertEquals("file " + noHeader + ": no column 'b': the file has no header row, so give a 0-based index 0..1",
                error(noHeader, "b", null, null, Nulls.REJECT));
        assertArrayEquals(new int[] {10, 20}, UserFiles.load(noHeader, "1").ints());
    }

    @Test
    void aNonIntegerValueIsNamedWithItsRow() throws IOException {
        Path bad = write("bad2.csv", "a,b\n1,10\n2,20\n3,x\n");
        assertEquals("file " + bad + " column 'b' row 3 (line 4): 'x' is not an integer (--type byte-array loads the column as text)",
                error(bad, "b", null, null, Nulls.REJECT));
        Path decimal = write("dec.csv", "a,b\n1,1.5\n2,2\n");
        assertEquals("file " + decimal + " column 'b' row 1 (line 2): '1.5' is not an integer (--type byte-array loads the column as text)",
                error(decimal, "b", null, null, Nulls.REJECT));
    }

    @Test
    void nullsAreRejectedWithTheirRowOrDropped() throws IOException {
        Path nulls = write("nulls.csv", "a,b\n1,10\n2,\n3,30\n4,NULL\n");
        assertEquals("file " + nulls + " column 'b' row 2 (line 3): null value (use --nulls drop to skip nulls)",
                error(nulls, "b", null, null, Nulls.REJECT));
        Column dropped = UserFiles.load(nulls, "b", null, null, Nulls.DROP);
        assertArrayEquals(new int[] {10, 30}, dropped.ints());
        assertTrue(dropped.provenance().contains("2 nulls dropped"), dropped.provenance());
        assertEquals("file " + parquet + " column 'small' row 2: null value (use --nulls drop to skip nulls)",
                error(parquet, "small", null, null, Nulls.REJECT));
        Path allNull = write("allnull.csv", "a,b\n1,\n");
        assertEquals("file " + allNull + " column 'b': no values after dropping nulls", error(allNull, "b", null, null, Nulls.DROP));
    }

    @Test
    void wrongTypesAreNamed() {
        String ratio = error(parquet, "ratio", null, null, Nulls.REJECT);
        assertTrue(ratio.startsWith("file " + parquet + " column 'ratio' has type DOUBLE, not integers (accepted: TINYINT"), ratio);
        assertTrue(error(parquet, "name", ValueType.INT32, null, Nulls.REJECT).contains("has type VARCHAR, not integers"));
        assertEquals("file " + parquet + " column 'big' has type BIGINT, not text (VARCHAR or BLOB)", error(parquet, "big", ValueType.BYTE_ARRAY, null, Nulls.REJECT));
        assertEquals("file " + parquet + " column 'big' row 2: value 5000000000 does not fit int32 (use int64)",
                error(parquet, "big", ValueType.INT32, null, Nulls.REJECT));
        assertEquals("file " + csv + " column 'fare' row 3 (line 4): value 3000000000 does not fit int32 (use --type int64)",
                error(csv, "fare", ValueType.INT32, null, Nulls.REJECT));
    }

    @Test
    void missingOrUnreadableFilesAndMisplacedOptions() throws IOException {
        Path missing = dir.resolve("missing.csv");
        assertEquals("file " + missing + ": not found", error(missing, "a", null, null, Nulls.REJECT));
        assertEquals("file " + dir + ": not a regular file", error(dir, "a", null, null, Nulls.REJECT));
        assertEquals("file " + parquet + ": a delimiter applies to CSV/TSV files, not Parquet", error(parquet, "id", null, ',', Nulls.REJECT));
        Path fake = write("fake.parquet", "not parquet at all");
        String m = error(fake, "a", null, null, Nulls.REJECT);
        assertTrue(m.startsWith("file " + fake + ": cannot read it as Parquet: "), m);
        assertFalse(m.contains("\n"), m);
        assertEquals(Nulls.DROP, Nulls.parse("Drop"));
        assertEquals('\t', UserFiles.parseDelimiter("\\t"));
        assertEquals('\t', UserFiles.parseDelimiter("tab"));
        assertEquals(';', UserFiles.parseDelimiter(";"));
        assertNull(UserFiles.parseDelimiter(null));
        assertTrue(assertThrows(CorpusException.class, () -> UserFiles.parseDelimiter(";;")).getMessage().contains("not one character"));
        assertTrue(assertThrows(CorpusException.class, () -> Nulls.parse("keep")).getMessage().contains("drop or reject"));
    }

    @Test
    void fileNamesAreLiteralNotGlobsAndMayHoldQuotes(@TempDir Path tmp) throws Exception {
        // a.parquet, b.parquet and p1.parquet all match the glob p*.parquet or *.parquet; only the file named so may be read
        Path star = tmp.resolve("p*.parquet");
        try (Connection c = Duck.open(); Statement st = c.createStatement()) {
            for (String[] f : new String[][] {{"a.parquet", "1"}, {"b.parquet", "2"}, {"p1.parquet", "3"}, {"p*.parquet", "4"},
                    {"q?[x].parquet", "5"}, {"it's.parquet", "6"}}) {
                st.execute("COPY (SELECT " + f[1] + "::INTEGER AS v) TO " + Duck.literal(tmp.resolve(f[0]).toString()) + " (FORMAT parquet)");
            }
        }
        assertArrayEquals(new int[] {4}, UserFiles.load(star, "v").ints());
        assertArrayEquals(new int[] {5}, UserFiles.load(tmp.resolve("q?[x].parquet"), "v").ints());
        assertArrayEquals(new int[] {6}, UserFiles.load(tmp.resolve("it's.parquet"), "v").ints());
        Files.writeString(tmp.resolve("c1.csv"), "v\n7\n");
        Files.writeString(tmp.resolve("c*.csv"), "v\n8\n");
        assertArrayEquals(new int[] {8}, UserFiles.load(tmp.resolve("c*.csv"), "v").ints());
    }

    private static List<String> text(Column c) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < c.size(); i++) out.add(new String(c.strings().get(i), StandardCharsets.UTF_8));
        return out;
    }

    @Test
    void csvTextLoadsAsByteArraysWhenAskedWithItsBytesAsTheyAre() throws IOException {
        Path names = write("names.csv", "id,name\n1,héllo\n2, two blanks \n3,\"quoted, with comma\"\n4,日本\n");
        Column c = UserFiles.load(names, "name", ValueType.BYTE_ARRAY, null, Nulls.REJECT);
        assertEquals(ValueType.BYTE_ARRAY, c.type());
        assertEquals("file:names.csv#name", c.id());
        assertEquals(List.of("héllo", " two blanks ", "quoted, with comma", "日本"), text(c));
        assertArrayEquals("héllo".getBytes(StandardCharsets.UTF_8), c.strings().get(0));
        assertEquals(6 + 12 + 18 + 6, c.strings().bytes());
        // asked for, integers load as their text too
        assertEquals(List.of("1", "2", "3", "4"), text(UserFiles.load(names, "id", ValueType.BYTE_ARRAY, null, Nulls.REJECT)));
        // not asked for, a CSV column stays integers, so a typo in an integer column is an error naming its row
        assertTrue(error(names, "name", null, null, Nulls.REJECT).startsWith("file " + names + " column 'name' row 1 (line 2): 'héllo' is not an integer"));
    }

    @Test
    void nullTextIsRejectedNamingFileColumnAndRowOrDropped() throws IOException {
        Path names = write("names-null.csv", "id,name\n1,a\n2,\n3,c\n");
        assertEquals("file " + names + " column 'name' row 2 (line 3): null value (use --nulls drop to skip nulls)",
                error(names, "name", ValueType.BYTE_ARRAY, null, Nulls.REJECT));
        Column dropped = UserFiles.load(names, "name", ValueType.BYTE_ARRAY, null, Nulls.DROP);
        assertEquals(List.of("a", "c"), text(dropped));
        assertTrue(dropped.provenance().contains("1 nulls dropped"), dropped.provenance());
    }

    @Test
    void parquetTextLoadsAsByteArraysByItsType() throws Exception {
        Column name = UserFiles.load(parquet, "name");
        assertEquals(ValueType.BYTE_ARRAY, name.type());
        assertEquals(List.of("a", "b", "c"), text(name));
        assertEquals(text(name), text(UserFiles.load(parquet, "3", ValueType.BYTE_ARRAY, null, Nulls.REJECT)));
        Path withNull = dir.resolve("text-null.parquet");
        try (Connection c = Duck.open(); Statement st = c.createStatement()) {
            st.execute("COPY (SELECT * FROM (VALUES ('x', 1), (NULL, 2), ('', 3)) t(s, i)) TO " + Duck.literal(withNull.toString()) + " (FORMAT parquet)");
        }
        assertEquals("file " + withNull + " column 's' row 2: null value (use --nulls drop to skip nulls)", error(withNull, "s", null, null, Nulls.REJECT));
        assertEquals(List.of("x", ""), text(UserFiles.load(withNull, "s", null, null, Nulls.DROP)), "an empty string is a value, not a null");
    }

    @Test
    void withNoColumnNamedTextJoinsOnlyWhenAskedFor() {
        List<String> skipped = new ArrayList<>();
        List<Column> ints = UserFiles.loadAll(parquet, List.of(), null, null, Nulls.DROP, skipped::add);
        assertEquals(List.of("file:trips.parquet#id", "file:trips.parquet#big", "file:trips.parquet#day", "file:trips.parquet#ts",
                "file:trips.parquet#small"), ints.stream().map(Column::id).toList());
        assertTrue(skipped.contains("file " + parquet + " column 'name' is text (VARCHAR): it loads as byte-array when named"), skipped.toString());
        skipped.clear();
        List<Column> text = UserFiles.loadAll(parquet, List.of(), ValueType.BYTE_ARRAY, null, Nulls.DROP, skipped::add);
        assertEquals(List.of("file:trips.parquet#name"), text.stream().map(Column::id).toList());
        assertEquals(6, skipped.size(), skipped.toString());
        assertEquals(List.of(ValueType.INT32, ValueType.BYTE_ARRAY),
                UserFiles.loadAll(parquet, List.of("id", "name"), null, null, Nulls.DROP, skipped::add).stream().map(Column::type).toList());
    }
}
