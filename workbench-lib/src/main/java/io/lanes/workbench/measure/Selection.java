package io.lanes.workbench.measure;

import java.util.Locale;

/**
 * The rows a sparse-read arm decodes of every page, written after its codec's name:
 * {@code parquet.delta@select=0.1} or {@code parquet.delta-byte-array@head=0.5}. Immutable.
 *
 * <ul>
 *   <li>{@code select=F}: a selection vector, each row kept with probability F (a fixed seed, so
 *       every arm and run sees the same rows; at least one row), as a filter leaves one;</li>
 *   <li>{@code head=F}: the first rows only, a read that stops part-way: {@code floor(F n / 32) * 32 + 16}
 *       rows (all n at F = 1), so it ends in the middle of a 32-value miniblock.</li>
 * </ul>
 *
 * @param kind     {@code select} or {@code head}
 * @param fraction share of the rows, in (0, 1]
 */
public record Selection(String kind, double fraction) {
    /** The seed of every {@code select} selection: arms compared in one run read the same rows. */
    static final long SEED = 0x5E1EC7L;

    public Selection {
        if (!kind.equals("select") && !kind.equals("head")) throw new IllegalArgumentException("selection '" + kind + "' is not select=F or head=F");
        if (!(fraction > 0 && fraction <= 1)) throw new IllegalArgumentException("selection " + kind + "=" + fraction + ": the share of rows must be in (0, 1]");
    }

    /** Parses {@code select=0.1} or {@code head=0.5}. */
    public static Selection parse(String s) {
        int eq = s.indexOf('=');
        if (eq < 0) throw new IllegalArgumentException("selection '" + s + "' is not select=F or head=F (F a share of rows in (0, 1], e.g. select=0.1)");
        double f;
        try {
            f = Double.parseDouble(s.substring(eq + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("selection '" + s + "': '" + s.substring(eq + 1) + "' is not a share of rows in (0, 1]");
        }
        return new Selection(s.substring(0, eq), f);
    }

    /** As written after an arm's codec name, e.g. {@code select=0.1}. */
    public String label() {
        return kind + "=" + String.format(Locale.ROOT, "%s", fraction == Math.rint(fraction) ? String.valueOf((long) fraction) : String.valueOf(fraction));
    }

    /** The selected rows of a page of {@code n} values, strictly ascending. */
    public int[] rows(int n) {
        if (kind.equals("head")) {
            int k = fraction == 1 ? n : (int) Math.min(n, (long) Math.floor(fraction * n / 32) * 32 + 16);
            int[] r = new int[k];
            for (int i = 0; i < k; i++) r[i] = i;
            return r;
        }
        int[] r = new int[n];
        int k = 0;
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(SEED);
        for (int i = 0; i < n; i++) if (fraction == 1 || rnd.nextDouble() < fraction) r[k++] = i;
        if (k == 0 && n > 0) r[k++] = n / 2;
        return java.util.Arrays.copyOf(r, k);
    }
}
