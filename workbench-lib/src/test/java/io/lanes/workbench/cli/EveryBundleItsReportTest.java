package io.lanes.workbench.cli;

import io.lanes.workbench.report.claims.Verdict;

import io.lanes.workbench.measure.Fingerprint;
import io.lanes.workbench.report.claims.ClaimsCatalog;
import io.lanes.workbench.report.claims.ClaimsFiles;
import io.lanes.workbench.study.ClaimsRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** bench writes its report.html beside results.csv; claims write claims.csv that DuckDB types as numbers. */
class EveryBundleItsReportTest {
    @Test
    void benchWritesItsReportWithTheTrustHeader(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("b");
        String[] r = CliErrorsTest.run("bench", "--codec", "bitpack.seq.scalar", "--codec", "plain", "--codec", "store-only", "--dataset", "syn.uniform.w5",
                "--ladder", "16KiB", "--reps", "3", "--warmup", "0", "--extend", "0", "--quiet-wait", "0", "--out", out.toString());
        assertEquals("0", r[0], r[2]);
        Path report = out.resolve("report.html");
        assertTrue(Files.isRegularFile(report), "bench wrote no report.html: " + r[1]);
        String html = Files.readString(report);
        for (String part : List.of("revision", "Vector API preferred width", "Quiet check", "Instructions per value", "Skipped or partial",
                "bitpack.seq.scalar", "Validity gate per working-set point")) {
            assertTrue(html.contains(part), "report lacks '" + part + "'");
        }
        assertFalse(html.matches("(?s).*(src|href)=\"(https?|file):.*"), "no network or file:// reference");
    }

    @Test
    void claimsCsvHasOneRowPerClaimAndConditionAndDuckDbTypesItsFiguresAsNumbers(@TempDir Path dir) throws Exception {
        var claims = ClaimsCatalog.load();
        // verdicts judged from no stored bundle: every claim and condition present, none measured, each saying why
        Fingerprint fp = Fingerprint.capture();
        List<Verdict> vs = ClaimsRunner.judgeStored(claims, dir.resolve("none"), fp);
        Path csv = ClaimsFiles.write(dir, vs, fp);
        assertTrue(Files.isRegularFile(dir.resolve("claims.json")));
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT count(*), any_value(typeof(published_low)), any_value(typeof(tolerance)), any_value(typeof(columns)),"
                     + " count(*) FILTER (WHERE verdict = 'not applicable here'), count(DISTINCT id) FROM read_csv_auto('" + csv + "')")) {
            rs.next();
            assertEquals(vs.size(), rs.getInt(1));
            assertEquals(claims.size(), rs.getInt(6), "every claim has a row");
            assertEquals("DOUBLE", rs.getString(2));
            assertEquals("DOUBLE", rs.getString(3));
            assertTrue(rs.getString(4).matches("BIGINT|INTEGER"), rs.getString(4));
            assertEquals(vs.size(), rs.getInt(5));
        }
        assertEquals(ClaimsFiles.COLUMNS, List.of(Files.readAllLines(csv).getFirst().split(",")));
    }
}
