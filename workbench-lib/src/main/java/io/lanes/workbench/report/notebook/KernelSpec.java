package io.lanes.workbench.report.notebook;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The project-local Jupyter kernelspec {@value #NAME}: the rapaio Java kernel on this JDK, with the
 * Vector API module, native access, the workbench jar and its dependencies on the snippet class
 * path and the standard imports. It lives under {@code notebooks/target/jupyter} and is found
 * through {@code JUPYTER_PATH}; nothing is written to the user's home. Stateless.
 */
public final class KernelSpec {
    /** Kernel name notebooks declare in their metadata. */
    public static final String NAME = "lanes-java";

    private KernelSpec() {
    }

    /** The folder to put on {@code JUPYTER_PATH}. */
    public static Path jupyterPath(Path root) {
        return root.resolve("notebooks/target/jupyter");
    }

    /**
     * Writes {@code kernel.json} for the running JDK and returns its folder.
     *
     * @throws IllegalStateException naming what is missing when the build has not produced the jars
     */
    public static Path install(Path root) {
        Path kernelJar = single(root.resolve("notebooks/target/kernel"), "rapaio-jupyter-kernel", "the Jupyter kernel jar (run ./workbench to build)");
        Path libJar = single(root.resolve("workbench-lib/target"), "workbench-lib-", "the workbench jar (run ./workbench to build)");
        Path lib = root.resolve("workbench-lib/target/lib");
        if (!Files.isDirectory(lib)) throw new IllegalStateException("missing " + lib + ": the workbench's dependencies (run ./workbench to build)");
        Path dir = jupyterPath(root).resolve("kernels").resolve(NAME);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> argv = new ArrayList<>(List.of(java, "-Xmx6g", "-XX:+UseParallelGC", "--add-modules", "jdk.incubator.vector",
                "--enable-native-access=ALL-UNNAMED", "-Djava.awt.headless=true", "-Dworkbench.root=" + root,
                "-jar", kernelJar.toString(), "{connection_file}"));
        Map<String, String> env = new LinkedHashMap<>();
        env.put("RJK_CLASSPATH", libJar + ";" + lib + "/*.jar");
        env.put("RJK_INIT_SCRIPT", root.resolve("notebooks/init.jsh").toString());
        env.put("RJK_COMPILER_OPTIONS", "--add-modules jdk.incubator.vector");
        env.put("RJK_TIMEOUT_MILLIS", "-1");
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("argv", argv);
        spec.put("display_name", "Java (Lanes Workbench, JDK " + Runtime.version().feature() + ")");
        spec.put("language", "java");
        spec.put("interrupt_mode", "message");
        spec.put("env", env);
        try {
            Files.createDirectories(dir);
            Files.write(dir.resolve("kernel.json"), new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsBytes(spec));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write kernelspec in " + dir, e);
        }
        return dir;
    }

    private static Path single(Path dir, String prefix, String what) {
        if (Files.isDirectory(dir)) {
            try (Stream<Path> s = Files.list(dir)) {
                List<Path> jars = s.filter(p -> p.getFileName().toString().startsWith(prefix) && p.toString().endsWith(".jar")
                        && !p.toString().endsWith("-sources.jar")).sorted().toList();
                if (!jars.isEmpty()) return jars.get(jars.size() - 1);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list " + dir, e);
            }
        }
        throw new IllegalStateException("missing " + what + " in " + dir);
    }
}
