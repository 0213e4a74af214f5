package io.lanes.workbench.report.chart;

/**
 * One data point of a series: at {@code x} (line and scatter charts) or in {@code category} (bar
 * charts), value {@code y}, optionally an interval {@code lo..hi} drawn as an error bar, a band
 * {@code bandLo..bandHi} shaded behind a bar (an infinite {@code bandHi} reaches the top of the
 * plot), and a note added to its tooltip (the column, the working set, min-max). NaN means absent.
 * Immutable.
 */
public record Point(double x, String category, double y, double lo, double hi, double bandLo, double bandHi, String note) {
    public Point {
        note = note == null ? "" : note;
    }

    /** A point of a line or scatter chart. */
    public static Point xy(double x, double y) {
        return new Point(x, null, y, Double.NaN, Double.NaN, Double.NaN, Double.NaN, "");
    }

    /** A bar of a bar chart. */
    public static Point bar(String category, double y) {
        return new Point(Double.NaN, category, y, Double.NaN, Double.NaN, Double.NaN, Double.NaN, "");
    }

    /** This point with the interval {@code lo..hi} (an error bar; NaN ends leave it out). */
    public Point interval(double lo, double hi) {
        return new Point(x, category, y, lo, hi, bandLo, bandHi, note);
    }

    /** This bar with a band from {@code lo} to {@code hi} shaded behind it. */
    public Point band(double lo, double hi) {
        return new Point(x, category, y, this.lo, this.hi, lo, hi, note);
    }

    /** This point with {@code note} as the last line of its tooltip. */
    public Point note(String note) {
        return new Point(x, category, y, lo, hi, bandLo, bandHi, note);
    }

    /** Whether both ends of the interval are known. */
    public boolean hasInterval() {
        return !Double.isNaN(lo) && !Double.isNaN(hi);
    }

    /** Whether the band is known (its top may be infinite). */
    public boolean hasBand() {
        return !Double.isNaN(bandLo) && !Double.isNaN(bandHi);
    }
}
