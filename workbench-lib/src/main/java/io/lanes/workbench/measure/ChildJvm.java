package io.lanes.workbench.measure;

import io.lanes.workbench.codec.registry.CodecPlugins;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Starts child JVMs of the running JDK on the workbench's class path, for measurements that need
 * their own JVM flags (instruction counting under valgrind, SIMD-level sweeps, JMH forks), with the
 * plugin jars of this JVM ({@link #forwardedProperties()}). Stateless and thread-safe.
 */
public final class ChildJvm {
    /** Flags every workbench JVM runs with (the Vector API module and native access for FFM). */
    public static final List<String> BASE_FLAGS = List.of("--add-modules", "jdk.incubator.vector",
            "--enable-native-access=ALL-UNNAMED");

    private ChildJvm() {
    }

    /**
     * What a finished child printed.
     *
     * @param exitCode its exit status
     * @param stdout   everything it wrote to standard output
     * @param stderr   everything it wrote to standard error
     */
    public record Result(int exitCode, String stdout, String stderr) {
        /** The last {@code lines} lines of standard error, for error messages. */
        public String stderrTail(int lines) {
            List<String> all = stderr.lines().toList();
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        }
    }

    /** The {@code java} launcher of the running JDK. */
    public static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /**
     * The class path a child needs to run workbench classes: {@code java.class.path} when it holds
     * them (the CLI, tests), otherwise the location the workbench classes were loaded from plus the
     * jars beside it in {@code lib/} (the Maven build's {@code target/lib}) and the jars of the
     * classes given. Notebook kernels load the workbench through their own class loaders, so their
     * {@code java.class.path} is the kernel's, not ours.
     *
     * @param alsoNeeded classes whose jars must be on the path (e.g. JMH's ForkedMain)
     */
    public static String classPath(Class<?>... alsoNeeded) {
        String own = System.getProperty("java.class.path", "");
        Path here = location(ChildJvm.class);
        Set<String> entries = new LinkedHashSet<>(List.of(own.split(File.pathSeparator)));
        entries.remove("");
        boolean complete = here == null || entries.contains(here.toString());
        for (Class<?> c : alsoNeeded) {
            Path p = location(c);
            if (p != null && !entries.contains(p.toString())) complete = false;
        }
        if (complete) return own;
        if (here != null) {
            entries.add(here.toString());
            // target/classes or target/workbench-lib.jar: either way the dependencies are in target/lib
            Path lib = here.getParent().resolve("lib");
            if (Files.isDirectory(lib)) {
                try (Stream<Path> jars = Files.list(lib)) {
                    jars.filter(p -> p.toString().endsWith(".jar")).sorted().forEach(p -> entries.add(p.toString()));
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot list " + lib, e);
                }
            }
        }
        for (Class<?> c : alsoNeeded) {
            Path p = location(c);
            if (p != null) entries.add(p.toString());
        }
        return String.join(File.pathSeparator, entries);
    }

    /** The jar or class directory a class was loaded from, or {@code null} (JDK classes). */
    static Path location(Class<?> c) {
        var cs = c.getProtectionDomain().getCodeSource();
        if (cs == null || cs.getLocation() == null) return null;
        try {
            return Path.of(cs.getLocation().toURI()).toAbsolutePath();
        } catch (URISyntaxException | IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * {@code -Dworkbench.*=...} for every workbench system property of this JVM (e.g. the project
     * root), so children resolve data alike, and {@code -Dworkbench.plugins=JARS} for the plugin
     * jars installed here ({@link CodecPlugins#installed()}, not a property this JVM may have been
     * given), so children that install them ({@link CodecPlugins#installFromProperty()}) know the
     * same codecs.
     */
    public static List<String> forwardedProperties() {
        List<String> out = new ArrayList<>();
        for (String k : System.getProperties().stringPropertyNames()) {
            if (k.startsWith("workbench.") && !k.equals(CodecPlugins.PROPERTY)) out.add("-D" + k + "=" + System.getProperty(k));
        }
        List<Path> plugins = CodecPlugins.installed();
        if (!plugins.isEmpty()) {
            out.add("-D" + CodecPlugins.PROPERTY + "=" + String.join(File.pathSeparator, plugins.stream().map(Path::toString).toList()));
        }
        out.sort(null);
        return out;
    }

    /**
     * The command line that runs {@code mainClass} in a child JVM: {@code prefix} (e.g. valgrind
     * and its options), the JDK's java, {@link #BASE_FLAGS}, the forwarded workbench properties,
     * {@code jvmFlags}, the class path, the main class and its arguments.
     */
    public static List<String> command(List<String> prefix, List<String> jvmFlags, Class<?> mainClass, List<String> args) {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.add(javaBinary());
        cmd.addAll(BASE_FLAGS);
        cmd.addAll(forwardedProperties());
        cmd.addAll(jvmFlags);
        cmd.add("-cp");
        cmd.add(classPath());
        cmd.add(mainClass.getName());
        cmd.addAll(args);
        return cmd;
    }

    /**
     * Runs a command to completion and returns its output.
     *
     * @throws IllegalStateException if it outlives {@code timeoutSeconds} (it is killed) or cannot start
     */
    public static Result run(List<String> command, long timeoutSeconds) {
        Process p;
        try {
            // no standard input: a child never waits for a person; same working directory, so the
            // corpus finds the project as this JVM does
            p = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        } catch (IOException e) {
            throw new IllegalStateException("cannot start " + command.getFirst() + ": " + e.getMessage(), e);
        }
        // both pipes drained concurrently, or a chatty child blocks on a full pipe
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> drain(p.getInputStream()));
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> drain(p.getErrorStream()));
        try {
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new IllegalStateException("child JVM did not finish within " + timeoutSeconds + " s and was killed: " + String.join(" ", command));
            }
            return new Result(p.exitValue(), out.join(), err.join());
        } catch (InterruptedException e) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a child JVM", e);
        }
    }

    private static String drain(java.io.InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }
}
