package io.lanes.workbench.results;

import io.lanes.workbench.corpus.Column;
import io.lanes.workbench.measure.Arm;
import io.lanes.workbench.measure.Fingerprint;
import io.lanes.workbench.measure.Harness;
import io.lanes.workbench.measure.Measurement;
import io.lanes.workbench.measure.ValidityGate;
import io.lanes.workbench.measure.WorkingSet;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs the harness into a result bundle, appending every column's measurements as it completes and
 * the gate verdict of every finished working-set point; progress lines go to a consumer (the
 * console, or a notebook display). One call per run; the same code serves the CLI and notebooks.
 */
public final class Recorder {
    private Recorder() {
    }

    /**
     * Measures {@code arms} on {@code columns} over {@code ladder} into a new bundle at {@code dir}.
     *
     * @param command label recorded in metadata.json (e.g. {@code bench} or a notebook name)
     * @param log     receives one progress line per column and point, with elapsed time and ETA
     */
    public static ResultBundle run(String command, List<Arm> arms, List<Column> columns, List<WorkingSet> ladder,
                                   Harness.Config config, Path dir, Consumer<String> log) {
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
        Harness h = new Harness(config);
        int total = columns.size() * ladder.size();
        long t0 = System.nanoTime();
        int[] done = {0};
        log.accept(String.format("measuring %d arms x %d columns x %d working sets into %s", arms.size(), columns.size(), ladder.size(), dir));
        h.run(arms, columns, ladder, new Harness.Listener() {
            @Override
            public void measured(List<Measurement> point) {
                bundle.add(point);
                done[0]++;
                double el = (System.nanoTime() - t0) / 1e9;
                double eta = el / done[0] * (total - done[0]);
                Measurement m = point.get(0);
                log.accept(String.format("  [%d/%d] %-28s %-8s %5.0fs elapsed, ETA %4.0fs", done[0], total, m.columnId(), m.workingSet(), el, eta));
            }

            @Override
            public void pointDone(WorkingSet ws, ValidityGate.Verdict v) {
                bundle.gate(ws, v);
                log.accept("  validity gate at " + ws.label() + ": " + v.label());
            }
        });
        bundle.note("blackhole", h.blackhole());
        return bundle;
    }
}
