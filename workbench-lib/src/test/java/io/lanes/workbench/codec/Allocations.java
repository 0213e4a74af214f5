package io.lanes.workbench.codec;

import java.lang.management.ManagementFactory;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bytes the current thread allocates while running an action, from HotSpot's per-thread allocation
 * counter: how a test checks that a decoder given a few bytes does not allocate from an unchecked
 * field. Stateless.
 */
public final class Allocations {
    /** The bound a test of a small page or file holds a decoder to. */
    public static final long BOUND = 64L << 20;

    private static final com.sun.management.ThreadMXBean THREADS = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private Allocations() {
    }

    /** Something to run whose allocation is measured; it may throw. */
    public interface Action {
        void run() throws Exception;
    }

    /**
     * Runs {@code action} on this thread and fails if it allocated {@link #BOUND} bytes or more;
     * returns what it threw (null if nothing), so the caller can check the exception's type.
     */
    public static Throwable runBounded(String what, Action action) {
        assertTrue(THREADS.isThreadAllocatedMemoryEnabled(), "the JVM counts allocated bytes per thread");
        long before = THREADS.getCurrentThreadAllocatedBytes();
        Throwable thrown = null;
        try {
            action.run();
        } catch (Exception | OutOfMemoryError e) {
            thrown = e;
        }
        long used = THREADS.getCurrentThreadAllocatedBytes() - before;
        Throwable t = thrown;
        assertTrue(used < BOUND, () -> what + ": allocated " + used + " bytes (bound " + BOUND + ")" + (t == null ? "" : ", then threw " + t));
        return thrown;
    }
}
