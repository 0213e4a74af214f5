package io.lanes.workbench.report;

import io.lanes.workbench.measure.Arm;
import io.lanes.workbench.report.chart.Palette;
import io.lanes.workbench.report.chart.Point;
import io.lanes.workbench.report.chart.SvgChart;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.api.StringColumn;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static tech.tablesaw.aggregate.AggregateFunctions.mean;

/**
 * Charts and summary tables drawn from a results table (the results.csv contract). When the
 * results carry {@code decode_gib_s_lo} and {@code decode_gib_s_hi} (an interval of each row's
 * median decode speed), charts draw them as error bars (geomeans of the ends where a point is a
 * geomean) and the summary lists them. Stateless.
 */
public final class ResultCharts {
    /** The results column of the decode speed, and of the ends of its interval (present in newer bundles). */
    static final String SPEED = "decode_gib_s";
    static final String SPEED_LO = "decode_gib_s_lo";
    static final String SPEED_HI = "decode_gib_s_hi";
    /** Column names of {@link #summary}, units in the name. */
    public static final String SUMMARY_SPEED = "decode GiB/s (geomean)";
    public static final String SUMMARY_SPEED_LO = "GiB/s 95% lo";
    public static final String SUMMARY_SPEED_HI = "GiB/s 95% hi";
    public static final String SUMMARY_VS_STORE_ONLY = "vs store-only (x)";
    public static final String SUMMARY_VS_LO = "vs store-only 95% lo";
    public static final String SUMMARY_VS_HI = "vs store-only 95% hi";
    public static final String SUMMARY_BITS = "bits/value (mean)";
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
     * Decode speeds carry their per-row interval when the results have one.
     */
    public static SvgChart byWidth(Table results, String workingSet, String metric, String title, String yTitle) {
        Table t = results.where(results.stringColumn("working_set").isEqualTo(workingSet));
        StringColumn codec = t.stringColumn("codec");
        StringColumn column = t.stringColumn("column");
        DoubleColumn y = t.doubleColumn(metric);
        boolean interval = metric.equals(SPEED) && hasInterval(t);
        List<String> columns = new ArrayList<>(new LinkedHashSet<>(column.asList()));
        Map<String, List<Point>> points = new LinkedHashMap<>();
        for (int i = 0; i < t.rowCount(); i++) {
            int w = widthOf(column.get(i));
            Point p = Point.xy(w >= 0 ? w : columns.indexOf(column.get(i)), y.getDouble(i)).note("column " + column.get(i) + ", working set " + workingSet);
            if (interval) p = p.interval(t.doubleColumn(SPEED_LO).getDouble(i), t.doubleColumn(SPEED_HI).getDouble(i));
            points.computeIfAbsent(codec.get(i), k -> new ArrayList<>()).add(p);
        }
        boolean widths = columns.stream().allMatch(c -> widthOf(c) >= 0);
        SvgChart chart = SvgChart.line(title + " (" + workingSet + ")", widths ? "bit width (bits)" : "column (order in set)", yTitle)
                .logY(metric.endsWith("_gib_s") || metric.endsWith("_per_s"));
        points.forEach((k, ps) -> {
            ps.sort(Comparator.comparingDouble(Point::x));
            chart.add(k, ps);
        });
        return chart;
    }

    /**
     * The charts of one kind for a results table, titled {@code title}: one per working set, except
     * {@link StudyChart#SPEED_BY_WORKING_SET}, which spans them.
     */
    public static List<SvgChart> draw(StudyChart kind, Table t, String title) {
        List<String> points = List.copyOf(new LinkedHashSet<>(t.stringColumn("working_set").asList()));
        return switch (kind) {
            case SPEED_BY_WIDTH -> points.stream().map(ws -> byWidth(t, ws, SPEED, title + ": decode speed", "decoded GiB/s (higher is better)")).toList();
            case SPEED_BY_WORKING_SET -> List.of(byWorkingSet(t, title + ": decode speed across the working-set ladder"));
            case SPEED_BY_CODEC -> points.stream().map(ws -> speedByCodec(t, ws, title + ": decode speed")).toList();
            case SIZE_VS_SPEED -> points.stream().map(ws -> sizeVsSpeed(t, ws, title + ": size against speed")).toList();
        };
    }

