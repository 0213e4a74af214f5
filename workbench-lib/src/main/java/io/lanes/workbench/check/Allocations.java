package io.lanes.workbench.check;

import java.lang.management.ManagementFactory;

/**
 * Bytes the current thread allocates, from HotSpot's per-thread allocation counter
 * ({@code com.sun.management.ThreadMXBean#getCurrentThreadAllocatedBytes}): how the fuzz engine
 * bounds a decode's allocation, how {@link Conformance} checks that a decode allocates nothing per
 * call, and how tests check that a decoder given a few bytes does not allocate from an unchecked
 * field. Only the calling thread's allocations count, so other threads do not disturb a
 * measurement. Stateless and thread-safe.
 */
public final class Allocations {
    /** The bound a small page or file holds a decoder to: the fuzz engine's slack, {@link Fuzzer#ALLOCATION_SLACK}. */
    public static final long BOUND = Fuzzer.ALLOCATION_SLACK;

    private static final com.sun.management.ThreadMXBean THREADS = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private Allocations() {
    }

    /** Something to run whose allocation is measured; it may throw. */
    public interface Action {
        void run() throws Exception;
    }

    /**
     * What running an action cost and how it ended.
     *
     * @param bytes  bytes the calling thread allocated while it ran
     * @param thrown what it threw (an {@link Exception} or {@link OutOfMemoryError}), or null
     */
    public record Run(long bytes, Throwable thrown) {
        /** Whether it allocated less than {@link #BOUND}. */
        public boolean bounded() {
            return bytes < BOUND;
        }

        @Override
        public String toString() {
            return "allocated " + bytes + " bytes (bound " + BOUND + ")" + (thrown == null ? "" : ", then threw " + thrown);
        }
    }

    /** The calling thread's allocated bytes so far: subtract two readings for what ran between them. */
    public static long current() {
        return THREADS.getCurrentThreadAllocatedBytes();
    }

    /**
     * Runs {@code action} on this thread and returns what it allocated and threw; an exception or an
     * {@link OutOfMemoryError} is caught and returned, so the caller can check its type.
     *
     * @throws IllegalStateException if this JVM does not count allocated bytes per thread
     */
    public static Run run(Action action) {
        if (!THREADS.isThreadAllocatedMemoryEnabled()) throw new IllegalStateException("this JVM does not count allocated bytes per thread");
        long before = current();
        Throwable thrown = null;
        try {
            action.run();
        } catch (Exception | OutOfMemoryError e) {
            thrown = e;
        }
        return new Run(current() - before, thrown);
    }
}
