package io.lanes.workbench.report.claims;

import tech.tablesaw.api.Table;

import java.util.List;

/**
 * One claim's outcome on this machine, as the claims runner measured it. Immutable.
 *
 * @param claim    the claim
 * @param verdict  {@code reproduced}, {@code differs} or {@code not applicable here}
 * @param measured the ratio measured here (NaN when not applicable)
 * @param columns  columns the ratio is a geomean over
 * @param gate     validity-gate label of the point
 * @param note     the gap for {@code differs}, the reason for {@code not applicable here}
 */
public record Verdict(Claim claim, String verdict, double measured, int columns, String gate, String note) {
    /** The verdicts as a table: id, claim, published, measured, verdict, note, columns, gate. */
    public static Table table(List<Verdict> vs) {
        Table t = Table.create("claims",
                tech.tablesaw.api.StringColumn.create("id"), tech.tablesaw.api.StringColumn.create("arms"),
                tech.tablesaw.api.StringColumn.create("published"), tech.tablesaw.api.DoubleColumn.create("measured"),
                tech.tablesaw.api.StringColumn.create("verdict"), tech.tablesaw.api.StringColumn.create("note"),
                tech.tablesaw.api.DoubleColumn.create("columns"), tech.tablesaw.api.StringColumn.create("point"),
                tech.tablesaw.api.StringColumn.create("gate"));
        for (Verdict v : vs) {
            Claim c = v.claim();
            t.stringColumn("id").append(c.id());
            t.stringColumn("arms").append(c.numerator() + " / " + c.denominator() + " (" + c.metric() + ")");
            t.stringColumn("published").append(c.published());
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
