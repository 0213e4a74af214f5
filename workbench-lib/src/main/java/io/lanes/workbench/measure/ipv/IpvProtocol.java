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
    }

    private static long sink;

    private IpvProtocol() {
    }

    /**
     * Warm-up calls for a kernel of {@code values} values: at least 200 and at least 4M values in
     * all, so loop bodies and the decode method are C2-compiled before counting (with -Xbatch the
     * compiles finish before the next call).
     */
    public static int warmupCalls(int values) {
        return (int) Math.max(200, Math.min(1_000_000, (4L << 20) / values));
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

    /** The N and 2N brackets of one kernel after its warm-up. */
    public static void count(LongSupplier kernel, int warmupCalls, int calls, Bracket bracket) {
        warmUp(kernel, warmupCalls);
        bracketed(kernel, calls, bracket);
        bracketed(kernel, 2 * calls, bracket);
    }

    /** The empty kernel: the driver loop's own cost. */
    public static long empty() {
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
