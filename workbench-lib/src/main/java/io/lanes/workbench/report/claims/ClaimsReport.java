package io.lanes.workbench.report.claims;

import io.lanes.workbench.report.Html;
import io.lanes.workbench.report.HtmlReport;

import io.lanes.workbench.report.chart.Palette;
import io.lanes.workbench.report.chart.Point;
import io.lanes.workbench.report.chart.SvgChart;

import java.util.ArrayList;
import java.util.List;

/** The claims section of a report: the verdict table, then each claim with its source and explanation. Stateless. */
public final class ClaimsReport {
    private ClaimsReport() {
    }

    /**
     * One bar per measured claim, labelled with its id: the measured ratio over the published figure
     * (the low end of a published range) on a log axis, rising or falling from a reference line at
     * 1, in front of a band over the published range (1 to high/low; to the top of the plot for a
     * published lower bound). A bar ending inside its band reproduced the range. Claims not
     * measured here are left out.
     *
     * @throws IllegalArgumentException if no claim was measured (a chart needs a bar)
     */
    public static SvgChart chart(List<Verdict> verdicts) {
        List<Point> bars = new ArrayList<>();
        for (Verdict v : verdicts) {
            if (!(v.measured() > 0)) continue;
            Claim c = v.claim();
            bars.add(Point.bar(c.id(), v.measured() / c.low()).band(1, c.high() / c.low())
                    .note("measured " + Html.format(v.measured()) + "x, published " + c.published() + " (tolerance "
                            + Html.format(c.tolerance() * 100) + "%): " + v.verdict()));
        }
        if (bars.isEmpty()) throw new IllegalArgumentException("no claim was measured here, so there is nothing to chart");
        return SvgChart.bars("Published claims: measured here over published", "claim", "measured / published (band: the published range)")
                .logY(true).reference(1, "1 = published").add("measured / published", Palette.ordinal(0), bars);
    }

    /** Appends the published-versus-measured section to a report. */
    public static void section(HtmlReport r, List<Verdict> verdicts) {
        r.section("Published claims, measured here");
        long reproduced = verdicts.stream().filter(v -> v.verdict().equals("reproduced")).count();
        long differs = verdicts.stream().filter(v -> v.verdict().equals("differs")).count();
        r.paragraph(verdicts.size() + " claims: " + reproduced + " reproduced, " + differs + " differ, "
                + (verdicts.size() - reproduced - differs) + " not applicable here. Each ratio is a geomean over the set's columns, "
                + "both arms measured side by side in one run.");
        if (verdicts.stream().anyMatch(v -> v.measured() > 0)) r.chart(chart(verdicts));
        r.table(Verdict.table(verdicts));
        StringBuilder b = new StringBuilder("<dl>\n");
        for (Verdict v : verdicts) {
            Claim c = v.claim();
            b.append("<dt><b>").append(Html.esc(c.id())).append("</b>: ").append(Html.esc(c.statement())).append("</dt>\n<dd class=\"note\">")
                    .append("Source: ").append(Html.esc(c.source())).append(". Published on: ").append(Html.esc(c.publishedOn()))
                    .append(". Here: ").append(Html.esc(c.explanation())).append("</dd>\n");
        }
        r.rawHtml(b.append("</dl>").toString());
    }
}
