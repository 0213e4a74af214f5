package io.lanes.workbench.cli;

import io.lanes.workbench.corpus.Datasets;
import io.lanes.workbench.measure.Arm;
import io.lanes.workbench.measure.Fingerprint;
import io.lanes.workbench.measure.Harness;
import io.lanes.workbench.measure.Measurement;
import io.lanes.workbench.measure.QuietCheck;
import io.lanes.workbench.measure.WorkingSet;
import io.lanes.workbench.measure.jmh.JmhBridge;
import io.lanes.workbench.results.ResultBundle;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code workbench jmh}: decode medians from JMH in forked JVMs over codec x column x ladder point.
 * {@code --compare} also measures the same arms with the in-process harness and prints the
 * JMH/in-process ratio of the medians, the cross-check of the two routes. The harness's samples
 * last about 1 ms; on a shared machine the median of short samples and the mean of a 500 ms JMH
 * iteration diverge, so compare with short iterations ({@code --iteration-ms 5 --iterations 64
 * --warmup-iterations 100}); at 1 ms, JMH's per-iteration set-up (a new buffer placement, checked)
 * and its iteration bookkeeping cost JMH a few percent (docs/measurements.md). {@code --out} writes a result bundle of the JMH rows.
 */
@Command(name = "jmh", mixinStandardHelpOptions = true,
        description = {"Decode medians from JMH forks (codec x column x ladder point); --compare checks them against the in-process harness.",
                "The harness samples ~1 ms; for --compare on a shared machine use --iteration-ms 5 --iterations 64 --warmup-iterations 100.",
                "--codec and --dataset are required."})
public final class JmhCommand implements Callable<Integer> {
    @Mixin
    CodecOptions codecOptions;

    @Mixin
    DatasetOptions columnOptions;

    @Option(names = "--forks", defaultValue = "1", description = "forked JVMs per benchmark (default: ${DEFAULT-VALUE})")
    int forks;

    @Option(names = "--warmup-iterations", defaultValue = "3", description = "JMH warm-up iterations (default: ${DEFAULT-VALUE})")
    int warmup;

    @Option(names = "--iterations", defaultValue = "5", description = "JMH measurement iterations, the samples (default: ${DEFAULT-VALUE})")
    int iterations;

    @Option(names = "--iteration-ms", defaultValue = "500", description = "duration of one iteration in ms (default: ${DEFAULT-VALUE})")
    long iterationMs;

    @Option(names = "--compare", description = "also run the in-process harness on the same arms and print JMH/in-process ratios")
    boolean compare;

    @Option(names = "--rounds", defaultValue = "1", description = "with --compare: alternate JMH and in-process runs this many times (default: ${DEFAULT-VALUE})")
    int rounds;

    @Option(names = "--verbose", description = "show JMH's own output")
    boolean verbose;