    /** Whether the results carry the per-row interval of the decode speed. */
    static boolean hasInterval(Table t) {
        // bundles from before the interval load it as an all-missing column
        return t.columnNames().contains(SPEED_LO) && t.columnNames().contains(SPEED_HI) && t.doubleColumn(SPEED_LO).countMissing() < t.rowCount();
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

    /**
     * Per codec, the geomean decode speed as a point at {@code x} with the geomeans of the interval
     * ends (when the results carry them) and {@code note}.
     */
    private static Map<String, Point> geomeanPoints(Table t, double x, String note) {
        Map<String, Double> g = geomeanByCodec(t, SPEED);
        Map<String, Double> lo = hasInterval(t) ? geomeanByCodec(t, SPEED_LO) : Map.of();
        Map<String, Double> hi = hasInterval(t) ? geomeanByCodec(t, SPEED_HI) : Map.of();
        Map<String, Point> out = new LinkedHashMap<>();
        g.forEach((codec, v) -> out.put(codec, Point.xy(x, v).interval(lo.getOrDefault(codec, Double.NaN), hi.getOrDefault(codec, Double.NaN))
                .note(note + ", geomean over " + t.where(t.stringColumn("codec").isEqualTo(codec)).rowCount() + " columns")));
        return out;
    }

    /** Geomean decode GiB/s over columns against the working-set footprint (log axes), one line per codec. */
    public static SvgChart byWorkingSet(Table results, String title) {
        Map<String, List<Point>> series = new LinkedHashMap<>();
        for (String ws : new LinkedHashSet<>(results.stringColumn("working_set").asList())) {
            Table t = results.where(results.stringColumn("working_set").isEqualTo(ws));
            double kib = io.lanes.workbench.measure.WorkingSet.parse(ws).bytes() / 1024.0;
            geomeanPoints(t, kib, "working set " + ws).forEach((codec, p) -> series.computeIfAbsent(codec, k -> new ArrayList<>()).add(p));
        }
        SvgChart chart = SvgChart.line(title, "working set: output + input footprint (KiB, log scale)",
                "decoded GiB/s, geomean over columns (higher is better)").logX(true).logY(true);
        series.forEach((codec, ps) -> {
            ps.sort(Comparator.comparingDouble(Point::x));
            chart.add(codec, ps);
        });
        return chart;
    }

    /** Geomean decode GiB/s per codec at one working set, as bars on a log axis (speeds span orders of magnitude). */
    public static SvgChart speedByCodec(Table results, String workingSet, String title) {
        Table t = results.where(results.stringColumn("working_set").isEqualTo(workingSet));
        List<Point> bars = new ArrayList<>();
        geomeanPoints(t, Double.NaN, "working set " + workingSet).forEach((codec, p) -> bars.add(
                Point.bar(codec, p.y()).interval(p.lo(), p.hi()).note(p.note())));
        return SvgChart.bars(title + " (" + workingSet + ")", "codec", "decoded GiB/s, geomean over columns (higher is better)")
                .logY(true).colourByCategory().add("decode GiB/s", bars);
    }

    /** One point per codec: mean bits/value against geomean decode GiB/s at one working set; store-only is its wall. */
    public static SvgChart sizeVsSpeed(Table results, String workingSet, String title) {
        Table t = results.where(results.stringColumn("working_set").isEqualTo(workingSet));
        SvgChart chart = SvgChart.scatter(title + " (" + workingSet + ")", "bits per value, mean over columns (smaller is better)",
                "decoded GiB/s, geomean over columns (higher is better)").logY(true);
        geomeanPoints(t, Double.NaN, "working set " + workingSet).forEach((codec, p) -> {
            DoubleColumn bits = t.where(t.stringColumn("codec").isEqualTo(codec)).doubleColumn("bits_per_value");
            // the wall is drawn across the plot at its speed, so it needs no size
            if (bits.countMissing() == bits.size() && !Palette.isReference(codec)) return;
            double x = bits.countMissing() == bits.size() ? Double.NaN : bits.removeMissing().mean();
            chart.add(codec, List.of(Point.xy(x, p.y()).interval(p.lo(), p.hi()).note(p.note())));
        });
        return chart;
    }

    /**
     * Per codec and working set: the arm's kind ({@link Arm#kindOf}: decoder, wall or engine),
     * geomean decode GiB/s, its ratio to store-only, each with the geomeans of the interval ends when
     * the results carry them, mean bits/value and the gate label. Every geomean is over one arm's
     * columns, so an engine arm's row is its own and never enters a decoder's; its kind says it is
     * one query per call, not a decoder call.
     */
    public static Table summary(Table results) {
        boolean interval = hasInterval(results);
        Table out = Table.create("summary", StringColumn.create("codec"), StringColumn.create("kind"), StringColumn.create("working_set"), DoubleColumn.create("columns"),
                DoubleColumn.create(SUMMARY_SPEED));
        if (interval) out.addColumns(DoubleColumn.create(SUMMARY_SPEED_LO), DoubleColumn.create(SUMMARY_SPEED_HI));
        out.addColumns(DoubleColumn.create(SUMMARY_VS_STORE_ONLY));
        if (interval) out.addColumns(DoubleColumn.create(SUMMARY_VS_LO), DoubleColumn.create(SUMMARY_VS_HI));
        out.addColumns(DoubleColumn.create(SUMMARY_BITS), StringColumn.create("gate"));
        Set<String> keys = new LinkedHashSet<>();
        for (int i = 0; i < results.rowCount(); i++) keys.add(results.stringColumn("codec").get(i) + "\u0000" + results.stringColumn("working_set").get(i));
        for (String key : keys) {
            String[] kv = key.split("\u0000");
            Table t = results.where(results.stringColumn("codec").isEqualTo(kv[0]).and(results.stringColumn("working_set").isEqualTo(kv[1])));
            DoubleColumn store = t.doubleColumn("store_only_gib_s");
            DoubleColumn bits = t.doubleColumn("bits_per_value");
            out.stringColumn("codec").append(kv[0]);
            out.stringColumn("kind").append(Arm.kindOf(kv[0]));
            out.stringColumn("working_set").append(kv[1]);
            out.doubleColumn("columns").append(t.rowCount());
            out.doubleColumn(SUMMARY_SPEED).append(geomean(t.doubleColumn(SPEED), null));
            out.doubleColumn(SUMMARY_VS_STORE_ONLY).append(geomean(t.doubleColumn(SPEED), store));
            if (interval) {
                out.doubleColumn(SUMMARY_SPEED_LO).append(geomean(t.doubleColumn(SPEED_LO), null));
                out.doubleColumn(SUMMARY_SPEED_HI).append(geomean(t.doubleColumn(SPEED_HI), null));
                out.doubleColumn(SUMMARY_VS_LO).append(geomean(t.doubleColumn(SPEED_LO), store));
                out.doubleColumn(SUMMARY_VS_HI).append(geomean(t.doubleColumn(SPEED_HI), store));
            }
            out.doubleColumn(SUMMARY_BITS).append(bits.countMissing() == bits.size() ? Double.NaN : bits.removeMissing().mean());
            // the verdict and the pair's distance; the report's gate section has each point's whole sentence
            out.stringColumn("gate").append(String.join(" / ", new LinkedHashSet<>(t.stringColumn("gate").asList().stream().map(g -> g.split(";")[0]).toList())));
        }
        return out;
    }

    /** Geomean of {@code v} (over {@code per} row by row when given) over the rows where both are positive; NaN when none is. */
    private static double geomean(DoubleColumn v, DoubleColumn per) {
        double logSum = 0;
        int n = 0;
        for (int i = 0; i < v.size(); i++) {
            double a = v.getDouble(i);
            double b = per == null ? 1 : per.getDouble(i);
            if (a > 0 && b > 0) {
                logSum += Math.log(a / b);
                n++;
            }
        }
        return n == 0 ? Double.NaN : Math.exp(logSum / n);
    }

    /** Mean of a numeric column per codec (e.g. bits/value), for quick tables in notebooks. */
    public static Table meanBy(Table results, String metric) {
        return results.summarize(metric, mean).by("codec");
    }
}
