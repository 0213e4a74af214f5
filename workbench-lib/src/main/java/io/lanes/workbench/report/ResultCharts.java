package io.lanes.workbench.report;

import org.knowm.xchart.XYChart;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.api.StringColumn;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static tech.tablesaw.aggregate.AggregateFunctions.mean;

/**
 * Charts and summary tables drawn from a results table (the results.csv contract). Stateless.
 */
public final class ResultCharts {
    private static final Pattern WIDTH = Pattern.compile("\\.w(\\d+)$");

    private ResultCharts() {
    }

    /** The bit width a synthetic column id names ({@code syn.uniform.w12} -> 12), or -1. */
    public static int widthOf(String columnId) {
        Matcher m = WIDTH.matcher(columnId);
        return m.find() ? Integer.parseInt(m.group(1)) : -1;
    }

    /**
     * One series per codec of {@code metric} against the bit width of each column, at one working
     * set. Columns without a width in their id are placed by their order of appearance. Speeds get a
     * log axis: decoders span two orders of magnitude and a linear axis flattens the slow ones.
     */
    public static XYChart byWidth(Table results, String workingSet, String metric, String title, String yTitle) {
        Table t = results.where(results.stringColumn("working_set").isEqualTo(workingSet));
        StringColumn codec = t.stringColumn("codec");
        StringColumn column = t.stringColumn("column");
        DoubleColumn y = t.doubleColumn(metric);
        List<String> columns = new ArrayList<>(new LinkedHashSet<>(column.asList()));
        Map<String, List<double[]>> points = new LinkedHashMap<>();
        for (int i = 0; i < t.rowCount(); i++) {
            int w = widthOf(column.get(i));
            double x = w >= 0 ? w : columns.indexOf(column.get(i));
            points.computeIfAbsent(codec.get(i), k -> new ArrayList<>()).add(new double[] {x, y.getDouble(i)});
        }
        Map<String, double[][]> series = new LinkedHashMap<>();
        points.forEach((k, ps) -> {
            ps.sort((a, b) -> Double.compare(a[0], b[0]));
            double[][] xy = new double[2][ps.size()];
            for (int i = 0; i < ps.size(); i++) {
                xy[0][i] = ps.get(i)[0];
                xy[1][i] = ps.get(i)[1];
            }
            series.put(k, xy);
        });
        boolean widths = columns.stream().allMatch(c -> widthOf(c) >= 0);
        XYChart chart = ChartStyle.lineChart(title + " (" + workingSet + ")", widths ? "bit width (bits)" : "column (order in set)", yTitle);
        if (metric.endsWith("_gib_s") || metric.endsWith("_per_s")) {
            chart.getStyler().setYAxisLogarithmic(true);
            chart.getStyler().setYAxisLogarithmicDecadeOnly(false);
        }
        return ChartStyle.addSeries(chart, series);
    }

    /**
     * The charts of one kind for a results table, titled {@code title}: one per working set, except
     * {@link SuiteStudy.Chart#SPEED_BY_WORKING_SET}, which spans them.
     */
    public static List<org.knowm.xchart.internal.chartpart.Chart<?, ?>> draw(SuiteStudy.Chart kind, Table t, String title) {
        List<String> points = List.copyOf(new LinkedHashSet<>(t.stringColumn("working_set").asList()));
        return switch (kind) {
            case SPEED_BY_WIDTH -> points.stream().<org.knowm.xchart.internal.chartpart.Chart<?, ?>>map(ws ->
                    byWidth(t, ws, "decode_gib_s", title + ": decode speed", "decoded GiB/s (higher is better)")).toList();
            case SPEED_BY_WORKING_SET -> List.of(byWorkingSet(t, title + ": decode speed across the working-set ladder"));
            case SPEED_BY_CODEC -> points.stream().<org.knowm.xchart.internal.chartpart.Chart<?, ?>>map(ws -> speedByCodec(t, ws, title + ": decode speed")).toList();
            case SIZE_VS_SPEED -> points.stream().<org.knowm.xchart.internal.chartpart.Chart<?, ?>>map(ws -> sizeVsSpeed(t, ws, title + ": size against speed")).toList();
        };
    }

    /** Geomean of positive values of {@code metric} per codec (rows with NaN or non-positive values are skipped). */
    static Map<String, Double> geomeanByCodec(Table t, String metric) {
        Map<String, double[]> acc = new LinkedHashMap<>();
        for (int i = 0; i < t.rowCount(); i++) {
            double v = t.doubleColumn(metric).getDouble(i);
            double[] a = acc.computeIfAbsent(t.stringColumn("codec").get(i), k -> new double[2]);
            if (v > 0) {
                a[0] += Math.log(v);
                a[1]++;
            }
        }
        Map<String, Double> out = new LinkedHashMap<>();
        acc.forEach((k, a) -> out.put(k, a[1] == 0 ? Double.NaN : Math.exp(a[0] / a[1])));
        return out;
    }

    /** Geomean decode GiB/s over columns against the working-set footprint (log axis), one line per codec. */
    public static XYChart byWorkingSet(Table results, String title) {
        List<String> points = new ArrayList<>(new LinkedHashSet<>(results.stringColumn("working_set").asList()));
        Map<String, double[][]> series = new LinkedHashMap<>();
        for (int p = 0; p < points.size(); p++) {
            Table t = results.where(results.stringColumn("working_set").isEqualTo(points.get(p)));
            double kib = io.lanes.workbench.measure.WorkingSet.parse(points.get(p)).bytes() / 1024.0;
            int pi = p;
            geomeanByCodec(t, "decode_gib_s").forEach((codec, g) -> {
                double[][] xy = series.computeIfAbsent(codec, k -> new double[][] {new double[points.size()], filled(points.size())});
                xy[0][pi] = kib;
                xy[1][pi] = g;
            });
        }
        series.values().forEach(xy -> {
            for (int i = 0; i < xy[0].length; i++) if (xy[0][i] == 0) xy[0][i] = Double.NaN;
        });
        XYChart chart = ChartStyle.lineChart(title, "working set: output + input footprint (KiB, log scale)", "decoded GiB/s, geomean over columns");
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setYAxisLogarithmicDecadeOnly(false);
        return ChartStyle.addSeries(chart, series);
    }

