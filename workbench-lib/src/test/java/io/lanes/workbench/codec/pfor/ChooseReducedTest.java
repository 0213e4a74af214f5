package io.lanes.workbench.codec.pfor;

import io.lanes.workbench.codec.kernel.PforCostModel;
import io.lanes.workbench.codec.kernel.PforSearch32;
import io.lanes.workbench.codec.kernel.PforSearch64;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The encoder's vectorised width choice is exactly the cost model's: for every shape of vector
 * (narrow, full range, bimodal with outliers, geometric spreads, constant, limits) and length, the
 * same width, exceptions and bits as {@code choose(histogram(...))}, and the differences written out.
 * The frame search on top of it prices its frame exactly, never does worse than the minimum, and
 * on a bulk with a few low outliers finds the best frame any value of the vector could be.
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
                PforSearch32.histogram(v, 3, n, frame, h);
                PforCostModel.Choice want = PforCostModel.choose(h, 32);
                int[] reduced = new int[n];
                assertEquals(want, PforSearch32.chooseReduced(v, 3, n, frame, reduced, scratch), "shape " + shape + " n=" + n);
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
                PforSearch64.histogram(v, 0, n, frame, h);
                PforCostModel.Choice want = PforCostModel.choose(h, 64);
                long[] reduced = new long[n];
                assertEquals(want, PforSearch64.chooseReduced(v, 0, n, frame, reduced, scratch), "shape " + shape + " n=" + n);
                for (int i = 0; i < n; i++) assertEquals(v[i] - frame, reduced[i]);
            }
        }
    }

    /**
     * A bulk of {@code bits}-bit values above {@code 2^(valueBits-2)}, and {@code low} values in every
     * 337 far below it: near the type's bottom, or (odd {@code bits}) spread over the quarter above
     * it, so that they share leading-bit classes with the bulk.
     */
    private static long planted(SplittableRandom r, int i, int bits, int low, int valueBits) {
        long spread = bits % 2 == 1 ? r.nextLong(1L << (valueBits - 2)) : r.nextInt(1000);
        return i % 337 < low ? (-1L << (valueBits - 1)) + spread : (1L << (valueBits - 2)) + (r.nextLong() >>> (64 - bits));
    }

    @Test
    void int32FrameSearchIsExactNeverWorseAndFindsTheBestFrameAboveLowOutliers() {
        SplittableRandom r = new SplittableRandom(13);
        int[] h = new int[33];
        int[] scratch = new int[PforCostModel.scratchLength(32)];
        for (int shape = 0; shape < 12; shape++) {
            int n = 1024;
            int[] v = new int[n];
            for (int i = 0; i < n; i++) v[i] = (int) (shape < 8 ? value(r, shape, i, 32) : planted(r, i, 3 + 3 * (shape - 8), shape - 8, 32));
            int min = v[0];
            int max = v[0];
            for (int x : v) {
                min = Math.min(min, x);
                max = Math.max(max, x);
            }
            int[] reduced = new int[n];
            PforCostModel.Framed got = PforSearch32.chooseFrame(v, 0, n, min, max, reduced, new int[n], scratch);
            PforSearch32.histogram(v, 0, n, (int) got.frame(), h);
            assertEquals(PforCostModel.choose(h, 32), got.choice(), "shape " + shape + ": priced exactly at its frame");
            for (int i = 0; i < n; i++) assertEquals(v[i] - (int) got.frame(), reduced[i]);
            PforSearch32.histogram(v, 0, n, min, h);
            assertTrue(got.choice().bits() <= PforCostModel.choose(h, 32).bits(), "shape " + shape + ": no worse than the minimum");
            long best = Long.MAX_VALUE;
            for (int f : v) {
                PforSearch32.histogram(v, 0, n, f, h);
                best = Math.min(best, PforCostModel.choose(h, 32).bits());
            }
            if (shape >= 8) assertEquals(best, got.choice().bits(), "shape " + shape + ": the best frame of all");
        }
    }

    @Test
    void int64FrameSearchIsExactNeverWorseAndFindsTheBestFrameAboveLowOutliers() {
        SplittableRandom r = new SplittableRandom(14);
        int[] h = new int[65];
        int[] scratch = new int[PforCostModel.scratchLength(64)];
        for (int shape = 0; shape < 12; shape++) {
            int n = 1024;
            long[] v = new long[n];
            for (int i = 0; i < n; i++) v[i] = shape < 8 ? value(r, shape, i, 64) : planted(r, i, 3 + 11 * (shape - 8), shape - 8, 64);
            long min = v[0];
            long max = v[0];
            for (long x : v) {
                min = Math.min(min, x);
                max = Math.max(max, x);
            }
            long[] reduced = new long[n];
            PforCostModel.Framed got = PforSearch64.chooseFrame(v, 0, n, min, max, reduced, new long[n], scratch);
            PforSearch64.histogram(v, 0, n, got.frame(), h);
            assertEquals(PforCostModel.choose(h, 64), got.choice(), "shape " + shape + ": priced exactly at its frame");
            for (int i = 0; i < n; i++) assertEquals(v[i] - got.frame(), reduced[i]);
            PforSearch64.histogram(v, 0, n, min, h);
            assertTrue(got.choice().bits() <= PforCostModel.choose(h, 64).bits(), "shape " + shape + ": no worse than the minimum");
            long best = Long.MAX_VALUE;
            for (long f : v) {
                PforSearch64.histogram(v, 0, n, f, h);
                best = Math.min(best, PforCostModel.choose(h, 64).bits());
            }
            if (shape >= 8) assertEquals(best, got.choice().bits(), "shape " + shape + ": the best frame of all");
        }
    }
    /**
     * Every page keeps its bytes: the frame search's choice (frame, width, exceptions) over random and
     * adversarial vectors (the shapes above, low outliers planted under bulks of every width, one
     * {@code MIN_VALUE} among small values, all equal, sorted) folded into one number, which is the
     * number the search before its winning histogram was kept between rounds gave (main at 1abeae6).
     */
    @Test
    void frameSearchChoosesWhatItChoseBeforeTheWinnersHistogramWasKept() {
        SplittableRandom r = new SplittableRandom(29);
        int n = 1024;
        long fold = 0;
        int[] scratch32 = new int[PforCostModel.scratchLength(32)];
        int[] scratch64 = new int[PforCostModel.scratchLength(64)];
        for (int shape = 0; shape < 12; shape++) {
            for (int bits = 1; bits <= 64; bits++) {
                int[] v = new int[n];
                long[] w = new long[n];
                for (int i = 0; i < n; i++) {
                    w[i] = switch (shape) {
                        case 8 -> planted(r, i, Math.min(bits, 62), bits % 7, 64);
                        case 9 -> i % 401 == 7 ? Long.MIN_VALUE : r.nextLong() >>> (64 - bits);
                        case 10 -> i * (r.nextLong() >>> (64 - Math.min(bits, 50)) >>> 12);
                        case 11 -> bits;
                        default -> value(r, shape, i, 64) >>> (64 - bits);
                    };
                    v[i] = (int) (switch (shape) {
                        case 8 -> planted(r, i, Math.min(bits, 30), bits % 7, 32);
                        case 9 -> i % 401 == 7 ? Integer.MIN_VALUE : r.nextInt() >>> (32 - Math.min(bits, 32));
                        default -> w[i] >> Math.max(0, bits - 32);
                    });
                }
                int min = Integer.MAX_VALUE;
                int max = Integer.MIN_VALUE;
                for (int x : v) {
                    min = Math.min(min, x);
                    max = Math.max(max, x);
                }
                long wmin = Long.MAX_VALUE;
                long wmax = Long.MIN_VALUE;
                for (long x : w) {
                    wmin = Math.min(wmin, x);
                    wmax = Math.max(wmax, x);
                }
                PforCostModel.Framed a = PforSearch32.chooseFrame(v, 0, n, min, max, new int[n], new int[n], scratch32);
                PforCostModel.Framed b = PforSearch64.chooseFrame(w, 0, n, wmin, wmax, new long[n], new long[n], scratch64);
                for (PforCostModel.Framed f : new PforCostModel.Framed[] {a, b}) {
                    fold = fold * 1_000_003 + f.frame();
                    fold = fold * 1_000_003 + f.choice().width() * 65_537L + f.choice().exceptions();
                }
            }
        }
        assertEquals(EXPECTED_FOLD, fold);
    }

    /**
     * The frame search's pruning (class bounds, the one-pass floor, the class counts made from the
     * winner's histogram) never changes what it picks: over vectors of bulks of widths 1-24 with low
     * outliers scattered over several classes under them (and a few high ones), the search picks the
     * frame and choice of a naive search that prices every candidate it names in full with
     * {@code choose(histogram(...))}: per round, for each nonempty class k from the chosen width - 3 (at
     * least 1) up to it, the smallest value of class k or above over the round's frame, the first
     * strictly cheaper one winning, rounds repeated from a winner. The bulks stay narrow so that no
     * window nears the whole type, where the search documents that it may skip a frame.
     */
    @Test
    void frameSearchPicksWhatPricingEveryCandidateInFullPicks() {
        SplittableRandom r = new SplittableRandom(31);
        for (int valueBits : new int[] {32, 64}) {
            int[] scratch = new int[PforCostModel.scratchLength(valueBits)];
            for (int trial = 0; trial < 1500; trial++) {
                int n = trial % 5 == 0 ? 1 + r.nextInt(1024) : 1024;
                int bits = 1 + r.nextInt(24);
                long base = valueBits == 32 ? (1 << 28) + r.nextInt(1 << 28) : r.nextLong(1L << 40) - (1L << 39);
                int lows = r.nextInt(4) == 0 ? 0 : r.nextInt(1 + r.nextInt(80));
                long[] v = new long[n];
                for (int i = 0; i < n; i++) v[i] = base + (r.nextLong() >>> (64 - bits));
                for (int j = 0; j < lows; j++) v[r.nextInt(n)] = base - 1 - (r.nextLong() >>> (64 - 1 - r.nextInt(bits + 4)));
                if (r.nextInt(3) == 0) v[r.nextInt(n)] = base + (1L << (bits + r.nextInt(3)));
                assertEquals(naiveFrameSearch(v, Arrays.stream(v).min().orElseThrow(), valueBits), chooseFrame(v, valueBits, scratch), valueBits + "-bit trial " + trial + ": bulk w" + bits + ", " + lows + " low outliers, n=" + n);
            }
        }
    }

    /**
     * Linear Road's {@code Column_3} shapes, where the search prices a candidate from the width of the
     * values above it and counts the values below it instead of a pass: a bulk of one value or a few
     * (so a winning frame may leave every slot 0 and only exceptions) around 0, with a few values just
     * under it or up to a window below, picks what the naive search picks.
     */
    @Test
    void frameSearchOverABulkOfFewValuesAboveLowOutliersPicksWhatPricingEveryCandidatePicks() {
        SplittableRandom r = new SplittableRandom(37);
        for (int valueBits : new int[] {32, 64}) {
            int[] scratch = new int[PforCostModel.scratchLength(valueBits)];
            for (int trial = 0; trial < 3000; trial++) {
                int n = trial % 4 == 0 ? 1 + r.nextInt(1100) : 1024;
                int spread = new int[] {1, 2, 3, 5, 17, 300}[r.nextInt(6)];
                long base = r.nextInt(5) - 2;
                int lows = r.nextInt(1 + r.nextInt(120));
                int reach = 1 + r.nextInt(r.nextBoolean() ? 3 : 20);
                long[] v = new long[n];
                for (int i = 0; i < n; i++) v[i] = base + r.nextInt(spread);
                for (int j = 0; j < lows; j++) v[r.nextInt(n)] = base - 1 - (r.nextLong() >>> (64 - reach));
                assertEquals(naiveFrameSearch(v, Arrays.stream(v).min().orElseThrow(), valueBits), chooseFrame(v, valueBits, scratch), valueBits + "-bit trial " + trial + ": spread " + spread + ", " + lows + " low outliers " + reach + " bits under, n=" + n);
            }
        }
    }

    /** {@code chooseFrame} of the int{@code valueBits} twin over {@code v} (values fit {@code valueBits}), given its minimum and maximum. */
    private static PforCostModel.Framed chooseFrame(long[] v, int valueBits, int[] scratch) {
        int n = v.length;
        long min = Arrays.stream(v).min().orElseThrow(), max = Arrays.stream(v).max().orElseThrow();
        if (valueBits == 64) return PforSearch64.chooseFrame(v, 0, n, min, max, new long[n], new long[n], scratch);
        int[] w = new int[n];
        for (int i = 0; i < n; i++) w[i] = (int) v[i];
        return PforSearch32.chooseFrame(w, 0, n, (int) min, (int) max, new int[n], new int[n], scratch);
    }

    /** The search {@code chooseFrame} documents, every candidate priced in full (values fit {@code valueBits}). */
    private static PforCostModel.Framed naiveFrameSearch(long[] v, long min, int valueBits) {
        PforCostModel.Choice best = PforCostModel.choose(classes(v, min, valueBits), valueBits);
        long frame = min;
        for (int round = 0; round < valueBits && best.width() > 0; round++) {
            long from = frame;
            int[] cls = classes(v, from, valueBits);
            for (int k = Math.max(1, best.width() - 3), last = best.width(); k <= last; k++) {
                if (cls[k] == 0) continue;
                long lowest = -1;
                for (long x : v) {
                    long d = difference(x, from, valueBits);
                    if (d >>> (k - 1) != 0 && Long.compareUnsigned(d, lowest) < 0) lowest = d;
                }
                long candidate = valueBits == 32 ? (int) (from + lowest) : from + lowest;
                PforCostModel.Choice c = PforCostModel.choose(classes(v, candidate, valueBits), valueBits);
                if (c.bits() < best.bits()) {
                    best = c;
                    frame = candidate;
                }
            }
            if (frame == from) break;
        }
        return new PforCostModel.Framed(frame, best);
    }

    /** {@code h[k]}: the values whose difference from {@code frame} (unsigned, {@code valueBits} bits) needs exactly k bits. */
    private static int[] classes(long[] v, long frame, int valueBits) {
        int[] h = new int[valueBits + 1];
        for (long x : v) h[64 - Long.numberOfLeadingZeros(difference(x, frame, valueBits))]++;
        return h;
    }

    private static long difference(long x, long frame, int valueBits) {
        return valueBits == 32 ? (x - frame) & 0xFFFF_FFFFL : x - frame;
    }

    private static final long EXPECTED_FOLD = 503958151491946484L;
}
