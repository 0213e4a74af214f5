package io.lanes.workbench.corpus;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Resolves dataset ids to columns. Thread-safe; every call generates afresh (deterministic by
 * seed), so callers own the returned arrays.
 */
public final class Datasets {
    /** Seed of every synthetic generator unless a caller asks for another. */
    public static final long SEED = 20_261_129L;
    /** Values a synthetic column holds by default: 64 blocks of 1024. */
    public static final int SYNTHETIC_VALUES = 65_536;

    private static final Pattern UNIFORM = Pattern.compile("syn\\.uniform\\.w(\\d+)");

    private Datasets() {
    }

    /**
     * The column of that id.
     *
     * @throws IllegalArgumentException naming the id and the known families when it is unknown
     */
    public static Column load(String id) {
        Matcher m = UNIFORM.matcher(id);
        if (m.matches()) {
            int w = Integer.parseInt(m.group(1));
            if (w < 0 || w > 32) throw new IllegalArgumentException("dataset " + id + ": width " + w + " outside 0..32");
            return uniform(w, SYNTHETIC_VALUES, SEED);
        }
        throw new IllegalArgumentException("unknown dataset '" + id + "'; known: syn.uniform.w0 .. syn.uniform.w32 (set 'uniform')");
    }

    /** Columns of a named set. */
    public static List<Column> set(String name) {
        List<Column> out = new ArrayList<>();
        switch (name) {
            case "uniform" -> {
                for (int w = 1; w <= 32; w++) out.add(load("syn.uniform.w" + w));
            }
            case "quick" -> {
                for (int w : new int[] {1, 5, 12, 20, 32}) out.add(load("syn.uniform.w" + w));
            }
            default -> throw new IllegalArgumentException("unknown set '" + name + "'; known: uniform, quick");
        }
        return out;
    }

    /**
     * {@code n} values uniform over [0, 2^w), the top bit of every 64 values forced so each block's
     * width is exactly {@code w}.
     */
    public static Column uniform(int w, int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed ^ (31L * w));
        int[] v = new int[n];
        long bound = 1L << w;
        for (int i = 0; i < n; i++) {
            v[i] = w == 0 ? 0 : (int) r.nextLong(bound);
        }
        if (w > 0) for (int i = 0; i < n; i += 64) v[i] |= 1 << (w - 1);
        return Column.ofInts("syn.uniform.w" + w, "syn.uniform", v, "SplittableRandom seed " + seed + ", uniform over [0, 2^" + w + ")");
    }
}
