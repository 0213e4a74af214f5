package io.lanes.workbench.cli;

import io.lanes.workbench.report.claims.Verdict;

import io.lanes.workbench.measure.Fingerprint;
import io.lanes.workbench.measure.Mode;
import io.lanes.workbench.report.Html;
import io.lanes.workbench.report.HtmlReport;
import io.lanes.workbench.report.claims.Claim;
import io.lanes.workbench.report.claims.ClaimsCatalog;
import io.lanes.workbench.report.claims.ClaimsFiles;
import io.lanes.workbench.report.claims.ClaimsReport;
import io.lanes.workbench.study.ClaimsRunner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code workbench claims}: measure the published ratios of the catalog on this machine. */
@Command(name = "claims", mixinStandardHelpOptions = true,
        description = "Measure published ratios (the claims catalog) here and print published vs measured with a verdict.")
final class ClaimsCommand implements Callable<Integer> {
    @Option(names = "--id", paramLabel = "ID", description = "only these claims, repeatable (default: all)")
    List<String> ids = new ArrayList<>();
    @Option(names = "--quick", description = "short settings and the first " + ClaimsRunner.QUICK_COLUMNS + " columns of each set")
    boolean quick;
    @Option(names = "--list", description = "list the catalog and exit")
    boolean list;

    @Override
    public Integer call() throws Exception {
        List<Claim> all = ClaimsCatalog.load();
        List<Claim> chosen = new ArrayList<>();
        for (String id : ids) {
            chosen.add(all.stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow(() -> new IllegalArgumentException(
                    "no claim '" + id + "'; known: " + String.join(", ", all.stream().map(Claim::id).toList()))));
        }
        if (chosen.isEmpty()) chosen = all;
        if (list) {
            for (Claim c : chosen) {
                System.out.printf("%-34s %-12s %s%n", c.id(), c.published(), c.statement());
                System.out.printf("    published on %s%n", c.publishedCondition().describe());
            }
            return 0;
        }
        Path dir = Runs.newBundleDir("claims-");
        Files.createDirectories(dir);
        List<Verdict> vs = ClaimsRunner.run(chosen, quick ? Mode.QUICK : Mode.FULL, dir, System.out::println);
        System.out.println();
        System.out.println(Html.console(Verdict.table(vs)));
        HtmlReport r = new HtmlReport("Lanes Workbench: published claims on this machine");
        ClaimsReport.section(r, vs);
        System.out.println("claims: " + ClaimsFiles.write(dir, vs, Fingerprint.capture()));
        System.out.println("report: " + r.write(dir.resolve("report.html")));
        return 0;
    }
}
