package io.lanes.workbench.corpus;

import java.util.List;
import java.util.SplittableRandom;

/**
 * Static entry points over the project's {@link Registry} (catalog {@code datasets/catalog.json},
 * cache {@code datasets/cache/}): what the harness, the command line and notebooks call. Thread-safe;
 * every call returns fresh arrays, which the caller owns.
 */
public final class Datasets {
    private Datasets() {
    }

    private static volatile Registry registry;

    /**
     * The project's registry, created on first use. A failure (no project root, a broken catalog) is
     * thrown to the caller and tried again on the next call, not remembered.
     */
    public static Registry registry() {
        Registry r = registry;
        if (r == null) {
            synchronized (Datasets.class) {
                r = registry;
                if (r == null) registry = r = Registry.standard();
            }
        }
        return r;
    }

    /**
     * The column of that id, e.g. {@code syn.uniform.w12}, {@code clickbench.hits.EventTime}.
     *
     * @throws IllegalArgumentException ({@link CorpusException}) naming the id and close matches when it is
     *                                  unknown, or every place looked at when its source is missing
     */
    public static Column load(String id) {
        return registry().column(id);
    }

    /**
     * Columns of a named set ({@code default}, {@code int64}, {@code sorted}, {@code quick},
     * {@code uniform}, ...), a dataset id (all its columns) or a column id.
     */
    public static List<Column> set(String name) {
        return registry().columns(name);
    }

    /**
     * {@code n} values uniform over [0, 2^w), the top bit of every 64 values forced so each block's
     * width is exactly {@code w}. {@code syn.uniform.wN} is this with the catalog's seed and count.
     */
    public static Column uniform(int w, int n, long seed) {
        if (w < 0 || w > 32) throw new IllegalArgumentException("width " + w + " outside 0..32");
        SplittableRandom r = new SplittableRandom(seed ^ (31L * w));
        int[] v = new int[n];
        long bound = 1L << w;
        for (int i = 0; i < n; i++) {
            v[i] = w == 0 ? 0 : (int) r.nextLong(bound);
        }
        if (w > 0) for (int i = 0; i < n; i += 64) v[i] |= 1 << (w - 1);
        return Column.ofInts("syn.uniform.w" + w, "syn.uniform", v, "SplittableRandom seed " + seed + ", uniform over [0, 2^" + w + ")");
    }

    /**
     * The int64 twin of {@link #uniform}: {@code n} values uniform over [0, 2^w) for w = 0..64, bit
     * {@code w-1} set in every 64th value. It draws the same stream as {@link #uniform}, so for
     * w &lt;= 32 the values equal {@code uniform(w, n, seed)}'s: the two types can be compared on the
     * same data. {@code syn.uniform64.wN} is this with the catalog's seed and count.
     */
    public static Column uniform64(int w, int n, long seed) {
        if (w < 0 || w > 64) throw new IllegalArgumentException("width " + w + " outside 0..64");
        SplittableRandom r = new SplittableRandom(seed ^ (31L * w));
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
            v[i] = w == 0 ? 0 : w <= 62 ? r.nextLong(1L << w) : r.nextLong() >>> (64 - w);
        }
        if (w > 0) for (int i = 0; i < n; i += 64) v[i] |= 1L << (w - 1);
        return Column.ofLongs("syn.uniform64.w" + w, "syn.uniform64", v,
                "SplittableRandom seed " + seed + ", uniform over [0, 2^" + w + ") as int64");
    }
}
