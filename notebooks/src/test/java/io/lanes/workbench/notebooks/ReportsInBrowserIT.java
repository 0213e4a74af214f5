package io.lanes.workbench.notebooks;

import io.lanes.workbench.browser.BrowserPageCheck;
import io.lanes.workbench.cli.Main;
import io.lanes.workbench.corpus.Datasets;
import io.lanes.workbench.measure.Mode;
import io.lanes.workbench.report.SuiteReport;
import io.lanes.workbench.report.StudyChart;
import io.lanes.workbench.report.SuiteStudy;
import io.lanes.workbench.report.claims.Claim;
import io.lanes.workbench.report.claims.ClaimsCatalog;
import io.lanes.workbench.report.claims.ClaimsReport;
import io.lanes.workbench.report.claims.Verdict;
import io.lanes.workbench.study.ClaimsRunner;
import io.lanes.workbench.report.notebook.NotebookRunner;
import io.lanes.workbench.study.Recorder;
import io.lanes.workbench.results.ResultBundle;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The generated pages as a reader sees them, each opened in headless Chromium and held to
 * {@link BrowserPageCheck}: a suite report (the renderer of {@code ./workbench run}) of a small real
 * bench plus two claims, a compare report of that run against the committed reference run, and the
 * quickstart notebook's HTML export. Full-page screenshots of each, and of the suite report's summary
 * table, speed chart, scatter chart and claims chart, go to {@code reports/screenshots/}.
 * <p>
 * Runs after {@link NotebooksIT} (failsafe runs the classes in alphabetical order), so the quickstart
 * export it looks at is the one this build made; run alone, it executes the quickstart itself when no
 * export is there yet.
 */
class ReportsInBrowserIT {
    /** The arms of the bench: two bit-unpackers of one size, plain (larger) and the wall, so bars, lines and the scatter all have several series. */
    private static final List<String> CODECS = List.of("store-only", "bitpack.seq.vector", "fastlanes.unpack.transposed", "plain");
    private static final List<String> LADDER = List.of("16KiB", "400KiB");
    /** Two claims measured in one harness run (same set and working set): the claims chart gets two bars. */
    private static final List<String> CLAIMS = List.of("grid-wins-l1", "fl-transpose-cost-l1");
    private static final String QUICKSTART = "00-quickstart";

    private static Path root;
    private static Path shots;
    private static BrowserPageCheck browser;
    private static Path run;
    private static List<Verdict> verdicts;

    @TempDir
    static Path work;

    @BeforeAll
    static void start() throws IOException {
        root = Path.of(System.getProperty("workbench.root")).toAbsolutePath().normalize();
        shots = root.resolve("reports/screenshots");
        // an earlier build's screenshot of a chart this one did not find would pass for this build's
        if (Files.isDirectory(shots)) {
            try (Stream<Path> old = Files.list(shots)) {
                for (Path p : old.filter(p -> p.toString().endsWith(".png")).toList()) Files.delete(p);
            }
        }
        browser = BrowserPageCheck.start();
    }

    @AfterAll
    static void stop() {
        if (browser != null) browser.close();
    }

    /**
     * A run folder as {@code ./workbench run} lays it out, made by the CLI's bench (quick settings, one
     * column, two working sets) as its one study, combined like the run combines its studies, and two
     * claims measured on the first column of their set. Made once.
     */
    private static synchronized Path run() {
        if (run != null) return run;
        Path dir = work.resolve("this-build");
        // the quick warm-up stays: shorter, a decoder may still be compiling when it is timed, and the
        // screenshots would show it 1000 times slower than it is
        List<String> args = new ArrayList<>(List.of("bench", "--dataset", "syn.uniform.w5", "--ladder", String.join(",", LADDER),
                "--quiet-wait", "0", "--out", dir.resolve("bench").toString()));
        CODECS.forEach(c -> args.addAll(List.of("--codec", c)));
        assertEquals(0, Main.commandLine().execute(args.toArray(String[]::new)), "workbench " + String.join(" ", args) + " failed: see its output above");
        ResultBundle.combine(dir, Map.of("bench", dir.resolve("bench")), Map.of(), ResultBundle.COMPLETE);
        List<Claim> claims = ClaimsCatalog.load().stream().filter(c -> CLAIMS.contains(c.id())).toList();
        assertEquals(CLAIMS.size(), claims.size(), "claims " + CLAIMS + " are not all in the catalog");
        // the chart is under test, not the claims: the first column of the set draws a bar, and loading only it
        // spares building the rest of the set (generators, downloads)
        verdicts = ClaimsRunner.run(claims, Mode.QUICK, dir.resolve("claims"), System.out::println,
                set -> List.of(Datasets.load(Datasets.registry().catalog().resolve(set).getFirst())),
                Recorder.Options.cli().waitingForQuietAtMost(Duration.ZERO), ClaimsRunner.Scope.ALL);
        run = dir;
        return run;
    }

