package io.lanes.workbench.notebooks;

import io.lanes.workbench.report.notebook.NotebookRunner;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Executes every notebook under notebooks/ with the real Java kernel in quick mode; a notebook
 * fails on any error output. Its executed copy and code-free HTML land in target/executed.
 */
class NotebooksIT {
    @TestFactory
    Stream<DynamicTest> everyNotebookExecutesWithoutErrors() throws Exception {
        Path root = Path.of(System.getProperty("workbench.root")).toAbsolutePath().normalize();
        Path out = root.resolve("notebooks/target/executed");
        Files.createDirectories(out);
        List<Path> notebooks = NotebookRunner.notebooks(root);
        assertFalse(notebooks.isEmpty(), "no notebooks under " + root.resolve("notebooks"));
        NotebookRunner runner = new NotebookRunner(root, Duration.ofMinutes(10), 4, Map.of("WORKBENCH_QUICK", "1"));
        return notebooks.stream().map(nb -> DynamicTest.dynamicTest(nb.getFileName().toString(), () -> {
            NotebookRunner.Result r = runner.execute(nb, out);
            String html = Files.readString(r.html());
            assertTrue(html.contains("<img") || html.contains("<svg") || html.contains("<table"),
                    nb.getFileName() + ": the HTML export shows no chart and no table");
            System.out.printf("%s executed in %.1fs with %d kernel start(s)%n", nb.getFileName(), r.took().toMillis() / 1000.0, r.attempts());
        }));
    }
}
