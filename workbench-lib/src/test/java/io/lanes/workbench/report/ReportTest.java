package io.lanes.workbench.report;

import io.lanes.workbench.corpus.Datasets;
import io.lanes.workbench.measure.Arm;
import io.lanes.workbench.measure.Harness;
import io.lanes.workbench.measure.WorkingSet;
import io.lanes.workbench.study.Recorder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tech.tablesaw.api.Table;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReportTest {
    static Path bundle(Path dir) {
        Recorder.run("test", List.of(Arm.storeOnly(), Arm.named("plain"), Arm.named("bitpack.seq.scalar")),
                List.of(Datasets.uniform(2, 3000, 1), Datasets.uniform(11, 3000, 1)), List.of(WorkingSet.parse("16KiB")),
                new Harness.Config(3, 0, 3, 30, true, 0), dir, l -> {}, Recorder.Options.none());
        return dir;
    }

    @Test
    void anEngineArmHasItsOwnSummaryRowLabelledEngineAndNoDecoderGeomeanTakesItIn(@TempDir Path tmp) throws Exception {
        Path file = io.lanes.workbench.corpus.DuckWritten.write(tmp.resolve("files")).get(3); // no dictionary: every int column DELTA_BINARY_PACKED
        Arm decoder = Arm.named("parquet.delta");
        List<io.lanes.workbench.corpus.Pages> pages = List.of("id", "sorted_runs").stream()
                .map(c -> io.lanes.workbench.corpus.Pages.ofFile(file, c, List.of(decoder.codec()))).toList();
        Path dir = tmp.resolve("bundle");
        Recorder.runPages("test", List.of(Arm.storeOnly(), decoder, Arm.named(io.lanes.workbench.measure.EngineScan.SCAN)), pages,
                new Harness.Config(2, 0, 3, 30, true, 0), dir, l -> {}, Recorder.Options.none());
        Table results = io.lanes.workbench.results.ResultBundle.load(dir);
        Table summary = ResultCharts.summary(results);
        assertEquals(List.of("store-only", "parquet.delta", "engine.duckdb.scan"), summary.stringColumn("codec").asList());
        assertEquals(List.of("wall", "decoder", "engine"), summary.stringColumn("kind").asList());
        // the decoder's geomean is over its own two rows only
        Table own = results.where(results.stringColumn("codec").isEqualTo("parquet.delta"));
        double expected = Math.sqrt(own.doubleColumn("decode_gib_s").getDouble(0) * own.doubleColumn("decode_gib_s").getDouble(1));
        assertEquals(expected, summary.doubleColumn(ResultCharts.SUMMARY_SPEED).getDouble(1), expected * 1e-9);
        assertEquals(2, results.where(results.stringColumn("codec").isEqualTo("engine.duckdb.scan")).rowCount(), "one row per column, named engine.*");
        String metadata = Files.readString(dir.resolve("metadata.json"));
        assertTrue(metadata.contains("\"engine\"") && metadata.contains("SET threads=1") && metadata.contains("DuckDB v"), metadata);
    }

    @Test
    void suiteReportIsSelfContainedWithChartsAndTables(@TempDir Path tmp) throws Exception {
        SuiteStudy s = new SuiteStudy("s1", "Study one", "q", List.of("plain"), "quick", List.of("16KiB"),
                List.of(StudyChart.SPEED_BY_WIDTH, StudyChart.SPEED_BY_WORKING_SET, StudyChart.SPEED_BY_CODEC, StudyChart.SIZE_VS_SPEED));
        bundle(tmp.resolve("run/s1"));
        io.lanes.workbench.results.ResultBundle.combine(tmp.resolve("run"), java.util.Map.of("s1", tmp.resolve("run/s1")), java.util.Map.of(), io.lanes.workbench.results.ResultBundle.COMPLETE);
        Path report = SuiteReport.write(tmp.resolve("run"), "t <&> title", List.of(s), List.of());
        String html = Files.readString(report);
        assertTrue(html.contains("<title>t &lt;&amp;&gt; title</title>"), "title is escaped");
        assertEquals(4, html.split("<svg class=\"wb-chart\"", -1).length - 1, "one chart per kind for the one working set, inline SVG");
        assertFalse(html.contains("<img"), "no bitmap charts");
        assertTrue(html.contains("<table"));
        assertFalse(html.matches("(?s).*(src|href)=\"https?:.*"), "no network references");
    }

    @Test
    void compareShowsTheSharedRowsAndTheirRatios(@TempDir Path tmp) throws Exception {
        Path a = bundle(tmp.resolve("a"));
        Path b = bundle(tmp.resolve("b"));
        Table speeds = CompareReport.speeds(List.of(a, b));
        assertEquals(3, speeds.rowCount(), "three arms at one working set");
        assertEquals(2.0, speeds.doubleColumn("columns").getDouble(0));
        double ratio = speeds.doubleColumn("b / a").getDouble(1);
        double direct = speeds.doubleColumn("b").getDouble(1) / speeds.doubleColumn("a").getDouble(1);
        assertEquals(direct, ratio, 1e-12);
        String html = Files.readString(CompareReport.write(List.of(a, b), tmp.resolve("c.html")));
        assertTrue(html.contains("<svg class=\"wb-chart\"") && html.contains("b / a"));
    }

    @Test
    void bundlesWithTheSameFolderNameGetDistinctLabels(@TempDir Path tmp) {
        Path a = bundle(tmp.resolve("x/run"));
        Path b = bundle(tmp.resolve("y/run"));
        assertEquals(List.of("run", "run#2", "run#3"), CompareReport.labels(List.of(a, b, a)));
        assertTrue(CompareReport.speeds(List.of(a, a)).columnNames().contains("run#2 / run"));
    }

    @Test
    void numbersAreFormattedForPeople() {
        assertEquals("123.5", Html.format(123.456));
        assertEquals("1.235", Html.format(1.23456));
        assertEquals("0.01235", Html.format(0.0123456));
        assertEquals("42", Html.format(42.0));
        assertEquals("", Html.format(Double.NaN));
        assertEquals("12350", Html.format(12345.6), "4 significant digits, plain digits in the thousands");
        assertEquals("1235000", Html.format(1234567.8));
        assertEquals("0.5", Html.format(0.5));
        assertEquals("fail: control pair off by 2.1% after 192 reps", Html.format("fail: control pair off by 2.1% after 192 reps"));
    }

    @Test
    void tablesScrollSidewaysAndDoNotWrapTheirCells() {
        Table t = Table.create("t", tech.tablesaw.api.StringColumn.create("codec", List.of("parquet.delta-byte-array.decoders-per-page")),
                tech.tablesaw.api.DoubleColumn.create("decode GiB/s (geomean)", new double[] {12345.6}));
        String html = Html.table(t);
        assertTrue(html.startsWith("<div class=\"wb-scroll\""), html);
        assertTrue(html.contains("<td style=\"white-space:nowrap\">parquet.delta-byte-array.decoders-per-page</td>"), html);
        assertTrue(html.contains("<td class=\"n\" style=\"white-space:nowrap\">12350</td>"), html);
        assertTrue(html.contains("<th style=\"white-space:nowrap\">decode GiB/s (geomean)</th>"), html);
        String prose = "a description long enough to be prose, which may wrap inside its cell like any paragraph";
        assertTrue(Html.table(Table.create("p", tech.tablesaw.api.StringColumn.create("d", List.of(prose)))).contains("<td>" + prose), "prose wraps");
    }
}
