package io.lanes.workbench.report.chart;

/** The shape drawn at a data point. Immutable. */
public enum Marker {
    CIRCLE, SQUARE, TRIANGLE_UP, DIAMOND, TRIANGLE_DOWN, CROSS,
    /** No visible shape: reference walls are lines only. */
    NONE;

    /** The shapes a variant can take, in the order {@link Palette} hands them out. */
    static final Marker[] SHAPES = {CIRCLE, SQUARE, TRIANGLE_UP, DIAMOND, TRIANGLE_DOWN, CROSS};

    /** SVG path data of this shape centred on {@code (x, y)} with half-size {@code r}; a small circle for {@link #NONE}. */
    String path(double x, double y, double r) {
        return switch (this) {
            case CIRCLE, NONE -> "M" + Svg.px(x - r) + " " + Svg.px(y) + "a" + Svg.px(r) + " " + Svg.px(r) + " 0 1 0 " + Svg.px(2 * r) + " 0a"
                    + Svg.px(r) + " " + Svg.px(r) + " 0 1 0 " + Svg.px(-2 * r) + " 0Z";
            case SQUARE -> poly(x, y, r * 0.9, -1, -1, 1, -1, 1, 1, -1, 1);
            case TRIANGLE_UP -> poly(x, y, r * 1.15, 0, -1, 0.9, 0.7, -0.9, 0.7);
            case TRIANGLE_DOWN -> poly(x, y, r * 1.15, 0, 1, 0.9, -0.7, -0.9, -0.7);
            case DIAMOND -> poly(x, y, r * 1.2, 0, -1, 1, 0, 0, 1, -1, 0);
            // a thick X outline, so the shape has an area to fill like the others
            case CROSS -> poly(x, y, r, -1, -0.6, -0.6, -1, 0, -0.4, 0.6, -1, 1, -0.6, 0.4, 0, 1, 0.6, 0.6, 1, 0, 0.4, -0.6, 1, -1, 0.6, -0.4, 0);
        };
    }

    private static String poly(double x, double y, double r, double... unit) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < unit.length; i += 2) {
            b.append(i == 0 ? 'M' : 'L').append(Svg.px(x + unit[i] * r)).append(' ').append(Svg.px(y + unit[i + 1] * r));
        }
        return b.append('Z').toString();
    }
}
