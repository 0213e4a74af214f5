package io.lanes.workbench.report;

import io.lanes.workbench.corpus.Column;
import io.lanes.workbench.corpus.Pages;
import io.lanes.workbench.measure.Arm;
import io.lanes.workbench.measure.Harness;
import io.lanes.workbench.measure.WorkingSet;
import io.lanes.workbench.results.Recorder;
import io.lanes.workbench.results.ResultBundle;
import tech.tablesaw.api.Table;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.function.Consumer;

/**
 * What a notebook cell calls to measure: arms by name or glob, columns and working sets (or
 * writers' pages) and quick or full settings in, a results table out. Each call keeps its bundle under
 * {@code reports/notebooks/bundles/} so other notebooks (and {@code workbench compare}) can load it.
 * Progress goes to a callback, e.g. a display update. Stateless.
 */
public final class NotebookBench {
    private NotebookBench() {
    }

    /**
     * Measures and returns the results table.
     *
     * @param name     bundle name prefix, e.g. the notebook's study
     * @param arms     arm names or globs
     * @param ladder   working-set labels
     * @param quick    quick settings (CI) rather than full ones
     * @param ipv      also count instructions per value (first working set)
     * @param progress receives progress lines
     */
    public static Table run(String name, List<String> arms, List<Column> columns, List<String> ladder, boolean quick, boolean ipv,
                            Consumer<String> progress) {
        Path dir = bundleDir(name);
        Recorder.Options opts = Recorder.Options.reporting(ipv, s -> progress.accept(s.text()));
        ResultBundle b = Recorder.run(name, Arm.resolve(arms), columns, ladder.stream().map(WorkingSet::parse).toList(),
                quick ? Harness.Config.quick() : Harness.Config.full(), dir, progress, opts);
        return ResultBundle.load(b.dir());
    }

    /**
     * Measures decoders on writers' pages as written ({@link Pages#ofFile}, {@link Pages#writtenByParquetJava})
     * and returns the results table; its rows have working set {@code pages}.
     *
     * @param name     bundle name prefix, e.g. the notebook's study
     * @param arms     arm names or globs
     * @param pages    the page sets
     * @param quick    quick settings (CI) rather than full ones
     * @param progress receives progress lines
     */
    public static Table runPages(String name, List<String> arms, List<Pages> pages, boolean quick, Consumer<String> progress) {
        Path dir = bundleDir(name);
        Recorder.Options opts = Recorder.Options.reporting(false, s -> progress.accept(s.text()));
        ResultBundle b = Recorder.runPages(name, Arm.resolve(arms), pages, quick ? Harness.Config.quick() : Harness.Config.full(), dir, progress, opts);
        return ResultBundle.load(b.dir());
    }

    /** {@code reports/notebooks/bundles/<name>-<time>} under the project root (or the working directory). */
    public static Path bundleDir(String name) {
        String root = System.getProperty("workbench.root", ".");
        String ts = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        return Path.of(root, "reports", "notebooks", "bundles", name + "-" + ts);
    }
}
