package io.lanes.workbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lanes.workbench.results.ResultBundle;
import tech.tablesaw.api.Table;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * Turns a run of studies into its {@code report.html}: the headline summary, a section per study
 * (its question, its charts, its summary table and its full results), validity-gate status per
 * study and point, and the machine fingerprint. Each study's bundle is the folder named after its id
 * inside the run folder. Stateless.
 */
public final class SuiteReport {
    private SuiteReport() {
    }

    /**
     * Writes {@code report.html} into {@code runDir} and returns its path.
     *
     * @param extra sections appended after the studies (e.g. the claims), or an empty list
     */
    public static Path write(Path runDir, String title, List<SuiteStudy> studies, List<java.util.function.Consumer<HtmlReport>> extra) {
        JsonNode md = metadata(runDir);
        JsonNode fp = md.path("fingerprint");
        HtmlReport r = new HtmlReport(title);
        r.paragraph("Machine " + fp.path("machine").asText() + ": " + fp.path("cpu_model").asText() + ", " + fp.path("cores").asText()
                + " cores, caches " + fp.path("caches").asText() + ", SIMD " + fp.path("cpu_simd_flags").asText() + "; "
                + fp.path("jdk").asText() + ", Vector API preferred width " + fp.path("vector_preferred_bits").asText()
                + " bits; revision " + fp.path("git_revision").asText() + "; " + fp.path("timestamp").asText() + ".");
        r.paragraph("How to read it: throughput is decoded output per second (GiB/s) at the median of the repetitions; the arms of a study "
                + "alternate inside every repetition; every decoder's output was checked equal to its input before it was timed. "
                + "store-only writes the same output bytes without decoding: the wall no decoder beats. Working sets are output plus "
                + "a plain-sized input. A point whose control pair did not tie is flagged in the gate column, never dropped.");

        String status = ResultBundle.status(runDir);
        if (!status.equals(ResultBundle.COMPLETE)) {
            r.paragraph("WARNING: this run is " + status + ": it did not finish, so the studies below may hold only part of their figures.");
        }
        Map<String, Object> quiet = new LinkedHashMap<>();
        md.path("parts").fields().forEachRemaining(p -> {
            JsonNode q = p.getValue().path("settings").path("quiet");
            quiet.put(p.getKey(), q.isMissingNode() ? "not checked" : q.path("summary").asText());
        });
        if (!quiet.isEmpty()) {
            r.paragraph("Quiet check before each study (a busy machine makes timings noisy; the run's wait for quiet is bounded):");
            r.keyValues(quiet);
        }
        Map<String, Object> skipped = new LinkedHashMap<>();
        md.path("skipped").fields().forEachRemaining(e -> skipped.put(e.getKey(), e.getValue().asText()));
        if (skipped.isEmpty()) r.paragraph("Every dataset of the suite was available: nothing was skipped.");
        else {
            r.paragraph("Skipped: these datasets could not be had, and the run went on without their columns:");
            r.keyValues(skipped);
        }

        r.section("Summary");
        Table summary = null;
        for (SuiteStudy s : studies) {
            Path dir = runDir.resolve(s.id());
            if (!Files.isRegularFile(dir.resolve("results.csv"))) continue;
            Table t = ResultCharts.summary(ResultBundle.load(dir));
            t.insertColumn(0, tech.tablesaw.api.StringColumn.create("study", java.util.Collections.nCopies(t.rowCount(), s.id())));
            summary = summary == null ? t : summary.append(t);
        }
        if (summary == null) r.paragraph("No study finished: the run was interrupted.");
        else r.table(summary.setName("summary"));

        for (SuiteStudy s : studies) {
            Path dir = runDir.resolve(s.id());
            if (!Files.isRegularFile(dir.resolve("results.csv"))) {
                r.section(s.title()).paragraph("Not measured: the run stopped before this study.");
                continue;
            }
            Table t = ResultBundle.load(dir);
            r.section(s.title());
            r.paragraph(s.question());
            for (SuiteStudy.Chart c : s.charts()) ResultCharts.draw(c, t, s.title()).forEach(r::chart);
            r.table(ResultCharts.summary(t));
            r.rawHtml("<details><summary>All " + t.rowCount() + " results of this study</summary>");
            r.table(t.selectColumns("codec", "column", "working_set", "values", "encoded_bytes", "bits_per_value", "ratio",
                    "decode_ns_median", "decode_ns_min", "decode_ns_max", "decode_gib_s", "store_only_gib_s", "encode_values_per_s", "gate", "ipv", "ipv_backend"));
            r.rawHtml("</details>");
        }
        extra.forEach(e -> e.accept(r));

        r.section("Validity gate per study and working-set point");
        Map<String, Object> gates = new LinkedHashMap<>();
        md.path("parts").fields().forEachRemaining(p -> p.getValue().path("gates").fields().forEachRemaining(g -> gates.put(p.getKey() + " @ " + g.getKey(),
                g.getValue().path("label").asText() + " (control geomean " + g.getValue().path("control_geomean").asText() + ", tying columns "
                        + g.getValue().path("tying_columns").asText() + "/" + g.getValue().path("columns").asText() + ")")));
        if (gates.isEmpty()) r.paragraph("No point finished: the run was interrupted.");
        else r.keyValues(gates);

        r.section("Machine fingerprint");
        Map<String, Object> kv = new LinkedHashMap<>();
        fp.fields().forEachRemaining(e -> kv.put(e.getKey(), e.getValue().asText()));
        r.keyValues(kv);
        return r.write(runDir.resolve("report.html"));
    }

    static JsonNode metadata(Path bundleDir) {
        try {
            return new ObjectMapper().readTree(Files.readString(bundleDir.resolve("metadata.json")));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + bundleDir.resolve("metadata.json"), e);
        }
    }
}
