package io.lanes.workbench.measure.ipv;

import io.lanes.workbench.measure.ChildJvm;
import io.lanes.workbench.measure.Fingerprint;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Counts instructions under valgrind callgrind in a child JVM ({@link IpvChild}): deterministic,
 * works on any Linux machine with valgrind, including VMs without hardware counters. Each bracket
 * end dumps the counts of the calling thread only ({@code --separate-threads=yes}), so JIT and GC
 * threads are excluded. The child runs with {@code -Xbatch} (compiles finish before the next call,
 * so compile points do not drift), Serial GC (fewer threads) and the driver loops, warm-up and
 * bracket alike, excluded from compilation: a kernel the warm-up's compiled loop inlined kept its
 * own invocation counts low, and was compiled on its own only later, inside the brackets.
 * Thread-safe: every call uses its own temporary directory.
 */
public final class CallgrindCounter implements InstructionCounter {
    /** Backend name in probes and figures. */
    public static final String TOOL = "valgrind callgrind";

    /**
     * JVM flags of the child. {@code -XX:UseAVX} is deliberately absent: valgrind presents an AVX2
     * CPU, so HotSpot picks UseAVX=2 by itself, while naming it explicitly crashes JDK 25.0.3 under
     * callgrind in its CPU-feature stub (SIGSEGV in VM_Version). Every figure names the features the
     * child's JIT really used. Implicit null checks are off: C2 turns a null seen late (the store-only
     * arm after codec arms in one child) into a SIGSEGV it recovers from, and under valgrind that
     * recovery fails and the JVM dies; explicit checks are hoisted out of the loops that dominate
     * the counts.
     */
    public static final List<String> CHILD_FLAGS = List.of("-Xbatch", "-XX:+UseSerialGC", "-XX:-UsePerfData",
            "-XX:MaxVectorSize=32", "-Xmx2g", "-XX:+UnlockDiagnosticVMOptions", "-XX:-ImplicitNullChecks", "-XX:CompileCommand=quiet",
            "-XX:CompileCommand=exclude," + IpvProtocol.class.getName() + "::bracketed",
            "-XX:CompileCommand=exclude," + IpvProtocol.class.getName() + "::warmUp");

    private static final Pattern DUMP = Pattern.compile("cg\\.\\d+\\.(\\d+)-(\\d+)");
    private static final Pattern SUMMARY = Pattern.compile("(?m)^summary:\\s*(\\d+)");

    private final String valgrind;

    /** Uses {@code valgrind} from the PATH. */
    public CallgrindCounter() {
        this("valgrind");
    }

    /** Uses the given valgrind executable. */
    public CallgrindCounter(String valgrind) {
        this.valgrind = valgrind;
    }

    /** Whether valgrind runs here, and if not, why and how to install it. */
    public IpvProbe probe() {
        try {
            ChildJvm.Result r = ChildJvm.run(List.of(valgrind, "--version"), 30);
            if (r.exitCode() != 0) return new IpvProbe(TOOL, false, valgrind + " --version exited " + r.exitCode() + ": " + r.stderrTail(2));
            return new IpvProbe(TOOL, true, r.stdout().trim() + ", counting in a child JVM");
        } catch (IllegalStateException e) {
            return new IpvProbe(TOOL, false, "valgrind not found (" + e.getMessage()
                    + "); install it: apt-get install -y valgrind");
        }
    }

    @Override
    public String tool() {
        return TOOL;
    }

    @Override
    public List<IpvFigure> measure(List<IpvRequest> requests) {
        if (requests.isEmpty()) return List.of();
        Path dir;
        try {
            dir = Files.createTempDirectory("wb-callgrind");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a directory for callgrind dumps", e);
        }
        try {
            List<String> args = new ArrayList<>();
            // valgrind runs the JVM many times slower and single-threaded (docs/measurements.md), so
            // the budget is generous; it only bounds a hung child
            long budget = 300;
            for (IpvRequest r : requests) {
                args.add(r.codec());
                args.add(r.dataset());
                args.add(Integer.toString(r.values()));
                budget += 90 + r.values() / 5_000;
            }
            List<String> prefix = List.of(valgrind, "--tool=callgrind", "--separate-threads=yes",
                    "--zero-before=Java_java_lang_Runtime_freeMemory", "--dump-before=Java_java_lang_Runtime_totalMemory",
                    "--callgrind-out-file=" + dir.resolve("cg.%p"));
            List<String> flags = new ArrayList<>(CHILD_FLAGS);
            flags.add("-XX:ErrorFile=" + dir.resolve("hs_err_pid%p.log"));
            ChildJvm.Result res = ChildJvm.run(ChildJvm.command(prefix, flags, IpvChild.class, args), budget);
            if (res.exitCode() != 0) {
                throw new IllegalStateException("the callgrind child JVM exited " + res.exitCode() + crashSummary(dir) + ":\n" + res.stderrTail(15));
            }
            return figures(requests, res.stdout(), dumps(dir));
        } finally {
            deleteTree(dir);
        }
    }

