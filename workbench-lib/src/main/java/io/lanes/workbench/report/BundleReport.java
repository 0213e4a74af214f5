package io.lanes.workbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.lanes.workbench.results.ResultBundle;
import tech.tablesaw.api.Table;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code report.html} of one bundle (a bench, a notebook's study), drawn by the same renderer
 * as the main job's report: the trust header, the charts the bundle's shape calls for, the summary,
 * every result, each point's gate and the fingerprint. Stateless.
 */
public final class BundleReport {
    private BundleReport() {
    }

    /** Writes {@code report.html} into the bundle folder and returns its path. */
    public static Path write(Path bundleDir) {
        JsonNode md = SuiteReport.metadata(bundleDir);
        Results results = Results.load(bundleDir);
        String name = md.path("settings").path("command").asText(bundleDir.getFileName().toString());
        HtmlReport r = new HtmlReport("Lanes Workbench: " + name + " (" + bundleDir.getFileName() + ")");
        if (!results.status().equals(ResultBundle.COMPLETE)) {
            r.paragraph("WARNING: this bundle is " + results.status() + ": its run did not finish, so it may hold only part of its figures.");
        }
        Table t = results.table();
        ReportHeader.write(r, md, t);
        r.paragraph(SuiteReport.HOW_TO_READ);
        r.section("Results");
        SuiteReport.body(r, t, name, charts(results));
        SuiteReport.tail(r, md);
        return r.write(bundleDir.resolve("report.html"));
    }

    /** The chart the bundle's shape calls for, and size against speed beside it when codecs' sizes differ. */
    static List<StudyChart> charts(Results results) {
        List<StudyChart> out = new ArrayList<>(List.of(results.defaultKind()));
        if (results.sizesDiffer() && !out.contains(StudyChart.SIZE_VS_SPEED)) out.add(StudyChart.SIZE_VS_SPEED);
        return out;
    }
}
