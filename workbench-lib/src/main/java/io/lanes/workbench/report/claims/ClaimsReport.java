package io.lanes.workbench.report.claims;

import io.lanes.workbench.report.Html;
import io.lanes.workbench.report.HtmlReport;

import io.lanes.workbench.report.chart.Palette;
import io.lanes.workbench.report.chart.Point;
import io.lanes.workbench.report.chart.SvgChart;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The claims section of a report: the verdict table, then each claim with its source and explanation. Stateless. */
public final class ClaimsReport {
    private ClaimsReport() {
    }

    /**
     * One bar per measured claim and condition, grouped by claim and labelled with its id, one
     * series per condition: the measured ratio over the published figure (the low end of a
     * published range) on a log axis, rising or falling from a reference line at 1, in front of a
     * band over the published range (1 to high/low; to the top of the plot for a published lower
     * bound). A bar ending inside its band reproduced the range. Claims not measured here are left
     * out.
     *
     * @throws IllegalArgumentException if no claim was measured (a chart needs a bar)
     */
    public static SvgChart chart(List<Verdict> verdicts) {
        Map<String, List<Point>> series = new LinkedHashMap<>();
        for (Verdict v : verdicts) {
            if (!(v.measured() > 0)) continue;
            Claim c = v.claim();
            series.computeIfAbsent(v.condition().id(), k -> new ArrayList<>()).add(Point.bar(c.id(), v.measured() / c.low()).band(1, c.high() / c.low())
                    .note(v.conditionCell() + ": measured " + Html.format(v.measured()) + "x, published " + c.published() + " (tolerance "
                            + Html.format(c.tolerance() * 100) + "%): " + v.verdict()));
        }
        if (series.isEmpty()) throw new IllegalArgumentException("no claim was measured here, so there is nothing to chart");
        SvgChart chart = SvgChart.bars("Published claims: measured here over published, per condition", "claim",
                "measured / published (band: the published range)").logY(true).reference(1, "1 = published");
        int i = 0;
        for (var e : series.entrySet()) chart.add(e.getKey(), Palette.ordinal(i++), e.getValue());
        return chart;
    }

    /** Appends the published-versus-measured section to a report. */
    public static void section(HtmlReport r, List<Verdict> verdicts) {
        r.section("Published claims, measured here");
        Map<String, List<Verdict>> byClaim = Verdict.byClaim(verdicts);
        long atPublished = verdicts.stream().filter(v -> v.atPublished() && v.measured() > 0).count();
        long reproducedAtPublished = verdicts.stream().filter(v -> v.atPublished() && v.reproduced()).count();
        long atNative = verdicts.stream().filter(v -> v.condition().equals(Condition.NATIVE) && v.measured() > 0).count();
        long reproducedAtNative = verdicts.stream().filter(v -> v.condition().equals(Condition.NATIVE) && v.reproduced()).count();
        long multi = byClaim.values().stream().filter(l -> l.size() > 1).count();
        r.paragraph(byClaim.size() + " claims, " + multi + " of them measured under more than one condition. Under the condition nearest "
                + "the published one (its register width, where this machine can hold the JVM to it): " + reproducedAtPublished + " of "
                + atPublished + " measured reproduced; under this machine's native condition: " + reproducedAtNative + " of " + atNative
                + ". Each ratio is a geomean over the set's columns, both arms measured side by side in one run per condition; what no "
                + "condition here reproduces (another instruction set, the source's compiler and caches) is named per claim below.");
        if (verdicts.stream().anyMatch(v -> v.measured() > 0)) r.chart(chart(verdicts));
        r.table(Verdict.table(verdicts));
        StringBuilder b = new StringBuilder("<dl>\n");
        for (List<Verdict> vs : byClaim.values()) {
            Claim c = vs.getFirst().claim();
            String notEmulated = vs.getFirst().notEmulated();
            b.append("<dt><b>").append(Html.esc(c.id())).append("</b>: ").append(Html.esc(c.statement())).append("</dt>\n<dd class=\"note\">")
                    .append("Source: ").append(Html.esc(c.source())).append(". Published on: ").append(Html.esc(c.publishedOn()))
                    .append(". Here: ").append(Html.esc(c.explanation()))
                    .append(" Verdicts: ").append(Html.esc(Verdict.summary(vs))).append(".")
                    .append(notEmulated.isEmpty() ? "" : " " + Html.esc(notEmulated.substring(0, 1).toUpperCase(java.util.Locale.ROOT) + notEmulated.substring(1)) + ".")
                    .append(" Tolerance ").append(Html.format(c.tolerance() * 100)).append("%: ").append(Html.esc(c.toleranceWhy())).append("</dd>\n");
        }
        r.rawHtml(b.append("</dl>").toString());
    }
}
