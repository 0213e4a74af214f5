package io.lanes.workbench.corpus;

import io.lanes.workbench.measure.StringStats;

import io.lanes.workbench.codec.ByteArrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The byte-array columns of the project's catalog: the set {@code strings}, their sources and their cache files. */
class StringColumnsTest {
    private static final Catalog CATALOG = Catalog.load(TestCorpus.PROJECT.catalog());

    @TempDir
    Path tmp;

    private final List<String> notes = new ArrayList<>();

    private static Set<String> values(Column c) {
        Set<String> out = new TreeSet<>();
        for (int i = 0; i < c.size(); i++) out.add(new String(c.strings().get(i), StandardCharsets.UTF_8));
        return out;
    }

    @Test
    void textLivesInItsOwnDatasetsAndSetsOnly() {
        List<String> strings = CATALOG.set("strings").columns();
        assertEquals(20, strings.size());
        assertTrue(strings.stream().allMatch(id -> CATALOG.column(id).type() == ValueType.BYTE_ARRAY), strings.toString());
        assertTrue(CATALOG.set("clickbench-strings").columns().stream().allMatch(id -> CATALOG.column(id).type() == ValueType.BYTE_ARRAY));
        for (Catalog.SetEntry s : CATALOG.sets()) {
            if (s.name().equals("strings") || s.name().equals("clickbench-strings")) continue;
            assertTrue(s.columns().stream().allMatch(id -> CATALOG.column(id).type().integer()), "set " + s.name() + " holds text");
        }
        for (Catalog.DatasetEntry d : CATALOG.datasets()) {
            boolean text = d.columns().stream().anyMatch(c -> c.type() == ValueType.BYTE_ARRAY);
            assertEquals(d.id().endsWith(".strings") || d.id().startsWith("parquet-testing."), text, d.id());
            if (text) assertTrue(d.columns().stream().allMatch(c -> c.type() == ValueType.BYTE_ARRAY && c.as().equals("utf8")), d.id());
        }
    }

    @Test
    void theStringsSetLoadsOfflineAsByteArraysOfModestSize() {
        Registry r = TestCorpus.project(tmp.resolve("cache"), notes);
        List<Column> cols = r.columns("strings");
        assertEquals(20, cols.size());
        for (Column c : cols) {
            assertEquals(ValueType.BYTE_ARRAY, c.type(), c.id());
            assertTrue(c.size() > 0 && c.size() <= 65_536, c + " holds " + c.size() + " values");
        }
        Column first = cols.stream().filter(c -> c.id().equals("nyc.fhv.strings.dispatching_base_num")).findFirst().orElseThrow();
        assertEquals("B00001", new String(first.strings().get(0), StandardCharsets.UTF_8), "the sample's first line starts B00001|");
        Column application = r.column("publicbi.food.strings.application");
        assertEquals(65_536 - 725, application.size());
        assertTrue(application.provenance().contains("725 nulls dropped"), application.provenance());
        assertEquals(Set.of("AIR", "FOB", "MAIL", "RAIL", "REG AIR", "SHIP", "TRUCK"), values(r.column("tpch.lineitem.strings.l_shipmode")));
        assertEquals(1000, values(r.column("parquet-testing.delta_length_byte_array.FRUIT")).size());
    }

    @Test
    void tpchCommentsKeepTheSpecsLengths() {
        Column c = TestCorpus.project(tmp.resolve("cache"), notes).column("tpch.lineitem.strings.l_comment");
        StringStats s = StringStats.of(c);
        assertEquals(60_175, s.count(), "lineitem rows at scale factor 0.01");
        // TPC-H 4.2.2.10: L_COMMENT is text of 10 to 43 characters (ASCII, so bytes)
        assertTrue(s.minLength() >= 10 && s.maxLength() <= 43, s.toString());
        assertTrue(s.meanLength() > 20 && s.meanLength() < 33, s.toString());
        assertTrue(s.distinct() > 0.9 * s.count(), "comments are nearly all distinct: " + s);
        assertTrue(s.meanPrefix() < 1, "random text shares almost no prefix: " + s);
    }