    private static double[] filled(int n) {
        double[] d = new double[n];
        java.util.Arrays.fill(d, Double.NaN);
        return d;
    }

    /** Geomean decode GiB/s per codec at one working set, as bars. */
    public static org.knowm.xchart.CategoryChart speedByCodec(Table results, String workingSet, String title) {
        Table t = results.where(results.stringColumn("working_set").isEqualTo(workingSet));
        Map<String, Double> g = new LinkedHashMap<>(geomeanByCodec(t, "decode_gib_s"));
        g.values().removeIf(v -> !(v > 0));
        org.knowm.xchart.CategoryChart c = new org.knowm.xchart.CategoryChartBuilder().width(ChartStyle.WIDTH).height(ChartStyle.HEIGHT)
                .title(title + " (" + workingSet + ")").xAxisTitle("codec").yAxisTitle("decoded GiB/s, geomean over columns (higher is better)").build();
        c.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        c.getStyler().setPlotBackgroundColor(java.awt.Color.WHITE);
        c.getStyler().setLegendVisible(false);
        c.getStyler().setXAxisLabelRotation(30);
        // bars need a zero baseline, so the axis stays linear and each bar carries its value
        c.getStyler().setLabelsVisible(true);
        c.getStyler().setDecimalPattern("#,##0.0#");
        c.getStyler().setLabelsPosition(1.0);
        c.getStyler().setLabelsFontColor(java.awt.Color.BLACK);
        c.addSeries("decode GiB/s", new ArrayList<>(g.keySet()), new ArrayList<>(g.values()));
        return c;
    }

    /** One point per codec: mean bits/value against geomean decode GiB/s at one working set. */
    public static XYChart sizeVsSpeed(Table results, String workingSet, String title) {
        Table t = results.where(results.stringColumn("working_set").isEqualTo(workingSet));
        Map<String, Double> speed = geomeanByCodec(t, "decode_gib_s");
        Map<String, double[][]> series = new LinkedHashMap<>();
        for (String codec : speed.keySet()) {
            DoubleColumn bits = t.where(t.stringColumn("codec").isEqualTo(codec)).doubleColumn("bits_per_value");
            if (bits.countMissing() == bits.size()) continue;
            series.put(codec, new double[][] {{bits.removeMissing().mean()}, {speed.get(codec)}});
        }
        XYChart chart = ChartStyle.lineChart(title + " (" + workingSet + ")", "bits per value, mean over columns (smaller is better)",
                "decoded GiB/s, geomean over columns (higher is better)");
        chart.getStyler().setDefaultSeriesRenderStyle(org.knowm.xchart.XYSeries.XYSeriesRenderStyle.Scatter);
        chart.getStyler().setMarkerSize(11);
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setYAxisLogarithmicDecadeOnly(false);
        return ChartStyle.addSeries(chart, series);
    }

    /**
     * Per codec and working set: geomean decode GiB/s, its ratio to store-only, mean bits/value and
     * the gate label.
     */
    public static Table summary(Table results) {
        Table out = Table.create("summary",
                StringColumn.create("codec"), StringColumn.create("working_set"), DoubleColumn.create("columns"),
                DoubleColumn.create("decode_gib_s_geomean"), DoubleColumn.create("vs_store_only"),
                DoubleColumn.create("bits_per_value_mean"), StringColumn.create("gate"));
        Set<String> keys = new LinkedHashSet<>();
        for (int i = 0; i < results.rowCount(); i++) keys.add(results.stringColumn("codec").get(i) + "\u0000" + results.stringColumn("working_set").get(i));
        for (String key : keys) {
            String[] kv = key.split("\u0000");
            Table t = results.where(results.stringColumn("codec").isEqualTo(kv[0]).and(results.stringColumn("working_set").isEqualTo(kv[1])));
            double logSum = 0;
            double logRatio = 0;
            int n = 0;
            int nr = 0;
            for (int i = 0; i < t.rowCount(); i++) {
                double g = t.doubleColumn("decode_gib_s").getDouble(i);
                double s = t.doubleColumn("store_only_gib_s").getDouble(i);
                if (g > 0) {
                    logSum += Math.log(g);
                    n++;
                }
                if (g > 0 && s > 0) {
                    logRatio += Math.log(g / s);
                    nr++;
                }
            }
            DoubleColumn bits = t.doubleColumn("bits_per_value");
            double meanBits = bits.countMissing() == bits.size() ? Double.NaN : bits.removeMissing().mean();
            out.stringColumn("codec").append(kv[0]);
            out.stringColumn("working_set").append(kv[1]);
            out.doubleColumn("columns").append(t.rowCount());
            out.doubleColumn("decode_gib_s_geomean").append(n == 0 ? Double.NaN : Math.exp(logSum / n));
            out.doubleColumn("vs_store_only").append(nr == 0 ? Double.NaN : Math.exp(logRatio / nr));
            out.doubleColumn("bits_per_value_mean").append(meanBits);
            out.stringColumn("gate").append(String.join(" ", new LinkedHashSet<>(t.stringColumn("gate").asList())));
        }
        return out;
    }

    /** Mean of a numeric column per codec (e.g. bits/value), for quick tables in notebooks. */
    public static Table meanBy(Table results, String metric) {
        return results.summarize(metric, mean).by("codec");
    }
}
