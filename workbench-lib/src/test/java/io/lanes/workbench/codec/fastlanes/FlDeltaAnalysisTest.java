package io.lanes.workbench.codec.fastlanes;

import io.lanes.workbench.codec.kernel.PforCostModel;
import io.lanes.workbench.codec.kernel.PforCostModel.Framed;
import io.lanes.workbench.codec.kernel.PforSearch32;
import io.lanes.workbench.codec.kernel.PforSearch64;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The vector block analysis of the FastLanes delta encoder against the scalar analysis it replaces,
 * {@link PforSearch32#chooseDeltas} (and its int64 twin) over the differences written out: the same frame, width,
 * exception count and bits, and the same reduced differences, so pages stay byte-identical. Every
 * width, both lane layouts (step 1 and step LANES), with and without the page's first slots,
 * differences that go negative or jump at every width, and caps from none to all.
 */
class FlDeltaAnalysisTest {
    private static final int BLOCK = FlDeltaPages.BLOCK;
    /** Room before the block for its predecessors (the widest step is 32 lanes). */
    private static final int LEAD = 32;
    private static final int[] CAPS = {0, 1, 32, BLOCK};

    /** Kinds of difference: how a block's walk steps after its base width. */
    private enum Kind { UNIFORM, RESETS, OUTLIERS, SMALL_SIGNED, DESCENDING, RARE_JUMPS }

    @Test
    void int32MatchesTheScalarAnalysis() {
        for (int width = 0; width <= 32; width++) {
            for (Kind kind : Kind.values()) {
                for (int step : new int[] {1, 32}) {
                    for (boolean pageStart : new boolean[] {false, true}) {
                        long seed = ((long) width * 31 + kind.ordinal()) * 131 + step * 2 + (pageStart ? 1 : 0);
                        long[] walk = walk(width, 32, kind, seed);
                        int[] v = new int[walk.length];
                        for (int i = 0; i < v.length; i++) v[i] = (int) walk[i];
                        for (int cap : CAPS) check32(v, step, pageStart, cap, width + " " + kind + " step " + step + (pageStart ? " page start" : "") + " cap " + cap);
                    }
                }
            }
        }
    }

    @Test
    void int64MatchesTheScalarAnalysis() {
        for (int width = 0; width <= 64; width++) {
            for (Kind kind : Kind.values()) {
                for (int step : new int[] {1, 16}) {
                    for (boolean pageStart : new boolean[] {false, true}) {
                        long seed = ((long) width * 31 + kind.ordinal()) * 131 + step * 2 + (pageStart ? 1 : 0);
                        long[] v = walk(width, 64, kind, seed);
                        for (int cap : CAPS) check64(v, step, pageStart, cap, width + " " + kind + " step " + step + (pageStart ? " page start" : "") + " cap " + cap);
                    }
                }
            }
        }
    }

    /**
     * The block is {@code v[LEAD, LEAD + 1024)}; at a page start it is a copy at the array's start, so
     * its first {@code step} values have no predecessor and none may be read.
     */
    private static void check32(int[] v, int step, boolean pageStart, int cap, String what) {
        int[] values = pageStart ? Arrays.copyOfRange(v, LEAD, LEAD + BLOCK) : v;
        int at = pageStart ? 0 : LEAD;
        int skip = pageStart ? step : 0;
        int[] deltas = new int[BLOCK];
        for (int i = skip; i < BLOCK; i++) deltas[i] = values[at + i] - values[at + i - step];
        int[] expected = new int[BLOCK];
        Framed want = PforSearch32.chooseDeltas(deltas, BLOCK, skip, cap, expected, new int[BLOCK], new int[PforCostModel.scratchLength(32)]);
        int[] before = values.clone();
        int[] reduced = new int[BLOCK];
        Framed got = FlDeltaAnalysis32.choose(values, at, step, skip, cap, reduced, new int[BLOCK], new int[33], new int[BLOCK + step]);
        assertEquals(want, got, what);
        assertArrayEquals(expected, reduced, what + ": reduced differences");
        assertArrayEquals(before, values, what + ": the values are only read");
    }

    /** The int64 twin of {@link #check32}. */
    private static void check64(long[] v, int step, boolean pageStart, int cap, String what) {
        long[] values = pageStart ? Arrays.copyOfRange(v, LEAD, LEAD + BLOCK) : v;
        int at = pageStart ? 0 : LEAD;
        int skip = pageStart ? step : 0;
        long[] deltas = new long[BLOCK];
        for (int i = skip; i < BLOCK; i++) deltas[i] = values[at + i] - values[at + i - step];
        long[] expected = new long[BLOCK];
        Framed want = PforSearch64.chooseDeltas(deltas, BLOCK, skip, cap, expected, new long[BLOCK], new int[PforCostModel.scratchLength(64)]);
        long[] before = values.clone();
        long[] reduced = new long[BLOCK];
        Framed got = FlDeltaAnalysis64.choose(values, at, step, skip, cap, reduced, new long[BLOCK], new int[65], new long[BLOCK + step]);
        assertEquals(want, got, what);
        assertArrayEquals(expected, reduced, what + ": reduced differences");
        assertArrayEquals(before, values, what + ": the values are only read");
    }

    /** {@code LEAD + 1024} values of a {@code bits}-bit type whose differences are mostly {@code width} bits wide. */
    private static long[] walk(int width, int bits, Kind kind, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        long[] v = new long[LEAD + BLOCK];
        long x = r.nextLong();
        for (int i = 0; i < v.length; i++) {
            long d = width == 0 ? 0 : r.nextLong() >>> (64 - width);
            switch (kind) {
                case UNIFORM -> { }
                case RESETS -> d = r.nextInt(100) == 0 ? -(r.nextLong() >>> r.nextInt(1, 64)) : d;
                case OUTLIERS -> d = r.nextInt(40) == 0 ? r.nextLong() >>> r.nextInt(64) : d; // a few at every width
                case SMALL_SIGNED -> d = width == 0 || width == 64 ? d : d - (1L << (width - 1)); // centred on 0
                case DESCENDING -> d = -d - 1;
                case RARE_JUMPS -> d = r.nextInt(300) == 0 ? 1L << r.nextInt(bits - 1) : d;
            }
            x += d;
            v[i] = x;
        }
        return v;
    }
}
