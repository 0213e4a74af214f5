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
 * @param codecDetail  what the encoder chose for the pages ({@link Prepared#codecDetail()}), empty when the codec reports nothing
 * @param analyzeNanos per-repetition nanoseconds of the encode's analysis alone (empty unless {@link Prepared#staged()})
 * @param packNanos    per-repetition nanoseconds of the encode's packing alone, the analysis done beforehand (empty unless staged)
 */
public record Measurement(String arm, boolean control, String columnId, String dataset, String type, String workingSet,
                          int values, long inputBytes, long outputBytes, double[] decodeNanos, double[] encodeNanos, String codecDetail,
                          double[] analyzeNanos, double[] packNanos) {

    /** A measurement without staged encode figures: a codec whose encode is one stage, or a route that does not time stages. */
    public Measurement(String arm, boolean control, String columnId, String dataset, String type, String workingSet,
                       int values, long inputBytes, long outputBytes, double[] decodeNanos, double[] encodeNanos, String codecDetail) {
        this(arm, control, columnId, dataset, type, workingSet, values, inputBytes, outputBytes, decodeNanos, encodeNanos, codecDetail,
                new double[0], new double[0]);
    }

    /** A measurement without a codec detail: the SIMD sweep's kernels, which report none, and tests. */
    public Measurement(String arm, boolean control, String columnId, String dataset, String type, String workingSet,
                       int values, long inputBytes, long outputBytes, double[] decodeNanos, double[] encodeNanos) {
        this(arm, control, columnId, dataset, type, workingSet, values, inputBytes, outputBytes, decodeNanos, encodeNanos, "");
    }

    /** Median of the decode samples. */
    public double decodeMedian() {
        return median(decodeNanos);
    }

    /** Median of the encode samples, or NaN when there are none. */
    public double encodeMedian() {
        return median(encodeNanos);
    }

    /** Median of the analysis samples, or NaN when there are none. */
    public double analyzeMedian() {
        return median(analyzeNanos);
    }

    /** Median of the packing samples, or NaN when there are none. */
    public double packMedian() {
        return median(packNanos);
    }

    /** Bootstrap resamples behind {@link #decodeMedianInterval}. */
    public static final int BOOTSTRAP_RESAMPLES = 1000;

    /**
     * A 95% bootstrap interval of the median decode time: the 2.5th and 97.5th percentiles of the
     * medians of {@value #BOOTSTRAP_RESAMPLES} resamples (with replacement) of the samples. Seeded
     * from the samples, so the same samples always give the same interval. {@code {NaN, NaN}} when
     * there are no samples.
     */
    public double[] decodeMedianInterval() {
        return medianInterval(decodeNanos);
    }

    /** The 95% bootstrap interval of the median of {@code xs} ({@link #decodeMedianInterval}). */
    public static double[] medianInterval(double[] xs) {
        if (xs.length == 0) return new double[] {Double.NaN, Double.NaN};
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(Arrays.hashCode(xs));
        double[] medians = new double[BOOTSTRAP_RESAMPLES];
        double[] r = new double[xs.length];
        for (int b = 0; b < medians.length; b++) {
            for (int i = 0; i < r.length; i++) r[i] = xs[rnd.nextInt(xs.length)];
            medians[b] = median(r);
        }
        Arrays.sort(medians);
        return new double[] {medians[(int) (0.025 * medians.length)], medians[(int) Math.ceil(0.975 * medians.length) - 1]};
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