    @Test
    void theSuiteReport() {
        Path dir = run();
        SuiteStudy study = new SuiteStudy("bench", "Bench of the browser test",
                "Decode speed of two bit-unpackers, plain and the store-only wall on one uniform 5-bit column at two working sets.",
                CODECS, "syn.uniform.w5", LADDER,
                List.of(StudyChart.SPEED_BY_CODEC, StudyChart.SIZE_VS_SPEED, StudyChart.SPEED_BY_WORKING_SET));
        Path report = SuiteReport.write(dir, "Lanes Workbench: browser test of the suite report", List.of(study),
                List.of(r -> ClaimsReport.section(r, verdicts)));
        List<String> problems = new ArrayList<>(browser.problems(report));
        browser.screenshot(shots.resolve("report.png"));
        Map<String, By> parts = new LinkedHashMap<>();
        parts.put("summary table", By.xpath("//h2[. = 'Summary']/following::table[1]"));
        parts.put("speed chart", BrowserPageCheck.chartTitled("decode speed ("));
        parts.put("scatter chart", BrowserPageCheck.chartTitled("size against speed"));
        parts.put("claims chart", BrowserPageCheck.chartTitled("Published claims"));
        parts.forEach((what, by) -> {
            if (!browser.screenshot(by, shots.resolve("report-" + what.replace(' ', '-') + ".png"))) problems.add("no " + what + " found to take a screenshot of");
        });
        assertNoProblems(report, problems);
    }

    @Test
    void theBenchsOwnReport() {
        Path report = run().resolve("bench").resolve("report.html");
        assertTrue(Files.isRegularFile(report), "bench wrote no report.html beside its results.csv");
        List<String> problems = new ArrayList<>(browser.problems(report));
        browser.screenshot(shots.resolve("bench-report.png"));
        assertNoProblems(report, problems);
    }

    @Test
    void aCompareReport() throws IOException {
        Path report = work.resolve("compare.html");
        // the README's own use: a run of one's own against the committed reference run, the default baseline of one bundle
        assertEquals(0, Main.commandLine().execute("compare", run().toString(), "--out", report.toString()), "compare failed: see its output above");
        List<String> problems = new ArrayList<>(browser.problems(report));
        browser.screenshot(shots.resolve("compare.png"));
        if (!browser.screenshot(BrowserPageCheck.chartTitled("Decode throughput by bundle"), shots.resolve("compare-chart.png"))) {
            problems.add("no compare chart found to take a screenshot of");
        }
        assertNoProblems(report, problems);
    }

    @Test
    void theQuickstartNotebook() {
        Path html = root.resolve("notebooks/target/executed/" + QUICKSTART + ".html");
        if (!Files.isRegularFile(html)) {
            System.out.println(html + " is missing (NotebooksIT did not run first): executing the quickstart");
            html = new NotebookRunner(root, Duration.ofMinutes(10), 4, Map.of("WORKBENCH_QUICK", "1"))
                    .execute(root.resolve("notebooks/" + QUICKSTART + ".ipynb"), work.resolve("executed")).html();
        }
        List<String> problems = browser.problems(html);
        browser.screenshot(shots.resolve("notebook-" + QUICKSTART + ".png"));
        assertNoProblems(html, problems);
    }

    private static void assertNoProblems(Path page, List<String> problems) {
        if (!problems.isEmpty()) fail(page + " has " + problems.size() + " problem(s) in the browser:\n  " + String.join("\n  ", problems));
    }
}
