package io.lanes.workbench.report.claims;

import io.lanes.workbench.measure.Fingerprint;
import io.lanes.workbench.results.ResultBundle;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The claims' verdicts as files beside their bundles: {@code claims.csv} (one row per claim and
 * condition it was measured under, figures as numbers, so DuckDB's {@code read_csv_auto} types them) and {@code claims.json}
 * (the same rows, and the fingerprint they were measured under). Stateless.
 */
public final class ClaimsFiles {
    /** The claims.csv header, in order; a stable contract like results.csv's. */
    public static final List<String> COLUMNS = List.of("id", "numerator", "denominator", "metric", "set", "working_set", "published",
            "published_low", "published_high", "tolerance", "measured", "measured_over_published", "verdict", "note", "condition",
            "published_on", "columns", "gate", "source", "condition_id", "jvm_flags", "at_published", "published_condition",
            "not_emulated", "tolerance_why", "summary");

    private ClaimsFiles() {
    }

    /**
     * A condition as measured on the machine of {@code fp}: {@code native: AMD EPYC, Vector API
     * 512-bit, Eclipse Adoptium 25.0.3+9-LTS}, or a narrowed one, e.g. {@code avx2: 256-bit vectors,
     * AVX2 instructions (-XX:UseAVX=2) on AMD EPYC, Eclipse Adoptium 25.0.3+9-LTS}.
     */
    public static String condition(Condition c, Fingerprint fp) {
        return c.equals(Condition.NATIVE) ? "native: " + fp.get("cpu_model") + ", Vector API " + fp.get("vector_preferred_bits") + "-bit, " + fp.get("jdk")
                : c.id() + ": " + c.label() + " on " + fp.get("cpu_model") + ", " + fp.get("jdk");
    }

    /**
     * One row per verdict (a claim under one condition), keyed by {@link #COLUMNS}; a figure that
     * does not exist (a lower bound's top) is {@code null}.
     */
    public static List<Map<String, Object>> rows(List<Verdict> verdicts, Fingerprint fp) {
        Map<String, List<Verdict>> byClaim = Verdict.byClaim(verdicts);
        return verdicts.stream().map(v -> {
            Claim c = v.claim();
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", c.id());
            m.put("numerator", c.numerator());
            m.put("denominator", c.denominator());
            m.put("metric", c.metric());
            m.put("set", c.set());
            m.put("working_set", c.workingSet());
            m.put("published", c.published());
            m.put("published_low", c.low());
            m.put("published_high", Double.isInfinite(c.high()) ? null : c.high());
            m.put("tolerance", c.tolerance());
            m.put("measured", Double.isNaN(v.measured()) ? null : v.measured());
            m.put("measured_over_published", Double.isNaN(v.measured()) ? null : c.gap(v.measured()));
            m.put("verdict", v.verdict());
            m.put("note", v.note());
            m.put("condition", condition(v.condition(), fp));
            m.put("published_on", c.publishedOn());
            m.put("columns", v.columns());
            m.put("gate", v.gate());
            m.put("source", c.source());
            m.put("condition_id", v.condition().id());
            m.put("jvm_flags", String.join(" ", v.condition().jvmFlags()));
            m.put("at_published", v.atPublished());
            m.put("published_condition", c.publishedCondition().describe());
            m.put("not_emulated", v.notEmulated());
            m.put("tolerance_why", c.toleranceWhy());
            m.put("summary", Verdict.summary(byClaim.get(c.id())));
            return m;
        }).toList();
    }

    /** Writes {@code claims.csv} and {@code claims.json} into {@code dir}; returns the CSV's path. */
    public static Path write(Path dir, List<Verdict> verdicts, Fingerprint fp) {
        List<Map<String, Object>> rows = rows(verdicts, fp);
        Path csv = dir.resolve("claims.csv");
        ResultBundle.writeCsv(csv, COLUMNS, rows);
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("fingerprint", fp.fields());
        json.put("claims", rows);
        ResultBundle.writeJson(dir.resolve("claims.json"), json);
        return csv;
    }
}
