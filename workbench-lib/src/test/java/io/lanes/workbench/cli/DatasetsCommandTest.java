package io.lanes.workbench.cli;

import io.lanes.workbench.corpus.Catalog;
import io.lanes.workbench.corpus.Locations;
import io.lanes.workbench.corpus.Registry;
import io.lanes.workbench.corpus.Upstream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DatasetsCommandTest {
    @TempDir
    Path cache;

    private record Run(int code, String out, String err) {
        List<String> lines() {
            return Arrays.asList(out.split("\n"));
        }
    }

    private Run run(String... args) {
        Locations project = Locations.discover();
        Registry registry = new Registry(Catalog.load(project.catalog()), new Locations(project.catalog(), cache, project.mirrors()),
                Upstream.offline("no network in tests"), m -> { });
        StringWriter out = new StringWriter(), err = new StringWriter();
        CommandLine cmd = new CommandLine(new DatasetsCommand(registry));
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        int code = cmd.execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    private static void assertOneLineError(Run r, String... fragments) {
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        for (String f : fragments) assertTrue(r.err().contains(f), r.err());
        assertFalse(r.err().contains("Exception") || r.err().contains("\tat "), r.err());
    }

    @Test
    void listShowsDatasetsAndSets() {
        Run r = run("list");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("clickbench.hits") && r.out().contains("tpcds.store_sales") && r.out().contains("syn.uniform64"), r.out());
        assertTrue(r.lines().stream().anyMatch(l -> l.startsWith("default ")), r.out());
        assertTrue(r.lines().stream().anyMatch(l -> l.startsWith("quick ")), r.out());
    }

    @Test
    void statsPrintsOneAlignedLinePerColumn() {
        Run r = run("stats", "quick");
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.lines();
        assertTrue(lines.getFirst().startsWith("id ") && lines.getFirst().contains("pfor_w"), lines.getFirst());
        List<String> data = lines.stream().filter(l -> !l.startsWith("#") && !l.startsWith("id ")).toList();
        assertEquals(7, data.size(), r.out());
        int typeAt = lines.getFirst().indexOf("type");
        for (String l : data) assertTrue(l.substring(typeAt).startsWith("int32"), "aligned: " + l);
        assertTrue(data.stream().anyMatch(l -> l.startsWith("nyc.fhv.pickup_datetime ")), r.out());
        assertTrue(lines.getLast().startsWith("# 7 columns"), lines.getLast());
        // The second call comes from the cache.
        Run again = run("stats", "quick");
        assertTrue(again.lines().getLast().contains("2 cache"), again.lines().getLast());
    }

    @Test
    void textColumnsHaveTheirOwnStatisticsAndQuotedValues() {
        Run stats = run("stats", "parquet-testing.delta_length_byte_array");
        assertEquals(0, stats.code(), stats.err());
        List<String> lines = stats.lines();
        assertTrue(lines.getFirst().matches("id +count +bytes +distinct +len_min +len_mean +len_max +prefix_mean +suffix_mean"), lines.getFirst());
        assertTrue(lines.get(1).matches("parquet-testing\\.delta_length_byte_array\\.FRUIT +1000 +23537 +1000 +19 +23\\.54 +24 +\\d+\\.\\d\\d +\\d+\\.\\d\\d"),
                lines.get(1));
        assertTrue(lines.getLast().startsWith("# 1 columns"), lines.getLast());

        Run show = run("show", "parquet-testing.delta_length_byte_array.FRUIT");
        assertEquals(0, show.code(), show.err());
        assertTrue(show.out().contains("column       parquet-testing.delta_length_byte_array.FRUIT (byte-array)"), show.out());
        assertTrue(show.out().contains("first values \"apple_banana_mango0\" \"apple_banana_mango1\" \"apple_banana_mango4\""), show.out());
        assertTrue(show.out().contains("prefix_mean") && !show.out().contains("pfor_w"), show.out());
        Run longText = run("show", "tpcds.item.strings.i_item_desc");
        assertTrue(longText.out().contains("first values \"Powers will not get infl...\" "), longText.out());

        Run list = run("list");
        assertTrue(list.lines().stream().anyMatch(l -> l.matches("strings +20 +byte-array .*")), list.out());
        assertTrue(list.lines().stream().anyMatch(l -> l.matches("default +\\d+ +int32 .*")), list.out());
    }

    @Test
    void showDescribesSetsDatasetsAndColumns() {
        Run ds = run("show", "clickbench.hits");
        assertEquals(0, ds.code(), ds.err());
        assertTrue(ds.out().contains("4ad0e66a046d24090a49c3f0de743716dbdade8335c3521080b9cd5d66118f1d"), ds.out());
        assertTrue(ds.out().contains("clickbench.hits.EventTime") && ds.out().contains("as epoch_seconds"), ds.out());
        Run col = run("show", "syn.uniform.w12");
        assertEquals(0, col.code(), col.err());
        assertTrue(col.out().contains("provenance") && col.out().contains("syn.uniform.w12  int32  65536"), col.out());
        Run set = run("show", "sorted");
        assertEquals(0, set.code(), set.err());
        assertTrue(set.out().contains("vega.flights.date"), set.out());
    }

    @Test
    void fetchReportsWhereEachColumnCameFrom() {
        Run r = run("fetch", "nyc.fhv");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.lines().stream().anyMatch(l -> l.startsWith("nyc.fhv.PULocationID") && l.contains("read (committed copy)")), r.out());
        assertTrue(run("fetch", "nyc.fhv").out().contains("6 cache"));
    }

    @Test
    void errorsAreOneClearLine() {
        assertOneLineError(run("stats", "nosuch"), "datasets stats: unknown set, dataset or column 'nosuch'");
        assertOneLineError(run("show", "clickbench.hits.EventTim"), "datasets show: unknown set, dataset or column 'clickbench.hits.EventTim'",
                "clickbench.hits.EventTime");
        Run usage = run();
        assertEquals(2, usage.code());
        assertTrue(usage.err().contains("list") && usage.err().contains("stats"), usage.err());
        assertEquals(2, run("stats").code());
    }
}
