package io.lanes.workbench.report.claims;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One claim's outcome under one condition on this machine, as the claims runner measured it.
 * Immutable.
 *
 * @param claim       the claim
 * @param condition   the condition it was measured under
 * @param atPublished whether this condition is the nearest this machine gets to the published one
 * @param verdict     {@code reproduced}, {@code differs} or {@code not applicable here}
 * @param measured    the ratio measured here (NaN when not applicable)
 * @param columns     columns the ratio is a geomean over
 * @param gate        validity-gate label of the point
 * @param note        the gap for {@code differs}, the reason for {@code not applicable here}
 * @param notEmulated what of the published condition no condition on this machine reproduces ({@link Condition#notEmulated})
 */
public record Verdict(Claim claim, Condition condition, boolean atPublished, String verdict, double measured, int columns,
                      String gate, String note, String notEmulated) {
    /** Whether the measured ratio reproduced the published one. */
    public boolean reproduced() {
        return verdict.equals("reproduced");
    }

    /** The condition as a table cell: its id, and "published" where it stands for the published one. */
    public String conditionCell() {
        return condition.id() + (atPublished ? " (published width)" : "");
    }

    /**
     * The verdicts of one claim in one sentence that names the condition that moves it, e.g.
     * {@code reproduced under avx2 (published width); differs under native}; a claim with one
     * condition gets its verdict alone.
     */
    public static String summary(List<Verdict> ofOneClaim) {
        if (ofOneClaim.size() == 1) return ofOneClaim.getFirst().verdict();
        List<String> parts = new ArrayList<>();
        for (Verdict v : ofOneClaim) parts.add(v.verdict() + " under " + v.conditionCell());
        return String.join("; ", parts);
    }

    /** The verdicts grouped by claim id, in order. */
    public static Map<String, List<Verdict>> byClaim(List<Verdict> vs) {
        Map<String, List<Verdict>> out = new LinkedHashMap<>();
        for (Verdict v : vs) out.computeIfAbsent(v.claim().id(), k -> new ArrayList<>()).add(v);
        return out;
    }

    /** The verdicts as a table, one row per claim and condition: id, arms, published, condition, measured, verdict, note, columns, point, gate. */
    public static Table table(List<Verdict> vs) {
        Table t = Table.create("claims", StringColumn.create("id"), StringColumn.create("arms"), StringColumn.create("published"),
                StringColumn.create("condition"), DoubleColumn.create("measured"), StringColumn.create("verdict"),
                StringColumn.create("note"), DoubleColumn.create("columns"), StringColumn.create("point"), StringColumn.create("gate"));
        for (Verdict v : vs) {
            Claim c = v.claim();
            t.stringColumn("id").append(c.id());
            t.stringColumn("arms").append(c.numerator() + " / " + c.denominator() + " (" + c.metric() + ")");
            t.stringColumn("published").append(c.published());
            t.stringColumn("condition").append(v.conditionCell());
            t.doubleColumn("measured").append(v.measured());
            t.stringColumn("verdict").append(v.verdict());
            t.stringColumn("note").append(v.note());
            t.doubleColumn("columns").append(v.columns());
            t.stringColumn("point").append(c.set() + " @ " + c.workingSet());
            t.stringColumn("gate").append(v.gate().split(";")[0]); // the verdict and the pair's distance; claims.csv and the gate section keep the sentence
        }
        return t;
    }
}
