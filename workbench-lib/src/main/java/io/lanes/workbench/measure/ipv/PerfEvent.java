package io.lanes.workbench.measure.ipv;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * One Linux perf event counting the calling thread only ({@code pid=0, cpu=-1}), opened through
 * the FFM API: {@code syscall(perf_event_open)}, then {@code ioctl} reset/enable/disable and
 * {@code read}. Open it on the thread that runs the kernel: JIT and GC threads are not counted.
 * Not thread-safe; close it on any thread.
 */
public final class PerfEvent implements AutoCloseable {
    /** {@code PERF_TYPE_HARDWARE}. */
    public static final int TYPE_HARDWARE = 0;
    /** {@code PERF_TYPE_SOFTWARE}. */
    public static final int TYPE_SOFTWARE = 1;
    /** {@code PERF_COUNT_HW_INSTRUCTIONS} (with {@link #TYPE_HARDWARE}). */
    public static final long HW_INSTRUCTIONS = 1;
    /** {@code PERF_COUNT_SW_TASK_CLOCK} (with {@link #TYPE_SOFTWARE}): nanoseconds on CPU. */
    public static final long SW_TASK_CLOCK = 1;

    private static final int ATTR_SIZE = 136;
    private static final long FLAG_DISABLED = 1L;
    private static final long FLAG_EXCLUDE_KERNEL = 1L << 5;
    private static final long FLAG_EXCLUDE_HV = 1L << 6;
    private static final long READ_FORMAT_TIMES = 1 | 2; // TOTAL_TIME_ENABLED | TOTAL_TIME_RUNNING
    private static final long IOC_ENABLE = 0x2400;
    private static final long IOC_DISABLE = 0x2401;
    private static final long IOC_RESET = 0x2403;

    private static final Map<Integer, String> ERRNO_NAMES = Map.ofEntries(Map.entry(1, "EPERM"), Map.entry(2, "ENOENT"),
            Map.entry(13, "EACCES"), Map.entry(14, "EFAULT"), Map.entry(16, "EBUSY"), Map.entry(19, "ENODEV"),
            Map.entry(22, "EINVAL"), Map.entry(24, "EMFILE"), Map.entry(38, "ENOSYS"), Map.entry(95, "EOPNOTSUPP"));

    /** Why an event could not be opened: errno, its name, and what it means for perf events. */
    public static final class Unavailable extends Exception {
        private final int errno;

        Unavailable(int errno, String message) {
            super(message);
            this.errno = errno;
        }

        /** The errno of the failed call, or 0 when no call was made (native access denied, other OS). */
        public int errno() {
            return errno;
        }
    }

