package io.lanes.workbench.report.claims;

/**
 * One published ratio expressed as two workbench arms: {@code metric(numerator) / metric(denominator)},
 * geomean over the columns of {@code set} at {@code workingSet}. Immutable; read from the catalog.
 *
 * @param id           stable id
 * @param group        the DESIGN.md group (1..10; 0 for further seed figures)
 * @param statement    the claim as published
 * @param source       seed file and the pull request or commit it describes
 * @param publishedOn  hardware, compiler and data of the published figure
 * @param numerator    arm name
 * @param denominator  arm name
 * @param set          dataset set
 * @param workingSet   ladder point
 * @param metric       {@code decode_speed}, {@code encode_speed}, {@code size} or {@code ipv}
 * @param low          published value or lower end of the published range
 * @param high         upper end (equal to low for a single figure; infinite for a published lower bound)
 * @param tolerance    relative tolerance around the range for a verdict of reproduced
 * @param requires     CPU feature the claim needs (e.g. {@code avx512f}), or empty
 * @param explanation  what the Java analog keeps and what differs
 * @param publishedCondition where the figure was measured, as data
 * @param toleranceWhy why the tolerance is what it is
 */
public record Claim(String id, int group, String statement, String source, String publishedOn, String numerator,
                    String denominator, String set, String workingSet, String metric, double low, double high,
                    double tolerance, String requires, String explanation,
                    PublishedCondition publishedCondition, String toleranceWhy) {

    /** The results.csv column a metric reads. */
    public String resultColumn() {
        return switch (metric) {
            case "decode_speed" -> "decode_gib_s";
            case "encode_speed" -> "encode_values_per_s";
            case "size" -> "encoded_bytes";
            case "ipv" -> "ipv";
            default -> throw new IllegalArgumentException("claim " + id + ": unknown metric '" + metric + "'");
        };
    }

    /** The published figure as text: one value or a range. */
    public String published() {
        if (Double.isInfinite(high)) return String.format(java.util.Locale.ROOT, ">= %.3gx", low);
        return low == high ? String.format(java.util.Locale.ROOT, "%.3gx", low) : String.format(java.util.Locale.ROOT, "%.3g-%.3gx", low, high);
    }

    /**
     * A measured ratio over the published one: over the nearer end of a published range, 1 inside
     * it, so 1 means reproduced exactly and the distance from 1 is the gap.
     */
    public double gap(double measured) {
        return measured < low ? measured / low : measured > high ? measured / high : 1.0;
    }

    /** Whether a measured ratio lies within the published range widened by the tolerance. */
    public boolean reproduces(double ratio) {
        return ratio >= low * (1 - tolerance) && ratio <= high * (1 + tolerance);
    }
}
