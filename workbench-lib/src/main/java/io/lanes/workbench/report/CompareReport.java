package io.lanes.workbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.lanes.workbench.results.ResultBundle;
import io.lanes.workbench.report.chart.Palette;
import io.lanes.workbench.report.chart.Point;
import io.lanes.workbench.report.chart.SvgChart;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Side-by-side comparison of result bundles from different machines, JDKs or JVM flags: the
 * fingerprint fields that differ, and per codec and working set the geomean decode speed in each
 * bundle with its ratio to the first (the baseline), over the columns every bundle measured.
 * Stateless.
 */
public final class CompareReport {
    private CompareReport() {
    }

    /** Labels of bundles: their folder names, made unique with {@code #2}, {@code #3}... where folders share a name. */
    static List<String> labels(List<Path> bundles) {
        List<String> out = new ArrayList<>();
        for (Path b : bundles) {
            String base = b.toAbsolutePath().normalize().getFileName().toString();
            String l = base;
            for (int k = 2; out.contains(l); k++) l = base + "#" + k;
            out.add(l);
        }
        return out;
    }

    /** Fingerprint fields whose values differ between bundles; one row per field, one column per bundle. */
    public static Table fingerprintDifferences(List<Path> bundles) {
        List<Map<String, String>> fps = new ArrayList<>();
        Set<String> keys = new LinkedHashSet<>();
        for (Path b : bundles) {
            Map<String, String> fp = new LinkedHashMap<>();
            JsonNode md = SuiteReport.metadata(b);
            md.path("fingerprint").fields().forEachRemaining(e -> fp.put(e.getKey(), e.getValue().asText()));
            keys.addAll(fp.keySet());
            fps.add(fp);
        }
        Table t = Table.create("fingerprint differences", StringColumn.create("field"));
        for (String l : labels(bundles)) t.addColumns(StringColumn.create(l));
        for (String k : keys) {
            if (k.equals("timestamp")) continue;
            Set<String> values = new LinkedHashSet<>();
            for (Map<String, String> fp : fps) values.add(fp.getOrDefault(k, ""));
            if (values.size() < 2) continue;
            t.stringColumn(0).append(k);
            for (int i = 0; i < fps.size(); i++) t.stringColumn(i + 1).append(fps.get(i).getOrDefault(k, ""));
        }
        return t;
    }

    /**
     * Per codec and working set: geomean decode GiB/s in every bundle over the columns all bundles
     * share, and each bundle's ratio to the first.
     */
    public static Table speeds(List<Path> bundles) {
        List<Map<String, Double>> perBundle = new ArrayList<>();
        for (Path b : bundles) {
            Table r = ResultBundle.load(b);
            Map<String, Double> m = new LinkedHashMap<>();
            for (int i = 0; i < r.rowCount(); i++) {
                double g = r.doubleColumn("decode_gib_s").getDouble(i);
                if (g > 0) m.put(r.stringColumn("codec").get(i) + "\u0000" + r.stringColumn("working_set").get(i) + "\u0000" + r.stringColumn("column").get(i), g);
            }
            perBundle.add(m);
        }
        Set<String> shared = new LinkedHashSet<>(perBundle.get(0).keySet());
        for (Map<String, Double> m : perBundle) shared.retainAll(m.keySet());
        Map<String, List<String>> byGroup = new LinkedHashMap<>();
        for (String k : shared) {
            String[] p = k.split("\u0000");
            byGroup.computeIfAbsent(p[0] + "\u0000" + p[1], x -> new ArrayList<>()).add(k);
        }
        Table t = Table.create("decode GiB/s, geomean over shared columns", StringColumn.create("codec"), StringColumn.create("working_set"),
                DoubleColumn.create("columns"));
        List<String> labels = labels(bundles);
        for (String l : labels) t.addColumns(DoubleColumn.create(l));
        for (int i = 1; i < bundles.size(); i++) t.addColumns(DoubleColumn.create(labels.get(i) + " / " + labels.get(0)));
        byGroup.forEach((g, keys) -> {
            String[] p = g.split("\u0000");
            t.stringColumn("codec").append(p[0]);
            t.stringColumn("working_set").append(p[1]);
            t.doubleColumn("columns").append(keys.size());
            double[] gm = new double[bundles.size()];
            for (int i = 0; i < bundles.size(); i++) {
                double s = 0;
                for (String k : keys) s += Math.log(perBundle.get(i).get(k));
                gm[i] = Math.exp(s / keys.size());
                t.doubleColumn(3 + i).append(gm[i]);
            }
            for (int i = 1; i < bundles.size(); i++) t.doubleColumn(2 + bundles.size() + i).append(gm[i] / gm[0]);
        });
        return t;
    }

    /**
     * A grouped bar chart of the geomean speeds on a log axis (speeds of different codecs span
     * orders of magnitude): one group per codec and working set, one bar per bundle, each bundle a
     * series in its own colour, its ratio to the baseline in the tooltip.
     */
    public static SvgChart chart(Table speeds, List<Path> bundles) {
        SvgChart c = SvgChart.bars("Decode throughput by bundle", "codec @ working set", "decoded GiB/s, geomean over shared columns").logY(true);
        List<String> labels = labels(bundles);
        for (int b = 0; b < bundles.size(); b++) {
            List<Point> bars = new ArrayList<>();
            for (int i = 0; i < speeds.rowCount(); i++) {
                double v = speeds.doubleColumn(3 + b).getDouble(i);
                double base = speeds.doubleColumn(3).getDouble(i);
                bars.add(Point.bar(speeds.stringColumn("codec").get(i) + " @ " + speeds.stringColumn("working_set").get(i), v)
                        .note(b == 0 ? "baseline" : String.format(java.util.Locale.ROOT, "%.3gx the baseline", v / base)));
            }
            c.add(labels.get(b), Palette.ordinal(b), bars);
        }
        return c;
    }

    /**
     * One warning per bundle that did not finish ({@link ResultBundle#status} other than complete):
     * its figures are partial, so a ratio against it compares fewer columns than it seems to.
     */
    public static List<String> unfinished(List<Path> bundles) {
        List<String> out = new java.util.ArrayList<>();
        for (Path b : bundles) {
            String status = ResultBundle.status(b);
            if (!status.equals(ResultBundle.COMPLETE)) {
                out.add("bundle " + b + " is " + status + ": its run did not finish, so its figures are partial");
            }
        }
        return out;
    }

    /** Writes the comparison report to {@code out} and returns it. */
    public static Path write(List<Path> bundles, Path out) {
        if (bundles.size() < 2) throw new IllegalArgumentException("compare needs at least two bundles, got " + bundles.size());
        Table speeds = speeds(bundles);
        HtmlReport r = new HtmlReport("Lanes Workbench: comparison of " + bundles.size() + " bundles");
        r.paragraph("Baseline: " + labels(bundles).get(0) + ". Ratios are each bundle's geomean decode speed over the baseline's, over the columns every bundle measured.");
        unfinished(bundles).forEach(w -> r.paragraph("WARNING: " + w + "."));
        r.section("What differs between the machines and runs");
        Table fp = fingerprintDifferences(bundles);
        if (fp.rowCount() == 0) r.paragraph("The fingerprints are identical apart from their timestamps.");
        else r.table(fp);
        r.section("Decode throughput");
        if (speeds.rowCount() == 0) r.paragraph("The bundles share no codec, column and working set: nothing to compare.");
        else r.chart(chart(speeds, bundles)).table(speeds);
        return r.write(out);
    }
}
