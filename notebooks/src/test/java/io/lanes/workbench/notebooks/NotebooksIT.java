package io.lanes.workbench.notebooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lanes.workbench.report.notebook.NotebookRunner;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
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
 * name, as must its tables. The notebooks start longest first, by the quick-mode time each records
 * in its own metadata ({@value #QUICK_SECONDS}), so the two kernels finish close together; a
 * notebook recording none starts last, and one whose time has drifted past half or twice the
 * recorded figure is reported, so the figure follows the notebook. The tests report in name order.
 *
 * <p>System property {@value #SELECT}: comma-separated name prefixes (e.g. {@code -Dnotebooks=05,06})
 * to execute only those notebooks, for timing or debugging one; unset, every notebook runs.
 */
class NotebooksIT {
    /** Notebooks executed at once. */
    private static final int PARALLEL = 2;
    /** The system property selecting notebooks by name prefix. */
    static final String SELECT = "notebooks";
    /** The notebook metadata field holding its quick-mode time in seconds, measured by this test. */
    static final String QUICK_SECONDS = "lanes.quick_seconds";
    /** A displayed table's title (WorkbenchDisplayProvider) ending in a temp-file or timestamp suffix such as -3344596047452405551. */
    private static final Pattern TEMP_TITLE = Pattern.compile("<div><b>[^<]*-\\d{6,}</b>");

    @TestFactory
    Stream<DynamicTest> everyNotebookExecutesWithoutErrors() throws Exception {
        Path root = Path.of(System.getProperty("workbench.root")).toAbsolutePath().normalize();
        Path out = root.resolve("notebooks/target/executed");
        Files.createDirectories(out);
        List<String> prefixes = System.getProperty(SELECT, "").isBlank() ? List.of() : List.of(System.getProperty(SELECT).split(","));
        List<Path> notebooks = NotebookRunner.notebooks(root).stream()
                .filter(nb -> prefixes.isEmpty() || prefixes.stream().anyMatch(p -> name(nb).startsWith(p.trim()))).toList();
        assertFalse(notebooks.isEmpty(), "no notebooks under " + root.resolve("notebooks") + (prefixes.isEmpty() ? "" : " named " + prefixes));
        NotebookRunner runner = new NotebookRunner(root, Duration.ofMinutes(10), 4, Map.of("WORKBENCH_QUICK", "1"));
        // two kernels at a time keep the suite inside its CI budget on two cores; quick-mode figures are smoke, not results
        ExecutorService pool = Executors.newFixedThreadPool(PARALLEL);
        Map<Path, Future<NotebookRunner.Result>> runs = new LinkedHashMap<>();
        Map<Path, Double> recorded = new LinkedHashMap<>();
        for (Path nb : notebooks) recorded.put(nb, quickSeconds(nb));
        List<Path> order = notebooks.stream().sorted(Comparator.comparingDouble((Path nb) -> recorded.get(nb)).reversed()).toList();
        for (Path nb : order) runs.put(nb, pool.submit(() -> runner.execute(nb, out)));
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
            String name = name(nb);
            assertTrue(html.contains("<title>" + name + "</title>"), nb.getFileName() + ": the HTML title is not " + name);
            Matcher title = TEMP_TITLE.matcher(html);
            if (title.find()) fail(nb.getFileName() + ": a table title carries a temporary or timestamped folder name: " + title.group());
            double took = r.took().toMillis() / 1000.0;
            System.out.printf("%s executed in %.1fs with %d kernel start(s)%n", nb.getFileName(), took, r.attempts());
            double was = recorded.get(nb);
            if (was <= 0 || took > 2 * was || took < was / 2) {
                System.out.printf("%s: took %.0f s, its metadata's %s says %s; update it so the notebooks start longest first%n",
                        nb.getFileName(), took, QUICK_SECONDS, was <= 0 ? "nothing" : String.format("%.0f s", was));
            }
        }));
    }

    private static String name(Path notebook) {
        return notebook.getFileName().toString().replaceFirst("\\.ipynb$", "");
    }

    /** The notebook's recorded quick-mode seconds ({@value #QUICK_SECONDS}), or 0 when it records none. */
    static double quickSeconds(Path notebook) {
        try {
            JsonNode lanes = new ObjectMapper().readTree(Files.readString(notebook)).path("metadata").path("lanes");
            return lanes.path("quick_seconds").asDouble(0);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + notebook + "'s metadata", e);
        }
    }
}
