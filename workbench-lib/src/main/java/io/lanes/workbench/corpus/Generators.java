package io.lanes.workbench.corpus;

import io.lanes.workbench.corpus.Catalog.ColumnEntry;
import io.lanes.workbench.corpus.Catalog.DatasetEntry;

import java.util.SplittableRandom;

/**
 * The synthetic columns of kind {@code generator}: deterministic functions of the dataset's seed and
 * value count and the column's parameters, so the same catalog gives the same values on every
 * machine. Generators (parameters in brackets, bounds inclusive):
 * <ul>
 *   <li>{@code uniform} [width]: {@link Datasets#uniform} / {@link Datasets#uniform64};</li>
 *   <li>{@code constant} [value];</li>
 *   <li>{@code sequential} [start, step]: {@code start + i * step};</li>
 *   <li>{@code range} [lo, hi]: uniform over {@code [lo, hi]};</li>
 *   <li>{@code outliers} [lo, hi, share, outlier_lo, outlier_hi]: uniform over {@code [lo, hi]},
 *       each value replaced with probability {@code share} by one uniform over
 *       {@code [outlier_lo, outlier_hi]};</li>
 *   <li>{@code walk} [start, max_step]: sorted, each step uniform over {@code [0, max_step]};</li>
 *   <li>{@code runs} [lo, hi, mean_run]: runs of one value uniform over {@code [lo, hi]}, run
 *       lengths geometric with mean {@code mean_run}.</li>
 * </ul>
 * Every column but {@code uniform} draws from a {@link SplittableRandom} seeded with the dataset seed
 * xor the column id's {@link String#hashCode()} (specified by the JLS, so stable). Every generator
 * makes int32 or int64 values; a byte-array column is refused. Stateless.
 */
final class Generators {
    private Generators() {
    }

    /** Generates the column {@code c} of generator dataset {@code d}. */
    static Column generate(DatasetEntry d, ColumnEntry c) {
        if (!c.type().integer()) {
            throw new CorpusException("column " + c.id() + ": generators make int32 or int64 values, not " + c.type().label());
        }
        int n = d.values();
        long seed = d.seed();
        if (c.generator().equals("uniform")) {
            int w = (int) param(c, "width");
            return c.type() == ValueType.INT32 ? Datasets.uniform(w, n, seed) : Datasets.uniform64(w, n, seed);
        }
        SplittableRandom r = new SplittableRandom(seed ^ c.id().hashCode());
        long[] v = new long[n];
        switch (c.generator()) {
            case "constant" -> java.util.Arrays.fill(v, param(c, "value"));
            case "sequential" -> {
                long start = param(c, "start"), step = param(c, "step");
                for (int i = 0; i < n; i++) v[i] = start + i * step;
            }
            case "range" -> {
                long lo = param(c, "lo"), hi = param(c, "hi");
                checkRange(c, lo, hi);
                for (int i = 0; i < n; i++) v[i] = between(r, lo, hi);
            }
            case "outliers" -> {
                long lo = param(c, "lo"), hi = param(c, "hi"), olo = param(c, "outlier_lo"), ohi = param(c, "outlier_hi");
                checkRange(c, lo, hi);
                checkRange(c, olo, ohi);
                double share = share(c);
                for (int i = 0; i < n; i++) v[i] = r.nextDouble() < share ? between(r, olo, ohi) : between(r, lo, hi);
            }
            case "walk" -> {
                long x = param(c, "start"), maxStep = param(c, "max_step");
                checkRange(c, 0, maxStep);
                for (int i = 0; i < n; i++) {
                    v[i] = x;
                    x += between(r, 0, maxStep);
                }
            }
            case "runs" -> {
                long lo = param(c, "lo"), hi = param(c, "hi"), mean = param(c, "mean_run");
                checkRange(c, lo, hi);
                if (mean < 1) throw new CorpusException("column " + c.id() + ": mean_run must be at least 1");
                double q = Math.log1p(-1.0 / mean);
                for (int i = 0; i < n; ) {
                    long value = between(r, lo, hi);
                    // Geometric run length >= 1 with mean `mean`; a mean of 1 gives runs of 1.
                    long len = mean == 1 ? 1 : 1 + (long) Math.floor(Math.log(1 - r.nextDouble()) / q);
                    for (long k = 0; k < len && i < n; k++) v[i++] = value;
                }
            }
            default -> throw new CorpusException("column " + c.id() + ": unknown generator '" + c.generator()
                    + "'; known: uniform, constant, sequential, range, outliers, walk, runs");
        }
        String provenance = "generator " + c.generator() + " " + c.params() + ", " + n + " values, seed " + seed;
        if (c.type() == ValueType.INT64) return Column.ofLongs(c.id(), c.dataset(), v, provenance);
        int[] ints = new int[n];
        for (int i = 0; i < n; i++) {
            if (v[i] != (int) v[i]) throw new CorpusException("column " + c.id() + ": generated value " + v[i] + " at row " + (i + 1) + " does not fit int32");
            ints[i] = (int) v[i];
        }
        return Column.ofInts(c.id(), c.dataset(), ints, provenance);
    }

    private static void checkRange(ColumnEntry c, long lo, long hi) {
        if (hi < lo) throw new CorpusException("column " + c.id() + ": empty range [" + lo + ", " + hi + "]");
    }

    /** Uniform over [lo, hi], both inclusive, for any lo <= hi. */
    private static long between(SplittableRandom r, long lo, long hi) {
        if (hi != Long.MAX_VALUE) return r.nextLong(lo, hi + 1);
        return lo == Long.MIN_VALUE ? r.nextLong() : r.nextLong(lo - 1, hi) + 1;
    }

    private static long param(ColumnEntry c, String name) {
        Object o = c.params().get(name);
        if (!(o instanceof Number num) || o instanceof Double || o instanceof Float) {
            throw new CorpusException("column " + c.id() + ": generator " + c.generator() + " needs an integer parameter '" + name + "'");
        }
        return num.longValue();
    }

    private static double share(ColumnEntry c) {
        if (!(c.params().get("share") instanceof Number num) || num.doubleValue() < 0 || num.doubleValue() > 1) {
            throw new CorpusException("column " + c.id() + ": generator outliers needs a parameter 'share' in [0, 1]");
        }
        return num.doubleValue();
    }
}
