package io.lanes.workbench.study;

import io.lanes.workbench.results.ResultBundle;

import io.lanes.workbench.corpus.Column;
import io.lanes.workbench.corpus.Pages;
import io.lanes.workbench.measure.Arm;
import io.lanes.workbench.measure.Fingerprint;
import io.lanes.workbench.measure.EngineScan;
import io.lanes.workbench.measure.Harness;
import io.lanes.workbench.measure.Measurement;
import io.lanes.workbench.measure.Progress;
import io.lanes.workbench.measure.QuietCheck;
import io.lanes.workbench.measure.ValidityGate;
import io.lanes.workbench.measure.WorkingSet;
import io.lanes.workbench.measure.ipv.InstructionsPerValue;
import io.lanes.workbench.measure.ipv.IpvRequest;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs the harness into a result bundle: a quiet check first (recorded in metadata.json), then every
 * column's measurements appended as they complete and every finished working-set point's gate
 * verdict, then instructions per value when asked. One call per run; the same code serves the CLI
 * and notebooks. Columns are measured over the working-set ladder ({@link #run}); writers' pages
 * as written, at one point ({@link #runPages}).
 */
public final class Recorder {
    /**
     * @param quiet       quiet-check thresholds and wait limit, or {@code null} to skip the check
     * @param quietBudget a wait allowance shared with other runs (see {@link QuietCheck.Budget}), or
     *                    {@code null} for this run's own limit
     * @param ipv         whether to count instructions per value after timing (first working-set point)
     * @param progress    receives progress states (a notebook display), or {@code null} for a console bar
     */
    public record Options(QuietCheck.Config quiet, QuietCheck.Budget quietBudget, boolean ipv, Consumer<Progress.State> progress) {
        /** The CLI's defaults: wait up to 30 s for a quiet machine, no ipv, console progress. */
        public static Options cli() {
            return new Options(QuietCheck.Config.defaults().waitingAtMost(Duration.ofSeconds(30)), null, false, null);
        }

        /** Nothing but the measurement: no quiet check, no ipv, no progress (tests, quick notebook cells). */
        public static Options none() {
            return new Options(null, null, false, s -> { });
        }

        /** No quiet check, no console bar: progress states go to {@code progress} (a notebook display). */
        public static Options reporting(boolean ipv, Consumer<Progress.State> progress) {
            return new Options(null, null, ipv, progress);
        }

        public Options withIpv(boolean on) {
            return new Options(quiet, quietBudget, on, progress);
        }

        /** The same options, the quiet check waiting at most {@code limit}. */
        public Options waitingForQuietAtMost(Duration limit) {
            return new Options(quiet == null ? null : quiet.waitingAtMost(limit), quietBudget, ipv, progress);
        }

        /** The same options, the quiet check drawing its wait from {@code budget}. */
        public Options sharingQuietWait(QuietCheck.Budget budget) {
            return new Options(quiet, budget, ipv, progress);
        }
    }

    private Recorder() {
    }

    /**
     * Measures {@code arms} on {@code columns} over {@code ladder} into a new bundle at {@code dir}.
     *
     * @param command label recorded in metadata.json (e.g. {@code bench} or a notebook name)
     * @param log     receives the quiet-check summary, per-column lines when no terminal shows a
     *                progress bar, gate verdicts and ipv probes
     */
    public static ResultBundle run(String command, List<Arm> arms, List<Column> columns, List<WorkingSet> ladder,
                                   Harness.Config config, Path dir, Consumer<String> log, Options options) {
        for (Arm a : arms) {
            if (a.isEngine()) {
                throw new IllegalArgumentException("arm " + a.name() + " scans a Parquet file's column as written: measure it on a file's pages "
                        + "(bench --pages FILE, Study.pages), not on columns tiled over the ladder");
            }
        }
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("columns", columns.stream().map(Column::id).toList());
        settings.put("ladder", ladder.stream().map(WorkingSet::label).toList());
        settings.put("arms_skipped", armsSkipped(arms, columns, log));
        settings.put("columns_cut", columnsCut(columns, ladder, log));
        Harness h = new Harness(config);
        return record(command, arms, settings, columns.size() + " columns x " + ladder.size() + " working sets",
                Progress.steps(columns.size(), ladder.size()), h, listener -> h.run(arms, columns, ladder, listener), bundle -> {
                    if (!options.ipv()) return;
                    InstructionsPerValue.Detection d = InstructionsPerValue.detect();
                    d.probes().forEach(p -> log.accept("  " + p.line()));
                    if (d.available()) bundle.ipv(d.measure(IpvRequest.forRun(arms, columns, List.of(ladder.getFirst()))));
                    else bundle.note("ipv", d.unavailableReason());
                }, dir, log, options);
    }

    /**
     * Measures {@code arms} on writers' pages as written into a new bundle at {@code dir}: one point,
     * {@link Harness#PAGES}, since the working set is each column's pages; metadata.json records every
     * page set (writer, page format, pages, values, bytes, pages skipped) under {@code pages}.
     *
     * @throws IllegalArgumentException if {@code options} ask for instructions per value, which are
     *                                  counted for ladder points only; or an arm cannot read pages of its type
     */
    public static ResultBundle runPages(String command, List<Arm> arms, List<Pages> pages, Harness.Config config, Path dir,
                                        Consumer<String> log, Options options) {
        if (options.ipv()) throw new IllegalArgumentException("instructions per value are counted on ladder points, not on a writer's pages");
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("columns", pages.stream().map(p -> p.values().id()).toList());
        settings.put("ladder", List.of());
        List<Map<String, Object>> skipped = new ArrayList<>(armsSkipped(arms, pages.stream().map(Pages::values).toList(), log));
        skipped.addAll(armsOfOtherFormats(arms, pages, log));
        settings.put("arms_skipped", skipped);
        settings.put("working_set", Harness.PAGES + ": each column's pages as written; the ladder does not apply");
        if (arms.stream().anyMatch(Arm::isEngine)) {
            Map<String, Object> engine = new LinkedHashMap<>();
            engine.put("library", EngineScan.library());
            engine.put("settings", EngineScan.SETTINGS);
            for (Arm a : arms) if (a.isEngine()) engine.put(a.name(), EngineScan.description(a.name()));
            settings.put("engine", engine);
        }
        settings.put("pages", pages.stream().map(p -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("column", p.values().id());
            m.put("type", p.values().type().label());
            m.put("writer", p.writer());
            m.put("format", p.format());
            m.put("pages", p.pages().size());
            m.put("values", p.values().size());
            m.put("nulls", p.nulls());
            m.put("encoded_bytes", p.encodedBytes());
            m.put("skipped", p.skipped());
            m.put("provenance", p.values().provenance());
            return m;
        }).toList());
        Harness h = new Harness(config);
        return record(command, arms, settings, pages.size() + " page sets", Progress.steps(pages.size(), 1), h,
                listener -> h.runPages(arms, pages, listener), bundle -> { }, dir, log, options);
    }

    /**
     * The arms that cannot run on some of the columns (a codec of another value type), as
     * metadata.json records them; the log names them once, arms skipped on the same columns for
     * the same reason in one line.
     *
     * @throws IllegalArgumentException before anything is measured, when no codec arm can run on any column
     */
    static List<Map<String, Object>> armsSkipped(List<Arm> arms, List<Column> columns, Consumer<String> log) {
        List<Map<String, Object>> out = new ArrayList<>();
        record Skip(String where, String why) {
        }
        Map<Skip, List<String>> lines = new LinkedHashMap<>(); // arms skipped on the same columns for the same reason share a line
        boolean anyCodec = false;
        boolean anyPair = false;
        for (Arm a : arms) {
            if (a.codec() == null) continue; // the wall takes every column; engine arms are checked per page set
            anyCodec = true;
            List<Column> not = columns.stream().filter(c -> !Harness.takes(a, c)).toList();
            if (not.size() < columns.size()) anyPair = true;
            if (not.isEmpty()) continue;
            boolean all = not.size() == columns.size();
            String theirs = String.join(" or ", not.stream().map(c -> c.type().label()).distinct().toList());
            String why = valueType(a) + " values; " + (all ? "every column is " : "these columns are ") + theirs;
            List<String> ids = not.stream().map(Column::id).toList();
            String where = all ? (ids.size() == 1 ? "the one column" : "all " + ids.size() + " columns")
                    : ids.size() + " of " + columns.size() + " columns (" + abbreviate(ids) + ")";
            lines.computeIfAbsent(new Skip(where, why), k -> new ArrayList<>()).add(a.name());
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("arm", a.name());
            m.put("reason", "it decodes " + why);
            m.put("columns", ids);
            out.add(m);
        }
        lines.forEach((skip, names) -> {
            boolean one = names.size() == 1;
            log.accept((one ? "arm " : "arms ") + String.join(", ", names) + " skipped on " + skip.where() + ": " + (one ? "it decodes " : "they decode ")
                    + skip.why());
        });
        if (anyCodec && !anyPair && !columns.isEmpty()) {
            throw new IllegalArgumentException("nothing to measure: no codec arm takes the value type of any column ("
                    + columns.stream().map(c -> c.type().label()).distinct().toList() + " columns; the arms decode "
                    + arms.stream().filter(a -> a.codec() != null).map(Recorder::valueType).distinct().toList()
                    + "). Pick codecs of the columns' type (./workbench help bench) or columns of the codecs' type");
        }
        return out;
    }

    /**
     * The columns a footprint point measures only part of, told as {@code 51,200 of 200,000 values}:
     * each on its own line when there are few, else one line with an example (metadata.json lists
     * every one); the ladder point {@value WorkingSet#WHOLE_COLUMN} measures them whole.
     */
    static Map<String, Map<String, String>> columnsCut(List<Column> columns, List<WorkingSet> ladder, Consumer<String> log) {
        Map<String, Map<String, String>> out = new LinkedHashMap<>();
        for (Column c : columns) {
            Map<String, String> at = new LinkedHashMap<>();
            for (WorkingSet ws : ladder) {
                int n = ws.values(c);
                if (n < c.size()) at.put(ws.label(), String.format(java.util.Locale.ROOT, "%,d of %,d values", n, c.size()));
            }
            if (!at.isEmpty()) out.put(c.id(), at);
        }
        String whole = " (the working set holds no more; add the ladder point '" + WorkingSet.WHOLE_COLUMN + "' to measure whole columns)";
        if (out.size() <= 3) {
            out.forEach((id, at) -> log.accept("column " + id + ": measures " + String.join(", ", at.entrySet().stream()
                    .map(e -> e.getValue() + " at " + e.getKey()).toList()) + whole));
        } else {
            var first = out.entrySet().iterator().next();
            var point = first.getValue().entrySet().iterator().next();
            log.accept(out.size() + " of " + columns.size() + " columns are longer than a working set and measure part of their values, e.g. "
                    + first.getKey() + ": " + point.getValue() + " at " + point.getKey() + "; metadata.json lists each under columns_cut" + whole);
        }
        return out;
    }

    /**
     * The arms that take some page sets' value type but not their page format, as metadata.json
     * records them; the log says it once per arm: a column's pages are timed in one format, and only
     * the arms that read it decode them. An engine arm is listed per page set it cannot scan, with
     * {@link EngineScan#refusal}'s reason.
     */
    static List<Map<String, Object>> armsOfOtherFormats(List<Arm> arms, List<Pages> pages, Consumer<String> log) {
        List<Map<String, Object>> out = new ArrayList<>();
        Map<List<String>, List<String>> lines = new LinkedHashMap<>(); // arms left out of the same page sets share a line
        for (Arm a : arms) {
            if (a.isStoreOnly()) continue;
            if (a.isEngine()) {
                for (Pages p : pages) {
                    String why = EngineScan.refusal(p);
                    if (why == null) continue;
                    log.accept("arm " + a.name() + " skipped on " + p.values().id() + ": " + why);
                    out.add(Map.of("arm", a.name(), "reason", why, "columns", List.of(p.values().id())));
                }
                continue;
            }
            List<Pages> not = pages.stream().filter(p -> Harness.takes(a, p.values()) && !Harness.takes(a, p)).toList();
            if (not.isEmpty()) continue;
            List<String> ids = not.stream().map(p -> p.values().id()).toList();
            String formats = String.join(" or ", not.stream().map(Pages::format).distinct().toList());
            lines.computeIfAbsent(List.of(abbreviate(ids), formats, String.valueOf(ids.size())), k -> new ArrayList<>()).add(a.name());
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("arm", a.name());
            m.put("reason", "it reads " + a.codec().pageFormat() + " pages; these columns' timed pages are " + formats);
            m.put("columns", ids);
            out.add(m);
        }
        lines.forEach((k, names) -> log.accept((names.size() == 1 ? "arm " : "arms ") + String.join(", ", names) + " skipped on " + k.get(2)
                + (k.get(2).equals("1") ? " page set (" : " page sets (") + k.getFirst() + "), whose timed pages are " + k.get(1)
                + ": each reads another format"));
        return out;
    }

    /** What an arm's codec decodes, as results name value types. */
    private static String valueType(Arm a) {
        return switch (a.codec().valueBits()) {
            case 8 -> "byte-array";
            case 64 -> "int64";
            default -> "int32";
        };
    }

    private static String abbreviate(List<String> ids) {
        return ids.size() <= 4 ? String.join(", ", ids) : String.join(", ", ids.subList(0, 3)) + " and " + (ids.size() - 3) + " more";
    }

    /**
     * The run both kinds share: settings, quiet check, the harness body with progress, JIT notes, then
     * {@code after} (instructions per value); the bundle reads {@code complete} only once all of it
     * is done, {@code failed} with the error when any of it throws.
     */
    private static ResultBundle record(String command, List<Arm> arms, Map<String, Object> inputs, String size, long steps, Harness h,
                                       Consumer<Harness.Listener> body, Consumer<ResultBundle> after, Path dir, Consumer<String> log,
                                       Options options) {
        Harness.Config config = h.config();
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("command", command);
        settings.put("arms", arms.stream().map(Arm::name).toList());
        settings.putAll(inputs);
        settings.put("reps", config.reps());
        settings.put("warmup_iterations", config.warmupIterations());
        settings.put("warmup_millis", config.warmupMillis());
        settings.put("min_sample_micros", config.minSampleMicros());
        settings.put("extend_millis", config.extendMillis());
        ResultBundle bundle = new ResultBundle(dir, Fingerprint.capture(), settings);
        if (options.quiet() != null) {
            QuietCheck.Outcome q = options.quietBudget() != null ? options.quietBudget().await(options.quiet()) : QuietCheck.await(options.quiet());
            log.accept(q.summary());
            bundle.note("quiet", q.toMap());
        }
        boolean terminal = System.console() != null && System.console().isTerminal();
        log.accept(String.format("measuring %d arms x %s into %s", arms.size(), size, dir));
        Harness.Listener record = new Harness.Listener() {
            @Override
            public void measured(List<Measurement> point) {
                bundle.add(point);
            }

            @Override
            public void pointDone(String point, ValidityGate.Verdict v) {
                bundle.gate(point, v);
                log.accept("  validity gate at " + point + ": " + v.label());
            }
        };
        Consumer<Progress.State> lines = s -> {
            if (!terminal || options.progress() != null) log.accept("  " + s.text());
        };
        try {
            try (Progress p = options.progress() != null ? Progress.text(record, steps, options.progress().andThen(lines))
                    : terminal ? Progress.console(record, steps, command) : Progress.text(record, steps, lines)) {
                body.accept(p);
            }
            bundle.note("blackhole", h.blackhole());
            if (!h.unsettled().isEmpty()) {
                bundle.note("jit_unsettled", h.unsettled());
                log.accept("WARNING: the JIT was still compiling when these points were timed (after " + config.jitSettleMillis()
                        + " ms of settling): " + h.unsettled());
            }
            after.accept(bundle);
        } catch (RuntimeException | Error e) {
            bundle.failed(e);
            throw e;
        }
        bundle.complete();
        return bundle;
    }
}
