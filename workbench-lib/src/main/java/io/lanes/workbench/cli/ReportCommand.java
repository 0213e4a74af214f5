package io.lanes.workbench.cli;

import io.lanes.workbench.report.claims.Verdict;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lanes.workbench.report.BundleReport;
import io.lanes.workbench.study.Suite;
import io.lanes.workbench.report.SuiteReport;
import io.lanes.workbench.report.SuiteStudy;
import io.lanes.workbench.report.claims.ClaimsCatalog;
import io.lanes.workbench.report.claims.ClaimsFiles;
import io.lanes.workbench.report.claims.ClaimsReport;
import io.lanes.workbench.study.ClaimsRunner;
import io.lanes.workbench.measure.Fingerprint;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code workbench report}: draws a bundle's {@code report.html} again from its files, with this
 * version's renderer and without measuring: a bench or notebook bundle, or a run of the main job
 * (its studies, and its claims judged again from the bundles they left, rewriting claims.csv).
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Draw report.html again from a bundle's results.csv and metadata.json (a bench, a notebook study or a whole run), measuring nothing.")
final class ReportCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "BUNDLE", description = "result bundle or run folders")
    List<Path> bundles;

    @Override
    public Integer call() throws Exception {
        for (Path b : bundles) {
            if (!Files.isRegularFile(b.resolve("metadata.json"))) throw new IllegalArgumentException("not a result bundle (no metadata.json): " + b);
            JsonNode md = new ObjectMapper().readTree(b.resolve("metadata.json").toFile());
            System.out.println("report: " + (md.has("parts") ? run(b, md) : BundleReport.write(b)));
        }
        return 0;
    }

    /** A run's report: the suite's studies it holds, then its claims judged from their stored bundles. */
    private static Path run(Path dir, JsonNode md) {
        boolean full = false;
        List<String> ids = new ArrayList<>();
        for (var it = md.path("parts").fields(); it.hasNext(); ) {
            var p = it.next();
            ids.add(p.getKey());
            full |= p.getValue().path("settings").path("command").asText().contains("--full");
        }
        Map<String, SuiteStudy> known = new LinkedHashMap<>();
        for (SuiteStudy s : Suite.studies(true)) known.put(s.id(), s);
        for (SuiteStudy s : Suite.studies(false)) known.putIfAbsent(s.id(), s);
        List<SuiteStudy> studies = ids.stream().filter(known::containsKey).map(known::get).toList();
        ids.stream().filter(id -> !known.containsKey(id)).forEach(id -> System.out.println("WARNING: part " + id + " is no study of this version's suite: left out"));
        List<java.util.function.Consumer<io.lanes.workbench.report.HtmlReport>> extra = new ArrayList<>();
        Path claimsDir = dir.resolve("claims");
        if (Files.isDirectory(claimsDir)) {
            Fingerprint fp = new Fingerprint(fingerprint(md));
            List<Verdict> vs = ClaimsRunner.judgeStored(ClaimsCatalog.load(), claimsDir, fp);
            System.out.println("claims: " + ClaimsFiles.write(dir, vs, fp));
            extra.add(r -> ClaimsReport.section(r, vs));
        }
        return SuiteReport.write(dir, "Lanes Workbench: " + (full ? "full" : "quick") + " suite", studies, extra);
    }

    private static Map<String, String> fingerprint(JsonNode md) {
        Map<String, String> f = new LinkedHashMap<>();
        md.path("fingerprint").fields().forEachRemaining(e -> f.put(e.getKey(), e.getValue().asText()));
        return f;
    }
}
