package io.lanes.workbench.cli;

import io.lanes.workbench.codec.nativeref.NativeKernels;
import io.lanes.workbench.measure.Fingerprint;
import io.lanes.workbench.report.notebook.KernelSpec;
import jdk.incubator.vector.IntVector;
import picocli.CommandLine.Command;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/** {@code workbench doctor}: what this machine offers the workbench, each line OK or the exact fix. */
@Command(name = "doctor", mixinStandardHelpOptions = true, description = "Check the JDK, SIMD, Jupyter, kernel, valgrind, the C compiler and perf; print each OK or the fix.")
final class DoctorCommand implements Callable<Integer> {
    private int problems;

    @Override
    public Integer call() {
        int feature = Runtime.version().feature();
        line(feature >= 25, "JDK", Fingerprint.jdk() + " at " + System.getProperty("java.home"),
                "install a JDK 25 (e.g. Temurin 25) and set JAVA_HOME");
        int bits = IntVector.SPECIES_PREFERRED.vectorBitSize();
        line(bits >= 128, "Vector API", "preferred species " + bits + " bits (" + IntVector.SPECIES_PREFERRED.length() + " int lanes)",
                "run with --add-modules jdk.incubator.vector on a CPU with SIMD");
        List<String> flags = Fingerprint.simdFlags(read("/proc/cpuinfo"));
        line(!flags.isEmpty(), "CPU SIMD flags", String.join(" ", flags) + (flags.contains("avx512f") ? "" : " (no AVX-512: 512-bit sweeps are reported as not run)"),
                "no SIMD flags found in /proc/cpuinfo");
        String nbconvert = version("jupyter-nbconvert", "--version");
        line(nbconvert != null, "Jupyter nbconvert", nbconvert, "apt-get install -y jupyter-nbconvert jupyter-client jupyter-notebook");
        String client = version("jupyter-kernelspec", "--version");
        line(client != null, "Jupyter client", client, "apt-get install -y jupyter-client");
        Path root = Project.root();
        Path spec = KernelSpec.jupyterPath(root).resolve("kernels").resolve(KernelSpec.NAME).resolve("kernel.json");
        try {
            KernelSpec.writeLocal(root);
            line(Files.isRegularFile(spec), "Java kernel", "kernelspec " + KernelSpec.NAME + " at " + spec, "run ./workbench notebooks once");
        } catch (IllegalStateException e) {
            line(false, "Java kernel", e.getMessage(), "run ./workbench (it builds the jars) then ./workbench doctor");
        }
        String valgrind = version("valgrind", "--version");
        line(valgrind != null, "valgrind", valgrind + " (instructions per value, emulated backend)", "apt-get install -y valgrind");
        String cc = NativeKernels.describe();
        line(!cc.startsWith("none"), "C compiler", cc + " (builds the native.* reference arms)", "apt-get install -y gcc libc6-dev, or set CC");
        String perfEvent = read("/proc/sys/kernel/perf_event_paranoid").trim();
        boolean pmu = Files.isDirectory(Path.of("/sys/bus/event_source/devices/cpu")) || Files.isDirectory(Path.of("/sys/bus/event_source/devices/cpu_core"));
        System.out.printf("%-4s %-18s %s%n", pmu ? "OK" : "INFO", "perf counters",
                pmu ? "hardware PMU present (perf_event_paranoid=" + perfEvent + ")"
                        : "no hardware PMU registered (VM): perf_event_open gives ENOENT; instructions/value use valgrind instead");
        System.out.println(problems == 0 ? "doctor: all OK" : "doctor: " + problems + " problem(s); fixes above");
        return problems == 0 ? 0 : 1;
    }

    private void line(boolean ok, String what, String detail, String fix) {
        if (!ok) problems++;
        System.out.printf("%-4s %-18s %s%n", ok ? "OK" : "FIX", what, ok ? detail : (detail == null ? "" : detail + "; ") + "fix: " + fix);
    }

    private static String version(String cmd, String arg) {
        try {
            Process p = new ProcessBuilder(cmd, arg).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes()).trim();
            if (!p.waitFor(20, TimeUnit.SECONDS) || p.exitValue() != 0) return null;
            String[] lines = out.split("\n");
            return lines[lines.length - 1].trim();
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private static String read(String path) {
        try {
            return Files.readString(Path.of(path));
        } catch (IOException e) {
            return "";
        }
    }
}
