package io.lanes.workbench.notebooks;

import io.lanes.workbench.report.notebook.NotebookRunner;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

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
 * name, as must its tables. The notebooks start longest first ({@link #LONGEST_FIRST}), so the two
 * kernels finish close together; the tests report in name order.
 *
 * <p>System property {@value #SELECT}: comma-separated name prefixes (e.g. {@code -Dnotebooks=05,06})
 * to execute only those notebooks, for timing or debugging one; unset, every notebook runs.
 */
class NotebooksIT {
    /** Notebooks executed at once. */
    private static final int PARALLEL = 2;
    /** The system property selecting notebooks by name prefix. */
    static final String SELECT = "notebooks";
    /**
     * Start order: the longest quick-mode notebooks first (docs/measurements.md has their times); a
     * notebook not named here starts after these, in name order.
     */
    static final List<String> LONGEST_FIRST = List.of("01-bit-width-sweep", "09-strings-and-dictionaries", "05-reproduce-published",
            "03-pfor-cost-model", "04-delta-decoding", "02-layout-tradeoffs", "08-your-own-codec", "06-cross-machine", "00-quickstart",
            "07-corpus-explorer");
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
        List<Path> order = notebooks.stream().sorted(Comparator.comparingInt(NotebooksIT::startRank)).toList();
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
            System.out.printf("%s executed in %.1fs with %d kernel start(s)%n", nb.getFileName(), r.took().toMillis() / 1000.0, r.attempts());
        }));
    }

    private static String name(Path notebook) {
        return notebook.getFileName().toString().replaceFirst("\\.ipynb$", "");
    }

    /** Position in {@link #LONGEST_FIRST}, or after all of it. */
    private static int startRank(Path notebook) {
        int i = LONGEST_FIRST.indexOf(name(notebook));
        return i < 0 ? LONGEST_FIRST.size() : i;
    }
}
