package io.lanes.workbench.cli;

import io.lanes.workbench.corpus.Datasets;
import io.lanes.workbench.measure.Harness;
import io.lanes.workbench.measure.WorkingSet;
import io.lanes.workbench.results.Recorder;
import io.lanes.workbench.report.SuiteReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code workbench run}: the main job: the standard suite on the embedded default corpus, then the report. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run the standard suite and write reports/<host>-<time>/ with report.html, results.csv and metadata.json.")
final class RunCommand implements Callable<Integer> {
    /** The default suite: the store-only wall and every int32 block codec over the uniform widths. */
    static final List<String> ARMS = List.of("store-only", "plain", "bitpack.*");

    @Option(names = "--quick", description = "short settings, the default")
    boolean quick;
    @Option(names = "--full", description = "publishable settings: more warm-up and repetitions, the whole ladder")
    boolean full;

    @Override
    public Integer call() {
        if (quick && full) throw new IllegalArgumentException("choose one of --quick and --full");
        Harness.Config config = full ? Harness.Config.full() : Harness.Config.quick();
        List<WorkingSet> ladder = full ? WorkingSet.STANDARD : List.of(WorkingSet.parse("400KiB"));
        Path dir = Runs.newBundleDir("");
        Recorder.run(full ? "run --full" : "run --quick", BenchCommand.arms(ARMS), Datasets.set("uniform"), ladder, config, dir, System.out::println);
        Path report = SuiteReport.write(dir, "Lanes Workbench: " + (full ? "full" : "quick") + " suite");
        System.out.println("report: " + report);
        return 0;
    }
}
