package io.lanes.workbench.cli;

import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.corpus.Column;
import io.lanes.workbench.corpus.Datasets;
import io.lanes.workbench.corpus.Pages;
import io.lanes.workbench.corpus.UserFiles;
import io.lanes.workbench.corpus.ValueType;
import io.lanes.workbench.measure.Arm;
import io.lanes.workbench.measure.Mode;
import io.lanes.workbench.measure.StoreOnly;
import io.lanes.workbench.measure.WorkingSet;
import io.lanes.workbench.report.Html;
import io.lanes.workbench.report.Results;
import io.lanes.workbench.study.Study;
import io.lanes.workbench.study.Recorder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code workbench bench}: measure codecs on columns across working sets, or on writers' pages as
 * written, into a result bundle.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Measure codecs on columns across the working-set ladder; writes a result bundle and prints a summary. --codec is required.",
                "",
                "Columns (--dataset, --set, --file) are tiled to each working set and encoded by every codec itself. "
                        + "With --pages or --writer, decoders are timed on pages exactly as a writer wrote them instead: "
                        + "every page of a column decoded in order as one call, checked against an independent reader "
                        + "(DuckDB for a file; the column itself for --writer). Only pages the codecs read count "
                        + "(e.g. DELTA_BINARY_PACKED for parquet.delta*); dictionary pages and other encodings are "
                        + "listed as skipped. The working set is the column's pages, so --ladder does not apply; rows "
                        + "have working_set 'pages' and the bundle's metadata.json lists every column's pages.",
                "",
                "--codec engine.duckdb.scan adds a reference arm with --pages: one DuckDB query (1 thread) over the same file "
                        + "and column, whose answer needs every value decoded; engine.duckdb.open times that query's fixed cost "
                        + "(a count(*) DuckDB answers from the footer). Their rows are named engine.*, are not decoder calls, and "
                        + "share no geomean with decoders (docs/peers.md).",
                "",
                "Examples:",
                "  bench --pages datasets/parquet-testing/delta_binary_packed.parquet",
                "        --column bitwidth12 --codec 'parquet.delta64.*'",
                "        --codec peer.parquet.delta64 --codec store-only",
                "  bench --pages datasets/parquet-testing/delta_length_byte_array.parquet",
                "        --codec 'parquet.delta-length*' --codec engine.duckdb.scan --codec engine.duckdb.open",
                "  bench --dataset vega.flights.date_us --writer parquet-java",
                "        --codec 'parquet.delta64.*' --codec store-only",
                ""})
