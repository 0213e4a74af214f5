package io.lanes.workbench.measure.jmh;

import io.lanes.workbench.codec.registry.CodecPlugins;
import io.lanes.workbench.corpus.Column;
import io.lanes.workbench.corpus.Datasets;
import io.lanes.workbench.measure.Arm;
import io.lanes.workbench.measure.JitQueue;
import io.lanes.workbench.measure.Prepared;
import io.lanes.workbench.measure.WorkingSet;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.util.concurrent.TimeUnit;

/**
 * The JMH twin of the harness: one decode call of a codec on a column tiled to a working-set
 * point, the same {@link Prepared} kernel the in-process harness times, so the two routes differ
 * only in who runs the loop. Parameters are registry names, so JMH's parameter cross product is
 * codec x column x ladder point; run it through {@link JmhBridge}, which keeps codecs and columns
 * of the same value type together. Each instance is used by one benchmark thread.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class DecodeBenchmark {
    /** Codec registry name or {@code store-only}. */
    @Param("plain")
    public String codec;

    /** Column id. */
    @Param("syn.uniform.w12")
    public String column;

    /** Working-set point, e.g. {@code 400KiB}. */
    @Param("400KiB")
    public String workingSet;

    /** Longest wait for the compile queue before an iteration; beyond it the iteration runs anyway. */
    private static final long JIT_WAIT_MILLIS = 10_000;

    private Prepared prepared;
    private int slot;

    /** Installs the parent's plugin jars (so plugin codecs resolve), then prepares and verifies the kernel once per trial (fork). */
    @Setup
    public void setup() {
        CodecPlugins.installFromProperty();
        Column col = Datasets.load(column);
        prepared = Prepared.of(Arm.named(codec), col, WorkingSet.parse(workingSet).values(col));
        prepared.verify(codec + " on " + column + " @ " + workingSet);
    }

    /**
     * Every iteration at the next buffer placement, as the harness does every repetition (see
     * {@link Prepared#place}), once the JIT has installed what earlier iterations queued: JMH's
     * warm-up is a fixed time, and a generated kernel can wait in the 2-core VM's compile queue for
     * longer (fastlanes.delta.flat timed 13x its steady cost after 100 warm-up iterations of 5 ms).
     */
    @Setup(Level.Iteration)
    public void placeNext() {
        JitQueue.awaitIdle(JIT_WAIT_MILLIS);
        prepared.place(slot++);
        prepared.verify(codec + " on " + column + " @ " + workingSet + ", placement " + (slot - 1));
    }

    /** One decode call; JMH consumes the returned value. */
    @Benchmark
    public long decode() {
        return prepared.decode();
    }
}
