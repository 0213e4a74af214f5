package io.lanes.workbench.measure.ipv;

import com.sun.management.HotSpotDiagnosticMXBean;

import io.lanes.workbench.corpus.Column;
import io.lanes.workbench.measure.Arm;
import io.lanes.workbench.measure.JitQueue;
import io.lanes.workbench.measure.Prepared;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * The counting protocol every backend follows on the thread that runs the kernel: warm the kernel
 * up until C2 has compiled it, count rounds of a bracket of N calls and a bracket of 2N calls until
 * two rounds in a row ran with the JIT idle, and take the difference of those rounds' counts
 * ({@link #delta}), so start-up, marker and bracket costs cancel and brackets in which the JIT was
 * still at work are not counted. The same done for an empty kernel gives the driver loop's cost per
 * call, which is subtracted. Stateless.
 */
public final class IpvProtocol {
    /** Calls of the empty kernel per short bracket. */
    public static final int EMPTY_CALLS = 10;
    /**
     * Most rounds of an N and a 2N bracket per kernel ({@link #count} stops after two in which the
     * JIT compiled nothing). A column whose rarer paths only the full-size calls reach keeps
     * compiling into the first rounds: {@code bitpack.seq.vector} on {@code tpch.lineitem.l_orderkey}
     * (widths its later pages alone use) counted 62.7M, 92.8M and 113.4M instructions for the same N
     * calls in three rounds, and a single pair had given a negative figure.
     */
    public static final int MAX_ROUNDS = 10;
    /**
     * How far apart the last rounds' counts of one bracket size may be and still agree, as a
     * fraction of the smaller, beyond {@link #STEADY_SLACK} instructions: a safepoint poll or a
     * marker call's own jitter stays inside; a recompile does not.
     */
    static final double STEADY_FRACTION = 0.002;
    /** Instructions of jitter allowed between brackets of one size whatever their length. */
    static final long STEADY_SLACK = 1_000;

    /** Start and end of a counted region on the calling thread. */
    public interface Bracket {
        void begin();

        void end();

        /**
         * Called once after the warm-up, before the first bracket. A backend whose JVM compiles in the
         * background waits here for the queue to drain; with {@code -Xbatch} there is nothing to wait for.
         */
        default void warmedUp() {
        }
    }

    private static long sink;
    /** A bracket that counts nothing. */
    private static final Bracket UNCOUNTED = new Bracket() {
        @Override
        public void begin() {
        }

        @Override
        public void end() {
        }
    };

    private IpvProtocol() {
    }

    /** Values per call of the small warm-up kernels. */
    public static final int SMALL_VALUES = 1024;
    /** Calls of the small warm-up kernels in all: past C2's invocation threshold (Tier4InvocationThreshold=5000). */
    public static final int SMALL_CALLS = 6000;
    /**
     * Small warm-up kernels per kernel, cut from across the values a call decodes: a column's first
     * 1024 values alone leave C2 a profile without the paths of its later pages (widths, exceptions),
     * which the full-size calls then trap on and recompile ({@code bitpack.seq.vector} on
     * {@code tpch.lineitem.l_orderkey}: the worst of three N brackets counted 480M instructions
     * against 60M steady with the first values alone, 113M with these samples).
     */
    public static final int SAMPLES = 16;

    /**
     * Warm-up calls at full size after the small warm-up: 32M values in all, at least 32 calls, so
     * size-dependent paths and loops are compiled and the last OSR transitions are done. A method
     * only the full-size calls reach compiles when its own counts cross C2's thresholds: with 4M
     * values (6 calls of {@code tpch.lineitem.l_orderkey}'s 600,572) {@code bitpack.seq.vector}'s
     * width-16 method still ran as C1 code through two rounds in which nothing compiled, and C2
     * compiled it about 30 calls in, taking the count from 31.3 to 17.4 instructions a value.
     */
    public static int warmupCalls(int values) {
        return (int) Math.max(32, Math.min(1_000_000, (32L << 20) / values));
    }

    /**
     * N for a kernel of {@code values} values: 10, fewer for calls of more than 100K values, down to
     * 2 (the counts are exact either way; the rounds then stay affordable under emulation).
     */
    public static int calls(int values) {
        return (int) Math.max(2, Math.min(10, (1L << 20) / values));
    }

    /** Runs {@code kernel} {@code calls} times outside any bracket. */
    public static void warmUp(LongSupplier kernel, int calls) {
        long s = 0;
        for (int i = 0; i < calls; i++) s += kernel.getAsLong();
        sink ^= s;
    }

    /**
     * Runs {@code kernel} {@code calls} times inside one bracket. Child JVMs exclude this method
     * from compilation, so its per-call cost is the interpreter's and the same for every kernel.
     */
    public static void bracketed(LongSupplier kernel, int calls, Bracket bracket) {
        long s = 0;
        bracket.begin();
        for (int i = 0; i < calls; i++) s += kernel.getAsLong();
        bracket.end();
        sink ^= s;
    }

    /**
     * What {@link #count} did: N, the rounds of an N and a 2N bracket it counted, and whether the
     * last two ran with the JIT idle.
     */
    public record Counted(int calls, int rounds, boolean settled) {
    }

    /**
     * Warms a kernel up and counts its rounds of N and 2N brackets. The warm-up first calls the
     * kernels {@code small} (the same kernel on {@link #samples}) in turn, {@link #SMALL_CALLS} calls
     * in all, so that every method of the decode path, not only its loops, is C2-compiled as a whole
     * (with -Xbatch the compiles finish before the next call) at a small cost under emulation, then
     * {@code kernel} {@link #warmupCalls} times; then rounds until two in a row finish no compilation
     * ({@link #MAX_ROUNDS} at most).
     */
    public static Counted count(LongSupplier kernel, List<LongSupplier> small, int values, Bracket bracket) {
        for (int i = 0; i < SMALL_CALLS; i += small.size()) {
            for (LongSupplier s : small) warmUp(s, 1);
        }
        warmUp(kernel, warmupCalls(values));
        bracket.warmedUp();
        return rounds(kernel, calls(values), bracket);
    }

    /**
     * Rounds of a bracket of {@code calls} calls and one of twice as many, until two rounds in a row
     * ran while no compilation finished ({@link JitQueue#compiledMillis} unchanged), or
     * {@link #MAX_ROUNDS}.
     */
    private static Counted rounds(LongSupplier kernel, int calls, Bracket bracket) {
        // uncounted first: the bracket loop's first run resolves its call sites in the interpreter,
        // about 5,300 instructions the empty kernel's first N bracket counted and no later one did
        bracketed(kernel, calls, UNCOUNTED);
        int r = 0, quiet = 0;
        while (r < MAX_ROUNDS && quiet < 2) {
            long before = JitQueue.compiledMillis();
            bracketed(kernel, calls, bracket);
            bracketed(kernel, 2 * calls, bracket);
            r++;
            quiet = JitQueue.compiledMillis() == before ? quiet + 1 : 0;
        }
        return new Counted(calls, r, quiet == 2);
    }

    /**
     * The instructions of N calls from one kernel's bracket counts, in the order counted (N, 2N, N,
     * 2N, ...): from the last two rounds, which ran with the JIT idle ({@code settled}) and must
     * agree, the smaller 2N count minus the smaller N count. Counts from brackets the JIT compiled
     * in are no measure of the kernel, whichever way they lean: they count more (interpreted calls,
     * a deoptimisation) or less (code replaced mid-bracket), and the code of the rounds before can
     * be worse than the steady state's ({@code bitpack.seq.vector} on
     * {@code tpch.lineitem.l_orderkey} counted 31.3 instructions a value in four rounds and 17.4 in
     * the fifth, after the last compile). Refused, rather than returned, when the JIT was still
     * compiling, the last rounds disagree, or the difference is not positive.
     *
     * @param what    the kernel, for the error
     * @param settled whether the last two rounds ran with no compilation finishing ({@link Counted#settled})
     * @throws IllegalStateException naming the kernel and every count
     */
    public static long delta(String what, List<Long> counts, boolean settled) {
        return delta(what, counts, settled, true);
    }

    /**
     * As {@link #delta(String, List, boolean)}; {@code countsInstructions} false for an event that
     * is not a count of instructions (a clock, which tests stand in for a PMU with): its rounds are
     * not expected to agree nor its 2N bracket to exceed its N bracket.
     */
    static long delta(String what, List<Long> counts, boolean settled, boolean countsInstructions) {
        int n = counts.size();
        if (n < 4 || n % 2 != 0) {
            throw new IllegalStateException(what + ": " + n + " bracket counts, expected two or more rounds of an N and a 2N bracket");
        }
        if (countsInstructions && !settled) {
            throw new IllegalStateException(what + ": the JIT was still compiling after " + n / 2 + " rounds of brackets, so no count is the kernel's"
                    + " steady state (N, 2N brackets in order: " + counts + "); rerun, or count this kernel alone");
        }
        long a = counts.get(n - 4), b = counts.get(n - 2), a2 = counts.get(n - 3), b2 = counts.get(n - 1);
        if (countsInstructions && (!agree(a, b) || !agree(a2, b2))) {
            throw new IllegalStateException(what + ": the last two rounds disagree although the JIT compiled nothing in them"
                    + " (N, 2N brackets in order: " + counts + "); rerun, or count this kernel alone");
        }
        long d = Math.min(a2, b2) - Math.min(a, b);
        if (countsInstructions && d <= 0) {
            throw new IllegalStateException(what + ": the 2N bracket counted no more than the N bracket (" + Math.min(a2, b2) + " <= " + Math.min(a, b) + "): no figure");
        }
        return d;
    }

    /** Whether two counts of one bracket size agree within the jitter allowed. */
    private static boolean agree(long x, long y) {
        return Math.abs(x - y) <= STEADY_SLACK + (long) (STEADY_FRACTION * Math.min(x, y));
    }

    /**
     * The small warm-up kernels (their decode calls) of {@code arm} on {@code col} decoded {@code values} at a time:
     * {@link #SAMPLES} cuts of {@link #SMALL_VALUES} values spread evenly over the first
     * {@code values} (or the whole column, when it is shorter and a call tiles it), or the column cut
     * or tiled to {@code min(values, SMALL_VALUES)} when there is no room for more than one.
     */
    public static List<LongSupplier> samples(Arm arm, Column col, int values) {
        int span = Math.min(values, col.size());
        if (span <= SMALL_VALUES) return List.of(Prepared.of(arm, col, Math.min(values, SMALL_VALUES))::decode);
        List<LongSupplier> out = new ArrayList<>(SAMPLES);
        for (int k = 0; k < SAMPLES; k++) {
            int from = (int) ((long) k * (span - SMALL_VALUES) / (SAMPLES - 1));
            out.add(Prepared.of(arm, col.slice(from, SMALL_VALUES), SMALL_VALUES)::decode);
        }
        return out;
    }

    /** Counts the empty kernel's rounds of brackets, the driver loop's own cost. */
    public static Counted countEmpty(Bracket bracket) {
        warmUp(IpvProtocol::empty, SMALL_CALLS);
        bracket.warmedUp();
        return rounds(IpvProtocol::empty, EMPTY_CALLS, bracket);
    }

    /** The empty kernel: the driver loop's own cost. */
    static long empty() {
        return sink & 1;
    }

    /** The CPU features the JIT of this JVM compiles for, e.g. {@code UseAVX=2 MaxVectorSize=32}. */
    public static String jitFeatures() {
        HotSpotDiagnosticMXBean hs = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        List<String> out = new ArrayList<>();
        for (String flag : new String[] {"UseAVX", "UseSSE", "MaxVectorSize"}) {
            try {
                out.add(flag + "=" + hs.getVMOption(flag).getValue());
            } catch (IllegalArgumentException e) {
                // not an x86 JVM: the flag does not exist there
            }
        }
        return out.isEmpty() ? System.getProperty("os.arch") : String.join(" ", out);
    }
}