final class BenchCommand implements Callable<Integer> {
    @Mixin
    CodecOptions codecOptions;
    @Mixin
    DatasetOptions columnOptions;
    @Option(names = "--set", paramLabel = "NAME", description = "named set of columns, repeatable (e.g. quick)")
    List<String> sets = new ArrayList<>();
    @Option(names = "--file", paramLabel = "PATH", description = "a CSV, TSV or Parquet file of your own, repeatable; its --column columns, "
            + "else every column that loads as integers (the others are named with the reason)")
    List<Path> files = new ArrayList<>();
    @Option(names = "--column", paramLabel = "NAME|INDEX", split = ",", description = "columns of every --file, by name or 0-based index, "
            + "or of --pages, by name; repeatable or comma-separated (default: every integer column; with --pages also every byte-array column)")
    List<String> columnNames = new ArrayList<>();
    @Option(names = "--pages", paramLabel = "PARQUET", description = "time this Parquet file's pages exactly as its writer wrote them (no re-encoding, no ladder); "
            + "repeatable: the files' columns are measured in one run, e.g. the same column written with and without a dictionary")
    List<Path> pages = new ArrayList<>();
    @Option(names = "--writer", paramLabel = "parquet-java", description = "time the pages this writer makes of the --dataset/--set/--file columns instead of "
            + "each codec's own encoding: parquet-java = parquet-java's ColumnWriteStoreV2, PARQUET_2_0, no dictionary "
            + "(so DELTA_BINARY_PACKED), its default page limits (20,000 rows or 1 MiB)")
    String writer;
    @Option(names = "--type", paramLabel = "int32|int64|byte-array", description = "type of the --file column (default: from the file; a CSV column loads as text only with byte-array)")
    String type;
    @Option(names = "--delimiter", paramLabel = "C", description = "CSV delimiter of --file, e.g. ',' or '\\t' (default: detected)")
    String delimiter;
    @Option(names = "--nulls", paramLabel = "drop|reject", defaultValue = "reject", description = "nulls in the --file column (default ${DEFAULT-VALUE})")
    String nulls;
    @Option(names = "--reps", description = "timed repetitions per arm (default: 64, quick and full; a multiple of 64 visits every buffer placement equally)")
    Integer reps;
    @Option(names = "--warmup", paramLabel = "MILLIS", description = "warm-up time per arm and point in ms, after at least the warm-up calls "
            + "(default: 150 quick, 300 full)")
    Long warmupMillis;
    @Option(names = "--extend", paramLabel = "MILLIS", description = "while a column's control pair is more than 1.5% apart, add "
            + "repetitions for up to this long per column and point, up to 8x --reps (default: 2000 quick, 8000 full; 0 never extends); "
            + "the gate says how far apart the pair ended and after how many repetitions")
    Long extendMillis;
    @Option(names = "--quiet-wait", paramLabel = "SECONDS", defaultValue = "30",
            description = "wait at most this long for a quiet machine before measuring (default ${DEFAULT-VALUE}; 0 checks once); "
                    + "the outcome is recorded either way")
    int quietWait;
    @Option(names = "--full", description = "publishable settings: more warm-up and repetitions")
    boolean full;
    @Option(names = "--ipv", description = "also count instructions per value (perf counters, else valgrind; first working set)")
    boolean ipv;
    @Option(names = "--csv", paramLabel = "FILE", description = "also copy results.csv to this file (checked writable before measuring)")
    Path csv;
    @Option(names = "--out", paramLabel = "DIR", description = "bundle directory (default reports/bench-<host>-<time>)")
    Path out;

    @Override
    public Integer call() {
        List<String> codecs = codecOptions.required();
        List<String> datasets = columnOptions.ids;
        codecOptions.plugins.install();
        List<Arm> arms = Arm.resolve(codecs);
        boolean asWritten = !pages.isEmpty() || writer != null;
        if (!columnNames.isEmpty() && files.isEmpty() && pages.isEmpty()) throw new IllegalArgumentException("--column names columns of --file or --pages");
        if (!files.isEmpty() && !pages.isEmpty()) throw new IllegalArgumentException("--column would name columns of both --file and --pages: run them in separate benches");
        if (asWritten) checkAsWritten(!sets.isEmpty() || !datasets.isEmpty() || !files.isEmpty());
        List<Column> columns = new ArrayList<>();
        for (String s : sets) columns.addAll(Datasets.set(s));
        for (String d : datasets) columns.add(Datasets.load(d));
        for (Path f : files) {
            columns.addAll(UserFiles.loadAll(f, columnNames, type == null ? null : ValueType.parse(type),
                    delimiter == null ? null : UserFiles.parseDelimiter(delimiter), UserFiles.Nulls.parse(nulls),
                    why -> System.out.println("column skipped: " + why)));
        }
        Path dir = out != null ? out : Runs.newBundleDir("bench-");
        Runs.requireWritable(dir);
        if (csv != null) requireWritableFile(csv);
        Study study = Study.of("bench").codecs(codecs).mode(full ? Mode.FULL : Mode.QUICK).options(options()).progress(System.out::println).out(dir);
        if (!codecs.contains(StoreOnly.NAME)) study.withoutStoreOnly(); // the CLI measures the wall when asked
        if (reps != null) study.reps(reps);
        if (warmupMillis != null) study.warmup(Duration.ofMillis(warmupMillis));
        if (extendMillis != null) study.extendRepsFor(Duration.ofMillis(extendMillis));
        if (asWritten) {
            study.pages(pageSets(arms, columns));
        } else {
            if (columns.isEmpty()) throw new IllegalArgumentException("no columns: give --dataset ID, --set NAME, --file PATH [--column NAME] or --pages PARQUET");
            study.columns(columns).ladder(WorkingSet.parseList(columnOptions.ladder()).stream().map(WorkingSet::label).toList());
            if (ipv) study.ipv();
        }
        Results results = study.run();
        System.out.println();
        System.out.println(Html.console(results.summary()));
        if (csv != null) {
            try {
                Files.copy(results.bundle().resolve("results.csv"), csv, StandardCopyOption.REPLACE_EXISTING);
            } catch (java.io.IOException e) {
                throw new IllegalArgumentException("cannot write --csv " + csv + ": " + e.getMessage(), e);
            }
        }
        System.out.println("bundle: " + dir);
        System.out.println("report: " + dir.resolve("report.html"));
        return 0;
    }

