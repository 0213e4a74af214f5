package io.lanes.workbench.results;

import io.lanes.workbench.corpus.Column;
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
 * and notebooks.
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
        settings.put("command", command);
        settings.put("arms", arms.stream().map(Arm::name).toList());
        settings.put("columns", columns.stream().map(Column::id).toList());
        settings.put("ladder", ladder.stream().map(WorkingSet::label).toList());
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
        Harness h = new Harness(config);
        boolean terminal = System.console() != null && System.console().isTerminal();
        log.accept(String.format("measuring %d arms x %d columns x %d working sets into %s", arms.size(), columns.size(), ladder.size(), dir));
        Harness.Listener record = new Harness.Listener() {
            @Override
            public void measured(List<Measurement> point) {
                bundle.add(point);
            }

            @Override
            public void pointDone(WorkingSet ws, ValidityGate.Verdict v) {
                bundle.gate(ws, v);
                log.accept("  validity gate at " + ws.label() + ": " + v.label());
            }
        };
        long steps = Progress.steps(columns.size(), ladder.size());
        Consumer<Progress.State> lines = s -> {
            if (!terminal || options.progress() != null) log.accept("  " + s.text());
        };
        try (Progress p = options.progress() != null ? Progress.text(record, steps, options.progress().andThen(lines))
                : terminal ? Progress.console(record, steps, command) : Progress.text(record, steps, lines)) {
            h.run(arms, columns, ladder, p);
        }
        bundle.note("blackhole", h.blackhole());
        if (!h.unsettled().isEmpty()) {
            bundle.note("jit_unsettled", h.unsettled());
            log.accept("WARNING: the JIT was still compiling when these points were timed (after " + config.jitSettleMillis()
                    + " ms of settling): " + h.unsettled());
        }
        if (options.ipv()) {
            InstructionsPerValue.Detection d = InstructionsPerValue.detect();
            d.probes().forEach(p -> log.accept("  " + p.line()));
            if (d.available()) bundle.ipv(d.measure(IpvRequest.forRun(arms, columns, List.of(ladder.getFirst()))));
            else bundle.note("ipv", d.unavailableReason());
        }
        return bundle;
    }
}
