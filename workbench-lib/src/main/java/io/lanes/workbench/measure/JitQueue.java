package io.lanes.workbench.measure;

import javax.management.MBeanServer;
import javax.management.ObjectName;
import java.lang.management.ManagementFactory;

/**
 * Whether this JVM's JIT still has work in hand: compilations running or queued, read from
 * HotSpot's {@code Compiler.queue} diagnostic command (what {@code jcmd PID Compiler.queue} prints).
 * A kernel whose C2 compilation is still queued runs as interpreted or C1 code, so timing it
 * measures the JIT's schedule, not the kernel; a huge generated method can take hundreds of
 * milliseconds to compile on a loaded machine, longer than a fixed warm-up. Thread-safe.
 */
public final class JitQueue {
    private static final ObjectName DIAGNOSTICS = name();

    private JitQueue() {
    }

    /** Whether the queue can be read (a HotSpot JVM with the diagnostic-command MBean). */
    public static boolean available() {
        return DIAGNOSTICS != null && read() != null;
    }

    /** Whether any compilation is running or queued; false when the queue cannot be read. */
    public static boolean busy() {
        String q = read();
        return q != null && busy(q);
    }

    /**
     * Waits, polling every few milliseconds, until no compilation is running or queued, or
     * {@code maxMillis} have passed; returns whether the queue was seen empty (false also when it
     * cannot be read). Sleeps the calling thread only: compilation runs on the JIT's own threads.
     */
    public static boolean awaitIdle(long maxMillis) {
        long until = System.nanoTime() + maxMillis * 1_000_000L;
        while (true) {
            String q = read();
            if (q == null) return false;
            if (!busy(q)) return true;
            if (System.nanoTime() > until) return false;
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    /**
     * Milliseconds this JVM's JIT has spent compiling so far; it grows whenever a compilation
     * finishes, so an unchanged value across a stretch of time means nothing was installed in it.
     */
    public static long compiledMillis() {
        var jit = ManagementFactory.getCompilationMXBean();
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : 0;
    }

    /** Parses the command's text: every compile task, running or queued, names a method as {@code Class::method}. */
    static boolean busy(String queueText) {
        return queueText.contains("::");
    }

    private static String read() {
        if (DIAGNOSTICS == null) return null;
        try {
            MBeanServer s = ManagementFactory.getPlatformMBeanServer();
            return (String) s.invoke(DIAGNOSTICS, "compilerQueue", new Object[] {null}, new String[] {String[].class.getName()});
        } catch (Exception | LinkageError e) {
            return null;
        }
    }

    private static ObjectName name() {
        try {
            ObjectName n = new ObjectName("com.sun.management:type=DiagnosticCommand");
            return ManagementFactory.getPlatformMBeanServer().isRegistered(n) ? n : null;
        } catch (Exception | LinkageError e) {
            return null;
        }
    }
}
