package io.lanes.workbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import tech.tablesaw.api.Table;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The trust section at the top of every report: what was measured where (revision and whether the
 * tree was dirty, JDK and flags, vector width, quick or full), whether the machine was quiet before
 * each study, every validity-gate failure with what it means, where instructions-per-value figures
 * come from and their caveat, and what was skipped and why. Reads a bundle's metadata.json, of one
 * bundle ({@code settings}, {@code gates}) or of a run ({@code parts}, each with its own). Stateless.
 */
public final class ReportHeader {
    private ReportHeader() {
    }

    /** Appends the section to {@code r}; {@code results} may be {@code null} when no figure was recorded yet. */
    public static void write(HtmlReport r, JsonNode metadata, Table results) {
        JsonNode fp = metadata.path("fingerprint");
        Map<String, JsonNode> parts = parts(metadata);
        Map<String, Object> what = new LinkedHashMap<>();
        String rev = fp.path("git_revision").asText("unknown");
        what.put("revision", rev.endsWith("+dirty") ? rev.replace("+dirty", "") + " with uncommitted changes (the figures may not match that revision)" : rev);
        what.put("machine", fp.path("machine").asText() + ": " + fp.path("cpu_model").asText() + ", " + fp.path("cores").asText() + " cores, "
                + fp.path("caches").asText() + "; SIMD " + fp.path("cpu_simd_flags").asText());
        what.put("JDK", fp.path("jdk").asText() + "; flags " + fp.path("jvm_flags").asText());
        what.put("vector width", "Vector API preferred width " + fp.path("vector_preferred_bits").asText() + " bits");
        what.put("settings", String.join("; ", parts.entrySet().stream().map(e -> label(e.getKey(), parts.size()) + mode(e.getValue())).distinct().toList()));
        what.put("measured", fp.path("timestamp").asText());
        r.keyValues(what);

        Map<String, Object> quiet = new LinkedHashMap<>();
        parts.forEach((name, s) -> {
            JsonNode q = s.path("quiet");
            quiet.put(label(name, parts.size()).isEmpty() ? "quiet check" : name, q.isMissingNode() ? "not checked" : (q.path("quiet").asBoolean() ? "quiet: " : "") + q.path("summary").asText());
        });
        r.rawHtml("<p><b>Quiet check</b> before each measurement (a busy machine makes timings noisy; the wait for quiet is bounded, then the run goes on and says so):</p>");
        r.keyValues(quiet);

        List<String> failures = new ArrayList<>();
        gates(metadata).forEach((where, g) -> {
            String label = g.path("label").asText();
            if (!label.startsWith("pass")) failures.add(where + ": " + label);
        });
        if (failures.isEmpty()) {
            r.rawHtml("<p class=\"pass\">Every validity gate passed: at every point the control pair (one codec measured twice through separate buffers) tied.</p>");
        } else {
            r.rawHtml("<p class=\"fail\">" + failures.size() + " validity gate" + (failures.size() == 1 ? "" : "s") + " failed.</p><p>A failed gate means the control "
                    + "pair (one codec measured twice through separate buffers) did not tie at that point: differences between arms smaller than the pair's distance "
                    + "are noise there. Each line says how far apart the pair ended, after how many repetitions, and whether the compared arms still differ beyond it. "
                    + "The figures are kept, not dropped. Rerun on a quieter machine or with a larger <code>--extend</code> budget.</p>");
            r.rawHtml("<ul>" + String.join("", failures.stream().map(f -> "<li>" + Html.esc(f) + "</li>").toList()) + "</ul>");
        }

        r.rawHtml("<p><b>Instructions per value</b>: " + Html.esc(ipv(results)) + "</p>");

        List<String> skipped = new ArrayList<>();
        metadata.path("skipped").fields().forEachRemaining(e -> skipped.add("dataset " + e.getKey() + ": " + e.getValue().asText()));
        parts.forEach((name, s) -> {
            String where = label(name, parts.size());
            s.path("arms_skipped").forEach(a -> skipped.add(where + "arm " + a.path("arm").asText() + " on " + a.path("columns").size() + " column(s): "
                    + a.path("reason").asText()));
            if (s.path("columns_cut").size() > 0) {
                skipped.add(where + s.path("columns_cut").size() + " column(s) longer than a working set measure part of their values (metadata.json lists them)");
            }
            if (s.has("jit_unsettled")) skipped.add(where + "the JIT was still compiling while these were timed: " + s.path("jit_unsettled"));
        });
        r.rawHtml("<p><b>Skipped or partial</b>: " + (skipped.isEmpty() ? "nothing: every dataset, arm and column was measured whole." : "</p><ul>"
                + String.join("", skipped.stream().map(x -> "<li>" + Html.esc(x) + "</li>").toList()) + "</ul><p>") + "</p>");
    }

    /** The settings of each part of a run, or of the one bundle under {@code ""}. */
    static Map<String, JsonNode> parts(JsonNode md) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        if (md.has("parts")) md.path("parts").fields().forEachRemaining(p -> out.put(p.getKey(), p.getValue().path("settings")));
        else out.put("", md.path("settings"));
        return out;
    }

    /** Every point's gate, keyed {@code part @ point} (or the point alone for one bundle). */
    static Map<String, JsonNode> gates(JsonNode md) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        if (md.has("parts")) {
            md.path("parts").fields().forEachRemaining(p -> p.getValue().path("gates").fields().forEachRemaining(g -> out.put(p.getKey() + " @ " + g.getKey(), g.getValue())));
        } else {
            md.path("gates").fields().forEachRemaining(g -> out.put(g.getKey(), g.getValue()));
        }
        return out;
    }

    private static String label(String part, int parts) {
        return parts == 1 && part.isEmpty() ? "" : part + ": ";
    }

    /** Quick, full or custom, told by the warm-up the bundle recorded, with the repetitions and extension budget. */
    private static String mode(JsonNode s) {
        int warm = s.path("warmup_iterations").asInt(-1);
        String mode = warm == io.lanes.workbench.measure.Harness.Config.full().warmupIterations() ? "full"
                : warm == io.lanes.workbench.measure.Harness.Config.quick().warmupIterations() ? "quick" : "custom";
        return mode + " (" + s.path("reps").asText("?") + " reps, " + s.path("warmup_millis").asText("?") + " ms warm-up, "
                + (s.has("extend_millis") ? s.path("extend_millis").asText() + " ms to extend an untied pair" : "no extension") + ")";
    }

    /**
     * Where instructions-per-value figures come from: none measured, hardware counters, or valgrind,
     * whose counts are of 256-bit code because valgrind cannot execute AVX-512 (said wherever such a
     * count sits beside a 512-bit timing).
     */
    static String ipv(Table results) {
        if (results == null || !results.containsColumn("ipv_backend")) return "not measured.";
        List<String> backends = results.stringColumn("ipv_backend").unique().asList().stream().filter(b -> !b.equals("not-measured") && !b.isBlank()).toList();
        if (backends.isEmpty()) return "not measured in this run (bench --ipv or ./workbench ipv count them).";
        List<String> out = new ArrayList<>();
        for (String b : backends) {
            out.add(switch (b) {
                case "exact-hw" -> "exact-hw: hardware counters (perf_event_open) on the code that was timed";
                case "emulated" -> "emulated: valgrind in a child JVM at -XX:UseAVX=2, because valgrind cannot execute AVX-512: these counts are of "
                        + "256-bit code, while the timings beside them ran the machine's preferred vector width";
                default -> b;
            });
        }
        return String.join("; ", out) + ".";
    }
}
