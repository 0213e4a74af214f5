package io.lanes.workbench.report.claims;

import io.lanes.workbench.report.Html;
import io.lanes.workbench.report.HtmlReport;

import java.util.List;

/** The claims section of a report: the verdict table, then each claim with its source and explanation. Stateless. */
public final class ClaimsReport {
    private ClaimsReport() {
    }

    /** Appends the published-versus-measured section to a report. */
    public static void section(HtmlReport r, List<ClaimsRunner.Verdict> verdicts) {
        r.section("Published claims, measured here");
        long reproduced = verdicts.stream().filter(v -> v.verdict().equals("reproduced")).count();
        long differs = verdicts.stream().filter(v -> v.verdict().equals("differs")).count();
        r.paragraph(verdicts.size() + " claims: " + reproduced + " reproduced, " + differs + " differ, "
                + (verdicts.size() - reproduced - differs) + " not applicable here. Each ratio is a geomean over the set's columns, "
                + "both arms measured side by side in one run.");
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