    /** The libc entry points, linked once; linking fails when native access is denied. */
    private record Native(MethodHandle syscall, MethodHandle ioctl, MethodHandle read, MethodHandle close,
                          MethodHandle strerror, VarHandle errno, MemoryLayout callState, long syscallNumber) {
        static Native link() {
            Linker linker = Linker.nativeLinker();
            SymbolLookup libc = linker.defaultLookup();
            Linker.Option errno = Linker.Option.captureCallState("errno");
            MemoryLayout state = Linker.Option.captureStateLayout();
            long nr = switch (System.getProperty("os.arch")) {
                case "amd64", "x86_64" -> 298;
                case "aarch64" -> 241;
                default -> -1;
            };
            return new Native(
                    linker.downcallHandle(libc.find("syscall").orElseThrow(),
                            FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG),
                            Linker.Option.firstVariadicArg(1), errno),
                    linker.downcallHandle(libc.find("ioctl").orElseThrow(),
                            FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG), Linker.Option.firstVariadicArg(2), errno),
                    linker.downcallHandle(libc.find("read").orElseThrow(),
                            FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG), errno),
                    linker.downcallHandle(libc.find("close").orElseThrow(), FunctionDescriptor.of(JAVA_INT, JAVA_INT)),
                    linker.downcallHandle(libc.find("strerror").orElseThrow(), FunctionDescriptor.of(ADDRESS, JAVA_INT)),
                    state.varHandle(MemoryLayout.PathElement.groupElement("errno")), state, nr);
        }
    }

    private static Native nativeCalls;

    private final Native nat;
    private final int fd;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment buf;
    private final MemorySegment state;

    private PerfEvent(Native nat, int fd) {
        this.nat = nat;
        this.fd = fd;
        this.buf = arena.allocate(24, 8);
        this.state = arena.allocate(nat.callState());
    }

    /**
     * Opens an event counting user-space work of the calling thread, disabled until {@link #enable()}.
     *
     * @throws Unavailable with errno and meaning when the kernel refuses, or the reason no call could
     *                     be made (native access denied, not Linux x86_64/aarch64)
     */
    public static PerfEvent open(int type, long config) throws Unavailable {
        if (!System.getProperty("os.name", "").startsWith("Linux")) {
            throw new Unavailable(0, "perf_event_open exists only on Linux, this is " + System.getProperty("os.name"));
        }
        Native nat = linked();
        if (nat.syscallNumber() < 0) throw new Unavailable(0, "no perf_event_open syscall number known for " + System.getProperty("os.arch"));
        try (Arena a = Arena.ofConfined()) {
            MemorySegment attr = a.allocate(ATTR_SIZE, 8); // zeroed
            attr.set(JAVA_INT, 0, type);
            attr.set(JAVA_INT, 4, ATTR_SIZE);
            attr.set(JAVA_LONG, 8, config);
            attr.set(JAVA_LONG, 32, READ_FORMAT_TIMES);
            attr.set(JAVA_LONG, 40, FLAG_DISABLED | FLAG_EXCLUDE_KERNEL | FLAG_EXCLUDE_HV);
            MemorySegment st = a.allocate(nat.callState());
            long fd = (long) nat.syscall().invokeExact(st, nat.syscallNumber(), attr, 0, -1, -1, 0L);
            if (fd < 0) {
                int errno = (int) nat.errno().get(st, 0L);
                throw new Unavailable(errno, "errno " + errno + " " + errnoName(errno) + ": " + meaning(errno, type) + " [strerror: " + strerror(nat, errno) + "]");
            }
            return new PerfEvent(nat, (int) fd);
        } catch (Unavailable e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("perf_event_open call failed: " + t, t);
        }
    }

    private static synchronized Native linked() throws Unavailable {
        if (nativeCalls == null) {
            try {
                nativeCalls = Native.link();
            } catch (IllegalCallerException e) {
                throw new Unavailable(0, "native access denied (" + e.getMessage() + "): run the JVM with --enable-native-access=ALL-UNNAMED");
            }
        }
        return nativeCalls;
    }

    /** Symbolic name of an errno, e.g. {@code ENOENT}. */
    public static String errnoName(int errno) {
        return ERRNO_NAMES.getOrDefault(errno, "E?");
    }

    /** What an errno from perf_event_open means in practice. */
    static String meaning(int errno, int type) {
        return switch (errno) {
            case 2 -> type == TYPE_HARDWARE
                    ? "no PMU registered for hardware events (" + (Files.isDirectory(Path.of("/sys/bus/event_source/devices/cpu"))
                    ? "the cpu PMU exists but does not offer this event" : "/sys/bus/event_source/devices has no cpu PMU; typical of a VM without a virtual PMU") + ")"
                    : "the kernel does not know this event";
            case 1, 13 -> "not permitted: kernel.perf_event_paranoid is " + paranoid()
                    + "; counting a thread's own user-space events needs it <= 2, or CAP_PERFMON";
            case 19, 95 -> "the PMU does not support this event or its exclusion flags";
            case 38 -> "the kernel was built without perf events";
            case 24 -> "too many open files";
            case 22 -> "the kernel rejected the event attributes";
            default -> "perf_event_open failed";
        };
    }

    private static String paranoid() {
        try {
            return Files.readString(Path.of("/proc/sys/kernel/perf_event_paranoid")).trim();
        } catch (Exception e) {
            return "unknown (/proc/sys/kernel/perf_event_paranoid unreadable)";
        }
    }

    private static String strerror(Native nat, int errno) {
        try {
            MemorySegment s = (MemorySegment) nat.strerror().invokeExact(errno);
            return s.reinterpret(256).getString(0);
        } catch (Throwable t) {
            return "?";
        }
    }

    /** Zeroes the count. */
    public void reset() {
        ioctl(IOC_RESET);
    }

    /** Starts counting. */
    public void enable() {
        ioctl(IOC_ENABLE);
    }

    /** Stops counting. */
    public void disable() {
        ioctl(IOC_DISABLE);
    }

    /**
     * The count so far.
     *
     * @throws IllegalStateException if the event never ran (the PMU was busy) or was multiplexed, so
     *                               the count would be an estimate
     */
    public long read() {
        try {
            long got = (long) nat.read().invokeExact(state, fd, buf, 24L);
            if (got != 24) throw new IllegalStateException("read of perf event returned " + got + " (errno " + nat.errno().get(state, 0L) + ")");
        } catch (RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("read of perf event failed: " + t, t);
        }
        long value = buf.get(ValueLayout.JAVA_LONG, 0);
        long enabled = buf.get(ValueLayout.JAVA_LONG, 8);
        long running = buf.get(ValueLayout.JAVA_LONG, 16);
        if (enabled > 0 && running != enabled) {
            throw new IllegalStateException("perf event was multiplexed (ran " + running + " of " + enabled + " ns): the count would be an estimate");
        }
        return value;
    }

    private void ioctl(long request) {
        try {
            int r = (int) nat.ioctl().invokeExact(state, fd, request, 0L);
            if (r != 0) throw new IllegalStateException("ioctl 0x" + Long.toHexString(request) + " on perf event failed, errno " + nat.errno().get(state, 0L));
        } catch (RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("ioctl on perf event failed: " + t, t);
        }
    }

    @Override
    public void close() {
        try {
            int ignored = (int) nat.close().invokeExact(fd);
        } catch (Throwable t) {
            throw new IllegalStateException("close of perf event failed: " + t, t);
        } finally {
            arena.close();
        }
    }
}
