package io.lanes.workbench.report.notebook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The Jupyter kernelspec {@value #NAME}: the rapaio Java kernel on this JDK, with the Vector API
 * module, native access, the workbench jar and its dependencies on the snippet class path and the
 * standard imports, every path absolute into this checkout so it works from any folder. The
 * workbench's own Jupyter processes find a project-local copy under {@code notebooks/target/jupyter}
 * through {@code JUPYTER_PATH} and write nothing to the user's home; {@link #install} registers it
 * with Jupyter itself ({@code jupyter kernelspec install}) for any front end. Stateless.
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

    /** Where {@code jupyter kernelspec install} puts a kernelspec: for the user, into Python's sys.prefix, or under a prefix. */
    public sealed interface Location {
        /** {@code --user}: the user's Jupyter data folder. */
        record User() implements Location {
        }

        /** {@code --sys-prefix}: the Python environment Jupyter runs in. */
        record SysPrefix() implements Location {
        }

        /** {@code --prefix P}: {@code P/share/jupyter/kernels}; Jupyter looks there only through {@code JUPYTER_PATH} (or when it runs in P). */
        record Prefix(Path dir) implements Location {
            /** The folder to put on {@code JUPYTER_PATH} for Jupyter to find kernels under this prefix. */
            public Path jupyterPath() {
                return dir.resolve("share/jupyter");
            }
        }

        /** The {@code jupyter kernelspec install} options that choose this location. */
        default List<String> flags() {
            return switch (this) {
                case User u -> List.of("--user");
                case SysPrefix p -> List.of("--sys-prefix");
                case Prefix p -> List.of("--prefix", p.dir().toString());
            };
        }
    }

    /**
     * Writes the project-local {@code kernel.json} for the running JDK and returns its folder.
     *
     * @throws IllegalStateException naming what is missing when the build has not produced the jars
     */
    public static Path writeLocal(Path checkout) {
        Path root = checkout.toAbsolutePath().normalize();
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

    /**
     * Writes the kernelspec for this checkout and registers it with {@code jupyter kernelspec install}
     * at {@code where}, replacing an earlier one of the same name there.
     *
     * @return what Jupyter printed (the folder it installed into)
     * @throws IllegalStateException when the build is missing or Jupyter fails, with Jupyter's message
     */
    public static String install(Path root, Location where) {
        List<String> args = new ArrayList<>(List.of("kernelspec", "install", "--name", NAME));
        args.addAll(where.flags());
        args.add(writeLocal(root).toString());
        return kernelspec(Jupyter.command(args), "install");
    }

    /**
     * Removes the kernelspec with {@code jupyter kernelspec remove -f}: the one under {@code prefix}
     * when given, else the first one Jupyter finds (a {@code --user} install before a
     * {@code --sys-prefix} one).
     *
     * @param prefix a {@code --prefix} install's folder, or null
     * @return what Jupyter printed (the folder it removed)
     * @throws IllegalStateException when Jupyter fails, e.g. when no such kernelspec is installed, or
     *                               when none is under {@code prefix} (another one is then left alone)
     */
    public static String remove(Location.Prefix prefix) {
        if (prefix != null && find(prefix).filter(p -> p.startsWith(prefix.dir())).isEmpty()) {
            throw new IllegalStateException("no kernelspec " + NAME + " under " + prefix.dir());
        }
        return kernelspec(onPath(Jupyter.command(List.of("kernelspec", "remove", "-f", NAME)), prefix), "remove");
    }

    /**
     * The folder of the kernelspec {@value #NAME} as {@code jupyter kernelspec list} reports it, if
     * any; with {@code prefix}, Jupyter looks under it first.
     *
     * @param prefix a {@code --prefix} install's folder, or null
     */
    public static Optional<Path> find(Location.Prefix prefix) {
        String json = kernelspec(onPath(Jupyter.command(List.of("kernelspec", "list", "--json")), prefix), "list");
        try {
            // a Python warning on stderr may precede the JSON
            JsonNode dir = new ObjectMapper().readTree(json.substring(Math.max(0, json.indexOf('{')))).path("kernelspecs").path(NAME).path("resource_dir");
            return dir.isTextual() ? Optional.of(Path.of(dir.asText())) : Optional.empty();
        } catch (IOException e) {
            throw new IllegalStateException("jupyter kernelspec list --json printed no JSON: " + json, e);
        }
    }

    private static ProcessBuilder onPath(ProcessBuilder pb, Location.Prefix prefix) {
        if (prefix != null) pb.environment().put("JUPYTER_PATH", prefix.jupyterPath().toString());
        return pb;
    }

    private static String kernelspec(ProcessBuilder pb, String what) {
        Jupyter.Result r = Jupyter.run(pb, Duration.ofMinutes(2));
        if (r.exit() != 0) throw new IllegalStateException("jupyter kernelspec " + what + " failed (exit " + r.exit() + "): " + r.output().strip());
        return r.output();
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
