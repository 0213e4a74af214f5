package io.lanes.workbench.measure;

import java.util.Arrays;

/**
 * What the harness measured for one arm on one column at one working-set point. Sample arrays are
 * nanoseconds per call, one per repetition, in the order taken; callers must not modify them.
 *
 * @param arm          row label
 * @param control      whether this is the control twin of another arm (same kernel and bytes, other buffers)
 * @param columnId     column registry id
 * @param dataset      dataset of the column
 * @param type         {@code int32}, {@code int64} or {@code byte-array}
 * @param workingSet   ladder point label
 * @param values       values per call
 * @param inputBytes   encoded bytes a decode call reads
 * @param outputBytes  decoded bytes a decode call writes as values (byte arrays: the values' own bytes, offsets not counted)
 * @param decodeNanos  per-repetition nanoseconds of one decode call
 * @param encodeNanos  per-repetition nanoseconds of one encode call (empty for store-only)
 */
public record Measurement(String arm, boolean control, String columnId, String dataset, String type, String workingSet,
                          int values, long inputBytes, long outputBytes, double[] decodeNanos, double[] encodeNanos) {

    /** Median of the decode samples. */
    public double decodeMedian() {
        return median(decodeNanos);
    }

    /** Median of the encode samples, or NaN when there are none. */
    public double encodeMedian() {
        return median(encodeNanos);
    }

    /** Median of samples (mean of the middle two for an even count); NaN when empty. */
    public static double median(double[] xs) {
        if (xs.length == 0) return Double.NaN;
        double[] s = xs.clone();
        Arrays.sort(s);
        int m = s.length / 2;
        return s.length % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2;
    }

    /** Decoded GiB/s at the median. */
    public double decodeGibPerSecond() {
        return outputBytes / decodeMedian() * 1e9 / (1L << 30);
    }
}
