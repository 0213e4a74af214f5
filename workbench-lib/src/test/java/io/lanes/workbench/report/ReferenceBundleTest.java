package io.lanes.workbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The policy for the committed reference run (README, "Reference run"): its revision contains
 * every change to the kernels, their generators, the Parquet page reader and the measurement and its
 * running ({@code codec/}, {@code src/build/}, {@code parquet/}, {@code measure/}, {@code study/}), it was
 * measured from a clean tree, and it carries its claims as claims.csv. A change there without a new
 * reference run fails here. The instruction counting ({@code measure/ipv/}) is part of it only when
 * the reference carries instruction counts: a run without {@code --ipv} has none, and the counting
 * cannot move its figures.
 */
class ReferenceBundleTest {
    static final List<String> MEASURED = List.of("workbench-lib/src/main/java/io/lanes/workbench/codec",
            "workbench-lib/src/main/java/io/lanes/workbench/measure", "workbench-lib/src/main/java/io/lanes/workbench/study",
            "workbench-lib/src/main/java/io/lanes/workbench/parquet", "workbench-lib/src/build");

    @Test
    void theReferenceRunIsNoOlderThanTheLastKernelOrMeasurementChange() throws Exception {
        Path root = Path.of("..").toAbsolutePath().normalize();
        Path refs = root.resolve("reports/reference");
        List<Path> runs;
        try (var s = Files.list(refs)) {
            runs = s.filter(Files::isDirectory).toList();
        }
        assertEquals(1, runs.size(), "reports/reference/ holds exactly one run (the README quotes it): " + runs);
        Path ref = runs.getFirst();
        assertTrue(Files.isRegularFile(ref.resolve("claims.csv")), ref + " has no claims.csv");
        assertTrue(Files.isRegularFile(ref.resolve("report.html")), ref + " has no report.html");
        JsonNode fp = new ObjectMapper().readTree(ref.resolve("metadata.json").toFile()).path("fingerprint");
        String rev = fp.path("git_revision").asText();
        assertFalse(rev.endsWith("+dirty"), "the reference run was measured from a tree with uncommitted changes: " + rev);

        Assumptions.assumeTrue(Files.exists(root.resolve(".git")), "not a git checkout: the revision cannot be checked here");
        List<String> measured = new java.util.ArrayList<>(MEASURED);
        if (!carriesInstructionCounts(ref)) measured.add(":(exclude)" + IPV);
        String last = git(root, List.of("log", "-1", "--format=%H", "--"), measured);
        Assumptions.assumeFalse(last.isEmpty(), "no history of codec/ and measure/ (a shallow clone?)");
        String code = git(root, List.of("merge-base", "--is-ancestor", last, rev), List.of(), true);
        assertEquals("0", code, "the reference run (revision " + rev + ") is older than the last change to codec/ or measure/ (" + last.substring(0, 12)
                + "): run ./workbench run --full on a quiet machine and replace reports/reference/ (README, Reference run)");
    }

    static final String IPV = "workbench-lib/src/main/java/io/lanes/workbench/measure/ipv";

    @Test
    void instructionCountsInAnyPartPutTheCountingUnderThePolicy(@TempDir Path run) throws Exception {
        Files.createDirectories(run.resolve("a"));
        Files.writeString(run.resolve("results.csv"), "codec,ipv,codec_detail\nplain,,\"w=3, per page\"\n");
        Files.writeString(run.resolve("a/results.csv"), "codec,ipv,codec_detail\nplain,NA,x\n");
        assertFalse(carriesInstructionCounts(run));
        Files.writeString(run.resolve("a/results.csv"), "codec,ipv,codec_detail\nplain,NA,x\nfl,0.5526,\"y, z\"\n");
        assertTrue(carriesInstructionCounts(run));
    }

    /** Whether any row of the run's results.csv (of any part) has an instructions-per-value figure. */
    static boolean carriesInstructionCounts(Path run) throws IOException {
        List<Path> csvs;
        try (var s = Files.walk(run)) {
            csvs = s.filter(f -> f.getFileName().toString().equals("results.csv")).toList();
        }
        assertFalse(csvs.isEmpty(), run + " has no results.csv");
        CsvMapper mapper = new CsvMapper();
        for (Path csv : csvs) {
            try (MappingIterator<Map<String, String>> rows = mapper.readerForMapOf(String.class).with(CsvSchema.emptySchema().withHeader()).readValues(csv.toFile())) {
                while (rows.hasNext()) {
                    Map<String, String> row = rows.next();
                    assertTrue(row.containsKey("ipv"), csv + " has no ipv column: " + row.keySet());
                    String ipv = row.get("ipv");
                    if (!ipv.isEmpty() && !ipv.equals("NA")) return true;
                }
            }
        }
        return false;
    }

    private static String git(Path root, List<String> args, List<String> paths) throws IOException, InterruptedException {
        return git(root, args, paths, false);
    }

    /** Runs git in {@code root}: its trimmed output, or with {@code exitCode} its exit code. */
    private static String git(Path root, List<String> args, List<String> paths, boolean exitCode) throws IOException, InterruptedException {
        List<String> cmd = new java.util.ArrayList<>(List.of("git", "-C", root.toString()));
        cmd.addAll(args);
        cmd.addAll(paths);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "git " + args + " did not finish");
        return exitCode ? Integer.toString(p.exitValue()) : out;
    }
}
