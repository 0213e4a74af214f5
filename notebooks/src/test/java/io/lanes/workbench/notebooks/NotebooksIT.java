package io.lanes.workbench.notebooks;

import io.lanes.workbench.report.notebook.NotebookRunner;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Executes every notebook under notebooks/ with the real Java kernel in quick mode, two at a time; a notebook
 * fails on any error output. Its executed copy and code-free HTML land in target/executed; the HTML
 * must be self-contained (nothing loaded from a file or network URL) and titled with the notebook's
 * name, as must its tables.
 */
class NotebooksIT {
    /** A displayed table's title (WorkbenchDisplayProvider) ending in a temp-file or timestamp suffix such as -3344596047452405551. */
    /** Notebooks executed at once. */
    private static final int PARALLEL = 2;
    private static final Pattern TEMP_TITLE = Pattern.compile("<div><b>[^<]*-\\d{6,}</b>");

    @TestFactory
    Stream<DynamicTest> everyNotebookExecutesWithoutErrors() throws Exception {
        Path root = Path.of(System.getProperty("workbench.root")).toAbsolutePath().normalize();
        Path out = root.resolve("notebooks/target/executed");
        Files.createDirectories(out);
        List<Path> notebooks = NotebookRunner.notebooks(root);
        assertFalse(notebooks.isEmpty(), "no notebooks under " + root.resolve("notebooks"));
        NotebookRunner runner = new NotebookRunner(root, Duration.ofMinutes(10), 4, Map.of("WORKBENCH_QUICK", "1"));
        // two kernels at a time keep the suite inside its CI budget on two cores; quick-mode figures are smoke, not results
        ExecutorService pool = Executors.newFixedThreadPool(PARALLEL);
        Map<Path, Future<NotebookRunner.Result>> runs = new LinkedHashMap<>();
        for (Path nb : notebooks) runs.put(nb, pool.submit(() -> runner.execute(nb, out)));
        pool.shutdown();
        return notebooks.stream().map(nb -> DynamicTest.dynamicTest(nb.getFileName().toString(), () -> {
            NotebookRunner.Result r;
            try {
                r = runs.get(nb).get();
            } catch (ExecutionException e) {
                throw e.getCause();
            }
            String html = Files.readString(r.html());
            assertTrue(html.contains("<img") || html.contains("<svg") || html.contains("<table"),
                    nb.getFileName() + ": the HTML export shows no chart and no table");
            assertEquals(List.of(), NotebookRunner.outsideReferences(html), nb.getFileName() + ": the HTML export loads these from outside itself");
            String name = nb.getFileName().toString().replaceFirst("\\.ipynb$", "");
            assertTrue(html.contains("<title>" + name + "</title>"), nb.getFileName() + ": the HTML title is not " + name);
            Matcher title = TEMP_TITLE.matcher(html);
            if (title.find()) fail(nb.getFileName() + ": a table title carries a temporary or timestamped folder name: " + title.group());
            System.out.printf("%s executed in %.1fs with %d kernel start(s)%n", nb.getFileName(), r.took().toMillis() / 1000.0, r.attempts());
        }));
    }
}
