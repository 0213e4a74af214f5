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
    @Parameters(arity = "1..*", paramLabel = "BUNDLE", description = "result bundle directories; one bundle is compared against the "
            + "committed reference run (reports/reference/), which is then the baseline")
    List<Path> bundles;
    @Option(names = "--out", paramLabel = "FILE", description = "report file (default reports/compare-<host>-<time>/report.html)")
    Path out;

    @Override
    public Integer call() throws Exception {
        if (bundles.size() == 1) {
            Path ref = reference();
            System.out.println("baseline: the committed reference run " + ref);
            bundles = List.of(ref, bundles.getFirst());
        }
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

    /** The committed reference run: of the folders under reports/reference/, the one measured last (its fingerprint's timestamp). */
    static Path reference() throws java.io.IOException {
        Path dir = Project.root().resolve("reports").resolve("reference");
        if (!Files.isDirectory(dir)) throw new IllegalArgumentException("no committed reference run at " + dir + ": give two bundles to compare");
        try (var s = Files.list(dir)) {
            return s.filter(p -> Files.isRegularFile(p.resolve("results.csv")) && Files.isRegularFile(p.resolve("metadata.json")))
                    .max(java.util.Comparator.comparing(CompareCommand::measuredAt))
                    .orElseThrow(() -> new IllegalArgumentException("no reference run (a folder with results.csv) under " + dir + ": give two bundles to compare"));
        }
    }

    private static String measuredAt(Path bundle) {
        try {
            return new com.fasterxml.jackson.databind.ObjectMapper().readTree(bundle.resolve("metadata.json").toFile()).path("fingerprint").path("timestamp").asText("");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot read " + bundle.resolve("metadata.json"), e);
        }
    }
}
