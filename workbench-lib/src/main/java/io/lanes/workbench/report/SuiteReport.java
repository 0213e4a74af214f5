package io.lanes.workbench.report;

import io.lanes.workbench.report.SuiteStudy;

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
        HtmlReport r = new HtmlReport(title);
        String status = ResultBundle.status(runDir);
        if (!status.equals(ResultBundle.COMPLETE)) {
            r.paragraph("WARNING: this run is " + status + ": it did not finish, so the studies below may hold only part of their figures.");
        }
        ReportHeader.write(r, md, Files.isRegularFile(runDir.resolve("results.csv")) ? ResultBundle.load(runDir) : null);
        r.paragraph(HOW_TO_READ);

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
            r.section(s.title());
            r.paragraph(s.question());
            body(r, ResultBundle.load(dir), s.title(), s.charts());
        }
        extra.forEach(e -> e.accept(r));
        tail(r, md);
        return r.write(runDir.resolve("report.html"));
    }

    /** A study's or bundle's figures: its charts, its summary table, then every result row folded away. */
    static void body(HtmlReport r, Table t, String title, List<StudyChart> charts) {
        for (StudyChart c : charts) ResultCharts.draw(c, t, title).forEach(r::chart);
        r.table(ResultCharts.summary(t));
        r.rawHtml("<details><summary>All " + t.rowCount() + " results</summary>");
        r.table(t.selectColumns("codec", "column", "working_set", "values", "encoded_bytes", "bits_per_value", "ratio",
                "decode_ns_median", "decode_ns_min", "decode_ns_max", "decode_gib_s", "decode_gib_s_lo", "decode_gib_s_hi", "store_only_gib_s",
                "encode_values_per_s", "reps", "gate", "ipv", "ipv_backend"));
        r.rawHtml("</details>");
    }

    /** The end of every report: each point's gate in words, then the machine fingerprint. */
    static void tail(HtmlReport r, JsonNode md) {
        r.section("Validity gate per working-set point");
        Map<String, Object> gates = new LinkedHashMap<>();
        ReportHeader.gates(md).forEach((where, g) -> gates.put(where, g.path("label").asText()));
        if (gates.isEmpty()) r.paragraph("No point finished: the run was interrupted.");
        else r.keyValues(gates);

        r.section("Machine fingerprint");
        Map<String, Object> kv = new LinkedHashMap<>();
        md.path("fingerprint").fields().forEachRemaining(e -> kv.put(e.getKey(), e.getValue().asText()));
        r.keyValues(kv);
    }

    /** How to read a report's figures: the protocol in one paragraph. */
    static final String HOW_TO_READ = "How to read it: throughput is decoded output per second (GiB/s) at the median of the repetitions, with a 95% "
            + "bootstrap interval of that median; the arms of a study alternate inside every repetition; every decoder's output was checked equal to "
            + "its input before it was timed. store-only writes the same output bytes without decoding: the wall no decoder beats. Working sets are "
            + "output plus a plain-sized input. A point whose control pair did not tie is flagged by its gate, never dropped.";

    static JsonNode metadata(Path bundleDir) {
        try {
            return new ObjectMapper().readTree(Files.readString(bundleDir.resolve("metadata.json")));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + bundleDir.resolve("metadata.json"), e);
        }
    }
}
