package io.lanes.workbench.measure.jmh;

import io.lanes.workbench.codec.registry.CodecRegistry;
import io.lanes.workbench.corpus.Column;
import io.lanes.workbench.corpus.Datasets;
import io.lanes.workbench.measure.Arm;
import io.lanes.workbench.measure.ChildJvm;
import io.lanes.workbench.measure.Measurement;
import io.lanes.workbench.measure.Prepared;
import io.lanes.workbench.measure.StoreOnly;
import io.lanes.workbench.measure.WorkingSet;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Runs {@link DecodeBenchmark} in forked JVMs through JMH's API and maps the results to
 * {@link Measurement}s (one sample per measurement iteration, nanoseconds per decode call), so JMH
 * figures land in the same results as the harness's. Works from the CLI and from a notebook: the
 * forks' class path is set from where the workbench classes were loaded (a notebook kernel's
 * {@code java.class.path} is its own), and an empty JMH result is an error naming the likely
 * cause, never an empty table. Not thread-safe: it sets {@code java.class.path} while JMH runs.
 */
public final class JmhBridge {
    private JmhBridge() {
    }

    /**
     * What to run.
     *
     * @param codecs           codec names (or {@code store-only})
     * @param datasets         column ids
     * @param ladder           working-set points
     * @param forks            forked JVMs per benchmark
     * @param warmupIterations warm-up iterations per fork
     * @param iterations       measurement iterations per fork (the samples)
     * @param iterationTime    duration of one iteration
     */
    public record Settings(List<String> codecs, List<String> datasets, List<WorkingSet> ladder, int forks, int warmupIterations,
                           int iterations, Duration iterationTime) {
        public Settings {
            if (forks < 1) throw new IllegalArgumentException("JMH needs at least one fork to be a forked measurement, got " + forks);
            if (iterations < 1) throw new IllegalArgumentException("iterations must be >= 1");
        }

        /** One fork, 3 warm-up and 5 measurement iterations of 500 ms. */
        public static Settings quick(List<String> codecs, List<String> datasets, List<WorkingSet> ladder) {
            return new Settings(codecs, datasets, ladder, 1, 3, 5, Duration.ofMillis(500));
        }
    }

    /**
     * Runs the benchmark for every codec x column x point whose types match and returns one
     * measurement each, in column, then codec, then point order.
     *
     * @param log receives JMH's own output as it runs (may be {@code null}: kept for error messages only)
     * @throws IllegalStateException if JMH returns no result for a run (the fork failed)
     */
    public static List<Measurement> run(Settings s, PrintStream log) {
        List<Measurement> out = new ArrayList<>();
        for (String id : s.datasets()) {
            Column col = Datasets.load(id);
            List<String> codecs = new ArrayList<>();
            for (String c : s.codecs()) {
                if (c.equals(StoreOnly.NAME) || CodecRegistry.get(c).valueBits() == col.type().bytes() * 8) codecs.add(c);
            }
            if (codecs.isEmpty()) continue;
            Collection<RunResult> results = runJmh(s, col, codecs, log);
            for (String c : codecs) {
                for (WorkingSet ws : s.ladder()) out.add(measurement(results, col, c, ws));
            }
        }
        return out;
    }

    private static Collection<RunResult> runJmh(Settings s, Column col, List<String> codecs, PrintStream log) {
        ChainedOptionsBuilder o = new OptionsBuilder()
                .include(DecodeBenchmark.class.getName() + ".decode$")
                .param("codec", codecs.toArray(String[]::new))
                .param("column", col.id())
                .param("workingSet", s.ladder().stream().map(WorkingSet::label).toArray(String[]::new))
                .forks(s.forks())
                .warmupIterations(s.warmupIterations())
                .warmupTime(TimeValue.milliseconds(s.iterationTime().toMillis()))
                .measurementIterations(s.iterations())
                .measurementTime(TimeValue.milliseconds(s.iterationTime().toMillis()))
                .jvmArgsAppend(java.util.stream.Stream.concat(ChildJvm.BASE_FLAGS.stream(), ChildJvm.forwardedProperties().stream()).toArray(String[]::new))
                .shouldFailOnError(true);
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream sink = new PrintStream(log == null ? captured : tee(captured, log), true, StandardCharsets.UTF_8);
        String classPath = System.getProperty("java.class.path");
        // JMH builds the forks' class path from this property
        System.setProperty("java.class.path", forkClassPath());
        try {
            Collection<RunResult> r = new Runner(o.build(), OutputFormatFactory.createFormatInstance(sink, VerboseMode.NORMAL)).run();
            if (r.isEmpty()) throw empty(captured, null);
            return r;
        } catch (RunnerException e) {
            throw empty(captured, e);
        } finally {
            System.setProperty("java.class.path", classPath);
        }
    }

    /** The workbench, JMH and JMH's own dependencies (jopt-simple, commons-math3), for the forks. */
    private static String forkClassPath() {
        return ChildJvm.classPath(Runner.class, joptsimple.OptionParser.class, org.apache.commons.math3.stat.descriptive.DescriptiveStatistics.class);
    }

    private static IllegalStateException empty(ByteArrayOutputStream captured, Exception cause) {
        List<String> lines = captured.toString(StandardCharsets.UTF_8).lines().toList();
        String tail = String.join("\n", lines.subList(Math.max(0, lines.size() - 25), lines.size()));
        return new IllegalStateException("JMH returned no results: the forked JVM most likely failed (e.g. "
                + "ClassNotFoundException: org.openjdk.jmh.runner.ForkedMain when the fork's class path lacks the workbench "
                + "and JMH jars, or a failing benchmark setup). Fork class path: " + forkClassPath()
                + "\nJMH output (last lines):\n" + tail, cause);
    }

    private static Measurement measurement(Collection<RunResult> results, Column col, String codec, WorkingSet ws) {
        List<Double> samples = new ArrayList<>();
        for (RunResult rr : results) {
            var p = rr.getParams();
            if (!p.getParam("codec").equals(codec) || !p.getParam("workingSet").equals(ws.label())) continue;
            for (BenchmarkResult br : rr.getBenchmarkResults()) {
                for (IterationResult ir : br.getIterationResults()) samples.add(ir.getPrimaryResult().getScore());
            }
        }
        if (samples.isEmpty()) throw new IllegalStateException("JMH produced no samples for " + codec + " on " + col.id() + " @ " + ws.label());
        int n = ws.values(col);
        Prepared sizes = Prepared.of(Arm.named(codec), col, n);
        return new Measurement(codec, false, col.id(), col.dataset(), col.type().label(), ws.label(), n, sizes.encodedBytes(),
                sizes.outputBytes(), samples.stream().mapToDouble(Double::doubleValue).toArray(), new double[0], sizes.codecDetail());
    }

    private static OutputStream tee(OutputStream a, OutputStream b) {
        return new OutputStream() {
            @Override
            public void write(int x) throws java.io.IOException {
                a.write(x);
                b.write(x);
            }

            @Override
            public void write(byte[] buf, int off, int len) throws java.io.IOException {
                a.write(buf, off, len);
                b.write(buf, off, len);
            }

            @Override
            public void flush() throws java.io.IOException {
                a.flush();
                b.flush();
            }
        };
    }
}
