package io.lanes.workbench.measure;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Checks that the machine is quiet enough to time on, on two conditions over a short window rather
 * than the load average (a lagging one-minute mean that a benchmark which has just started does not
 * show yet, and that this JVM's own last study keeps high): the CPU busy share from /proc/stat, and
 * no other process (this JVM excluded) using more than a share of a core. The load average is
 * recorded beside them. Waits until both hold or a limit passes, then warns; the outcome goes into
 * the results ({@link Outcome#toMap()}). Linux only: elsewhere the outcome says it could not check.
 * Stateless; the sampling sleeps on the calling thread.
 */
public final class QuietCheck {
    /**
     * The one-minute load average is recorded but not judged: it counts this JVM's own work of the last
     * minute (the study before, the build before the first), so after one study it could not pass for
     * minutes on an idle machine. The window's busy share and other processes' shares exclude nothing
     * that competes now and count nothing of this JVM's.
     *
     * @param maxBusy         share of all CPU time busy in the window at most (0..1)
     * @param maxProcessShare share of one core any other process may use in the window at most
     * @param window          sampling window of one check
     * @param waitLimit       how long to keep checking before warning
     */
    public record Config(double maxBusy, double maxProcessShare, Duration window, Duration waitLimit) {
        /** Defaults: busy <= 10%, no other process above 10% of a core, 1 s windows, 60 s wait. */
        public static Config defaults() {
            return new Config(0.10, 0.10, Duration.ofSeconds(1), Duration.ofSeconds(60));
        }

        /** The same thresholds with another wait limit. */
        public Config waitingAtMost(Duration limit) {
            return new Config(maxBusy, maxProcessShare, window, limit);
        }
    }

    /**
     * A process that used CPU during the window.
     *
     * @param pid   process id
     * @param name  command name from /proc/[pid]/stat
     * @param share share of one core it used in the window
     */
    public record BusyProcess(int pid, String name, double share) {
    }

    /**
     * What the check found at its last sample.
     *
     * @param quiet       whether all three conditions held
     * @param checked     false where /proc is missing (not Linux): nothing was checked
     * @param waited      how long it waited for quiet
     * @param load1       one-minute load average
     * @param cores       online cores
     * @param busy        CPU busy share in the last window (0..1)
     * @param busiest     other processes above the threshold, busiest first
     * @param failed      the conditions that did not hold, empty when quiet
     */
    public record Outcome(boolean quiet, boolean checked, Duration waited, double load1, int cores, double busy,
                          List<BusyProcess> busiest, List<String> failed) {
        /** One line for people: {@code quiet} or a warning naming what was not. */
        public String summary() {
            if (!checked) return "quiet check: not checked (" + String.join("; ", failed) + ")";
            String figures = String.format(Locale.ROOT, "load %.2f on %d cores, CPU %.0f%% busy", load1, cores, busy * 100);
            if (quiet) return "quiet check: quiet (" + figures + ", waited " + waited.toMillis() / 1000.0 + " s)";
            return "WARNING: machine not quiet after waiting " + waited.toMillis() / 1000.0 + " s: " + String.join("; ", failed)
                    + " (" + figures + "); timings may be noisy";
        }

        /** The outcome as metadata.json records it ({@code ResultBundle.note("quiet", outcome.toMap())}). */
        public Map<String, Object> toMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("quiet", quiet);
            m.put("checked", checked);
            m.put("waited_s", waited.toMillis() / 1000.0);
            m.put("load1", load1);
            m.put("cores", cores);
            m.put("cpu_busy", busy);
            List<Map<String, Object>> procs = new ArrayList<>();
            for (BusyProcess p : busiest) procs.add(Map.of("pid", p.pid(), "name", p.name(), "core_share", p.share()));
            m.put("busy_processes", procs);
            m.put("failed", failed);
            m.put("summary", summary());
            return m;
        }
    }

    /**
     * A wait allowance shared by the quiet checks of one run (the main job's studies and claims), so
     * a busy machine costs the run one bounded wait rather than one per study: each check waits at
     * most what is left, and once it is spent a check only samples one window. Thread-safe.
     */
    public static final class Budget {
        private long remainingNanos;

        public Budget(Duration total) {
            remainingNanos = total.toNanos();
        }

        /** Checks as {@link #await} does, waiting at most the smaller of the config's limit and what is left. */
        public Outcome await(Config config) {
            Duration limit;
            synchronized (this) {
                limit = Duration.ofNanos(Math.min(config.waitLimit().toNanos(), remainingNanos));
            }
            Outcome o = QuietCheck.await(config.waitingAtMost(limit));
            synchronized (this) {
                remainingNanos = Math.max(0, remainingNanos - o.waited().toNanos());
            }
            return o;
        }

        /** What is left to wait. */
        public synchronized Duration remaining() {
            return Duration.ofNanos(remainingNanos);
        }
    }

    /** CPU time counters at one instant. */
    record Sample(long total, long idle, Map<Integer, Long> processTicks, Map<Integer, String> names) {
    }

    private QuietCheck() {
    }

    /** Checks once over one window, without waiting. */
    public static Outcome once(Config config) {
        return await(config.waitingAtMost(Duration.ZERO));
    }

    /** Checks repeatedly until quiet or {@code config.waitLimit()} has passed; returns the last outcome. */
    public static Outcome await(Config config) {
        if (!Files.isReadable(Path.of("/proc/stat"))) {
            return new Outcome(false, false, Duration.ZERO, Double.NaN, Runtime.getRuntime().availableProcessors(), Double.NaN,
                    List.of(), List.of("/proc/stat is not readable: not Linux"));
        }
        long start = System.nanoTime();
        int self = (int) ProcessHandle.current().pid();
        while (true) {
            Sample a = sample(self);
            sleep(config.window());
            Sample b = sample(self);
            Duration waited = Duration.ofNanos(System.nanoTime() - start);
            Outcome o = evaluate(config, a, b, load1(), Runtime.getRuntime().availableProcessors(), waited);
            if (o.quiet() || waited.compareTo(config.waitLimit()) >= 0) return o;
        }
    }

    /** Judges two samples against the thresholds. */
    static Outcome evaluate(Config c, Sample a, Sample b, double load1, int cores, Duration waited) {
        long dt = Math.max(1, b.total() - a.total());
        double busy = 1 - (b.idle() - a.idle()) / (double) dt;
        double ticksPerCore = dt / (double) cores; // /proc/stat sums every core
        List<BusyProcess> hot = new ArrayList<>();
        for (Map.Entry<Integer, Long> e : b.processTicks().entrySet()) {
            Long before = a.processTicks().get(e.getKey());
            if (before == null) continue; // started inside the window: seen next time
            double share = (e.getValue() - before) / ticksPerCore;
            if (share > c.maxProcessShare()) hot.add(new BusyProcess(e.getKey(), b.names().get(e.getKey()), share));
        }
        hot.sort(Comparator.comparingDouble(BusyProcess::share).reversed());
        List<String> failed = new ArrayList<>();
        if (busy > c.maxBusy()) failed.add(String.format(Locale.ROOT, "CPU %.0f%% busy > %.0f%%", busy * 100, c.maxBusy() * 100));
        for (BusyProcess p : hot.subList(0, Math.min(3, hot.size()))) {
            failed.add(String.format(Locale.ROOT, "process %d (%s) used %.0f%% of a core", p.pid(), p.name(), p.share() * 100));
        }
        return new Outcome(failed.isEmpty(), true, waited, load1, cores, busy, List.copyOf(hot), List.copyOf(failed));
    }

    static Sample sample(int excludePid) {
        String[] cpu = Fingerprint.read("/proc/stat").lines().filter(l -> l.startsWith("cpu ")).findFirst().orElse("cpu 0").trim().split("\\s+");
        long total = 0;
        for (int i = 1; i < cpu.length; i++) total += Long.parseLong(cpu[i]);
        // idle + iowait are not busy
        long idle = (cpu.length > 4 ? Long.parseLong(cpu[4]) : 0) + (cpu.length > 5 ? Long.parseLong(cpu[5]) : 0);
        Map<Integer, Long> ticks = new HashMap<>();
        Map<Integer, String> names = new HashMap<>();
        try (DirectoryStream<Path> procs = Files.newDirectoryStream(Path.of("/proc"), p -> p.getFileName().toString().chars().allMatch(Character::isDigit))) {
            for (Path p : procs) {
                int pid = Integer.parseInt(p.getFileName().toString());
                if (pid == excludePid) continue;
                String stat = Fingerprint.read(p.resolve("stat").toString());
                if (stat.isEmpty()) continue; // exited meanwhile
                ticks.put(pid, cpuTicks(stat));
                names.put(pid, processName(stat));
            }
        } catch (IOException e) {
            // /proc vanished mid-scan: judge on what was read
        }
        return new Sample(total, idle, ticks, names);
    }

    /**
     * utime+stime (clock ticks) of a /proc/[pid]/stat line. The command name may contain spaces and
     * parentheses, so fields are counted from the last ')'.
     */
    static long cpuTicks(String stat) {
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
        // after the name: state(0) ppid(1) ... utime(11) stime(12)
        return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    }

    static String processName(String stat) {
        return stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    }

    private static double load1() {
        String s = Fingerprint.read("/proc/loadavg").trim();
        return s.isEmpty() ? Double.NaN : Double.parseDouble(s.split("\\s+")[0]);
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("quiet check interrupted", e);
        }
    }
}
