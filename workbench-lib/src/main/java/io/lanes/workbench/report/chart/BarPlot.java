package io.lanes.workbench.report.chart;

import java.util.ArrayList;
import java.util.List;

/**
 * Renders a bar {@link SvgChart}: one slot per category, one bar per series in it (grouped bars
 * for several series), bands behind, error bars and value labels where they fit. Used once by one
 * thread.
 */
final class BarPlot {
    private static final double MIN_PLOT_WIDTH = 420;
    private static final double MIN_BAR = 12;
    private static final double MAX_BAR = 48;
    private static final double VALUE_FONT = 11;
    /** Cosine of the 45 degrees long category labels are turned by. */
    private static final double SLANT = Math.sqrt(0.5);

    private final SvgChart chart;

    BarPlot(SvgChart chart) {
        this.chart = chart;
    }

    String render() {
        Axis probe = chart.isLogY() ? Axis.log(1, 10) : Axis.linear(0, 1, true);
        // a category without a bar the axis can show gets no slot and no label: each label names a bar
        List<String> cats = chart.categories().stream().filter(c -> chart.series().stream().anyMatch(
                s -> s.points().stream().anyMatch(p -> c.equals(p.category()) && probe.accepts(p.y())))).toList();
        List<Series> shown = new ArrayList<>();
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (Series s : chart.series()) {
            boolean any = false;
            for (Point p : s.points()) {
                for (double v : new double[] {p.y(), p.lo(), p.hi(), p.bandLo(), p.bandHi()}) {
                    if (!probe.accepts(v)) continue;
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
                any |= probe.accepts(p.y());
            }
            if (any) shown.add(s);
        }
        if (probe.accepts(chart.reference())) {
            lo = Math.min(lo, chart.reference());
            hi = Math.max(hi, chart.reference());
        }
        if (lo > hi) lo = hi = 1;
        // head room above the tallest bar for its value label
        Axis y = chart.isLogY() ? Axis.log(lo, hi * 1.3) : Axis.linear(lo, hi > 0 ? hi * 1.08 : hi, true);

        int n = Math.max(1, shown.size());
        // wide enough for a bar to carry a four-digit label
        double slot = Math.max(n * MIN_BAR / 0.8, 40);
        double plotW = Math.max(MIN_PLOT_WIDTH, cats.size() * slot);
        slot = cats.isEmpty() ? plotW : plotW / cats.size();
        double labelW = 0;
        for (String c : cats) labelW = Math.max(labelW, Svg.width(c, Frame.TICK_FONT));
        boolean slanted = labelW + 8 > slot;
        double below = slanted ? labelW * SLANT + Frame.TICK_FONT : Frame.TICK_FONT * 1.4;
        double leftSpill = slanted && !cats.isEmpty() ? Svg.width(cats.getFirst(), Frame.TICK_FONT) * SLANT - slot / 2 + 6 : 0;
        Frame f = new Frame(chart, y, plotW, below, leftSpill, 0, shown.size() > 1 ? shown : List.of());
        f.open();
        // bars rise from the reference line on a log axis with one (a ratio against 1), else from the bottom or zero
        double base = y.isLog() ? (y.accepts(chart.reference()) ? chart.reference() : y.lo()) : 0;
        // with bands behind, bars are narrower so the band shows on both sides
        boolean bands = shown.stream().anyMatch(s -> s.points().stream().anyMatch(Point::hasBand));
        double barW = Math.min(MAX_BAR, slot * (bands ? 0.5 : 0.8) / n);
        for (int ci = 0; ci < cats.size(); ci++) {
            String cat = cats.get(ci);
            double x0 = f.left + ci * slot;
            for (Series s : shown) for (Point p : s.points()) if (cat.equals(p.category()) && p.hasBand()) band(f, y, s, p, x0 + slot * 0.06, slot * 0.88);
            for (int si = 0; si < shown.size(); si++) {
                Series s = shown.get(si);
                for (Point p : s.points()) {
                    if (!cat.equals(p.category()) || !y.accepts(p.y())) continue;
                    double bx = x0 + (slot - barW * n) / 2 + si * barW;
                    bar(f, s, p, bx, barW, base);
                }
            }
            double cx = x0 + slot / 2;
            double cy = f.top + f.plotH + 6 + Frame.TICK_FONT;
            if (slanted) {
                f.out.append("<text class=\"wb-cat\" text-anchor=\"end\" transform=\"translate(").append(Svg.px(cx + 4)).append(' ').append(Svg.px(cy - 4))
                        .append(") rotate(-45)\">").append(Svg.esc(cat)).append("</text>\n");
            } else {
                f.out.append("<text class=\"wb-cat\" text-anchor=\"middle\" x=\"").append(Svg.px(cx)).append("\" y=\"").append(Svg.px(cy)).append("\">")
                        .append(Svg.esc(cat)).append("</text>\n");
            }
        }
        f.reference();
        f.legend();
        return f.close();
    }

    private void bar(Frame f, Series s, Point p, double bx, double w, double base) {
        String cat = p.category();
        String colour = chart.colouredByCategory() ? Palette.of(cat).colour() : s.style().colour();
        double a = f.yPx(Math.max(base, p.y()));
        double b = f.yPx(Math.min(base, p.y()));
        double h = Math.max(1, b - a);
        f.out.append("<rect class=\"wb-mark\" data-series=\"").append(Svg.esc(s.name())).append("\" data-cat=\"").append(Svg.esc(cat))
                .append("\" x=\"").append(Svg.px(bx + 0.5)).append("\" y=\"").append(Svg.px(a)).append("\" width=\"").append(Svg.px(w - 1))
                .append("\" height=\"").append(Svg.px(h)).append("\" fill=\"").append(colour).append("\">")
                .append(Svg.title(f.tooltip(s.name(), chart.xTitle() + ": " + cat, p))).append("</rect>\n");
        double cx = bx + w / 2;
        if (p.hasInterval()) f.out.append(f.errorBar(cx, p.lo(), p.hi(), colour));
        valueLabel(f, p, cx, w, base);
    }

    /** The bar's figure beyond its end (above a rising bar, below a falling one), only where it fits; the tooltip always has it. */
    private void valueLabel(Frame f, Point p, double cx, double w, double base) {
        String label = Svg.figure(p.y(), 3);
        if (Svg.width(label, VALUE_FONT) + 2 > w) return;
        boolean up = p.y() >= base;
        double end = up ? Math.max(p.y(), p.hasInterval() ? p.hi() : p.y()) : Math.min(p.y(), p.hasInterval() ? p.lo() : p.y());
        double py = f.yPx(end);
        double ty = up ? py - 4 : py + VALUE_FONT + 3;
        if (ty - VALUE_FONT < f.top || ty > f.top + f.plotH) return;
        f.text(cx, ty, "middle", VALUE_FONT, "fill=\"#222\"", label);
    }

    /** The shaded band behind a category (a published range): its top may be infinite, reaching the top of the plot. */
    private void band(Frame f, Axis y, Series s, Point p, double x, double w) {
        if (!y.accepts(p.bandLo())) return;
        double top = Double.isInfinite(p.bandHi()) ? f.top : f.yPx(p.bandHi());
        double bottom = f.yPx(p.bandLo());
        String range = Svg.figure(p.bandLo(), 4) + " \u2013 " + (Double.isInfinite(p.bandHi()) ? "(no upper bound)" : Svg.figure(p.bandHi(), 4));
        f.out.append("<rect class=\"wb-band\" x=\"").append(Svg.px(x)).append("\" y=\"").append(Svg.px(top)).append("\" width=\"").append(Svg.px(w))
                .append("\" height=\"").append(Svg.px(Math.max(2, bottom - top))).append("\" fill=\"#9a9a9a\" fill-opacity=\"0.3\">")
                .append(Svg.title(s.name() + "\n" + p.category() + "\nband: " + range)).append("</rect>\n");
    }
}
