package io.lanes.workbench.report.claims;

import io.lanes.workbench.study.ClaimsRunner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lanes.workbench.corpus.Datasets;
import io.lanes.workbench.measure.WorkingSet;
import org.junit.jupiter.api.Test;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ClaimsCatalogTest {
    private static final String CONDITION = """
            {"isa": "x86-64", "vector_bits": 256, "simd": "AVX2", "compiler": "GCC -O2", "machine": "not stated",
             "data": "d", "working_set": "400 KiB"}""";
    private static final PublishedCondition AVX2 = new PublishedCondition("x86-64", 256, "AVX2", "GCC -O2", "not stated", "d", "400 KiB");

    private static Claim claim(String id, double low, double high, double tolerance, String requires) {
        return new Claim(id, 1, "s", "s", "p", "a", "b", "quick", "400KiB", "decode_speed", low, high, tolerance, requires, "e", AVX2, "t");
    }

    private static Verdict verdict(Claim c, Condition k, String verdict, double measured) {
        return new Verdict(c, k, false, verdict, measured, 2, "pass", "", "");
    }

    @Test
    void everyClaimNamesArmsSetsAndPointsThatExist() {
        List<Claim> claims = ClaimsCatalog.load();
        assertTrue(claims.size() >= 30, "at least thirty claims (issue 28), got " + claims.size());
        ClaimsRunner.requireArms(claims); // throws naming the claim and the missing arm
        var catalog = Datasets.registry().catalog();
        for (Claim c : claims) {
            assertTrue(catalog.hasSet(c.set()), "claim " + c.id() + " names set '" + c.set() + "', which the registry lacks");
            WorkingSet.parse(c.workingSet());
        }
    }

    @Test
    void everyClaimRecordsItsPublishedConditionAndWhyItsToleranceIsWhatItIs() throws Exception {
        JsonNode root;
        try (var in = ClaimsCatalog.class.getResourceAsStream(ClaimsCatalog.RESOURCE)) {
            root = new ObjectMapper().readTree(in);
        }
        Set<String> ids = new HashSet<>();
        for (JsonNode c : root.path("claims")) {
            String id = c.path("id").asText();
            ids.add(id);
            JsonNode cond = c.path("published_condition");
            for (String f : List.of("isa", "simd", "compiler", "machine", "data", "working_set")) {
                assertFalse(cond.path(f).asText("").isBlank(), "claim " + id + ": published_condition." + f + " is missing");
            }
            JsonNode bits = cond.path("vector_bits");
            assertTrue(bits.isNull() || List.of(0, 128, 256, 512).contains(bits.asInt(-1)),
                    "claim " + id + ": vector_bits must be 0, 128, 256, 512 or null (not stated), got " + bits);
            if (cond.path("isa").asText().equals("any")) {
                assertEquals("size", c.path("metric").asText(), "claim " + id + ": isa 'any' is for size-only claims");
            }
            assertFalse(c.path("tolerance_why").asText("").isBlank(), "claim " + id + ": tolerance_why is missing");
        }
        for (JsonNode r : root.path("retired")) {
            String id = r.path("id").asText("");
            assertFalse(id.isBlank() || r.path("why").asText("").isBlank(), "a retired entry needs an id and a why: " + r);
            assertFalse(ids.contains(id), "claim " + id + " is both live and retired");
        }
    }

    @Test
    void everyDesignGroupIsCovered() {
        Set<Integer> groups = new HashSet<>();
        for (Claim c : ClaimsCatalog.load()) groups.add(c.group());
        for (int g = 1; g <= 10; g++) assertTrue(groups.contains(g), "DESIGN.md group " + g + " has no claim");
    }

    @Test
    void aClaimWhoseArmDoesNotExistFailsLoudly() throws Exception {
        String json = """
                {"claims": [{"id": "x", "group": 1, "statement": "s", "source": "s", "published_on": "p",
                  "numerator": "no.such.codec", "denominator": "plain", "set": "quick", "working_set": "400KiB",
                  "metric": "decode_speed", "low": 1.5, "high": 2.0, "tolerance": 0.1, "explanation": "e", "tolerance_why": "t",
                  "published_condition": %s}]}""".formatted(CONDITION);
        List<Claim> claims = ClaimsCatalog.parse(new ObjectMapper().readTree(json));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ClaimsRunner.requireArms(claims));
        assertTrue(e.getMessage().contains("claim x") && e.getMessage().contains("no.such.codec"), e.getMessage());
    }

    @Test
    void malformedEntriesNameTheirField() throws Exception {
        String json = """
                {"claims": [{"id": "y", "group": 1, "statement": "s", "source": "s", "published_on": "p",
                  "numerator": "plain", "denominator": "plain", "set": "quick", "working_set": "400KiB",
                  "metric": "speed", "low": 1.5, "high": 2.0, "tolerance": 0.1, "explanation": "e", "tolerance_why": "t",
                  "published_condition": %s}]}""".formatted(CONDITION);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ClaimsCatalog.parse(new ObjectMapper().readTree(json)));
        assertTrue(e.getMessage().contains("claim y") && e.getMessage().contains("speed"), e.getMessage());
    }

    @Test
    void aPublishedLowerBoundReproducesAtOrAboveItAndSaysSo() throws Exception {
        String json = """
                {"claims": [{"id": "w", "group": 0, "statement": "s", "source": "s", "published_on": "p",
                  "numerator": "plain", "denominator": "plain", "set": "quick", "working_set": "400KiB",
                  "metric": "decode_speed", "low": 1.063, "high": null, "tolerance": 0.0, "explanation": "e", "tolerance_why": "t",
                  "published_condition": %s}]}""".formatted(CONDITION);
        Claim c = ClaimsCatalog.parse(new ObjectMapper().readTree(json)).getFirst();
        assertEquals(">= 1.06x", c.published());
        assertTrue(c.reproduces(1.063) && c.reproduces(2.4));
        assertFalse(c.reproduces(1.05));
    }

    @Test
    void verdictsFollowTheRangeAndTolerance() {
        Claim c = claim("z", 1.6, 2.5, 0.1, "");
        Table t = Table.create("r", StringColumn.create("codec"), StringColumn.create("column"), DoubleColumn.create("decode_gib_s"),
                StringColumn.create("gate"));
        add(t, "a", "c1", 4.0);
        add(t, "b", "c1", 2.0);
        add(t, "a", "c2", 9.0);
        add(t, "b", "c2", 3.0);
        Verdict v = ClaimsRunner.judge(c, t, Condition.NATIVE, true, "");
        assertEquals(Math.sqrt(2.0 * 3.0), v.measured(), 1e-12, "geomean of per-column ratios");
        assertEquals("reproduced", v.verdict());
        assertEquals(2, v.columns());
        Claim strict = claim("z", 3.0, 3.0, 0.05, "");
        Verdict d = ClaimsRunner.judge(strict, t, Condition.NATIVE, true, "");
        assertEquals("differs", d.verdict());
        assertTrue(d.note().startsWith("-18%"), d.note());
    }

    @Test
    void theChartShowsEachMeasuredClaimAgainstItsPublishedRange() {
        Claim range = claim("r", 1.6, 2.5, 0.1, "");
        Claim one = claim("o", 3.0, 3.0, 0.05, "");
        Claim absent = claim("x", 3.0, 3.0, 0.05, "avx512f");
        var chart = ClaimsReport.chart(List.of(verdict(range, Condition.NATIVE, "reproduced", 2.0),
                verdict(one, Condition.NATIVE, "differs", 1.5),
                verdict(absent, Condition.NATIVE, "not applicable here", Double.NaN)));
        var bars = chart.series().getFirst().points();
        assertEquals(List.of("r", "o"), chart.categories(), "the unmeasured claim has no bar");
        assertEquals(1.25, bars.get(0).y(), 1e-12, "measured over the low end of the published range");
        assertEquals(2.5 / 1.6, bars.get(0).bandHi(), 1e-12, "the band spans the published range");
        assertEquals(0.5, bars.get(1).y(), 1e-12, "below a single figure: measured/published");
        assertEquals(1.0, chart.reference());
        String svg = chart.svg();
        assertEquals(2, svg.split("class=\"wb-cat\"", -1).length - 1, "every bar has its own label");
        assertThrows(IllegalArgumentException.class, () -> ClaimsReport.chart(List.of(
                verdict(absent, Condition.NATIVE, "not applicable here", Double.NaN))));
    }

    private static void add(Table t, String codec, String col, double v) {
        t.stringColumn("codec").append(codec);
        t.stringColumn("column").append(col);
        t.doubleColumn("decode_gib_s").append(v);
        t.stringColumn("gate").append("pass");
    }
}
