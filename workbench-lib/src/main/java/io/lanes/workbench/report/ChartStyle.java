package io.lanes.workbench.report;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The one chart style of the workbench: white background, units on axes, legend outside the plot
 * naming layout and variant, one colour per codec family (the name up to its last dot, so
 * {@code fastlanes.unpack.*} variants share a hue and differ by dash), reference arms such as
 * {@code store-only} drawn as a dashed black wall. Encoders to PNG and SVG. Stateless.
 */
public final class ChartStyle {
    /** Default size of a report chart in pixels. */
    public static final int WIDTH = 900;
    public static final int HEIGHT = 480;

    private static final Color[] FAMILY = {
            new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c), new Color(0x9467bd),
            new Color(0xff7f0e), new Color(0x8c564b), new Color(0xe377c2), new Color(0x17becf), new Color(0x7f7f7f)};
    private static final float[][] DASHES = {null, {8f, 4f}, {2f, 3f}, {10f, 3f, 2f, 3f}};

    private ChartStyle() {
    }

    /** An empty line chart in the house style. */
    public static XYChart lineChart(String title, String xTitle, String yTitle) {
        XYChart c = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        var s = c.getStyler();
        s.setChartBackgroundColor(Color.WHITE);
        s.setPlotBackgroundColor(Color.WHITE);
        s.setPlotGridLinesColor(new Color(0xE5E5E5));
        s.setLegendPosition(Styler.LegendPosition.OutsideE);
        s.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
        s.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        s.setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        s.setXAxisDecimalPattern("#,##0.##");
        s.setAntiAlias(true);
        c.getStyler().setMarkerSize(5);
        return c;
    }

    /**
     * Adds one series per entry, coloured by family. Series are drawn in the map's order.
     *
     * @param series name to (x values, y values); NaN y values, and non-positive ones on a log axis, are left out
     */
    public static XYChart addSeries(XYChart chart, Map<String, double[][]> series) {
        Map<String, Integer> familyIndex = new LinkedHashMap<>();
        Map<String, Integer> variantIndex = new LinkedHashMap<>();
        for (var e : series.entrySet()) {
            String name = e.getKey();
            double[] xs = e.getValue()[0];
            double[] ys = e.getValue()[1];
            // log axes cannot show zero or negative values; NaN marks a point that was not measured
            boolean logY = chart.getStyler().isYAxisLogarithmic();
            java.util.function.DoublePredicate keep = y -> !Double.isNaN(y) && (!logY || y > 0);
            int k = 0;
            for (double y : ys) if (keep.test(y)) k++;
            if (k == 0) continue;
            double[] fx = new double[k];
            double[] fy = new double[k];
            for (int i = 0, j = 0; i < ys.length; i++) {
                if (keep.test(ys[i])) {
                    fx[j] = xs[i];
                    fy[j++] = ys[i];
                }
            }
            XYSeries s = chart.addSeries(name, fx, fy);
            if (isReference(name)) {
                s.setLineColor(Color.BLACK);
                s.setMarkerColor(Color.BLACK);
                s.setLineStyle(new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f));
                s.setMarker(SeriesMarkers.NONE);
                continue;
            }
            String fam = family(name);
            int f = familyIndex.computeIfAbsent(fam, x -> familyIndex.size());
            int v = variantIndex.merge(fam, 1, Integer::sum) - 1;
            Color col = FAMILY[f % FAMILY.length];
            s.setLineColor(col);
            s.setMarkerColor(col);
            float[] dash = DASHES[v % DASHES.length];
            s.setLineStyle(dash == null ? new BasicStroke(2f) : new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, dash, 0f));
            s.setMarker(SeriesMarkers.CIRCLE);
        }
        return chart;
    }

    /** Whether a series is a reference wall rather than a codec. */
    public static boolean isReference(String name) {
        return name.equals("store-only") || name.startsWith("store-only ");
    }

    /** The family of a codec name: everything before its last dot ({@code plain} is its own family). */
    public static String family(String name) {
        int dot = name.lastIndexOf('.');
        return dot < 0 ? name : name.substring(0, dot);
    }

    /** PNG bytes of a chart. */
    public static byte[] png(Chart<?, ?> chart) {
        try {
            return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot encode chart '" + chart.getTitle() + "' as PNG", e);
        }
    }

    /** System property that switches inline charts (notebook output, {@link #inline}) from PNG to SVG. */
    public static final String SVG_PROPERTY = "workbench.charts.svg";

    /** A chart as inline HTML: SVG when {@link #SVG_PROPERTY} is {@code true} (sharp in nbconvert's HTML), else a PNG data URI. */
    public static String inline(Chart<?, ?> chart) {
        return Boolean.getBoolean(SVG_PROPERTY) ? svg(chart) : Html.png(png(chart), chart.getTitle());
    }

    /** SVG text of a chart. */
    public static String svg(Chart<?, ?> chart) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            VectorGraphicsEncoder.saveVectorGraphic(chart, out, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot encode chart '" + chart.getTitle() + "' as SVG", e);
        }
        return out.toString(java.nio.charset.StandardCharsets.UTF_8);
    }
}
