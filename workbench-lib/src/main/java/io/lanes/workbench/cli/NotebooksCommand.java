package io.lanes.workbench.cli;

import io.lanes.workbench.report.notebook.NotebookRunner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code workbench notebooks}: execute every notebook headless into reports/notebooks/. */
@Command(name = "notebooks", mixinStandardHelpOptions = true,
        description = "Execute every notebook (or the given ones) headless with the Java kernel; write executed .ipynb and code-free .html to reports/notebooks/.")
final class NotebooksCommand implements Callable<Integer> {
    @Parameters(arity = "0..*", paramLabel = "NOTEBOOK", description = "notebooks to run (default: all under notebooks/)")
    List<Path> only = List.of();
    @Option(names = "--full", description = "full-size studies (default: quick mode, WORKBENCH_QUICK=1)")
    boolean full;
    @Option(names = "--cell-timeout", paramLabel = "SECONDS", defaultValue = "900", description = "per-cell timeout (default ${DEFAULT-VALUE})")
    long cellTimeout;

    @Override
    public Integer call() throws Exception {
        Path root = Project.root();
        Path out = root.resolve("reports/notebooks");
        Files.createDirectories(out);
        NotebookRunner runner = new NotebookRunner(root, Duration.ofSeconds(cellTimeout), 4, Map.of("WORKBENCH_QUICK", full ? "0" : "1"));
        List<Path> nbs = only.isEmpty() ? NotebookRunner.notebooks(root) : only;
        for (Path nb : nbs) {
            if (!Files.isRegularFile(nb)) throw new IllegalArgumentException("no notebook at " + nb);
            NotebookRunner.Result r = runner.execute(nb, out);
            System.out.printf("OK %s in %.1fs (%d kernel start%s) -> %s%n", nb.getFileName(), r.took().toMillis() / 1000.0, r.attempts(),
                    r.attempts() == 1 ? "" : "s", r.html());
        }
        return 0;
    }
}
