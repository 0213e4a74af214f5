package io.lanes.workbench.cli;

import io.lanes.workbench.corpus.Datasets;
import io.lanes.workbench.measure.Arm;
import io.lanes.workbench.measure.Harness;
import io.lanes.workbench.measure.WorkingSet;
import io.lanes.workbench.report.Study;
import io.lanes.workbench.report.Suite;
import io.lanes.workbench.report.SuiteReport;
import io.lanes.workbench.report.claims.ClaimsCatalog;
import io.lanes.workbench.report.claims.ClaimsReport;
import io.lanes.workbench.report.claims.ClaimsRunner;
import io.lanes.workbench.results.Recorder;
import io.lanes.workbench.results.ResultBundle;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code workbench run}: the main job: the standard suite on the embedded default corpus, the published claims, then the report. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run the standard suite and the published claims and write reports/<host>-<time>/ with report.html, results.csv and metadata.json.")
final class RunCommand implements Callable<Integer> {
    @Option(names = "--quick", description = "short settings, the default (under 10 minutes on 2 cores)")
    boolean quick;
    @Option(names = "--full", description = "publishable settings: more warm-up and repetitions, the whole ladder and corpus")
    boolean full;
    @Option(names = "--out", paramLabel = "DIR", description = "run folder (default reports/<host>-<time>)")
    Path out;

    @Override
    public Integer call() {
        if (quick && full) throw new IllegalArgumentException("choose one of --quick and --full");
        Harness.Config config = full ? Harness.Config.full() : Harness.Config.quick();
        List<Study> studies = Suite.studies(full);
        for (Study s : studies) Arm.resolve(s.arms()); // every arm must exist before anything runs
        Path dir = out != null ? out : Runs.newBundleDir("");
        Map<String, Path> parts = new LinkedHashMap<>();
        for (Study s : studies) {
            System.out.println("study " + s.id() + ": " + s.title());
            Recorder.run("run " + (full ? "--full" : "--quick") + " / " + s.id(), Arm.resolve(s.arms()), Datasets.set(s.columns()),
                    s.ladder().stream().map(WorkingSet::parse).toList(), config, dir.resolve(s.id()), System.out::println,
                    Recorder.Options.cli());
            parts.put(s.id(), dir.resolve(s.id()));
            ResultBundle.combine(dir, parts); // after every study, so an interrupted run keeps a loadable bundle
        }
        System.out.println("published claims: " + (full ? "full" : "quick") + " settings");
        List<ClaimsRunner.Verdict> claims = ClaimsRunner.run(ClaimsCatalog.load(), !full, dir.resolve("claims"), System.out::println);
        Path report = SuiteReport.write(dir, "Lanes Workbench: " + (full ? "full" : "quick") + " suite", studies,
                List.of(r -> ClaimsReport.section(r, claims)));
        System.out.println("report: " + report);
        return 0;
    }
}
