package io.lanes.workbench.report.chart;

import java.util.ArrayList;
import java.util.List;

/**
 * The chrome of one chart being rendered: the layout (margins sized from the lengths of the texts
 * they hold, so no title, tick label or legend entry is cut), the {@code <svg>} element, title,
 * y axis with grid and ticks, axis titles and legend. The plot kinds draw their marks into
 * {@link #out} between {@link #open} and {@link #close}. Used once by one thread.
 */
final class Frame {
    static final double TICK_FONT = 12;
    static final double AXIS_FONT = 13;
    static final double TITLE_FONT = 15;
    static final double LEGEND_FONT = 12;
    static final double PAD = 12;
    static final double PLOT_HEIGHT = 340;
    private static final double LEGEND_ROW = 18;
    private static final double LINE = 1.3;

    final StringBuilder out = new StringBuilder();
    final double left;
    final double top;
    final double plotW;
    final double plotH = PLOT_HEIGHT;
    final double width;
    final double height;
    private final SvgChart chart;
    private final Axis y;
    private final List<Series> legend;
    private final List<String> titleLines;
    private final List<String> yTitleLines;
    private final List<String> xTitleLines;

    /**
     * @param plotW        width of the plot area
     * @param xLabelsBelow height the x tick or category labels take below the plot
     * @param leftSpill    how far the first x label reaches left of the plot
     * @param rightSpill   how far the last x label reaches right of the plot
     * @param legend       the series to list in the legend (empty for none)
     */
    Frame(SvgChart chart, Axis y, double plotW, double xLabelsBelow, double leftSpill, double rightSpill, List<Series> legend) {
        this.chart = chart;
        this.y = y;
        this.plotW = plotW;
        this.legend = legend;
        yTitleLines = Svg.wrap(chart.yTitle(), plotH, AXIS_FONT);
        double tickW = 0;
        for (double t : y.ticks()) tickW = Math.max(tickW, Svg.width(Axis.label(t), TICK_FONT));
        left = Math.max(PAD + yTitleLines.size() * AXIS_FONT * LINE + 8 + tickW + 8, PAD + leftSpill);
        double legendW = 0;
        for (Series s : legend) legendW = Math.max(legendW, Svg.width(s.name(), LEGEND_FONT));
        double right = Math.max(PAD + rightSpill, legend.isEmpty() ? PAD : 20 + 30 + legendW + PAD);
        width = Math.ceil(left + plotW + right);
        titleLines = Svg.wrap(chart.title(), width - 2 * PAD, TITLE_FONT);
        xTitleLines = Svg.wrap(chart.xTitle(), Math.max(plotW, 200), AXIS_FONT);
        top = PAD + titleLines.size() * TITLE_FONT * LINE + 12;
        double bottom = 6 + xLabelsBelow + 8 + xTitleLines.size() * AXIS_FONT * LINE + PAD;
        height = Math.ceil(top + Math.max(plotH + bottom, legend.size() * LEGEND_ROW + PAD));
    }

    /** Pixel row of value {@code v} on the y axis. */
    double yPx(double v) {
        return top + plotH * (1 - y.fraction(v));
    }

    /** Writes the opening {@code <svg>}, background, title, y grid, ticks and axis titles. */
    void open() {
        out.append("<svg class=\"wb-chart\" role=\"img\" aria-label=\"").append(Svg.esc(chart.title()))
                .append("\" viewBox=\"0 0 ").append(Svg.px(width)).append(' ').append(Svg.px(height))
                .append("\" width=\"100%\" style=\"max-width:").append(Svg.px(width)).append("px;height:auto;display:block\" font-family=\"")
                .append(Svg.esc(Svg.FONT)).append("\" font-size=\"").append(Svg.px(TICK_FONT)).append("\">\n");
        out.append("<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n");
        double ty = PAD + TITLE_FONT;
        for (String line : titleLines) {
            text(width / 2, ty, "middle", TITLE_FONT, "font-weight=\"bold\"", line);
            ty += TITLE_FONT * LINE;
        }
        for (double t : y.ticks()) {
            double py = yPx(t);
            out.append("<line x1=\"").append(Svg.px(left)).append("\" x2=\"").append(Svg.px(left + plotW)).append("\" y1=\"").append(Svg.px(py))
                    .append("\" y2=\"").append(Svg.px(py)).append("\" stroke=\"#e3e3e3\"/>\n");
            text(left - 6, py + TICK_FONT * 0.35, "end", TICK_FONT, "", Axis.label(t));
        }
        out.append("<path d=\"M").append(Svg.px(left)).append(' ').append(Svg.px(top)).append("V").append(Svg.px(top + plotH))
                .append("H").append(Svg.px(left + plotW)).append("\" fill=\"none\" stroke=\"#444\"/>\n");
        double cy = top + plotH / 2;
        double x = PAD + AXIS_FONT;
        for (String line : yTitleLines) {
            out.append("<text transform=\"translate(").append(Svg.px(x)).append(' ').append(Svg.px(cy)).append(") rotate(-90)\" text-anchor=\"middle\" font-size=\"")
                    .append(Svg.px(AXIS_FONT)).append("\">").append(Svg.esc(line)).append("</text>\n");
            x += AXIS_FONT * LINE;
        }
        double xy = height - PAD - (xTitleLines.size() - 1) * AXIS_FONT * LINE - 3;
        for (String line : xTitleLines) {
            text(left + plotW / 2, xy, "middle", AXIS_FONT, "", line);
            xy += AXIS_FONT * LINE;
        }
    }

