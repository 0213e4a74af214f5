package io.lanes.workbench.codec.pfor;

import io.lanes.workbench.codec.kernel.PforCostModel;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The encoder's vectorised width choice is exactly the cost model's: for every shape of vector
 * (narrow, full range, bimodal with outliers, geometric spreads, constant, limits) and length, the
 * same width, exceptions and bits as {@code choose(histogram(...))}, and the differences written out.
 */
class ChooseReducedTest {
    private static final int[] LENGTHS = {1, 2, 7, 16, 33, 1000, 1024, 4096, 65536};

    private static long value(SplittableRandom r, int shape, int i, int bits) {
        return switch (shape) {
            case 0 -> r.nextLong() >>> (64 - 1 - r.nextInt(bits - 1)); // widths 1 .. bits-1, varied per value
            case 1 -> r.nextLong();
            case 2 -> i % 97 == 3 ? r.nextLong() : r.nextInt(100); // outliers: two windows apart
            case 3 -> r.nextLong() >>> (64 - r.nextInt(bits + 1)); // widths spread evenly: every window
            case 4 -> 42;
            case 5 -> i % 2 == 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
            case 6 -> i % 500 == 0 ? -1L << (bits - 1) : r.nextInt(1 << 20); // a few values just past 2^20 plus wrap
            default -> r.nextInt(1 << (1 + r.nextInt(12))) + (i % 3 == 0 ? 1L << (bits - 2) : 0); // bimodal halves
        };
    }

    @Test
    void int32MatchesTheHistogramChoice() {
        SplittableRandom r = new SplittableRandom(11);
        int[] h = new int[33];
        int[] scratch = new int[PforCostModel.scratchLength(32)];
        for (int shape = 0; shape < 8; shape++) {
            for (int n : LENGTHS) {
                int[] v = new int[n + 3];
                for (int i = 0; i < v.length; i++) v[i] = (int) value(r, shape, i, 32);
                int frame = v[3];
                for (int i = 3; i < n + 3; i++) frame = Math.min(frame, v[i]);
                if (shape == 6) frame -= 7; // any frame at or below the minimum
                PforCostModel.histogram(v, 3, n, frame, h);
                PforCostModel.Choice want = PforCostModel.choose(h, 32);
                int[] reduced = new int[n];
                assertEquals(want, PforCostModel.chooseReduced(v, 3, n, frame, reduced, scratch), "shape " + shape + " n=" + n);
                for (int i = 0; i < n; i++) assertEquals(v[3 + i] - frame, reduced[i]);
            }
        }
    }

    @Test
    void int64MatchesTheHistogramChoice() {
        SplittableRandom r = new SplittableRandom(12);
        int[] h = new int[65];
        int[] scratch = new int[PforCostModel.scratchLength(64)];
        for (int shape = 0; shape < 8; shape++) {
            for (int n : LENGTHS) {
                long[] v = new long[n];
                for (int i = 0; i < n; i++) v[i] = value(r, shape, i, 64);
                long frame = v[0];
                for (long x : v) frame = Math.min(frame, x);
                PforCostModel.histogram(v, 0, n, frame, h);
                PforCostModel.Choice want = PforCostModel.choose(h, 64);
                long[] reduced = new long[n];
                assertEquals(want, PforCostModel.chooseReduced(v, 0, n, frame, reduced, scratch), "shape " + shape + " n=" + n);
                for (int i = 0; i < n; i++) assertEquals(v[i] - frame, reduced[i]);
            }
        }
    }
}
