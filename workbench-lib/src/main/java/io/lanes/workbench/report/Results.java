package io.lanes.workbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.lanes.workbench.results.ResultBundle;
import io.lanes.workbench.report.chart.SvgChart;
import tech.tablesaw.api.Table;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * What a {@link Study} measured: its bundle, loaded. Displays inline in a notebook (the validity
 * gate and quiet-check outcomes, the summary and the chart the study's shape calls for, see
 * {@link #chart()}), and gives the results table, the other charts and the bundle folder for
 * anything further ({@code workbench compare}, other notebooks). Immutable: a snapshot of the
 * bundle as it was loaded.
 */
public final class Results {
    private final Path bundle;
    private final String name;
    private final Table table;
    private final Map<String, String> gates;
    private final String quiet;
    private final String status;

    private Results(Path bundle, String name, Table table, Map<String, String> gates, String quiet, String status) {
        this.bundle = bundle;
        this.name = name;
        this.table = table;
        this.gates = gates;
        this.quiet = quiet;
        this.status = status;
    }

    /** Loads the bundle at {@code dir} (results.csv and metadata.json). */
    public static Results load(Path dir) {
        JsonNode md = SuiteReport.metadata(dir);
        Map<String, String> gates = new LinkedHashMap<>();
        md.path("gates").fields().forEachRemaining(g -> gates.put(g.getKey(), g.getValue().path("label").asText()));
        JsonNode q = md.path("settings").path("quiet");
        String quiet = q.isMissingNode() ? "not checked" : q.path("summary").asText();
        String name = md.path("settings").path("command").asText(dir.getFileName().toString());
        return new Results(dir, name, ResultBundle.load(dir), Map.copyOf(gates), quiet, ResultBundle.status(dir));
    }

    /** The bundle folder: results.csv, raw.csv, metadata.json. */
    public Path bundle() {
        return bundle;
    }

    /** Every result row (one per codec, column and working set), as results.csv holds them. */
    public Table table() {
        return table;
    }

    /** Per codec and working set: geomean decode GiB/s, its ratio to store-only, mean bits/value, gate. */
    public Table summary() {
        return ResultCharts.summary(table).setName(name + ": summary");
    }

    /** The validity gate's verdict per working-set point (or {@code pages}). */
    public Map<String, String> gates() {
        return gates;
    }

    /** Whether every point's gate passed: the control pair tied, so the point's numbers can be trusted. */
    public boolean trusted() {
        return !gates.isEmpty() && gates.values().stream().allMatch(g -> g.startsWith("pass"));
    }

    /** The quiet check's one-line outcome, or {@code not checked}. */
    public String quiet() {
        return quiet;
    }

    /** {@code complete}, {@code interrupted} or {@code failed}, as metadata.json records it. */
    public String status() {
        return status;
    }

    /**
     * The chart the study's shape calls for: speed across the working sets when there are several;
     * speed against bit width when every column names one ({@code syn.uniform.w12}); size against
     * speed when the codecs' sizes differ; else speed per codec beside the store-only wall.
     */
    public SvgChart chart() {
        return charts(defaultKind()).getFirst();
    }

    /** The charts of one kind, one per working set (one for {@link StudyChart#SPEED_BY_WORKING_SET}). */
    public List<SvgChart> charts(StudyChart kind) {
        return ResultCharts.draw(kind, table, name);
    }

    public StudyChart defaultKind() {
        if (new LinkedHashSet<>(table.stringColumn("working_set").asList()).size() > 1) return StudyChart.SPEED_BY_WORKING_SET;
        List<String> columns = List.copyOf(new LinkedHashSet<>(table.stringColumn("column").asList()));
        if (columns.size() > 2 && columns.stream().allMatch(c -> ResultCharts.widthOf(c) >= 0)) return StudyChart.SPEED_BY_WIDTH;
        return sizesDiffer() ? StudyChart.SIZE_VS_SPEED : StudyChart.SPEED_BY_CODEC;
    }

    /** Whether the codecs' mean sizes differ (to the hundredth of a bit per value). */
    boolean sizesDiffer() {
        return table.where(table.stringColumn("codec").isNotEqualTo("store-only")).doubleColumn("bits_per_value").removeMissing()
                .asList().stream().map(b -> Math.round(b * 100)).distinct().count() > 1;
    }

    /** The header lines: status, gates, quiet check, bundle. */
    List<String> header() {
        return List.of(
                name + ": " + table.rowCount() + " result rows, " + status,
                "validity gate: " + (gates.isEmpty() ? "no point finished" : String.join(", ", gates.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).toList()))
                        + (trusted() ? "" : "  (a point whose control pair did not tie: do not trust its numbers)"),
                "quiet check: " + quiet,
                "bundle: " + bundle);
    }

    /** The notebook display: header, summary table and the default chart (inline SVG). */
    public String toHtml() {
        StringBuilder b = new StringBuilder("<div>");
        for (String line : header()) b.append("<div>").append(Html.esc(line)).append("</div>");
        b.append(Html.table(summary()));
        b.append(chart().svg());
        return b.append("</div>").toString();
    }

    @Override
    public String toString() {
        return String.join("\n", header()) + "\n" + Html.console(summary());
    }
}
