package io.lanes.workbench.measure;

import io.lanes.workbench.codec.nativeref.NativeKernels;
import jdk.incubator.vector.IntVector;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The machine fingerprint every result carries: CPU model, SIMD flags, caches, cores, OS and kernel,
 * JDK vendor and version, JVM flags, Vector API preferred species width, the C compiler and flags
 * the {@code native.*} arms are built with, git revision, timestamp.
 * Immutable; {@link #capture()} reads /proc and /sys once.
 *
 * @param fields ordered name/value pairs, as written to metadata.json
 */
public record Fingerprint(Map<String, String> fields) {
    /** CPU flags that matter to SIMD kernels, in the order they are reported. */
    public static final List<String> SIMD_FLAGS = List.of("sse2", "ssse3", "sse4_1", "sse4_2", "avx", "avx2", "bmi2", "fma",
            "avx512f", "avx512bw", "avx512vl", "avx512vbmi", "asimd", "sve");

    /** Reads the fingerprint of this JVM and machine now. */
    public static Fingerprint capture() {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("machine", hostname());
        String cpuinfo = read("/proc/cpuinfo");
        f.put("cpu_model", field(cpuinfo, "model name", field(cpuinfo, "Hardware", System.getProperty("os.arch"))));
        f.put("cpu_simd_flags", String.join(" ", simdFlags(cpuinfo)));
        f.put("cores", Integer.toString(Runtime.getRuntime().availableProcessors()));
        f.put("caches", caches());
        f.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
        f.put("os_release", field(read("/etc/os-release"), "PRETTY_NAME", "unknown").replace("\"", ""));
        f.put("jdk", jdk());
        f.put("jvm_flags", String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
        f.put("vector_preferred_bits", Integer.toString(IntVector.SPECIES_PREFERRED.vectorBitSize()));
        f.put("native_compiler", NativeKernels.describe());
        f.put("git_revision", gitRevision());
        f.put("timestamp", Instant.now().toString());
        return new Fingerprint(f);
    }

    /** The value of one field, or {@code ""}. */
    public String get(String name) {
        return fields.getOrDefault(name, "");
    }

    /** {@code vendor version} of the running JDK, as results label it. */
    public static String jdk() {
        return System.getProperty("java.vm.vendor", "?") + " " + System.getProperty("java.runtime.version", System.getProperty("java.version"));
    }

    /** The SIMD-relevant flags this CPU reports. */
    public static List<String> simdFlags(String cpuinfo) {
        String flags = " " + field(cpuinfo, "flags", field(cpuinfo, "Features", "")) + " ";
        List<String> out = new ArrayList<>();
        for (String s : SIMD_FLAGS) if (flags.contains(" " + s + " ")) out.add(s);
        return out;
    }

    static String hostname() {
        String h = System.getenv("HOSTNAME");
        if (h != null && !h.isBlank()) return h;
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return read("/etc/hostname").trim().isEmpty() ? "unknown-host" : read("/etc/hostname").trim();
        }
    }

    private static String caches() {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            Path d = Path.of("/sys/devices/system/cpu/cpu0/cache/index" + i);
            if (!Files.isDirectory(d)) break;
            String level = read(d.resolve("level").toString()).trim();
            String type = read(d.resolve("type").toString()).trim();
            String size = read(d.resolve("size").toString()).trim();
            out.add("L" + level + (type.equals("Data") ? "d" : type.equals("Instruction") ? "i" : "") + "=" + size);
        }
        return out.isEmpty() ? cachesFromGetconf() : String.join(" ", out);
    }

    /** VMs often hide /sys cache topology; glibc's getconf reads it from cpuid instead. */
    private static String cachesFromGetconf() {
        try {
            Process p = new ProcessBuilder("getconf", "-a").redirectErrorStream(true).start();
            String text = new String(p.getInputStream().readAllBytes());
            p.waitFor(5, TimeUnit.SECONDS);
            List<String> out = new ArrayList<>();
            for (String[] k : new String[][] {{"LEVEL1_DCACHE_SIZE", "L1d"}, {"LEVEL1_ICACHE_SIZE", "L1i"}, {"LEVEL2_CACHE_SIZE", "L2"},
                    {"LEVEL3_CACHE_SIZE", "L3"}}) {
                for (String line : text.split("\n")) {
                    String[] parts = line.trim().split("\\s+");
                    if (parts.length == 2 && parts[0].equals(k[0]) && !parts[1].equals("0")) out.add(k[1] + "=" + Long.parseLong(parts[1]) / 1024 + "K");
                }
            }
            return out.isEmpty() ? "unknown" : String.join(" ", out) + " (getconf)";
        } catch (IOException | RuntimeException e) {
            return "unknown";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }

    private static String gitRevision() {
        try {
            Process p = new ProcessBuilder("git", "rev-parse", "--short=12", "HEAD").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes()).trim();
            if (!p.waitFor(5, TimeUnit.SECONDS) || p.exitValue() != 0) return "unknown";
            Process d = new ProcessBuilder("git", "status", "--porcelain", "--untracked-files=no").redirectErrorStream(true).start();
            String dirty = new String(d.getInputStream().readAllBytes()).trim();
            d.waitFor(5, TimeUnit.SECONDS);
            return dirty.isEmpty() ? out : out + "+dirty";
        } catch (IOException e) {
            return "unknown";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }

    static String read(String path) {
        try {
            return Files.readString(Path.of(path));
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    static String field(String text, String key, String dflt) {
        for (String line : text.split("\n")) {
            int c = line.indexOf(':');
            int e = line.indexOf('=');
            int sep = c >= 0 && (e < 0 || c < e) ? c : e;
            if (sep > 0 && line.substring(0, sep).trim().equals(key)) return line.substring(sep + 1).trim();
        }
        return dflt;
    }
}