    /** Writes the legend, one {@code wb-legend-item} per series, right of the plot. */
    void legend() {
        double lx = left + plotW + 20;
        double ly = top + 4;
        for (Series s : legend) {
            Palette.Style st = s.style();
            out.append("<g class=\"wb-legend-item\" data-series=\"").append(Svg.esc(s.name())).append("\">").append(Svg.title(s.name()));
            double my = ly + LEGEND_ROW / 2;
            if (chart.kind() == SvgChart.Kind.BAR) {
                out.append("<rect x=\"").append(Svg.px(lx + 8)).append("\" y=\"").append(Svg.px(my - 6)).append("\" width=\"12\" height=\"12\" fill=\"")
                        .append(st.colour()).append("\"/>");
            } else {
                if (chart.kind() == SvgChart.Kind.LINE || st.reference()) {
                    out.append("<line x1=\"").append(Svg.px(lx)).append("\" x2=\"").append(Svg.px(lx + 28)).append("\" y1=\"").append(Svg.px(my))
                            .append("\" y2=\"").append(Svg.px(my)).append("\" ").append(stroke(st)).append("/>");
                }
                boolean marked = chart.kind() != SvgChart.Kind.LINE || s.points().size() <= XyPlot.MAX_MARKED;
                if (st.marker() != Marker.NONE && marked) out.append(marker(st, lx + 14, my, 5));
            }
            text(lx + 36, my + LEGEND_FONT * 0.35, "start", LEGEND_FONT, "", s.name());
            out.append("</g>\n");
            ly += LEGEND_ROW;
        }
    }

    /** Draws the chart's reference line, if it has one the y axis can show: dashed black, labelled at its right end. */
    void reference() {
        double v = chart.reference();
        if (!y.accepts(v)) return;
        double py = yPx(v);
        out.append("<line class=\"wb-ref\" x1=\"").append(Svg.px(left)).append("\" x2=\"").append(Svg.px(left + plotW)).append("\" y1=\"")
                .append(Svg.px(py)).append("\" y2=\"").append(Svg.px(py)).append("\" stroke=\"#000\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\"/>\n");
        // a white halo keeps the label readable where it crosses a bar
        if (!chart.referenceLabel().isEmpty()) {
            text(left + plotW - 4, py - 5, "end", TICK_FONT, "stroke=\"#fff\" stroke-width=\"3\" paint-order=\"stroke\"", chart.referenceLabel());
        }
    }

    /** Closes the {@code <svg>} and returns the whole element. */
    String close() {
        return out.append("</svg>").toString();
    }

    /** Appends a {@code <text>} element. */
    void text(double x, double y, String anchor, double size, String attrs, String s) {
        out.append("<text x=\"").append(Svg.px(x)).append("\" y=\"").append(Svg.px(y)).append("\" text-anchor=\"").append(anchor).append('"');
        if (size != TICK_FONT) out.append(" font-size=\"").append(Svg.px(size)).append('"');
        if (!attrs.isEmpty()) out.append(' ').append(attrs);
        out.append('>').append(Svg.esc(s)).append("</text>\n");
    }

    /** The stroke attributes of a series' line: dashed black for a reference wall. */
    static String stroke(Palette.Style st) {
        return "fill=\"none\" stroke=\"" + st.colour() + "\" stroke-width=\"2\"" + (st.reference() ? " stroke-dasharray=\"6 4\"" : "");
    }

    /** A marker path (no class, no tooltip: for the legend). */
    static String marker(Palette.Style st, double x, double y, double r) {
        return "<path d=\"" + st.marker().path(x, y, r) + "\" fill=\"" + st.colour() + "\" stroke=\"" + Palette.shade(st.colour(), -0.5)
                + "\" stroke-width=\"0.8\"/>";
    }

    /** A vertical error bar with caps from {@code lo} to {@code hi} at pixel column {@code x}. */
    String errorBar(double x, double lo, double hi, String colour) {
        if (!y.accepts(lo) || !y.accepts(hi)) return "";
        double a = yPx(lo);
        double b = yPx(hi);
        return "<path class=\"wb-err\" d=\"M" + Svg.px(x) + " " + Svg.px(a) + "V" + Svg.px(b) + "M" + Svg.px(x - 4) + " " + Svg.px(a) + "h8M"
                + Svg.px(x - 4) + " " + Svg.px(b) + "h8\" stroke=\"" + Palette.shade(colour, -0.3) + "\" stroke-width=\"1.3\" fill=\"none\"/>\n";
    }

    /** The tooltip text of a point: series, where, value, interval and note, one per line. */
    String tooltip(String series, String where, Point p) {
        List<String> lines = new ArrayList<>();
        lines.add(series);
        lines.add(where);
        lines.add(chart.yTitle() + ": " + Svg.figure(p.y(), 4));
        if (p.hasInterval()) lines.add("interval: " + Svg.figure(p.lo(), 4) + " \u2013 " + Svg.figure(p.hi(), 4));
        if (!p.note().isEmpty()) lines.add(p.note());
        return String.join("\n", lines);
    }
}