    @Test
    void aCachedByteArrayColumnRoundTripsByteExactAndABadCopyIsRebuilt() throws IOException {
        Registry r = TestCorpus.project(tmp.resolve("cache"), notes);
        String id = "tpch.orders.strings.o_comment";
        Registry.Loaded built = r.load(List.of(id)).getFirst();
        assertEquals("generated (TPC-H)", built.origin());
        Registry.Loaded cached = r.load(List.of(id)).getFirst();
        assertEquals("cache", cached.origin());
        assertSameValues(built.column().strings(), cached.column().strings());
        assertEquals(built.column().provenance(), cached.column().provenance());

        // One flipped bit of the arena: the sha256 no longer matches.
        Path file = r.cacheFile(id);
        byte[] bytes = Files.readAllBytes(file);
        bytes[bytes.length - 1] ^= 1;
        Files.write(file, bytes);
        Registry.Loaded again = r.load(List.of(id)).getFirst();
        assertEquals("generated (TPC-H)", again.origin());
        assertTrue(notes.stream().anyMatch(n -> n.contains(file.toString()) && n.contains("sha256") && n.contains("rebuilding")), notes.toString());
        assertSameValues(built.column().strings(), again.column().strings());

        // Offsets that go backwards in a file whose sha256 matches (a writer's bug, not a disk's) are caught too.
        bytes = Files.readAllBytes(file);
        int provLen = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getInt(8 + 32 + 1 + 4);
        int offset1 = 8 + 32 + 1 + 4 + 4 + provLen + 4;
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(offset1, 1 << 30);
        Files.write(file, bytes);
        Files.writeString(file.resolveSibling(file.getFileName() + ".sha256"), Sha256.of(bytes) + "  " + file.getFileName() + "\n");
        notes.clear();
        assertEquals("generated (TPC-H)", r.load(List.of(id)).getFirst().origin());
        assertTrue(notes.stream().anyMatch(n -> n.contains("offset 2") && n.contains("rebuilding")), notes.toString());
    }

    private static void assertSameValues(ByteArrays a, ByteArrays b) {
        assertEquals(a.count(), b.count());
        assertArrayEquals(Arrays.copyOf(a.offsets(), a.count() + 1), Arrays.copyOf(b.offsets(), b.count() + 1));
        assertArrayEquals(Arrays.copyOf(a.data(), a.bytes()), Arrays.copyOf(b.data(), b.bytes()));
    }

    @Test
    void textCatalogEntriesAreCheckedWhereTheyAreRead() {
        String generator = "{\"datasets\": [{\"id\": \"s\", \"kind\": \"generator\", \"description\": \"d\", \"license\": \"l\", \"seed\": 1, \"values\": 8,"
                + " \"columns\": [{\"name\": \"c\", \"type\": \"byte-array\", \"generator\": \"constant\", \"params\": {\"value\": 1}}]}]}";
        CorpusException e = assertThrows(CorpusException.class,
                () -> TestCorpus.of(generator, tmp.resolve("c1"), List.of(), Upstream.offline("offline"), notes).column("s.c"));
        assertEquals("column s.c: generators make int32 or int64 values, not byte-array", e.getMessage());
        String asInt = generator.replace("\"generator\": \"constant\"", "\"generator\": \"constant\", \"as\": \"int\"");
        assertTrue(assertThrows(CorpusException.class, () -> Catalog.parse(asInt, "bad")).getMessage()
                .contains("(c): conversion 'int' does not apply to byte-array"));
        String utf8Int = generator.replace("byte-array", "int32").replace("\"generator\": \"constant\"", "\"generator\": \"constant\", \"as\": \"utf8\"");
        assertTrue(assertThrows(CorpusException.class, () -> Catalog.parse(utf8Int, "bad")).getMessage()
                .contains("conversion 'utf8' does not apply to int32"));
        String tpchText = "{\"datasets\": [{\"id\": \"h\", \"kind\": \"tpch\", \"description\": \"d\", \"license\": \"l\", \"table\": \"orders\", \"scale\": 0.001,"
                + " \"columns\": [{\"name\": \"o_orderkey\", \"type\": \"byte-array\"}]}]}";
        assertTrue(assertThrows(CorpusException.class, () -> TestCorpus.of(tpchText, tmp.resolve("c2"), List.of(), Upstream.offline("offline"), notes)
                .column("h.o_orderkey")).getMessage().contains("column h.o_orderkey: TPC-H type IDENTIFIER cannot load as 'utf8'"));
    }
}