    @Option(names = "--out", paramLabel = "DIR", description = "write a result bundle of the JMH rows")
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        List<String> patterns = codecOptions.required();
        List<String> datasets = columnOptions.required();
        codecOptions.plugins.install();
        List<String> codecs = Arm.resolve(patterns).stream().map(Arm::name).toList();
        PrintWriter pw = spec.commandLine().getOut();
        List<WorkingSet> points = WorkingSet.parseList(columnOptions.ladder());
        JmhBridge.Settings s = new JmhBridge.Settings(codecs, datasets, points, forks, warmup, iterations, Duration.ofMillis(iterationMs));
        pw.println("JMH: " + codecs.size() + " codec(s) x " + datasets.size() + " column(s) x " + points.size() + " point(s), "
                + forks + " fork(s), " + warmup + "+" + iterations + " iterations of " + iterationMs + " ms");
        pw.flush();
        if (compare) pw.println(QuietCheck.once(QuietCheck.Config.defaults()).summary());
        // rounds alternate the two routes, so slow drifts of a shared machine hit both alike
        Map<String, List<Measurement>> jmhRounds = new LinkedHashMap<>();
        Map<String, List<Measurement>> inProcessRounds = new LinkedHashMap<>();
        for (int round = 0; round < (compare ? rounds : 1); round++) {
            for (Measurement m : JmhBridge.run(s, verbose ? new PrintStream(System.out, true) : null)) {
                jmhRounds.computeIfAbsent(key(m), k -> new ArrayList<>()).add(m);
            }
            if (!compare) break;
            Harness h = new Harness(Harness.Config.quick());
            List<Arm> arms = codecs.stream().map(Arm::named).toList();
            for (WorkingSet ws : points) {
                for (String id : datasets) {
                    for (Measurement m : h.measure(arms, Datasets.load(id), ws)) {
                        if (!m.control()) inProcessRounds.computeIfAbsent(key(m), k -> new ArrayList<>()).add(m);
                    }
                }
            }
        }
        pw.println(String.format(Locale.ROOT, "%-22s %-20s %-8s %14s%s", "codec", "column", "ws", "jmh ns/call",
                compare ? String.format(Locale.ROOT, " %16s %10s %s", "in-proc ns/call", "jmh/in-proc", rounds > 1 ? " per-round ratios" : "") : ""));
        int outside = 0;
        List<Measurement> jmh = new ArrayList<>();
        for (Map.Entry<String, List<Measurement>> e : jmhRounds.entrySet()) {
            Measurement m = pooled(e.getValue());
            jmh.add(m);
            String line = String.format(Locale.ROOT, "%-22s %-20s %-8s %14.1f", m.arm(), m.columnId(), m.workingSet(), m.decodeMedian());
            List<Measurement> ips = inProcessRounds.get(e.getKey());
            if (ips != null) {
                Measurement ip = pooled(ips);
                double ratio = m.decodeMedian() / ip.decodeMedian();
                boolean within = Math.abs(ratio - 1) <= 0.05;
                if (!within) outside++;
                line += String.format(Locale.ROOT, " %16.1f %10.3f", ip.decodeMedian(), ratio);
                if (rounds > 1) {
                    StringBuilder per = new StringBuilder();
                    for (int r = 0; r < ips.size(); r++) {
                        per.append(String.format(Locale.ROOT, " %.3f", e.getValue().get(r).decodeMedian() / ips.get(r).decodeMedian()));
                    }
                    line += " " + per;
                }
                if (!within) line += "  (outside 5%)";
            }
            pw.println(line);
        }
        if (compare) pw.println(outside == 0 ? "all JMH medians within 5% of the in-process harness"
                : outside + " of " + jmh.size() + " JMH medians differ from the in-process harness by more than 5%");
        if (out != null) {
            Map<String, Object> settings = new LinkedHashMap<>();
            settings.put("command", "jmh");
            settings.put("forks", forks);
            settings.put("iterations", iterations);
            settings.put("warmup_iterations", warmup);
            settings.put("iteration_ms", iterationMs);
            ResultBundle bundle = new ResultBundle(out, Fingerprint.capture(), settings);
            for (Measurement m : jmh) bundle.add(List.of(m));
            pw.println("bundle: " + out.toAbsolutePath());
        }
        pw.flush();
        return 0;
    }

    /** One measurement holding the samples of every round. */
    private static Measurement pooled(List<Measurement> rounds) {
        Measurement f = rounds.getFirst();
        double[] dec = rounds.stream().flatMapToDouble(m -> java.util.Arrays.stream(m.decodeNanos())).toArray();
        double[] enc = rounds.stream().flatMapToDouble(m -> java.util.Arrays.stream(m.encodeNanos())).toArray();
        return new Measurement(f.arm(), f.control(), f.columnId(), f.dataset(), f.type(), f.workingSet(), f.values(), f.inputBytes(),
                f.outputBytes(), dec, enc, f.codecDetail());
    }

    private static String key(Measurement m) {
        return m.arm() + "|" + m.columnId() + "|" + m.workingSet();
    }
}
