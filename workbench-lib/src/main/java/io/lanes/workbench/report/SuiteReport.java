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
import java.util.Map;

/**
 * Turns a result bundle into its {@code report.html}: headline summary, decode speed and size
 * charts per working-set point, the full results table, validity-gate status per point and the
 * machine fingerprint. Stateless.
 */
public final class SuiteReport {
    private SuiteReport() {
    }

    /** Writes {@code report.html} into the bundle directory and returns its path. */
    public static Path write(Path bundleDir, String title) {
        Table results = ResultBundle.load(bundleDir);
        JsonNode md = metadata(bundleDir);
        HtmlReport r = new HtmlReport(title);
        r.paragraph("Machine " + md.path("fingerprint").path("machine").asText() + ", " + md.path("fingerprint").path("cpu_model").asText()
                + ", " + md.path("fingerprint").path("jdk").asText() + ", Vector API preferred width "
                + md.path("fingerprint").path("vector_preferred_bits").asText() + " bits, revision "
                + md.path("fingerprint").path("git_revision").asText() + ", " + md.path("fingerprint").path("timestamp").asText() + ".");
        r.paragraph("Throughput is decoded output per second at the median of " + md.path("settings").path("reps").asText("?")
                + " repetitions; arms alternate inside every repetition; every decoder's output was checked equal to its input before timing. "
                + "store-only writes the same output bytes without decoding: the wall no decoder beats.");

        r.section("Summary");
        r.table(ResultCharts.summary(results));

        for (String ws : new LinkedHashSet<>(results.stringColumn("working_set").asList())) {
            r.section("Decode speed and size at " + ws);
            r.chart(ResultCharts.byWidth(results, ws, "decode_gib_s", "Decode throughput", "decoded GiB/s (higher is better)"));
            r.chart(ResultCharts.byWidth(results, ws, "bits_per_value", "Encoded size", "bits per value (lower is better)"));
        }

        r.section("Validity gate per working-set point");
        Map<String, Object> gates = new LinkedHashMap<>();
        md.path("gates").fields().forEachRemaining(e -> gates.put(e.getKey(), e.getValue().path("label").asText()
                + " (control geomean " + e.getValue().path("control_geomean").asText() + ", tying columns "
                + e.getValue().path("tying_columns").asText() + "/" + e.getValue().path("columns").asText() + ")"));
        if (gates.isEmpty()) r.paragraph("No point finished: the run was interrupted.");
        else r.keyValues(gates);

        r.section("All results");
        r.table(results.selectColumns("codec", "column", "working_set", "values", "encoded_bytes", "bits_per_value", "ratio",
                "decode_ns_median", "decode_ns_min", "decode_ns_max", "decode_gib_s", "store_only_gib_s", "encode_values_per_s", "gate", "ipv", "ipv_backend"));

        r.section("Machine fingerprint");
        Map<String, Object> fp = new LinkedHashMap<>();
        md.path("fingerprint").fields().forEachRemaining(e -> fp.put(e.getKey(), e.getValue().asText()));
        md.path("settings").fields().forEachRemaining(e -> fp.put("setting: " + e.getKey(), e.getValue().toString()));
        r.keyValues(fp);
        return r.write(bundleDir.resolve("report.html"));
    }

    static JsonNode metadata(Path bundleDir) {
        try {
            return new ObjectMapper().readTree(Files.readString(bundleDir.resolve("metadata.json")));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + bundleDir.resolve("metadata.json"), e);
        }
    }
}
