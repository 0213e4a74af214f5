package io.lanes.workbench.report.chart;

import java.util.ArrayList;
import java.util.List;

/**
 * A value axis: its scale (linear or log), its range and its ticks, and the mapping of a value to a
 * fraction of the axis length. The range is widened to a tick at each end, so the bottom and top of
 * the data always carry a label. Immutable.
 */
final class Axis {
    private static final double[] FINE = {1, 1.5, 2, 3, 5, 7};
    private static final double[] ONE_TWO_FIVE = {1, 2, 5};
    private static final double[] ONE_THREE = {1, 3};
    private static final double[] ONE = {1};

    private final boolean log;
    private final double lo;
    private final double hi;
    private final List<Double> ticks;

    private Axis(boolean log, double lo, double hi, List<Double> ticks) {
        this.log = log;
        this.lo = lo;
        this.hi = hi;
        this.ticks = List.copyOf(ticks);
    }

    /**
     * A linear axis over {@code [min, max]} (and 0 when {@code withZero}) with about five to eight "nice"
     * ticks (1, 2 or 5 times a power of ten apart).
     */
    static Axis linear(double min, double max, boolean withZero) {
        if (withZero) {
            min = Math.min(min, 0);
            max = Math.max(max, 0);
        }
        if (!(max > min)) {
            double pad = min == 0 ? 1 : Math.abs(min) * 0.1;
            min -= withZero && min == 0 ? 0 : pad;
            max += pad;
        }
        double step = niceStep((max - min) / 7);
        double first = Math.floor(min / step + 1e-9) * step;
        double last = Math.ceil(max / step - 1e-9) * step;
        List<Double> ticks = new ArrayList<>();
        for (long i = 0; first + i * step <= last + step * 1e-9; i++) ticks.add(clean(first + i * step, step));
        return new Axis(false, first, last, ticks);
    }

    /**
     * A log axis over {@code [min, max]}, both positive. Ticks: 1-1.5-2-3-5-7 when the range spans
     * at most one decade, 1-2-5 in each decade up to three, 1-3 up to five, whole decades beyond (every other one past
     * twelve); the ends snap outwards to the nearest tick.
     */
    static Axis log(double min, double max) {
        if (!(min > 0 && max > 0)) throw new IllegalArgumentException("a log axis needs positive bounds, got " + min + ".." + max);
        if (max <= min) {
            min /= 2;
            max *= 2;
        }
        double decades = Math.log10(max / min);
        double[] mantissas = decades <= 1 ? FINE : decades <= 3 ? ONE_TWO_FIVE : decades <= 5 ? ONE_THREE : ONE;
        int every = decades > 12 ? 2 : 1;
        List<Double> grid = new ArrayList<>();
        int firstExp = (int) Math.floor(Math.log10(min)) - 1;
        int lastExp = (int) Math.ceil(Math.log10(max)) + 1;
        for (int e = firstExp; e <= lastExp; e++) {
            if (Math.floorMod(e, every) != 0) continue;
            for (double m : mantissas) grid.add(clean(m * Math.pow(10, e), Math.pow(10, e)));
        }
        double bottom = grid.getFirst();
        for (double g : grid) if (g <= min * (1 + 1e-9)) bottom = g;
        double top = grid.getLast();
        for (int i = grid.size() - 1; i >= 0; i--) if (grid.get(i) >= max * (1 - 1e-9)) top = grid.get(i);
        List<Double> ticks = new ArrayList<>();
        for (double g : grid) if (g >= bottom && g <= top) ticks.add(g);
        return new Axis(true, bottom, top, ticks);
    }

    /** 1, 2 or 5 times a power of ten, at least {@code raw}. */
    private static double niceStep(double raw) {
        double p = Math.pow(10, Math.floor(Math.log10(raw)));
        for (double m : ONE_TWO_FIVE) if (m * p >= raw * (1 - 1e-9)) return m * p;
        return 10 * p;
    }

    /** Removes the binary noise of {@code v} at the resolution of {@code unit} (0.30000000000000004 -> 0.3). */
    private static double clean(double v, double unit) {
        double scale = Math.pow(10, 6 - Math.floor(Math.log10(unit)));
        return Math.round(v * scale) / scale;
    }

    /** Whether the scale is logarithmic. */
    boolean isLog() {
        return log;
    }

    double lo() {
        return lo;
    }

    double hi() {
        return hi;
    }

    /** Tick values, ascending, the first at {@link #lo} and the last at {@link #hi}. */
    List<Double> ticks() {
        return ticks;
    }

    /** Whether {@code v} can be placed on this axis (not NaN, and positive on a log axis). */
    boolean accepts(double v) {
        return !Double.isNaN(v) && !Double.isInfinite(v) && (!log || v > 0);
    }

    /** Position of {@code v} as a fraction of the axis: 0 at {@link #lo}, 1 at {@link #hi}; clamped a little beyond. */
    double fraction(double v) {
        double f = log ? Math.log(v / lo) / Math.log(hi / lo) : (v - lo) / (hi - lo);
        return Math.clamp(f, -0.05, 1.05);
    }

    /** A tick's label: its value at up to four significant digits, plain below 1e7. */
    static String label(double tick) {
        return Svg.figure(tick, 4);
    }
}
