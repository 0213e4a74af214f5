package io.lanes.workbench.report.chart;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A chart of the workbench: a line, scatter or bar chart with its titles, axes and series, rendered
 * by {@link #svg()} as one inline {@code <svg>} element in which every bar, point and line carries
 * its tooltip. Series are drawn in the order they were added; a codec series takes its fixed
 * {@link Palette} style. Values a log axis cannot show (zero, negative) and NaN are left out. A line
 * of more than 200 points is drawn without markers, its tooltip on the line.
 *
 * <p>DOM contract of the output: {@code <svg class="wb-chart" role="img" aria-label=title>} with a
 * {@code viewBox} and {@code width="100%"}; every data mark (bar, point, line) has class
 * {@code wb-mark}, {@code data-series} and a {@code <title>} child; bars also have {@code data-cat};
 * each category label is one {@code <text class="wb-cat">}; each legend entry is a
 * {@code <g class="wb-legend-item" data-series=...>}.
 *
 * <p>Mutable while it is being filled (the fluent setters return {@code this}); not thread-safe.
 */
public final class SvgChart {
    /** What the chart draws. */
    public enum Kind {
        /** Points joined by lines, against a numeric x axis. */
        LINE,
        /** Points only, against a numeric x axis. */
        SCATTER,
        /** Bars per category; several series make grouped bars. */
        BAR
    }

    private final Kind kind;
    private final String title;
    private final String xTitle;
    private final String yTitle;
    private final List<Series> series = new ArrayList<>();
    private boolean logX;
    private boolean logY;
    private double reference = Double.NaN;
    private String referenceLabel = "";
    private boolean colourByCategory;

    private SvgChart(Kind kind, String title, String xTitle, String yTitle) {
        this.kind = kind;
        this.title = title;
        this.xTitle = xTitle;
        this.yTitle = yTitle;
    }

    /** An empty line chart. */
    public static SvgChart line(String title, String xTitle, String yTitle) {
        return new SvgChart(Kind.LINE, title, xTitle, yTitle);
    }

    /** An empty scatter chart. */
    public static SvgChart scatter(String title, String xTitle, String yTitle) {
        return new SvgChart(Kind.SCATTER, title, xTitle, yTitle);
    }

    /** An empty bar chart; {@code categoryTitle} names the categories along x. */
    public static SvgChart bars(String title, String categoryTitle, String yTitle) {
        return new SvgChart(Kind.BAR, title, categoryTitle, yTitle);
    }

    /** Sets a logarithmic x axis (line and scatter charts). */
    public SvgChart logX(boolean log) {
        this.logX = log;
        return this;
    }

    /** Sets a logarithmic y axis: bars then rise from the bottom of the axis, or from the reference line when there is one. */
    public SvgChart logY(boolean log) {
        this.logY = log;
        return this;
    }

    /** Draws a dashed horizontal reference line at {@code y}, labelled {@code label}. */
    public SvgChart reference(double y, String label) {
        this.reference = y;
        this.referenceLabel = label == null ? "" : label;
        return this;
    }

    /**
     * Colours each bar of a single-series bar chart by its category as a codec ({@link Palette#of}),
     * so a codec's bar has the colour of its line in the other charts; the legend is then left out.
     */
    public SvgChart colourByCategory() {
        this.colourByCategory = true;
        return this;
    }

    /** Adds a series in its {@link Palette#of} style. */
    public SvgChart add(String name, List<Point> points) {
        return add(name, Palette.of(name), points);
    }

    /** Adds a series in {@code style}. */
    public SvgChart add(String name, Palette.Style style, List<Point> points) {
        series.add(new Series(name, style, points));
        return this;
    }

    /**
     * Adds one series per entry of name to {@code {xs, ys}} (line and scatter charts), in the
     * map's order: a shorthand for notebooks.
     */
    public SvgChart addSeries(Map<String, double[][]> xy) {
        xy.forEach((name, v) -> {
            List<Point> ps = new ArrayList<>();
            for (int i = 0; i < v[0].length; i++) ps.add(Point.xy(v[0][i], v[1][i]));
            add(name, ps);
        });
        return this;
    }

    public Kind kind() {
        return kind;
    }

    public String title() {
        return title;
    }

    public String xTitle() {
        return xTitle;
    }

    public String yTitle() {
        return yTitle;
    }

    public boolean isLogX() {
        return logX;
    }

    public boolean isLogY() {
        return logY;
    }

    /** The reference line's value, NaN when there is none. */
    public double reference() {
        return reference;
    }

    public String referenceLabel() {
        return referenceLabel;
    }

    public boolean colouredByCategory() {
        return colourByCategory;
    }

    /** The series, in drawing order (a read-only view). */
    public List<Series> series() {
        return Collections.unmodifiableList(series);
    }

    /** The distinct categories of a bar chart in order of first appearance. */
    public List<String> categories() {
        Set<String> cats = new LinkedHashSet<>();
        for (Series s : series) for (Point p : s.points()) if (p.category() != null) cats.add(p.category());
        return List.copyOf(cats);
    }

    /** The chart as one self-contained {@code <svg>} element. */
    public String svg() {
        return kind == Kind.BAR ? new BarPlot(this).render() : new XyPlot(this).render();
    }

    /** {@code chart: <title>}: the plain-text stand-in where SVG cannot be shown. */
    @Override
    public String toString() {
        return "chart: " + title;
    }
}