    /** The problematic frame of a JVM crash log the child left, if any. */
    private static String crashSummary(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.getFileName().toString().startsWith("hs_err_pid")).toList()) {
                List<String> lines = Files.readAllLines(f);
                for (int i = 0; i < lines.size(); i++) {
                    if (lines.get(i).startsWith("# Problematic frame:") && i + 1 < lines.size()) {
                        return " (JVM crash under valgrind: " + lines.get(i + 1).substring(1).trim() + ")";
                    }
                }
            }
        } catch (IOException e) {
            // no log: nothing to add
        }
        return "";
    }

    /** Summaries of the bracket dumps in part order: part 1 is the linking call, then two per round of each kernel. */
    static List<Long> dumps(Path dir) {
        Map<Integer, Long> byPart = new TreeMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.toList()) {
                Matcher m = DUMP.matcher(f.getFileName().toString());
                if (!m.matches()) continue; // the end-of-program dumps of every thread
                String text = Files.readString(f);
                if (!text.contains("Trigger: --dump-before=")) continue;
                Matcher s = SUMMARY.matcher(text);
                if (!s.find()) throw new IllegalStateException("callgrind dump " + f + " has no summary line");
                if (byPart.put(Integer.parseInt(m.group(1)), Long.parseLong(s.group(1))) != null) {
                    throw new IllegalStateException("two threads dumped part " + m.group(1) + ": brackets must run on one thread");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read callgrind dumps in " + dir, e);
        }
        return new ArrayList<>(byPart.values());
    }

    /**
     * Pairs the child's kernel lines ({@code kernel CODEC DATASET VALUES N ROUNDS SETTLED}) with the
     * dumps and turns them into figures: after the linking call, two dumps per round of each kernel,
     * the empty kernel's first.
     */
    static List<IpvFigure> figures(List<IpvRequest> requests, String childOut, List<Long> dumps) {
        String features = "";
        List<String[]> kernels = new ArrayList<>();
        for (String line : childOut.split("\n")) {
            if (line.startsWith("features ")) features = line.substring(9).trim();
            if (line.startsWith("kernel ")) kernels.add(line.trim().split(" "));
        }
        int expected = 1;
        for (String[] k : kernels) expected += k.length == 7 ? 2 * Integer.parseInt(k[5]) : 0;
        if (kernels.size() != requests.size() + 1 || kernels.stream().anyMatch(k -> k.length != 7) || dumps.size() != expected) {
            throw new IllegalStateException("callgrind child produced " + dumps.size() + " bracket dumps for " + kernels.size()
                    + " kernels (expected " + expected + " for " + (requests.size() + 1) + " kernels); child output:\n" + childOut);
        }
        int at = 1;
        String[] e = kernels.getFirst();
        List<Long> empty = dumps.subList(at, at += 2 * Integer.parseInt(e[5]));
        double emptyPerCall = IpvProtocol.delta("the empty kernel", empty, Boolean.parseBoolean(e[6])) / (double) Integer.parseInt(e[4]);
        String jdk = Fingerprint.jdk(); // the child runs this JVM's JDK
        List<IpvFigure> out = new ArrayList<>();
        for (int i = 0; i < requests.size(); i++) {
            IpvRequest r = requests.get(i);
            String[] k = kernels.get(i + 1);
            if (!k[1].equals(r.codec()) || !k[2].equals(r.dataset()) || Integer.parseInt(k[3]) != r.values()) {
                throw new IllegalStateException("callgrind child measured " + k[1] + " on " + k[2] + " (" + k[3] + " values) where " + r + " was expected");
            }
            List<Long> brackets = dumps.subList(at, at += 2 * Integer.parseInt(k[5]));
            int calls = Integer.parseInt(k[4]);
            long delta = IpvProtocol.delta(r.codec() + " on " + r.dataset(), brackets, Boolean.parseBoolean(k[6]));
            out.add(IpvFigure.of(r, IpvFigure.EMULATED, TOOL, jdk, features, calls, delta, brackets, emptyPerCall));
        }
        return out;
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a leftover temporary directory is harmless
        }
    }
}
