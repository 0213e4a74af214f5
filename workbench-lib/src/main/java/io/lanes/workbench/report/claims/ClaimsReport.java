package io.lanes.workbench.report.claims;

import io.lanes.workbench.report.Html;
import io.lanes.workbench.report.HtmlReport;

import io.lanes.workbench.report.ChartStyle;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

import java.awt.Color;
import java.util.ArrayList;
import java.util.List;

/** The claims section of a report: the verdict table, then each claim with its source and explanation. Stateless. */
public final class ClaimsReport {
    private ClaimsReport() {
    }

    /**
     * One bar per measured claim: the measured ratio over the published one (over the nearer end of
     * a published range, 1 inside it), so 1 means reproduced exactly and the bar's distance from 1
     * is the gap. Claims not measured here are left out.
     *
     * @throws IllegalArgumentException if no claim was measured (a chart needs a bar)
     */
    public static CategoryChart chart(List<ClaimsRunner.Verdict> verdicts) {
        List<String> ids = new ArrayList<>();
        List<Double> gaps = new ArrayList<>();
        for (ClaimsRunner.Verdict v : verdicts) {
            if (!(v.measured() > 0)) continue;
            Claim c = v.claim();
            double m = v.measured();
            ids.add(c.id());
            gaps.add(m < c.low() ? m / c.low() : m > c.high() ? m / c.high() : 1.0);
        }
        CategoryChart chart = new CategoryChartBuilder().width(ChartStyle.WIDTH).height(ChartStyle.HEIGHT + 120)
                .title("Published claims: measured here over published")
                .xAxisTitle("claim").yAxisTitle("measured / published (1 = reproduced exactly)").build();
        var st = chart.getStyler();
        st.setChartBackgroundColor(Color.WHITE);
        st.setPlotBackgroundColor(Color.WHITE);
        st.setLegendVisible(false);
        st.setXAxisLabelRotation(90); // upright labels sit under their own bar; at 45 degrees they drift one bar left
        st.setLabelsVisible(true);
        st.setDecimalPattern("0.00");
        st.setLabelsPosition(1.0);
        st.setLabelsFontColor(Color.BLACK);
        if (ids.isEmpty()) throw new IllegalArgumentException("no claim was measured here, so there is nothing to chart");
        chart.addSeries("measured / published", ids, gaps);
        return chart;
    }

    /** Appends the published-versus-measured section to a report. */
    public static void section(HtmlReport r, List<ClaimsRunner.Verdict> verdicts) {
        r.section("Published claims, measured here");
        long reproduced = verdicts.stream().filter(v -> v.verdict().equals("reproduced")).count();
        long differs = verdicts.stream().filter(v -> v.verdict().equals("differs")).count();
        r.paragraph(verdicts.size() + " claims: " + reproduced + " reproduced, " + differs + " differ, "
                + (verdicts.size() - reproduced - differs) + " not applicable here. Each ratio is a geomean over the set's columns, "
                + "both arms measured side by side in one run.");
        if (verdicts.stream().anyMatch(v -> v.measured() > 0)) r.chart(chart(verdicts));
        r.table(ClaimsRunner.table(verdicts));
        StringBuilder b = new StringBuilder("<dl>\n");
        for (ClaimsRunner.Verdict v : verdicts) {
            Claim c = v.claim();
            b.append("<dt><b>").append(Html.esc(c.id())).append("</b>: ").append(Html.esc(c.statement())).append("</dt>\n<dd class=\"note\">")
                    .append("Source: ").append(Html.esc(c.source())).append(". Published on: ").append(Html.esc(c.publishedOn()))
                    .append(". Here: ").append(Html.esc(c.explanation())).append("</dd>\n");
        }
        r.rawHtml(b.append("</dl>").toString());
    }
}
