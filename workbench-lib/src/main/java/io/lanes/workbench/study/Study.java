package io.lanes.workbench.study;

import io.lanes.workbench.report.BundleReport;

import io.lanes.workbench.report.Results;

import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.corpus.Column;
import io.lanes.workbench.corpus.Datasets;
import io.lanes.workbench.corpus.Pages;
import io.lanes.workbench.measure.Arm;
import io.lanes.workbench.measure.Harness;
import io.lanes.workbench.measure.Mode;
import io.lanes.workbench.measure.WorkingSet;
import io.lanes.workbench.study.Recorder;
import io.lanes.workbench.results.ResultBundle;

import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One measurement study, built with named options and run once: the one route from codecs and
 * columns to a result bundle, for notebook cells and the CLI's {@code bench} alike.
 *
 * <pre>{@code
 * Results r = Study.of("my-varint")
 *     .codecs("fastlanes.unpack.*", "peer.jfp.vectorfastpfor")   // names and globs
 *     .codec(new MyVarint())                                      // a Codec object, e.g. defined in a cell
 *     .columns(Datasets.set("default"))
 *     .ladder("16KiB", "400KiB")
 *     .run();
 * }</pre>
 *
 * <p>Defaults: the {@code store-only} wall is measured beside the codecs (the bound no decoder
 * beats; {@link #withoutStoreOnly()} drops it); working set 400KiB; quick settings when the
 * environment variable {@value Mode#ENV} is {@code 1} (CI, {@code ./workbench notebooks}), else
 * full ones ({@link #quick()} and {@link #full()} decide instead); no quiet check
 * ({@link #options(Recorder.Options)}); progress lines dropped ({@link #progress}); the bundle under
 * {@code reports/notebooks/bundles/<name>-<time>} ({@link #out}).
 *
 * <p>Mutable and not thread-safe while being built; {@link #run()} may be called again, each call
 * a new bundle. Arguments are checked where they are given, so a bad name fails at its own line.
 */
public final class Study {
    private final String name;
    private final Map<String, Arm> arms = new LinkedHashMap<>();
    private final List<Column> columns = new ArrayList<>();
    private final List<Pages> pages = new ArrayList<>();
    private List<WorkingSet> ladder = List.of(WorkingSet.parse("400KiB"));
    private boolean storeOnly = true;
    private Harness.Config config = Mode.fromEnvironment().config();
    private Integer reps;
    private Long warmupMillis;
    private Long extendMillis;
    private boolean ipv;
    private Recorder.Options options = Recorder.Options.reporting(false, s -> { });
    private Consumer<String> progress = line -> { };
    private Path out;

    private Study(String name) {
        if (name == null || !name.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException("study name '" + name + "': use letters, digits, '.', '_' and '-' (it names the bundle folder)");
        }
        this.name = name;
    }

    /** A new study; {@code name} labels its bundle folder and metadata.json's command. */
    public static Study of(String name) {
        return new Study(name);
    }

    /** Adds codecs by name or glob ({@code fastlanes.unpack.*}); {@code store-only} is the wall, there by default. */
    public Study codecs(String... namesOrGlobs) {
        return codecs(Arrays.asList(namesOrGlobs));
    }

    /** Adds codecs by name or glob. */
    public Study codecs(List<String> namesOrGlobs) {
        for (Arm a : Arm.resolve(namesOrGlobs)) add(a);
        return this;
    }

    /** Adds codec objects (defined in a notebook cell, or loaded from a jar) under their own names. */
    public Study codec(Codec... codecs) {
        for (Codec c : codecs) add(Arm.of(c));
        return this;
    }

    private void add(Arm a) {
        Arm had = arms.putIfAbsent(a.name(), a);
        if (had != null && had.codec() != a.codec()) {
            throw new IllegalArgumentException("two codecs are named '" + a.name() + "' in study " + name + ": give one of them another name()");
        }
    }

    /** Adds columns, e.g. {@code Datasets.set("default")} or a file's through {@code UserFiles}. */
    public Study columns(List<Column> more) {
        columns.addAll(more);
        return this;
    }

    /** Adds columns. */
    public Study columns(Column... more) {
        return columns(Arrays.asList(more));
    }

    /** Adds the registry's columns of these ids ({@code syn.uniform.w12}, {@code vega.flights.delay}). */
    public Study datasets(String... ids) {
        for (String id : ids) columns.add(Datasets.load(id));
        return this;
    }

    /** Adds writers' pages, timed as written (one point, working set {@code pages}); not with columns. */
    public Study pages(List<Pages> more) {
        pages.addAll(more);
        return this;
    }

    /** Adds writers' pages. */
    public Study pages(Pages... more) {
        return pages(Arrays.asList(more));
    }

    /** The working sets, e.g. {@code "16KiB", "400KiB", "column"} (default 400KiB). */
    public Study ladder(String... labels) {
        return ladder(Arrays.asList(labels));
    }

    /** The working sets. */
    public Study ladder(List<String> labels) {
        if (labels.isEmpty()) throw new IllegalArgumentException("ladder: give at least one working set, e.g. 400KiB");
        ladder = labels.stream().map(WorkingSet::parse).toList();
        return this;
    }

    /** Short warm-up and sampling, for CI and a first look. */
    public Study quick() {
        return mode(Mode.QUICK);
    }

    /** Publishable settings: longer warm-up and sampling. */
    public Study full() {
        return mode(Mode.FULL);
    }

    /** Quick or full settings, e.g. a notebook's {@code Mode.fromEnvironment()}. */
    public Study mode(Mode m) {
        config = m.config();
        return this;
    }

    /** Timed repetitions per arm (a multiple of 64 visits every buffer placement equally). */
    public Study reps(int n) {
        if (n < 1) throw new IllegalArgumentException("reps must be 1 or more, got " + n);
        reps = n;
        return this;
    }

    /** Warm-up time per arm and point, after at least the warm-up calls. */
    public Study warmup(Duration d) {
        if (d.isNegative()) throw new IllegalArgumentException("warm-up must not be negative, got " + d);
        warmupMillis = d.toMillis();
        return this;
    }

    /**
     * Extra time per column and point to add repetitions while the control pair does not tie
     * ({@link Harness.Config#extendMillis}); zero never extends. Default: the mode's (2 s quick, 8 s full).
     */
    public Study extendRepsFor(Duration d) {
        if (d.isNegative()) throw new IllegalArgumentException("extension budget must not be negative, got " + d);
        extendMillis = d.toMillis();
        return this;
    }

    /** Also counts instructions per value at the first working set (perf counters, else valgrind); not with pages. */
    public Study ipv() {
        ipv = true;
        return this;
    }

    /** Measures without the store-only wall (vs_store_only stays empty). */
    public Study withoutStoreOnly() {
        storeOnly = false;
        return this;
    }

    /** The recorder's options: a quiet check first ({@link Recorder.Options#cli()}), a shared quiet budget, a progress display. */
    public Study options(Recorder.Options o) {
        options = o;
        return this;
    }

    /** Receives progress and log lines, e.g. {@code System.out::println}. */
    public Study progress(Consumer<String> lines) {
        progress = lines;
        return this;
    }

    /** The bundle folder (must not hold another bundle). */
    public Study out(Path dir) {
        out = dir;
        return this;
    }

    /**
     * Measures into a new bundle and loads it.
     *
     * @throws IllegalArgumentException if there are no codecs, no columns, or both columns and
     *                                  pages; or no codec takes any column's value type
     */
    public Results run() {
        List<Arm> chosen = new ArrayList<>();
        if (storeOnly) chosen.add(Arm.storeOnly());
        arms.values().stream().filter(a -> !a.isStoreOnly()).forEach(chosen::add);
        if (chosen.size() == (storeOnly ? 1 : 0)) throw new IllegalArgumentException("study " + name + ": no codecs; add .codecs(\"name or glob\") or .codec(object)");
        if (columns.isEmpty() && pages.isEmpty()) {
            throw new IllegalArgumentException("study " + name + ": no columns; add .columns(Datasets.set(\"quick\")), .datasets(\"syn.uniform.w12\") or .pages(...)");
        }
        if (!columns.isEmpty() && !pages.isEmpty()) {
            throw new IllegalArgumentException("study " + name + ": columns are encoded by every codec over the ladder, pages are timed as written: run two studies");
        }
        Harness.Config c = config;
        if (warmupMillis != null) c = c.withWarmupMillis(warmupMillis);
        if (reps != null) c = c.withReps(reps);
        if (extendMillis != null) c = c.withExtendMillis(extendMillis);
        Path dir = out != null ? out : bundleDir(name);
        ResultBundle b = pages.isEmpty()
                ? Recorder.run(name, chosen, columns, ladder, c, dir, progress, options.withIpv(ipv))
                : Recorder.runPages(name, chosen, pages, c, dir, progress, options.withIpv(ipv));
        BundleReport.write(b.dir()); // every bundle gets its report, by the main job's renderer
        return Results.load(b.dir());
    }

    /** {@code reports/notebooks/bundles/<name>-<time>} under the project root (or the working directory). */
    public static Path bundleDir(String name) {
        String root = System.getProperty("workbench.root", ".");
        String ts = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        return Path.of(root, "reports", "notebooks", "bundles", name + "-" + ts);
    }
}
