package io.lanes.workbench.report.chart;

import java.util.ArrayList;
import java.util.List;

/** Renders a line or scatter {@link SvgChart}. Used once by one thread. */
final class XyPlot {
    private static final double PLOT_WIDTH = 620;
    /** Beyond this many points a line is drawn without markers: thousands of markers hide the line and bloat the page. */
    static final int MAX_MARKED = 200;

    private final SvgChart chart;

    XyPlot(SvgChart chart) {
        this.chart = chart;
    }

    String render() {
        boolean lines = chart.kind() == SvgChart.Kind.LINE;
        Axis probeX = chart.isLogX() ? Axis.log(1, 10) : Axis.linear(0, 1, false);
        Axis probeY = chart.isLogY() ? Axis.log(1, 10) : Axis.linear(0, 1, false);
        // a series with no point either axis can show is left out, legend included
        List<Series> shown = new ArrayList<>();
        double[] xr = {Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
        double[] yr = {Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (Series s : chart.series()) {
            boolean any = false;
            for (Point p : s.points()) {
                if (!placeable(s, p, probeX, probeY)) continue;
                any = true;
                // a wall in a scatter chart spans the plot, so its own x must not stretch the axis
                if (lines || !s.style().reference()) widen(xr, p.x());
                widen(yr, p.y());
                if (p.hasInterval() && probeY.accepts(p.lo()) && probeY.accepts(p.hi())) {
                    widen(yr, p.lo());
                    widen(yr, p.hi());
                }
            }
            if (any) shown.add(s);
        }
        // nothing placed on an axis (no data, or only a scatter wall on x): a range for the frame
        if (xr[0] > xr[1]) xr = new double[] {1, 10};
        if (yr[0] > yr[1]) yr = new double[] {1, 10};
        if (probeY.accepts(chart.reference())) widen(yr, chart.reference());
        Axis x = chart.isLogX() ? Axis.log(xr[0], xr[1]) : Axis.linear(xr[0], xr[1], false);
        Axis y = chart.isLogY() ? Axis.log(yr[0], yr[1]) : Axis.linear(yr[0], yr[1], false);
        double lastLabel = Svg.width(Axis.label(x.ticks().getLast()), Frame.TICK_FONT);
        Frame f = new Frame(chart, y, PLOT_WIDTH, Frame.TICK_FONT * 1.4, 0, lastLabel / 2, shown);
        f.open();
        for (double t : x.ticks()) {
            double px = xPx(f, x, t);
            f.out.append("<line x1=\"").append(Svg.px(px)).append("\" x2=\"").append(Svg.px(px)).append("\" y1=\"").append(Svg.px(f.top))
                    .append("\" y2=\"").append(Svg.px(f.top + f.plotH)).append("\" stroke=\"#efefef\"/>\n");
            f.text(px, f.top + f.plotH + 6 + Frame.TICK_FONT, "middle", Frame.TICK_FONT, "", Axis.label(t));
        }
        f.reference();
        if (shown.isEmpty()) f.text(f.left + f.plotW / 2, f.top + f.plotH / 2, "middle", Frame.AXIS_FONT, "", "no data to show");
        for (Series s : shown) {
            if (lines) line(f, x, y, s);
            if (lines && s.points().size() > MAX_MARKED) continue;
            for (Point p : s.points()) {
                if (!placeable(s, p, x, y)) continue;
                double px = xPx(f, x, p.x());
                if (!lines && s.style().reference()) {
                    wall(f, s, p); // its interval is in the tooltip: the wall has no x to hang an error bar on
                    continue;
                }
                if (p.hasInterval()) f.out.append(f.errorBar(px, p.lo(), p.hi(), s.style().colour()));
                point(f, s, p, px, lines ? 4 : 6.5);
            }
        }
        f.legend();
        return f.close();
    }

    /** Whether the axes can show {@code p}; a wall in a scatter chart needs only its y. */
    private boolean placeable(Series s, Point p, Axis x, Axis y) {
        boolean wall = chart.kind() == SvgChart.Kind.SCATTER && s.style().reference();
        return (wall || x.accepts(p.x())) && y.accepts(p.y());
    }

    private static void widen(double[] range, double v) {
        range[0] = Math.min(range[0], v);
        range[1] = Math.max(range[1], v);
    }

    private static double xPx(Frame f, Axis x, double v) {
        return f.left + f.plotW * x.fraction(v);
    }

    /** The series' line, broken where a point is missing; its tooltip names the series and its range. */
    private void line(Frame f, Axis x, Axis y, Series s) {
        StringBuilder d = new StringBuilder();
        boolean pen = false;
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        int n = 0;
        for (Point p : s.points()) {
            if (!x.accepts(p.x()) || !y.accepts(p.y())) {
                pen = false;
                continue;
            }
            d.append(pen ? 'L' : 'M').append(Svg.px(xPx(f, x, p.x()))).append(' ').append(Svg.px(f.yPx(p.y())));
            pen = true;
            lo = Math.min(lo, p.y());
            hi = Math.max(hi, p.y());
            n++;
        }
        String tip = s.name() + "\n" + n + (n == 1 ? " point" : " points") + ", " + chart.yTitle() + " from " + Svg.figure(lo, 4) + " to " + Svg.figure(hi, 4);
        f.out.append("<path class=\"wb-mark\" data-series=\"").append(Svg.esc(s.name())).append("\" d=\"").append(d).append("\" ")
                .append(Frame.stroke(s.style())).append(" stroke-linejoin=\"round\">").append(Svg.title(tip)).append("</path>\n");
    }

    /** A reference wall in a scatter chart: a dashed line across the plot at its value, so every point can be read against it. */
    private void wall(Frame f, Series s, Point p) {
        double py = f.yPx(p.y());
        f.out.append("<path class=\"wb-mark\" data-series=\"").append(Svg.esc(s.name())).append("\" d=\"M").append(Svg.px(f.left)).append(' ')
                .append(Svg.px(py)).append('H').append(Svg.px(f.left + f.plotW)).append("\" ").append(Frame.stroke(s.style())).append('>')
                .append(Svg.title(f.tooltip(s.name(), Double.isNaN(p.x()) ? "reference wall" : chart.xTitle() + ": " + Svg.figure(p.x(), 4), p))).append("</path>\n");
    }

    /** One point's marker with its tooltip. */
    private void point(Frame f, Series s, Point p, double px, double r) {
        Palette.Style st = s.style();
        double py = f.yPx(p.y());
        // a wall's point is a short level stroke: visible even when its line has a single point
        String d = st.marker() == Marker.NONE ? "M" + Svg.px(px - 8) + " " + Svg.px(py) + "h16" : st.marker().path(px, py, r);
        String paint = st.marker() == Marker.NONE ? "fill=\"none\" stroke=\"" + st.colour() + "\" stroke-width=\"3\"" : "fill=\"" + st.colour()
                + "\" stroke=\"" + Palette.shade(st.colour(), -0.5) + "\" stroke-width=\"0.8\"";
        String where = chart.xTitle() + ": " + Svg.figure(p.x(), 4);
        f.out.append("<path class=\"wb-mark\" data-series=\"").append(Svg.esc(s.name())).append("\" d=\"").append(d)
                .append("\" ").append(paint).append('>').append(Svg.title(f.tooltip(s.name(), where, p))).append("</path>\n");
    }
}
