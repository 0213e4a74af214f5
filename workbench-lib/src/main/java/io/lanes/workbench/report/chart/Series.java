package io.lanes.workbench.report.chart;

import java.util.List;

/** A named series of points drawn in one {@link Palette.Style}. Immutable (the point list is copied). */
public record Series(String name, Palette.Style style, List<Point> points) {
    public Series {
        points = List.copyOf(points);
    }
}
