package io.lanes.workbench.report.notebook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Installs and removes the kernelspec with the real {@code jupyter kernelspec} under a temporary prefix; the user's Jupyter is never touched. */
class KernelSpecTest {
    /** A checkout with the files a kernelspec points at: the kernel jar, the workbench jar, its lib folder and init.jsh. */
    static Path checkout(Path dir) throws Exception {
        Files.createDirectories(dir.resolve("notebooks/target/kernel"));
        Files.createDirectories(dir.resolve("workbench-lib/target/lib"));
        Files.createFile(dir.resolve("notebooks/target/kernel/rapaio-jupyter-kernel-3.0.1.jar"));
        Files.createFile(dir.resolve("workbench-lib/target/workbench-lib-0.1.0-SNAPSHOT.jar"));
        Files.createFile(dir.resolve("notebooks/init.jsh"));
        return dir;
    }

    @Test
    void installUnderAPrefixIsListedWithAbsolutePathsAndRemoveUndoesIt(@TempDir Path tmp) throws Exception {
        JupyterTests.assumeRuns("kernelspec");
        Path root = checkout(tmp.resolve("checkout"));
        KernelSpec.Location.Prefix prefix = new KernelSpec.Location.Prefix(tmp.resolve("prefix"));
        Path expected = prefix.jupyterPath().resolve("kernels").resolve(KernelSpec.NAME);
        // a relative checkout path still gives absolute paths in the installed spec
        String printed = KernelSpec.install(Path.of("").toAbsolutePath().relativize(root), prefix);
        assertTrue(printed.contains(expected.toString()), printed);

        ProcessBuilder list = Jupyter.command(List.of("kernelspec", "list"));
        list.environment().put("JUPYTER_PATH", prefix.jupyterPath().toString());
        String listed = Jupyter.run(list, Duration.ofSeconds(60)).output();
        assertTrue(listed.lines().anyMatch(l -> l.toLowerCase().contains("lanes") && l.contains(expected.toString())), listed);
        assertEquals(Optional.of(expected), KernelSpec.find(prefix));

        JsonNode spec = new ObjectMapper().readTree(expected.resolve("kernel.json").toFile());
        List<String> argv = new ArrayList<>();
        spec.path("argv").forEach(a -> argv.add(a.asText()));
        assertEquals(Path.of(System.getProperty("java.home"), "bin", "java").toString(), argv.get(0));
        assertEquals(root.resolve("notebooks/target/kernel/rapaio-jupyter-kernel-3.0.1.jar").toString(), argv.get(argv.indexOf("-jar") + 1));
        assertTrue(argv.contains("-Dworkbench.root=" + root), argv.toString());
        assertEquals(root.resolve("notebooks/init.jsh").toString(), spec.path("env").path("RJK_INIT_SCRIPT").asText());
        assertTrue(spec.path("env").path("RJK_CLASSPATH").asText().startsWith(root.resolve("workbench-lib/target/workbench-lib-0.1.0-SNAPSHOT.jar") + ";"),
                spec.toString());

        assertTrue(KernelSpec.remove(prefix).contains(expected.toString()));
        assertTrue(Files.notExists(expected));
        assertTrue(KernelSpec.find(prefix).filter(p -> p.startsWith(prefix.dir())).isEmpty(), "still listed under the prefix");
        IllegalStateException again = assertThrows(IllegalStateException.class, () -> KernelSpec.remove(prefix));
        assertEquals("no kernelspec " + KernelSpec.NAME + " under " + prefix.dir(), again.getMessage());
    }

    @Test
    void aMissingBuildIsNamed(@TempDir Path tmp) {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> KernelSpec.writeLocal(tmp));
        assertTrue(e.getMessage().contains("the Jupyter kernel jar (run ./workbench to build)"), e.getMessage());
    }
}
