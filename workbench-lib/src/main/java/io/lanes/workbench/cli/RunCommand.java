package io.lanes.workbench.cli;

import io.lanes.workbench.report.claims.Verdict;

import io.lanes.workbench.measure.Mode;
import io.lanes.workbench.corpus.Catalog;
import io.lanes.workbench.corpus.Column;
import io.lanes.workbench.corpus.Datasets;
import io.lanes.workbench.corpus.Registry;
import io.lanes.workbench.measure.Arm;
import io.lanes.workbench.measure.Fingerprint;
import io.lanes.workbench.measure.Harness;
import io.lanes.workbench.measure.QuietCheck;
import io.lanes.workbench.measure.WorkingSet;
import io.lanes.workbench.report.SuiteStudy;
import io.lanes.workbench.study.Suite;
import io.lanes.workbench.report.SuiteReport;
import io.lanes.workbench.report.claims.Claim;
import io.lanes.workbench.report.claims.ClaimsCatalog;
import io.lanes.workbench.report.claims.ClaimsFiles;
import io.lanes.workbench.report.claims.ClaimsReport;
import io.lanes.workbench.study.ClaimsRunner;
import io.lanes.workbench.study.Recorder;
import io.lanes.workbench.results.ResultBundle;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Function;

/** {@code workbench run}: the main job: the standard suite on the embedded default corpus, the published claims, then the report. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run the standard suite and the published claims and write reports/<host>-<time>/ with report.html, results.csv and metadata.json.")
final class RunCommand implements Callable<Integer> {
    @Option(names = "--quick", description = "short settings, the default (about 12 minutes on 2 cores)")
    boolean quick;
    @Option(names = "--full", description = "publishable settings: more warm-up and repetitions, the whole ladder and corpus")
    boolean full;
    @Option(names = "--out", paramLabel = "DIR", description = "run folder (default reports/<host>-<time>)")
    Path out;

    /** The whole run's wait for a quiet machine, shared by its studies and claims. */
    static final Duration QUIET_WAIT = Duration.ofSeconds(60);

    @Override
    public Integer call() {
        if (quick && full) throw new IllegalArgumentException("choose one of --quick and --full");
        Harness.Config config = full ? Harness.Config.full() : Harness.Config.quick();
        List<SuiteStudy> studies = Suite.studies(full);
        for (SuiteStudy s : studies) Arm.resolve(s.arms()); // every arm must exist before anything runs
        List<Claim> claims = ClaimsCatalog.load();
        ClaimsRunner.requireArms(claims);
        Path dir = out != null ? out : Runs.newBundleDir("");
        Runs.requireWritable(dir);

        // Every column the run will use, loaded once before anything is measured: a dataset that cannot be had
        // is named once with its reason and left out, and nothing is generated twice.
        Catalog catalog = Datasets.registry().catalog();
        Set<String> ids = new LinkedHashSet<>();
        for (SuiteStudy s : studies) ids.addAll(catalog.resolve(s.columns()));
        for (Claim c : claims) ids.addAll(catalog.resolve(c.set()));
        System.out.println("resolving " + ids.size() + " columns");
        Registry.Resolution corpus = Datasets.registry().resolve(List.copyOf(ids));
        corpus.skipped().forEach((dataset, why) -> System.out.println("WARNING: dataset " + dataset + " skipped: " + why));
        Function<String, List<Column>> columns = set -> corpus.of(catalog.resolve(set));

        Recorder.Options options = Recorder.Options.cli().sharingQuietWait(new QuietCheck.Budget(QUIET_WAIT));
        Map<String, Path> parts = new LinkedHashMap<>();
        for (SuiteStudy s : studies) {
            System.out.println("study " + s.id() + ": " + s.title());
            List<Column> cols = columns.apply(s.columns());
            if (cols.isEmpty()) {
                System.out.println("WARNING: study " + s.id() + " skipped: none of its columns (" + s.columns() + ") could be had");
                continue;
            }
            Recorder.run("run " + (full ? "--full" : "--quick") + " / " + s.id(), Arm.resolve(s.arms()), cols,
                    s.ladder().stream().map(WorkingSet::parse).toList(), config, dir.resolve(s.id()), System.out::println, options);
            parts.put(s.id(), dir.resolve(s.id()));
            ResultBundle.combine(dir, parts, corpus.skipped(), ResultBundle.INTERRUPTED); // after every study: an interrupted run keeps a loadable bundle
        }
        if (parts.isEmpty()) throw new IllegalStateException("no study could run: every dataset was skipped (see the warnings above)");
        System.out.println("published claims: " + (full ? "full" : "quick") + " settings");
        List<Verdict> verdicts = ClaimsRunner.run(claims, full ? Mode.FULL : Mode.QUICK, dir.resolve("claims"), System.out::println, columns, options,
                full ? ClaimsRunner.Scope.ALL : ClaimsRunner.Scope.NARROWED_AT_400KIB_ONLY);
        System.out.println("claims: " + ClaimsFiles.write(dir, verdicts, Fingerprint.capture()));
        ResultBundle.combine(dir, parts, corpus.skipped(), ResultBundle.COMPLETE); // every figure is in: the report reads it so
        Path report = SuiteReport.write(dir, "Lanes Workbench: " + (full ? "full" : "quick") + " suite", studies,
                List.of(r -> ClaimsReport.section(r, verdicts)));
        System.out.println("report: " + report);
        return 0;
    }
}