    private Recorder.Options options() {
        if (quietWait < 0) throw new IllegalArgumentException("--quiet-wait must be 0 or more seconds, got " + quietWait);
        return Recorder.Options.cli().waitingForQuietAtMost(Duration.ofSeconds(quietWait));
    }

    /** Fails before measuring when {@code file} cannot be written: a folder, or a folder that cannot be made or written. */
    private static void requireWritableFile(Path file) {
        if (Files.isDirectory(file)) throw new IllegalArgumentException("--csv " + file + " is a folder: give a file name, e.g. " + file.resolve("results.csv"));
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) Runs.requireWritable(parent);
        if (Files.exists(file) && !Files.isWritable(file)) throw new IllegalArgumentException("--csv " + file + " exists and cannot be written");
    }

    /** Rejects options that do not apply to pages as written, before any column is loaded. */
    private void checkAsWritten(boolean columns) {
        if (columnOptions.ladderGiven()) {
            throw new IllegalArgumentException("--ladder does not apply to --pages or --writer: the working set is each column's pages as written "
                    + "(every result row gives their input and output bytes)");
        }
        if (ipv) throw new IllegalArgumentException("--ipv counts instructions on ladder points, not on --pages or --writer pages");
        if (writer == null && columns) {
            throw new IllegalArgumentException("--dataset, --set and --file columns are encoded by every codec over the ladder, --pages are timed as written: "
                    + "add --writer parquet-java to time parquet-java's pages of those columns, or run two benches");
        }
        if (writer != null && !writer.equals("parquet-java")) throw new IllegalArgumentException("unknown --writer '" + writer + "'; writers: parquet-java");
        if (writer != null && !columns) throw new IllegalArgumentException("--writer writes columns: give --dataset ID, --set NAME or --file PATH --column NAME");
    }

    /** The pages of --pages and of the columns --writer writes, each announced with what was skipped. */
    private List<Pages> pageSets(List<Arm> arms, List<Column> columns) {
        List<Codec> decoders = arms.stream().filter(a -> a.codec() != null).map(Arm::codec).toList();
        List<Pages> out = new ArrayList<>();
        for (Path file : pages) {
            if (!columnNames.isEmpty()) {
                columnNames.forEach(c -> out.add(Pages.ofFile(file, c, decoders)));
                continue;
            }
            Pages.Selection s = Pages.ofFile(file, decoders);
            out.addAll(s.pages());
            s.skipped().forEach(x -> System.out.println("column skipped: " + x));
        }
        for (Column c : columns) out.add(Pages.writtenByParquetJava(c, decoders));
        out.forEach(p -> System.out.println("pages " + p.summary()));
        return out;
    }
}
