package io.lanes.workbench.results;

import io.lanes.workbench.corpus.Column;
import io.lanes.workbench.corpus.Pages;
import io.lanes.workbench.measure.Arm;
import io.lanes.workbench.measure.Fingerprint;
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
     * @param quiet    quiet-check thresholds and wait limit, or {@code null} to skip the check
     * @param ipv      whether to count instructions per value after timing (first working-set point)
     * @param progress receives progress states (a notebook display), or {@code null} for a console bar
     */
    public record Options(QuietCheck.Config quiet, boolean ipv, Consumer<Progress.State> progress) {
        /** The CLI's defaults: wait up to 30 s for a quiet machine, no ipv, console progress. */
        public static Options cli() {
            return new Options(QuietCheck.Config.defaults().waitingAtMost(Duration.ofSeconds(30)), false, null);
        }

        /** Nothing but the measurement: no quiet check, no ipv, no progress (tests, quick notebook cells). */
        public static Options none() {
            return new Options(null, false, s -> { });
        }

        public Options withIpv(boolean on) {
            return new Options(quiet, on, progress);
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
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("columns", columns.stream().map(Column::id).toList());
        settings.put("ladder", ladder.stream().map(WorkingSet::label).toList());
        Harness h = new Harness(config);
        ResultBundle bundle = record(command, arms, settings, columns.size() + " columns x " + ladder.size() + " working sets",
                Progress.steps(columns.size(), ladder.size()), h, listener -> h.run(arms, columns, ladder, listener), dir, log, options);
        if (options.ipv()) {
            InstructionsPerValue.Detection d = InstructionsPerValue.detect();
            d.probes().forEach(p -> log.accept("  " + p.line()));
            if (d.available()) bundle.ipv(d.measure(IpvRequest.forRun(arms, columns, List.of(ladder.getFirst()))));
            else bundle.note("ipv", d.unavailableReason());
        }
        return bundle;
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
        settings.put("working_set", Harness.PAGES + ": each column's pages as written; the ladder does not apply");
        settings.put("pages", pages.stream().map(p -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("column", p.values().id());
            m.put("type", p.values().type().label());
            m.put("writer", p.writer());
            m.put("format", p.format());
            m.put("pages", p.pages().size());
            m.put("values", p.values().size());
            m.put("encoded_bytes", p.encodedBytes());
            m.put("skipped", p.skipped());
            m.put("provenance", p.values().provenance());
            return m;
        }).toList());
        Harness h = new Harness(config);
        return record(command, arms, settings, pages.size() + " page sets", Progress.steps(pages.size(), 1), h,
                listener -> h.runPages(arms, pages, listener), dir, log, options);
    }

    /** The run both kinds share: settings, quiet check, the harness body with progress, JIT notes. */
    private static ResultBundle record(String command, List<Arm> arms, Map<String, Object> inputs, String size, long steps, Harness h,
                                       Consumer<Harness.Listener> body, Path dir, Consumer<String> log, Options options) {
        Harness.Config config = h.config();
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("command", command);
        settings.put("arms", arms.stream().map(Arm::name).toList());
        settings.putAll(inputs);
        settings.put("reps", config.reps());
        settings.put("warmup_iterations", config.warmupIterations());
        settings.put("warmup_millis", config.warmupMillis());
        settings.put("min_sample_micros", config.minSampleMicros());
        ResultBundle bundle = new ResultBundle(dir, Fingerprint.capture(), settings);
        if (options.quiet() != null) {
            QuietCheck.Outcome q = QuietCheck.await(options.quiet());
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
        return bundle;
    }
}
