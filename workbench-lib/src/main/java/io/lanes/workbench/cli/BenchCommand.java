package io.lanes.workbench.cli;

import io.lanes.workbench.corpus.Column;
import io.lanes.workbench.corpus.Datasets;
import io.lanes.workbench.corpus.UserFiles;
import io.lanes.workbench.corpus.ValueType;
import io.lanes.workbench.measure.Arm;
import io.lanes.workbench.measure.Harness;
import io.lanes.workbench.measure.WorkingSet;
import io.lanes.workbench.results.Recorder;
import io.lanes.workbench.report.Html;
import io.lanes.workbench.report.ResultCharts;
import io.lanes.workbench.results.ResultBundle;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code workbench bench}: measure codecs on columns across working sets into a result bundle. */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Measure codecs on columns across the working-set ladder; writes a result bundle and prints a summary.")
final class BenchCommand implements Callable<Integer> {
    @Option(names = "--codec", required = true, paramLabel = "NAME|GLOB", description = "codec name or glob, repeatable; 'store-only' adds the wall")
    List<String> codecs = new ArrayList<>();
    @Option(names = "--dataset", paramLabel = "ID", description = "column id, repeatable (e.g. syn.uniform.w12)")
    List<String> datasets = new ArrayList<>();
    @Option(names = "--set", paramLabel = "NAME", description = "named set of columns, repeatable (e.g. quick)")
    List<String> sets = new ArrayList<>();
    @Option(names = "--file", paramLabel = "PATH", description = "a CSV, TSV or Parquet file of your own; with --column")
    Path file;
    @Option(names = "--column", paramLabel = "NAME|INDEX", description = "column of --file, by name or 0-based index")
    String column;
    @Option(names = "--type", paramLabel = "int32|int64", description = "type of the --file column (default: from the file)")
    String type;
    @Option(names = "--delimiter", paramLabel = "C", description = "CSV delimiter of --file, e.g. ',' or '\\t' (default: detected)")
    String delimiter;
    @Option(names = "--nulls", paramLabel = "drop|reject", defaultValue = "reject", description = "nulls in the --file column (default ${DEFAULT-VALUE})")
    String nulls;
    @Option(names = "--ladder", paramLabel = "SIZES", description = "working sets, comma-separated (default 400KiB)", defaultValue = "400KiB")
    String ladder;
    @Option(names = "--reps", description = "timed repetitions per arm (default: 9 quick, 31 full)")
    Integer reps;
    @Option(names = "--warmup", paramLabel = "MILLIS", description = "warm-up time per arm and point in ms")
    Long warmupMillis;
    @Option(names = "--full", description = "publishable settings: more warm-up and repetitions")
    boolean full;
    @Option(names = "--ipv", description = "also count instructions per value (perf counters, else valgrind; first working set)")
    boolean ipv;
    @Option(names = "--csv", paramLabel = "FILE", description = "also copy results.csv here")
    Path csv;
    @Option(names = "--out", paramLabel = "DIR", description = "bundle directory (default reports/bench-<host>-<time>)")
    Path out;

    @Override
    public Integer call() {
        List<Arm> arms = Arm.resolve(codecs);
        List<Column> columns = new ArrayList<>();
        for (String s : sets) columns.addAll(Datasets.set(s));
        for (String d : datasets) columns.add(Datasets.load(d));
        if ((file == null) != (column == null)) throw new IllegalArgumentException("--file and --column go together");
        if (file != null) {
            columns.add(UserFiles.load(file, column, type == null ? null : ValueType.parse(type),
                    delimiter == null ? null : UserFiles.parseDelimiter(delimiter), UserFiles.Nulls.parse(nulls)));
        }
        if (columns.isEmpty()) throw new IllegalArgumentException("no columns: give --dataset ID, --set NAME or --file PATH --column NAME");
        Harness.Config base = full ? Harness.Config.full() : Harness.Config.quick();
        Harness.Config config = new Harness.Config(base.warmupIterations(), warmupMillis == null ? base.warmupMillis() : warmupMillis,
                reps == null ? base.reps() : reps, base.minSampleMicros(), base.control(), base.jitSettleMillis());
        Path dir = out != null ? out : Runs.newBundleDir("bench-");
        ResultBundle bundle = Recorder.run("bench", arms, columns, WorkingSet.parseList(ladder), config, dir, System.out::println,
                Recorder.Options.cli().withIpv(ipv));
        System.out.println();
        System.out.println(Html.console(ResultCharts.summary(ResultBundle.load(dir))));
        if (csv != null) {
            try {
                Path parent = csv.toAbsolutePath().getParent();
                if (parent != null) Files.createDirectories(parent);
                Files.copy(bundle.resultsCsv(), csv, StandardCopyOption.REPLACE_EXISTING);
            } catch (java.io.IOException e) {
                throw new IllegalArgumentException("cannot write --csv " + csv + ": " + e.getMessage(), e);
            }
        }
        System.out.println("bundle: " + dir);
        return 0;
    }
}
