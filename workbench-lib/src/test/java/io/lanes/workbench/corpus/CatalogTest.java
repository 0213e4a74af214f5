package io.lanes.workbench.corpus;

import io.lanes.workbench.corpus.Catalog.ColumnEntry;
import io.lanes.workbench.corpus.Catalog.DatasetEntry;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CatalogTest {
    private static final Catalog CATALOG = Catalog.load(TestCorpus.PROJECT.catalog());

    private static boolean real(DatasetEntry d) {
        return d.kind().equals("file") || d.kind().equals("npm");
    }

    @Test
    void defaultSetHasFortyInt32ColumnsFromFiveRealSourcesPlusGenerators() {
        List<ColumnEntry> cols = CATALOG.set("default").columns().stream().map(CATALOG::column).toList();
        assertTrue(cols.size() >= 40, "default has " + cols.size() + " columns");
        assertTrue(cols.stream().allMatch(c -> c.type() == ValueType.INT32), "default is int32 only");
        Set<String> realSources = cols.stream().map(c -> CATALOG.dataset(c.dataset())).filter(CatalogTest::real)
                .map(DatasetEntry::id).collect(Collectors.toSet());
        assertTrue(realSources.size() >= 5, "real sources in default: " + realSources);
        Set<String> kinds = cols.stream().map(c -> CATALOG.dataset(c.dataset()).kind()).collect(Collectors.toSet());
        assertTrue(kinds.containsAll(List.of("generator", "tpch", "tpcds")), "kinds in default: " + kinds);
        assertEquals(cols.size(), new HashSet<>(cols).size(), "default lists a column twice");
    }

    @Test
    void namedSetsHoldWhatTheirNamesSay() {
        assertTrue(CATALOG.set("int64").columns().stream().allMatch(id -> CATALOG.column(id).type() == ValueType.INT64));
        assertEquals(32, CATALOG.set("uniform").columns().size());
        assertEquals("syn.uniform.w1", CATALOG.set("uniform").columns().getFirst());
        assertEquals("syn.uniform.w32", CATALOG.set("uniform").columns().getLast());
        assertTrue(CATALOG.set("quick").columns().size() <= 10);
        assertTrue(CATALOG.hasSet("sorted"));
    }

    @Test
    void everyIdIsDatasetDotNameAndEveryRealFileHasAChecksum() {
        for (DatasetEntry d : CATALOG.datasets()) {
            for (ColumnEntry c : d.columns()) assertEquals(d.id() + "." + c.name(), c.id());
            if (real(d)) d.files().forEach(f -> assertTrue(f.sha256().matches("[0-9a-f]{64}"), d.id() + " " + f.name()));
        }
        assertEquals(33, CATALOG.dataset("syn.uniform").columns().size());
        assertEquals(65, CATALOG.dataset("syn.uniform64").columns().size());
    }

    @Test
    void resolvesSetsDatasetsAndColumnsAndSuggestsOnTypos() {
        assertEquals(List.of("clickbench.hits.EventTime"), CATALOG.resolve("clickbench.hits.EventTime"));
        assertEquals(CATALOG.dataset("nyc.fhv").columns().size(), CATALOG.resolve("nyc.fhv").size());
        CorpusException e = assertThrows(CorpusException.class, () -> CATALOG.column("clickbench.hits.EventTim"));
        assertTrue(e.getMessage().contains("'clickbench.hits.EventTim'") && e.getMessage().contains("clickbench.hits.EventTime"), e.getMessage());
        assertTrue(assertThrows(CorpusException.class, () -> CATALOG.set("nosuch")).getMessage().contains("default"));
    }

    @Test
    void expandsRanges() {
        assertEquals(List.of("a.w3", "a.w4", "a.w5"), Catalog.expand("a.w{3..5}"));
        assertEquals(List.of("x"), Catalog.expand("x"));
    }

    @Test
    void recipesChangeWithValuesNotWithDescriptions() {
        String a = "{\"datasets\": [{\"id\": \"s\", \"kind\": \"generator\", \"description\": \"one\", \"license\": \"l\", \"seed\": 1, \"values\": 8,"
                + " \"columns\": [{\"name\": \"c\", \"type\": \"int32\", \"generator\": \"constant\", \"params\": {\"value\": 1}}]}]}";
        String recipe = Catalog.parse(a, "a").column("s.c").recipe();
        assertEquals(recipe, Catalog.parse(a.replace("\"one\"", "\"two\""), "b").column("s.c").recipe());
        assertTrue(!recipe.equals(Catalog.parse(a.replace("\"value\": 1", "\"value\": 2"), "c").column("s.c").recipe()));
        assertTrue(!recipe.equals(Catalog.parse(a.replace("\"seed\": 1", "\"seed\": 2"), "d").column("s.c").recipe()));
    }

    @Test
    void rejectsBrokenCatalogsNamingTheProblem() {
        String ok = "{\"id\": \"f\", \"kind\": \"file\", \"description\": \"d\", \"license\": \"l\", \"format\": \"csv\","
                + " \"files\": [{\"name\": \"f.csv\", \"mirror\": \"f.csv\", \"sha256\": \"00\"}], \"columns\": [{\"name\": \"a\", \"type\": \"int32\", \"field\": 1}]}";
        Catalog.parse("{\"datasets\": [" + ok + "]}", "ok");
        assertMessage("unknown column f.b", "{\"datasets\": [" + ok + "], \"sets\": [{\"name\": \"s\", \"columns\": [\"f.b\"]}]}");
        assertMessage("sha256 is required", "{\"datasets\": [" + ok.replace(", \"sha256\": \"00\"", "") + "]}");
        assertMessage("colour", "{\"datasets\": [" + ok.replace("\"format\"", "\"colour\": 1, \"format\"") + "]}");
        assertMessage("int33", "{\"datasets\": [" + ok.replace("int32", "int33") + "]}");
        assertMessage("field is required", "{\"datasets\": [" + ok.replace(", \"field\": 1", "") + "]}");
        assertMessage("appears twice", "{\"datasets\": [" + ok + ", " + ok + "]}");
        assertMessage("unknown field 'dataset'", "{\"dataset\": []}");
        assertMessage("format 2 is not 1", "{\"format\": 2, \"datasets\": [" + ok + "]}");
        assertMessage("kind 'fil'", "{\"datasets\": [" + ok.replace("\"file\"", "\"fil\"") + "]}");
    }

    private static void assertMessage(String expected, String json) {
        CorpusException e = assertThrows(CorpusException.class, () -> Catalog.parse(json, "bad"));
        assertTrue(e.getMessage().contains(expected) && e.getMessage().contains("bad"), e.getMessage());
    }
}
