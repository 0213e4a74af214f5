package io.lanes.workbench.measure.ipv;

import com.sun.management.HotSpotDiagnosticMXBean;

import java.lang.management.ManagementFactory;
import java.util.function.LongSupplier;

/**
 * The counting protocol every backend follows on the thread that runs the kernel: warm the kernel
 * up until C2 has compiled it, count a bracket of N calls and a bracket of 2N calls, and take the
 * difference, so start-up, marker and bracket costs cancel. The same done for an empty kernel gives
 * the driver loop's cost per call, which is subtracted. Stateless.
 */
public final class IpvProtocol {
    /** Calls of the empty kernel per short bracket. */
    public static final int EMPTY_CALLS = 10;

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

    private IpvProtocol() {
    }

    /** Values per call of the small warm-up kernel. */
    public static final int SMALL_VALUES = 1024;
    /** Calls of the small warm-up kernel: past C2's invocation threshold (Tier4InvocationThreshold=5000). */
    public static final int SMALL_CALLS = 6000;

    /**
     * Warm-up calls at full size after the small warm-up: 4M values in all, at least 5 calls, so
     * size-dependent paths and loops are compiled and the last OSR transitions are done.
     */
    public static int warmupCalls(int values) {
        return (int) Math.max(5, Math.min(1_000_000, (4L << 20) / values));
    }

    /** N for a kernel of {@code values} values: 10, fewer for huge calls (the counts are exact either way). */
    public static int calls(int values) {
        return (int) Math.max(2, Math.min(10, (4L << 20) / values));
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
     * Warms a kernel up and counts its N and 2N brackets. The warm-up first calls {@code small}
     * (the same kernel on {@link #SMALL_VALUES} values) {@link #SMALL_CALLS} times, so that every
     * method of the decode path, not only its loops, is C2-compiled as a whole (with -Xbatch the
     * compiles finish before the next call) at a small cost under emulation, then {@code kernel}
     * {@link #warmupCalls} times.
     *
     * @return N, the calls of the short bracket
     */
    public static int count(LongSupplier kernel, LongSupplier small, int values, Bracket bracket) {
        warmUp(small, SMALL_CALLS);
        warmUp(kernel, warmupCalls(values));
        bracket.warmedUp();
        int calls = calls(values);
        bracketed(kernel, calls, bracket);
        bracketed(kernel, 2 * calls, bracket);
        return calls;
    }

    /** Counts the empty kernel, the driver loop's own cost; returns N. */
    public static int countEmpty(Bracket bracket) {
        warmUp(IpvProtocol::empty, SMALL_CALLS);
        bracket.warmedUp();
        bracketed(IpvProtocol::empty, EMPTY_CALLS, bracket);
        bracketed(IpvProtocol::empty, 2 * EMPTY_CALLS, bracket);
        return EMPTY_CALLS;
    }

    /** The empty kernel: the driver loop's own cost. */
    static long empty() {
        return sink & 1;
    }

    /** The CPU features the JIT of this JVM compiles for, e.g. {@code UseAVX=2 MaxVectorSize=32}. */
    public static String jitFeatures() {
        HotSpotDiagnosticMXBean hs = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        java.util.List<String> out = new java.util.ArrayList<>();
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
