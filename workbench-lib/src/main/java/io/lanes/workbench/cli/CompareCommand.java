package io.lanes.workbench.cli;

import io.lanes.workbench.report.CompareReport;
import io.lanes.workbench.report.Html;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code workbench compare}: a cross-machine / cross-JDK / cross-flag report from result bundles. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = "Compare result bundles side by side (first = baseline): fingerprint differences and decode speed ratios.")
final class CompareCommand implements Callable<Integer> {
    @Parameters(arity = "2..*", paramLabel = "BUNDLE", description = "result bundle directories")
    List<Path> bundles;
    @Option(names = "--out", paramLabel = "FILE", description = "report file (default reports/compare-<host>-<time>/report.html)")
    Path out;

    @Override
    public Integer call() throws Exception {
        for (Path b : bundles) {
            if (!Files.isRegularFile(b.resolve("results.csv"))) throw new IllegalArgumentException("not a result bundle (no results.csv): " + b);
        }
        Path file = out;
        if (file == null) {
            Path dir = Runs.newBundleDir("compare-");
            Files.createDirectories(dir);
            file = dir.resolve("report.html");
        }
        CompareReport.unfinished(bundles).forEach(w -> System.out.println("WARNING: " + w));
        System.out.println(Html.console(CompareReport.fingerprintDifferences(bundles)));
        System.out.println(Html.console(CompareReport.speeds(bundles)));
        System.out.println("report: " + CompareReport.write(bundles, file));
        return 0;
    }
}
