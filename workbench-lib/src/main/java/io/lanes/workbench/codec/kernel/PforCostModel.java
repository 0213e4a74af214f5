package io.lanes.workbench.codec.kernel;

import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

import java.util.Arrays;

/**
 * The PFOR width choice for one vector (1024 values in every layout here): after subtracting the
 * frame (the vector's minimum, or the frame {@link #chooseFrame} finds above low outliers), pack every value in {@code b} bits and store each value that needs
 * more than {@code b} bits as an exception, costing a {@value #POSITION_BITS}-bit position plus the
 * full value ({@code valueBits} bits). The model picks the {@code b} minimising
 * {@code n * b + exceptions(b) * (POSITION_BITS + valueBits)}; on a tie it takes the wider {@code b}
 * (fewer exceptions to patch for the same bytes). Per-vector header bits are the same for every
 * {@code b} and are left out.
 *
 * <p>Works on a histogram of value widths, so one pass over the vector suffices. The frame search
 * ({@link #chooseFrame}) and {@link #chooseDeltas} are given or find the vector's minimum and maximum
 * first, so the pass that subtracts the minimum knows the widest width and counts the top
 * {@value #TOP_WIDTHS} widths in the same pass: a vector whose choice those widths settle (most
 * columns) is priced in that one pass, and the frame search's pruning reads its class counts from
 * it. Pure static functions: thread-safe, inputs are never modified, and the array versions allocate nothing (the
 * caller passes the histogram buffer). {@link #chooseReduced(int[], int, int, int, int[], int[])} is
 * the encoder's fast path to the same choice.
 */
public final class PforCostModel {
    /** Bits of an exception's position: enough to address any value of a vector of up to 65,536. */
    public static final int POSITION_BITS = 16;
    /** Largest vector the position field can address. */
    public static final int MAX_VECTOR = 1 << POSITION_BITS;
    /** Widths below the widest that {@code chooseReduced} counts with vector compares before it needs a full histogram. */
    private static final int TOP_WIDTHS = 8;
    /** Leading-bit classes, from the minimum's width down, whose smallest value the frame search tries as the frame. */
    private static final int FRAME_CLASSES = 4;
    private static final VectorSpecies<Integer> INTS = IntVector.SPECIES_PREFERRED;
    private static final VectorSpecies<Long> LONGS = LongVector.SPECIES_PREFERRED;

    private PforCostModel() {
    }

    /**
     * The chosen width, how many values become exceptions at that width, and the vector's payload
     * bits (packed values plus exceptions).
     */
    public record Choice(int width, int exceptions, long bits) {
    }

    /**
     * Chooses the width from a histogram in which {@code histogram[k]} counts the values that need
     * exactly {@code k} bits above the frame, {@code k = 0..valueBits}. An empty vector gets width 0.
     *
     * @throws IllegalArgumentException if {@code valueBits} is not 32 or 64, the histogram is shorter
     *                                  than {@code valueBits + 1}, a count is negative, or the counts
     *                                  add up to more than {@link #MAX_VECTOR}
     */
    public static Choice choose(int[] histogram, int valueBits) {
        if (valueBits != 32 && valueBits != 64) throw new IllegalArgumentException("valueBits " + valueBits + " is not 32 or 64");
        if (histogram.length < valueBits + 1) {
            throw new IllegalArgumentException("histogram has " + histogram.length + " entries, needs " + (valueBits + 1));
        }
        long n = 0;
        for (int k = 0; k <= valueBits; k++) {
            if (histogram[k] < 0) throw new IllegalArgumentException("histogram[" + k + "] is negative");
            n += histogram[k];
        }
        if (n > MAX_VECTOR) throw new IllegalArgumentException(n + " values exceed the " + MAX_VECTOR + " a position can address");
        if (n == 0) return new Choice(0, 0, 0);
        long exceptionBits = POSITION_BITS + valueBits;
        // Walk b downwards: exceptions(b) = values needing more than b bits, accumulated from the top.
        int bestWidth = valueBits;
        int bestExceptions = 0;
        long bestBits = n * valueBits;
        int above = 0;
        for (int b = valueBits - 1; b >= 0; b--) {
            above += histogram[b + 1];
            long bits = n * b + above * exceptionBits;
            if (bits < bestBits) {
                bestBits = bits;
                bestWidth = b;
                bestExceptions = above;
            }
        }
        return new Choice(bestWidth, bestExceptions, bestBits);
    }

    /**
     * Fills {@code histogram[0..32]} with the widths of {@code values[off, off+n) - frame}, each
     * difference taken as an unsigned 32-bit number (so any frame at or below the minimum works).
     */
    public static void histogram(int[] values, int off, int n, int frame, int[] histogram) {
        java.util.Arrays.fill(histogram, 0, 33, 0);
        for (int i = off; i < off + n; i++) histogram[32 - Integer.numberOfLeadingZeros(values[i] - frame)]++;
    }

    /** As {@link #histogram(int[], int, int, int, int[])} for int64 values: fills {@code histogram[0..64]}. */
    public static void histogram(long[] values, int off, int n, long frame, int[] histogram) {
        java.util.Arrays.fill(histogram, 0, 65, 0);
        for (int i = off; i < off + n; i++) histogram[64 - Long.numberOfLeadingZeros(values[i] - frame)]++;
    }

    /** A frame and the width choice over it. */
    public record Framed(long frame, Choice choice) {
    }

    /**
     * Frame and width for deltas: the smallest delta, or, when some are negative, the smallest
     * non-negative one, whichever the model prices lower, each with at most {@code maxExceptions}
     * exceptions (see {@link #capExceptions}; pass {@code n} for no limit). Sorted data has non-negative deltas but for
     * a reset or a wrap; above the second frame that one delta is an exception instead of widening
     * every slot (the differences are unsigned, so a negative delta lands far above). Slots
     * {@code [0, skip)} stand for values without a predecessor: they are set to the frame, so they
     * pack as 0. Writes the chosen differences to {@code reduced[0, n)}.
     *
     * @param spare     scratch of {@code n} values
     * @param histogram scratch of {@link #scratchLength scratchLength(32)} entries
     */
    public static Framed chooseDeltas(int[] deltas, int n, int skip, int maxExceptions, int[] reduced, int[] spare, int[] histogram) {
        // the smallest, the smallest non-negative and the largest delta, and how many are negative, in one vector pass
        IntVector mins = IntVector.broadcast(INTS, Integer.MAX_VALUE), nonNegative = mins;
        IntVector maxs = IntVector.broadcast(INTS, Integer.MIN_VALUE);
        IntVector negatives = IntVector.zero(INTS), one = IntVector.broadcast(INTS, 1);
        int end = skip + INTS.loopBound(n - skip);
        for (int i = skip; i < end; i += INTS.length()) {
            IntVector x = IntVector.fromArray(INTS, deltas, i);
            mins = mins.min(x);
            maxs = maxs.max(x);
            VectorMask<Integer> positive = x.compare(VectorOperators.GE, 0);
            nonNegative = nonNegative.lanewise(VectorOperators.MIN, x, positive);
            negatives = negatives.add(one, positive.not());
        }
        int min = LaneReductions.min(mins);
        int max = LaneReductions.max(maxs);
        int minNonNegative = LaneReductions.min(nonNegative);
        long negative = negatives.reduceLanes(VectorOperators.ADD);
        for (int i = end; i < n; i++) {
            min = Math.min(min, deltas[i]);
            max = Math.max(max, deltas[i]);
            if (deltas[i] >= 0) minNonNegative = Math.min(minNonNegative, deltas[i]);
            else negative++;
        }
        if (skip == n) min = max = 0;
        Arrays.fill(deltas, 0, skip, min);
        Choice c = capExceptions(chooseOverMin(deltas, 0, n, min, max, reduced, histogram), histogram, 32, n, maxExceptions);
        if (min >= 0 || minNonNegative == Integer.MAX_VALUE) return new Framed(min, c);
        // every negative delta is an exception over the second frame at any width but 32, which costs at least c
        if (negative * (POSITION_BITS + 32) >= c.bits()) return new Framed(min, c);
        // every negative delta is an exception over the second frame at any width but 64, which costs at least c
        if (negative * (POSITION_BITS + 64) >= c.bits()) return new Framed(min, c);
        // reduced holds the differences from min; its first skip slots, 0 over the second frame, count there as exceptions
        if (floor(reduced, n, minNonNegative - min, c.bits()) - skip * (POSITION_BITS + 32L) >= c.bits()) return new Framed(min, c);
        Arrays.fill(deltas, 0, skip, minNonNegative);
        Choice d = capExceptions(chooseReduced(deltas, 0, n, minNonNegative, spare, histogram), histogram, 32, n, maxExceptions);
        if (d.bits() < c.bits()) {
            System.arraycopy(spare, 0, reduced, 0, n);
            return new Framed(minNonNegative, d);
        }
        Arrays.fill(deltas, 0, skip, min);
        return new Framed(min, c);
    }

    /** The int64 twin of {@link #chooseDeltas(int[], int, int, int, int[], int[], int[])}. */
    public static Framed chooseDeltas(long[] deltas, int n, int skip, int maxExceptions, long[] reduced, long[] spare, int[] histogram) {
        LongVector mins = LongVector.broadcast(LONGS, Long.MAX_VALUE), nonNegative = mins;
        LongVector maxs = LongVector.broadcast(LONGS, Long.MIN_VALUE);
        LongVector negatives = LongVector.zero(LONGS), one = LongVector.broadcast(LONGS, 1);
        int end = skip + LONGS.loopBound(n - skip);
        for (int i = skip; i < end; i += LONGS.length()) {
            LongVector x = LongVector.fromArray(LONGS, deltas, i);
            mins = mins.min(x);
            maxs = maxs.max(x);
            VectorMask<Long> positive = x.compare(VectorOperators.GE, 0);
            nonNegative = nonNegative.lanewise(VectorOperators.MIN, x, positive);
            negatives = negatives.add(one, positive.not());
        }
        long min = LaneReductions.min(mins);
        long max = LaneReductions.max(maxs);
        long minNonNegative = LaneReductions.min(nonNegative);
        long negative = negatives.reduceLanes(VectorOperators.ADD);
        for (int i = end; i < n; i++) {
            min = Math.min(min, deltas[i]);
            max = Math.max(max, deltas[i]);
            if (deltas[i] >= 0) minNonNegative = Math.min(minNonNegative, deltas[i]);
            else negative++;
        }
        if (skip == n) min = max = 0;
        Arrays.fill(deltas, 0, skip, min);
        Choice c = capExceptions(chooseOverMin(deltas, 0, n, min, max, reduced, histogram), histogram, 64, n, maxExceptions);
        if (min >= 0 || minNonNegative == Long.MAX_VALUE) return new Framed(min, c);
        // reduced holds the differences from min; its first skip slots, 0 over the second frame, count there as exceptions
        if (floor(reduced, n, minNonNegative - min, c.bits()) - skip * (POSITION_BITS + 64L) >= c.bits()) return new Framed(min, c);
        Arrays.fill(deltas, 0, skip, minNonNegative);
        Choice d = capExceptions(chooseReduced(deltas, 0, n, minNonNegative, spare, histogram), histogram, 64, n, maxExceptions);
        if (d.bits() < c.bits()) {
            System.arraycopy(spare, 0, reduced, 0, n);
            return new Framed(minNonNegative, d);
        }
        Arrays.fill(deltas, 0, skip, min);
        return new Framed(min, c);
    }

    /**
     * The choice with at most {@code maxExceptions} exceptions that costs the fewest bits (on a tie the
     * wider), given the unconstrained choice {@code c} and the histogram {@code chooseReduced} left:
     * {@code c} itself when it has few enough. Every width such a choice can take is wider than
     * {@code c}'s, where that histogram is exact. For a decoder whose cost jumps above some number
     * of exceptions, so that an encoder can keep every vector on its fast path.
     *
     * @throws IllegalArgumentException if {@code maxExceptions} is negative
     */
    public static Choice capExceptions(Choice c, int[] histogram, int valueBits, int n, int maxExceptions) {
        if (maxExceptions < 0) throw new IllegalArgumentException("maxExceptions " + maxExceptions + " is negative");
        if (c.exceptions() <= maxExceptions) return c;
        long exceptionBits = POSITION_BITS + valueBits;
        int bestWidth = valueBits;
        int bestExceptions = 0;
        long bestBits = (long) n * valueBits;
        int above = 0;
        for (int b = valueBits - 1; b > c.width(); b--) {
            above += histogram[b + 1];
            if (above > maxExceptions) break;
            long bits = (long) n * b + above * exceptionBits;
            if (bits < bestBits) {
                bestBits = bits;
                bestWidth = b;
                bestExceptions = above;
            }
        }
        return new Choice(bestWidth, bestExceptions, bestBits);
    }

    /**
     * Entries of the scratch histogram {@code chooseReduced}, {@code chooseDeltas} and
     * {@code chooseFrame} need for {@code valueBits}-bit values: the width histogram and its window,
     * then the frame search's class counts and the histogram of its winning frame.
     */
    public static int scratchLength(int valueBits) {
        return wonAt(valueBits) + valueBits + 2;
    }

    /** Where {@code chooseReduced} leaves the class from which its histogram is exact (below it, lumped into it). */
    private static int exactAt(int valueBits) {
        return valueBits + 1 + TOP_WIDTHS;
    }

    /** Where {@code chooseFrame} keeps its class counts in the scratch histogram, past what {@code chooseReduced} uses. */
    private static int classesAt(int valueBits) {
        return exactAt(valueBits) + 1;
    }

    /**
     * Where {@code chooseFrame} keeps the winning candidate's histogram ({@code [0, valueBits]}, then
     * its {@code exactAt} entry), so the next round starts from it instead of pricing that frame again.
     */
    private static int wonAt(int valueBits) {
        return classesAt(valueBits) + valueBits + 2;
    }

    /** Saves the histogram {@code chooseReduced} just left (what the next round reads of it) at {@code wonAt}. */
    private static void saveWon(int[] h, int valueBits) {
        int won = wonAt(valueBits);
        System.arraycopy(h, 0, h, won, valueBits + 1);
        h[won + valueBits + 1] = h[exactAt(valueBits)];
    }

    /** Puts back what {@link #saveWon} kept, as if {@code chooseReduced} had just priced that frame again. */
    private static void restoreWon(int[] h, int valueBits) {
        int won = wonAt(valueBits);
        System.arraycopy(h, won, h, 0, valueBits + 1);
        h[exactAt(valueBits)] = h[won + valueBits + 1];
    }

    /**
     * The frame search for low outliers: the cheapest of the vector's minimum and the frames that
     * turn the values of the lowest leading-bit classes into exceptions. With the minimum as frame,
     * one value far below the rest (an {@code Integer.MIN_VALUE} among small values) widens every
     * slot to the full width; with the smallest value above it as frame, that value is one exception
     * instead, stored in full like any other (the differences are unsigned, so a value below the
     * frame lands far above the window and the format needs nothing new).
     *
     * <p>The candidates: let {@code h[k]} count the values whose difference from the minimum needs
     * exactly {@code k} bits, and {@code w0} be the width chosen over the minimum. For every nonempty
     * class {@code k} of the {@value #FRAME_CLASSES} up to {@code w0}, the frame {@code f_k} is the
     * smallest value of class {@code k} or above, and the {@code below_k} values of lower classes
     * become exceptions. Lower classes are not tried, which bounds the encoder's time (pricing every
     * class cut encode twentyfold, docs/measurements.md): for {@code k <= w0 - 2} a slot of class
     * {@code w0} stays at least {@code 2^(w0-1) - 2^k} above {@code f_k}, so such a frame saves at
     * most one bit a slot, which pays only for fewer than {@code n / (16 + valueBits)} values below
     * it; the two classes under the top two cover a bulk that spans three. The counts come from {@code chooseReduced}'s histogram where it is
     * exact there, else from one pass. A candidate is priced exactly ({@link #chooseReduced}) only when a bound
     * says it may beat the best so far: {@code below_k} exceptions plus, at each width {@code w},
     * {@code n*w} bits and the values of classes above {@code max(k, w) + 1}, which lie above
     * {@code f_k + 2^w - 1} since {@code f_k - min < 2^k}. The bound ignores values that wrap past
     * the type's top into the window (a window of nearly the whole type); such a frame may be skipped,
     * which costs compression, never correctness. The walk stops once the exceptions below alone
     * cost the best choice. When a frame wins, the search repeats from it, from the histogram its pricing left in the scratch (classes of
     * {@code value - frame}; the values below it now count among the highest), at most
     * {@code valueBits} rounds: low outliers spread between the minimum and the bulk share classes
     * with it, and each round peels those of the top classes off. A vector of width 0 has nothing
     * to search. On a tie the lower frame stays (fewer exceptions to patch).
     *
     * <p>Writes {@code values[off, off+n) - frame} for the chosen frame to {@code reduced[0, n)}.
     *
     * @param min       the minimum of {@code values[off, off+n)}
     * @param max       the maximum of {@code values[off, off+n)} (the widest difference from {@code min} is known before the first pass)
     * @param spare     scratch of {@code n} values
     * @param histogram scratch of {@link #scratchLength scratchLength(32)} entries; left unspecified
     */
    public static Framed chooseFrame(int[] values, int off, int n, int min, int max, int[] reduced, int[] spare, int[] histogram) {
        Choice best = chooseOverMin(values, off, n, min, max, reduced, histogram);
        int frame = min;
        int at = classesAt(32);
        long exceptionBits = POSITION_BITS + 32;
        for (int round = 0; round < 32 && best.width() > 0; round++) {
            if (round > 0) restoreWon(histogram, 32); // the winner's histogram, clobbered by later candidates; reduced already holds its differences
            int from = frame;
            int first = Math.max(1, best.width() - FRAME_CLASSES + 1);
            System.arraycopy(histogram, 0, histogram, at, 33);
            if (histogram[exactAt(32)] >= first) exactFrom(reduced, n, first, histogram[exactAt(32)], histogram, at);
            suffixSums(histogram, at, 32);
            for (int k = first, last = best.width(); k <= last; k++) {
                int below = n - histogram[at + k];
                if (below * exceptionBits >= best.bits()) break;
                if (histogram[at + k] == histogram[at + k + 1] || bound(histogram, at, 32, n, k, below) >= best.bits()) continue;
                int lowest = lowestOfClass(values, off, n, from, k); // f_k - from
                if (floor(reduced, n, from + lowest - frame, best.bits()) >= best.bits()) continue;
                Choice c = chooseReduced(values, off, n, from + lowest, spare, histogram);
                if (c.bits() < best.bits()) {
                    best = c;
                    frame = from + lowest;
                    System.arraycopy(spare, 0, reduced, 0, n);
                    saveWon(histogram, 32);
                }
            }
            if (frame == from) break;
        }
        return new Framed(frame, best);
    }

    /** The int64 twin of {@link #chooseFrame(int[], int, int, int, int, int[], int[], int[])}; {@code histogram} holds {@link #scratchLength scratchLength(64)} entries. */
    public static Framed chooseFrame(long[] values, int off, int n, long min, long max, long[] reduced, long[] spare, int[] histogram) {
        Choice best = chooseOverMin(values, off, n, min, max, reduced, histogram);
        long frame = min;
        int at = classesAt(64);
        long exceptionBits = POSITION_BITS + 64;
        for (int round = 0; round < 64 && best.width() > 0; round++) {
            if (round > 0) restoreWon(histogram, 64); // the winner's histogram, clobbered by later candidates; reduced already holds its differences
            long from = frame;
            int first = Math.max(1, best.width() - FRAME_CLASSES + 1);
            System.arraycopy(histogram, 0, histogram, at, 65);
            if (histogram[exactAt(64)] >= first) exactFrom(reduced, n, first, histogram[exactAt(64)], histogram, at);
            suffixSums(histogram, at, 64);
            for (int k = first, last = best.width(); k <= last; k++) {
                int below = n - histogram[at + k];
                if (below * exceptionBits >= best.bits()) break;
                if (histogram[at + k] == histogram[at + k + 1] || bound(histogram, at, 64, n, k, below) >= best.bits()) continue;
                long lowest = lowestOfClass(values, off, n, from, k); // f_k - from
                if (floor(reduced, n, from + lowest - frame, best.bits()) >= best.bits()) continue;
                Choice c = chooseReduced(values, off, n, from + lowest, spare, histogram);
                if (c.bits() < best.bits()) {
                    best = c;
                    frame = from + lowest;
                    System.arraycopy(spare, 0, reduced, 0, n);
                    saveWon(histogram, 64);
                }
            }
            if (frame == from) break;
        }
        return new Framed(frame, best);
    }

    /**
     * The smallest difference {@code values[i] - from} (read unsigned) of class k or above, i.e. at
     * least {@code 2^(k-1)}; k in 1..32 and such a difference exists. A vector unsigned minimum over the
     * lanes a compare selects: the scalar loop branched on every value, and on uniform random data the
     * branch went either way, so the candidate frames of {@link #chooseFrame} cost most of a
     * {@code pfor.*} encode there (docs/measurements.md, the PFOR analysis row).
     */
    private static int lowestOfClass(int[] values, int off, int n, int from, int k) {
        int bound = INTS.loopBound(n);
        IntVector f = IntVector.broadcast(INTS, from);
        IntVector floor = IntVector.broadcast(INTS, 1 << (k - 1));
        IntVector acc = IntVector.broadcast(INTS, -1);
        for (int i = 0; i < bound; i += INTS.length()) {
            IntVector d = IntVector.fromArray(INTS, values, off + i).sub(f);
            acc = acc.lanewise(VectorOperators.UMIN, d, d.compare(VectorOperators.UGE, floor));
        }
        // reduced as signed with the sign bit flipped: reduceLanes(UMIN) returned 0x7FFFFFFF for
        // lanes all at or above 2^31 on JDK 25.0.3 (PforCodecTest's INT_MIN outlier)
        int lowest = acc.lanewise(VectorOperators.XOR, Integer.MIN_VALUE).reduceLanes(VectorOperators.MIN) ^ Integer.MIN_VALUE;
        for (int i = off + bound; i < off + n; i++) {
            int d = values[i] - from;
            if (d >>> (k - 1) != 0 && Integer.compareUnsigned(d, lowest) < 0) lowest = d;
        }
        return lowest;
    }

    /** The int64 twin of {@link #lowestOfClass(int[], int, int, int, int)}, k in 1..64. */
    private static long lowestOfClass(long[] values, int off, int n, long from, int k) {
        int bound = LONGS.loopBound(n);
        LongVector f = LongVector.broadcast(LONGS, from);
        LongVector floor = LongVector.broadcast(LONGS, 1L << (k - 1));
        LongVector acc = LongVector.broadcast(LONGS, -1L);
        for (int i = 0; i < bound; i += LONGS.length()) {
            LongVector d = LongVector.fromArray(LONGS, values, off + i).sub(f);
            acc = acc.lanewise(VectorOperators.UMIN, d, d.compare(VectorOperators.UGE, floor));
        }
        long lowest = LaneReductions.min(acc.lanewise(VectorOperators.XOR, Long.MIN_VALUE)) ^ Long.MIN_VALUE; // as the int32 twin's
        for (int i = off + bound; i < off + n; i++) {
            long d = values[i] - from;
            if (d >>> (k - 1) != 0 && Long.compareUnsigned(d, lowest) < 0) lowest = d;
        }
        return lowest;
    }

    /**
     * A lower bound on the bits of the frame {@code shift} above the one {@code reduced[0, n)} is
     * relative to, exact at the {@value #TOP_WIDTHS} widths up to the first {@code w} with
     * {@code n*w >= best}: one vector pass counts the exceptions {@code reduced[i] - shift} (unsigned)
     * has at each. Below those widths the exceptions of the lowest one are a floor, above them the
     * packed slots alone cost {@code best}. The frame search prices a candidate ({@code chooseReduced},
     * a pass and then up to {@value #TOP_WIDTHS} more a window) only when this is below {@code best}
     * (on uniform columns the class bound let through a frame a quarter of the values below it), and
     * {@link #chooseDeltas} its second frame (whose differences wrap to the top window).
     */
    private static long floor(int[] reduced, int n, int shift, long best) {
        int hi = (int) Math.min(32, (best + n - 1) / n);
        int lo = Math.max(0, hi - TOP_WIDTHS + 1);
        int vl = INTS.length();
        int bound = INTS.loopBound(n);
        IntVector f = IntVector.broadcast(INTS, shift);
        IntVector one = IntVector.broadcast(INTS, 1);
        // limits 2^w - 1 for w = lo .. lo+7; those of w >= 32 are -1, above which nothing lies
        IntVector l0 = IntVector.broadcast(INTS, (int) limit(lo)), l1 = IntVector.broadcast(INTS, (int) limit(lo + 1));
        IntVector l2 = IntVector.broadcast(INTS, (int) limit(lo + 2)), l3 = IntVector.broadcast(INTS, (int) limit(lo + 3));
        IntVector l4 = IntVector.broadcast(INTS, (int) limit(lo + 4)), l5 = IntVector.broadcast(INTS, (int) limit(lo + 5));
        IntVector l6 = IntVector.broadcast(INTS, (int) limit(lo + 6)), l7 = IntVector.broadcast(INTS, (int) limit(lo + 7));
        IntVector c0 = IntVector.zero(INTS), c1 = c0, c2 = c0, c3 = c0, c4 = c0, c5 = c0, c6 = c0, c7 = c0;
        for (int i = 0; i < bound; i += vl) {
            IntVector x = IntVector.fromArray(INTS, reduced, i).sub(f);
            c0 = c0.add(one, x.compare(VectorOperators.UGT, l0));
            c1 = c1.add(one, x.compare(VectorOperators.UGT, l1));
            c2 = c2.add(one, x.compare(VectorOperators.UGT, l2));
            c3 = c3.add(one, x.compare(VectorOperators.UGT, l3));
            c4 = c4.add(one, x.compare(VectorOperators.UGT, l4));
            c5 = c5.add(one, x.compare(VectorOperators.UGT, l5));
            c6 = c6.add(one, x.compare(VectorOperators.UGT, l6));
            c7 = c7.add(one, x.compare(VectorOperators.UGT, l7));
        }
        int[] above = {c0.reduceLanes(VectorOperators.ADD), c1.reduceLanes(VectorOperators.ADD), c2.reduceLanes(VectorOperators.ADD),
                c3.reduceLanes(VectorOperators.ADD), c4.reduceLanes(VectorOperators.ADD), c5.reduceLanes(VectorOperators.ADD),
                c6.reduceLanes(VectorOperators.ADD), c7.reduceLanes(VectorOperators.ADD)};
        for (int i = bound; i < n; i++) {
            int x = reduced[i] - shift;
            for (int j = 0; j < TOP_WIDTHS; j++) if (Integer.compareUnsigned(x, (int) limit(lo + j)) > 0) above[j]++;
        }
        return floorOf(above, n, lo, 32);
    }

    /** The int64 twin of {@link #floor(int[], int, int, long)}. */
    private static long floor(long[] reduced, int n, long shift, long best) {
        int hi = (int) Math.min(64, (best + n - 1) / n);
        int lo = Math.max(0, hi - TOP_WIDTHS + 1);
        int vl = LONGS.length();
        int bound = LONGS.loopBound(n);
        LongVector f = LongVector.broadcast(LONGS, shift);
        LongVector one = LongVector.broadcast(LONGS, 1);
        // limits 2^w - 1 for w = lo .. lo+7; those of w >= 64 are -1, above which nothing lies
        LongVector l0 = LongVector.broadcast(LONGS, limit(lo)), l1 = LongVector.broadcast(LONGS, limit(lo + 1));
        LongVector l2 = LongVector.broadcast(LONGS, limit(lo + 2)), l3 = LongVector.broadcast(LONGS, limit(lo + 3));
        LongVector l4 = LongVector.broadcast(LONGS, limit(lo + 4)), l5 = LongVector.broadcast(LONGS, limit(lo + 5));
        LongVector l6 = LongVector.broadcast(LONGS, limit(lo + 6)), l7 = LongVector.broadcast(LONGS, limit(lo + 7));
        LongVector c0 = LongVector.zero(LONGS), c1 = c0, c2 = c0, c3 = c0, c4 = c0, c5 = c0, c6 = c0, c7 = c0;
        for (int i = 0; i < bound; i += vl) {
            LongVector x = LongVector.fromArray(LONGS, reduced, i).sub(f);
            c0 = c0.add(one, x.compare(VectorOperators.UGT, l0));
            c1 = c1.add(one, x.compare(VectorOperators.UGT, l1));
            c2 = c2.add(one, x.compare(VectorOperators.UGT, l2));
            c3 = c3.add(one, x.compare(VectorOperators.UGT, l3));
            c4 = c4.add(one, x.compare(VectorOperators.UGT, l4));
            c5 = c5.add(one, x.compare(VectorOperators.UGT, l5));
            c6 = c6.add(one, x.compare(VectorOperators.UGT, l6));
            c7 = c7.add(one, x.compare(VectorOperators.UGT, l7));
        }
        int[] above = {(int) c0.reduceLanes(VectorOperators.ADD), (int) c1.reduceLanes(VectorOperators.ADD), (int) c2.reduceLanes(VectorOperators.ADD),
                (int) c3.reduceLanes(VectorOperators.ADD), (int) c4.reduceLanes(VectorOperators.ADD), (int) c5.reduceLanes(VectorOperators.ADD),
                (int) c6.reduceLanes(VectorOperators.ADD), (int) c7.reduceLanes(VectorOperators.ADD)};
        for (int i = bound; i < n; i++) {
            long x = reduced[i] - shift;
            for (int j = 0; j < TOP_WIDTHS; j++) if (Long.compareUnsigned(x, limit(lo + j)) > 0) above[j]++;
        }
        return floorOf(above, n, lo, 64);
    }

    /** {@code 2^w - 1}, or -1 (nothing lies above) for w of 64 and more; as an int, -1 for w of 32 and more. */
    private static long limit(int w) {
        return w >= 64 ? -1L : (1L << w) - 1;
    }

    /**
     * The floor from {@code above[j]}, the exceptions at width {@code lo + j}: the least exact cost
     * of those widths, and the exceptions at {@code lo} for every narrower width (fewer bits a slot
     * leave no fewer exceptions); wider ones cost the best so far in slots alone.
     */
    private static long floorOf(int[] above, int n, int lo, int valueBits) {
        long exceptionBits = POSITION_BITS + valueBits;
        long least = lo > 0 ? above[0] * exceptionBits : Long.MAX_VALUE;
        for (int j = 0; j < TOP_WIDTHS && lo + j <= valueBits; j++) least = Math.min(least, (long) n * (lo + j) + above[j] * exceptionBits);
        return least;
    }

    /**
     * Makes the class counts at {@code h[at...]}, a copy of a histogram of {@code reduced[0, n)} that
     * is exact above class {@code e} and lumps every narrower value into {@code e} ({@code e} from
     * {@code first} to {@code first + }{@value #FRAME_CLASSES}{@code  - 1}), exact from class
     * {@code first} up, lumping the narrower ones into {@code first - 1}: what the frame search reads.
     * One vector pass counts the values of class {@code k} or above (at least {@code 2^(k-1)}) for
     * {@code k = first .. e} (it was a scalar histogram of every value, branch-free but a load and a
     * store each).
     */
    private static void exactFrom(int[] reduced, int n, int first, int e, int[] h, int at) {
        int vl = INTS.length();
        int bound = INTS.loopBound(n);
        IntVector one = IntVector.broadcast(INTS, 1);
        // limits 2^(k-1) - 1 for k = first .. first+3; those past e are -1, above which nothing lies
        IntVector l0 = IntVector.broadcast(INTS, (int) limit(first - 1)), l1 = IntVector.broadcast(INTS, first + 1 <= e ? (int) limit(first) : -1);
        IntVector l2 = IntVector.broadcast(INTS, first + 2 <= e ? (int) limit(first + 1) : -1), l3 = IntVector.broadcast(INTS, first + 3 <= e ? (int) limit(first + 2) : -1);
        IntVector c0 = IntVector.zero(INTS), c1 = c0, c2 = c0, c3 = c0;
        for (int i = 0; i < bound; i += vl) {
            IntVector x = IntVector.fromArray(INTS, reduced, i);
            c0 = c0.add(one, x.compare(VectorOperators.UGT, l0));
            c1 = c1.add(one, x.compare(VectorOperators.UGT, l1));
            c2 = c2.add(one, x.compare(VectorOperators.UGT, l2));
            c3 = c3.add(one, x.compare(VectorOperators.UGT, l3));
        }
        int[] atLeast = {c0.reduceLanes(VectorOperators.ADD), c1.reduceLanes(VectorOperators.ADD), c2.reduceLanes(VectorOperators.ADD), c3.reduceLanes(VectorOperators.ADD)};
        for (int i = bound; i < n; i++) {
            for (int j = 0; first + j <= e; j++) if (Integer.compareUnsigned(reduced[i], (int) limit(first + j - 1)) > 0) atLeast[j]++;
        }
        toClasses(atLeast, n, first, e, h, at);
    }

    /** The int64 twin of {@link #exactFrom(int[], int, int, int, int[], int)}. */
    private static void exactFrom(long[] reduced, int n, int first, int e, int[] h, int at) {
        int vl = LONGS.length();
        int bound = LONGS.loopBound(n);
        LongVector one = LongVector.broadcast(LONGS, 1);
        LongVector l0 = LongVector.broadcast(LONGS, limit(first - 1)), l1 = LongVector.broadcast(LONGS, first + 1 <= e ? limit(first) : -1);
        LongVector l2 = LongVector.broadcast(LONGS, first + 2 <= e ? limit(first + 1) : -1), l3 = LongVector.broadcast(LONGS, first + 3 <= e ? limit(first + 2) : -1);
        LongVector c0 = LongVector.zero(LONGS), c1 = c0, c2 = c0, c3 = c0;
        for (int i = 0; i < bound; i += vl) {
            LongVector x = LongVector.fromArray(LONGS, reduced, i);
            c0 = c0.add(one, x.compare(VectorOperators.UGT, l0));
            c1 = c1.add(one, x.compare(VectorOperators.UGT, l1));
            c2 = c2.add(one, x.compare(VectorOperators.UGT, l2));
            c3 = c3.add(one, x.compare(VectorOperators.UGT, l3));
        }
        int[] atLeast = {(int) c0.reduceLanes(VectorOperators.ADD), (int) c1.reduceLanes(VectorOperators.ADD), (int) c2.reduceLanes(VectorOperators.ADD),
                (int) c3.reduceLanes(VectorOperators.ADD)};
        for (int i = bound; i < n; i++) {
            for (int j = 0; first + j <= e; j++) if (Long.compareUnsigned(reduced[i], limit(first + j - 1)) > 0) atLeast[j]++;
        }
        toClasses(atLeast, n, first, e, h, at);
    }

    /** Class counts at {@code h[at + first - 1 .. at + e]} from {@code atLeast[k - first]}, the values of class {@code k} or above, and {@code h[at + e]}, the copy's lump. */
    private static void toClasses(int[] atLeast, int n, int first, int e, int[] h, int at) {
        int aboveE = n - h[at + e];
        h[at + first - 1] = n - atLeast[0];
        for (int k = first; k <= e; k++) h[at + k] = atLeast[k - first] - (k < e ? atLeast[k + 1 - first] : aboveE);
    }

    /** Turns the class counts at {@code h[at, at+valueBits]} into suffix sums: {@code h[at+k]} values of class {@code k} or above, {@code h[at+valueBits+1] = 0}. */
    private static void suffixSums(int[] h, int at, int valueBits) {
        h[at + valueBits + 1] = 0;
        for (int k = valueBits - 1; k >= 0; k--) h[at + k] += h[at + k + 1];
    }

    /**
     * A lower bound on the bits of the frame {@code f_k} (see {@code chooseFrame}): {@code below}
     * exceptions, and at each width {@code w} the packed slots plus the values of classes above
     * {@code max(k, w) + 1}, read from the suffix sums at {@code h[at...]}: the least over every
     * {@code w}, taken over the only ones that can be least ({@code 0}, and {@code k+1} up to the
     * first that leaves no value above), since this runs for every class the search looks at.
     */
    private static long bound(int[] h, int at, int valueBits, int n, int k, int below) {
        long exceptionBits = POSITION_BITS + valueBits;
        // every w <= k counts the same values above, so w = 0 is the least of them
        long best = (below + (k + 2 <= valueBits ? h[at + k + 2] : 0)) * exceptionBits;
        // for w > k those values only shrink as w grows; once none is left, a wider w only costs more
        for (int w = k + 1; w <= valueBits; w++) {
            int above = w + 2 <= valueBits ? h[at + w + 2] : 0;
            best = Math.min(best, (long) n * w + (below + above) * exceptionBits);
            if (above == 0) break;
        }
        return best;
    }

    /**
     * The encoder's fast path: writes {@code values[off, off+n) - frame} to {@code reduced[0, n)} and
     * returns exactly {@code choose(histogram(values, off, n, frame, h), 32)}, counted with vector
     * compares in windows of {@value #TOP_WIDTHS} widths from the widest down. Below a window, a
     * masked OR finds the next width any value has, so empty widths cost nothing; and once even the
     * exceptions above a window's lowest width cost at least the best choice so far, no narrower
     * width can win (on a tie the model keeps the wider one) and the walk stops.
     *
     * @param histogram scratch of at least {@link #scratchLength scratchLength(32)} entries; the histogram the choice came from is left in [0, 33)
     */
    public static Choice chooseReduced(int[] values, int off, int n, int frame, int[] reduced, int[] histogram) {
        int vl = INTS.length();
        int bound = INTS.loopBound(n);
        IntVector f = IntVector.broadcast(INTS, frame);
        IntVector or = IntVector.zero(INTS);
        for (int i = 0; i < bound; i += vl) {
            IntVector x = IntVector.fromArray(INTS, values, off + i).sub(f);
            x.intoArray(reduced, i);
            or = or.or(x);
        }
        int orAll = or.reduceLanes(VectorOperators.OR);
        for (int i = bound; i < n; i++) orAll |= reduced[i] = values[off + i] - frame;
        Arrays.fill(histogram, 0, 33, 0);
        return walk(reduced, n, 32 - Integer.numberOfLeadingZeros(orAll), false, histogram);
    }

    /**
     * {@link #chooseReduced(int[], int, int, int, int[], int[])} over the minimum, whose widest
     * difference {@code max - min} is known before the pass: the pass that subtracts the frame also
     * counts the first window's widths (one load, {@value #TOP_WIDTHS} compares per vector), so a
     * vector that needs no second window costs one pass instead of {@code 1 + }{@value #TOP_WIDTHS}.
     * Same choice and histogram as {@code chooseReduced(values, off, n, min, reduced, histogram)}.
     */
    private static Choice chooseOverMin(int[] values, int off, int n, int min, int max, int[] reduced, int[] histogram) {
        int top = 32 - Integer.numberOfLeadingZeros(max - min);
        int low = Math.max(0, top - TOP_WIDTHS);
        int vl = INTS.length();
        int bound = INTS.loopBound(n);
        IntVector f = IntVector.broadcast(INTS, min);
        IntVector one = IntVector.broadcast(INTS, 1);
        // limits 2^b - 1 for b = low .. low+7 (TOP_WIDTHS of them)
        IntVector l0 = IntVector.broadcast(INTS, (int) ((1L << low) - 1)), l1 = IntVector.broadcast(INTS, (int) ((1L << (low + 1)) - 1));
        IntVector l2 = IntVector.broadcast(INTS, (int) ((1L << (low + 2)) - 1)), l3 = IntVector.broadcast(INTS, (int) ((1L << (low + 3)) - 1));
        IntVector l4 = IntVector.broadcast(INTS, (int) ((1L << (low + 4)) - 1)), l5 = IntVector.broadcast(INTS, (int) ((1L << (low + 5)) - 1));
        IntVector l6 = IntVector.broadcast(INTS, (int) ((1L << (low + 6)) - 1)), l7 = IntVector.broadcast(INTS, (int) ((1L << (low + 7)) - 1));
        IntVector c0 = IntVector.zero(INTS), c1 = c0, c2 = c0, c3 = c0, c4 = c0, c5 = c0, c6 = c0, c7 = c0;
        for (int i = 0; i < bound; i += vl) {
            IntVector x = IntVector.fromArray(INTS, values, off + i).sub(f);
            x.intoArray(reduced, i);
            c0 = c0.add(one, x.compare(VectorOperators.UGT, l0));
            c1 = c1.add(one, x.compare(VectorOperators.UGT, l1));
            c2 = c2.add(one, x.compare(VectorOperators.UGT, l2));
            c3 = c3.add(one, x.compare(VectorOperators.UGT, l3));
            c4 = c4.add(one, x.compare(VectorOperators.UGT, l4));
            c5 = c5.add(one, x.compare(VectorOperators.UGT, l5));
            c6 = c6.add(one, x.compare(VectorOperators.UGT, l6));
            c7 = c7.add(one, x.compare(VectorOperators.UGT, l7));
        }
        Arrays.fill(histogram, 0, 33, 0);
        int above = 33;
        // every window slot is written; those of widths at or above top count nothing
        histogram[above] = c0.reduceLanes(VectorOperators.ADD);
        histogram[above + 1] = c1.reduceLanes(VectorOperators.ADD);
        histogram[above + 2] = c2.reduceLanes(VectorOperators.ADD);
        histogram[above + 3] = c3.reduceLanes(VectorOperators.ADD);
        histogram[above + 4] = c4.reduceLanes(VectorOperators.ADD);
        histogram[above + 5] = c5.reduceLanes(VectorOperators.ADD);
        histogram[above + 6] = c6.reduceLanes(VectorOperators.ADD);
        histogram[above + 7] = c7.reduceLanes(VectorOperators.ADD);
        for (int i = bound; i < n; i++) {
            int x = reduced[i] = values[off + i] - min;
            for (int b = low; b < top; b++) if (x >>> b != 0) histogram[above + b - low]++;
        }
        return walk(reduced, n, top, true, histogram);
    }

    /**
     * The window walk of {@link #chooseReduced(int[], int, int, int, int[], int[])} over
     * {@code reduced[0, n)}, whose widest value has {@code top} bits; {@code counted}: the first
     * window's counts are already at {@code histogram[33...]}.
     */
    private static Choice walk(int[] reduced, int n, int top, boolean counted, int[] histogram) {
        int vl = INTS.length();
        int bound = INTS.loopBound(n);
        int above = 33; // histogram[above + b - low]: values needing more than b bits, for the window's b
        int higher = 0; // values above the window
        IntVector one = IntVector.broadcast(INTS, 1);
        while (true) {
            int low = Math.max(0, top - TOP_WIDTHS);
            for (int b = low; b < top && !counted; b++) {
                int lim = (int) ((1L << b) - 1);
                IntVector limit = IntVector.broadcast(INTS, lim);
                IntVector count = IntVector.zero(INTS);
                for (int i = 0; i < bound; i += vl) count = count.add(one, IntVector.fromArray(INTS, reduced, i).compare(VectorOperators.UGT, limit));
                int c = count.reduceLanes(VectorOperators.ADD);
                for (int i = bound; i < n; i++) if (Integer.compareUnsigned(reduced[i], lim) > 0) c++;
                histogram[above + b - low] = c;
            }
            counted = false;
            int atLow = top > low ? histogram[above] : higher;
            for (int b = low + 1; b <= top; b++) histogram[b] = (b - 1 >= low ? histogram[above + b - 1 - low] : 0) - (b < top ? histogram[above + b - low] : higher);
            histogram[low] = n - atLow; // every narrower value, lumped: exact once low is 0
            Choice c = choose(histogram, 32);
            histogram[exactAt(32)] = low;
            if (low == 0 || (long) atLow * (POSITION_BITS + 32) >= c.bits()) return c;
            // the next window starts at the widest value at or below low
            int lim = (int) ((1L << low) - 1);
            IntVector limit = IntVector.broadcast(INTS, lim);
            IntVector orLow = IntVector.zero(INTS);
            for (int i = 0; i < bound; i += vl) {
                IntVector x = IntVector.fromArray(INTS, reduced, i);
                orLow = orLow.lanewise(VectorOperators.OR, x, x.compare(VectorOperators.ULE, limit));
            }
            int o = orLow.reduceLanes(VectorOperators.OR);
            for (int i = bound; i < n; i++) if (Integer.compareUnsigned(reduced[i], lim) <= 0) o |= reduced[i];
            histogram[low] = 0;
            higher = atLow;
            top = 32 - Integer.numberOfLeadingZeros(o);
        }
    }

    /** The int64 twin of {@link #chooseReduced(int[], int, int, int, int[], int[])}; {@code histogram} holds at least {@link #scratchLength scratchLength(64)} entries. */
    public static Choice chooseReduced(long[] values, int off, int n, long frame, long[] reduced, int[] histogram) {
        int vl = LONGS.length();
        int bound = LONGS.loopBound(n);
        LongVector f = LongVector.broadcast(LONGS, frame);
        LongVector or = LongVector.zero(LONGS);
        for (int i = 0; i < bound; i += vl) {
            LongVector x = LongVector.fromArray(LONGS, values, off + i).sub(f);
            x.intoArray(reduced, i);
            or = or.or(x);
        }
        long orAll = or.reduceLanes(VectorOperators.OR);
        for (int i = bound; i < n; i++) orAll |= reduced[i] = values[off + i] - frame;
        Arrays.fill(histogram, 0, 65, 0);
        return walk(reduced, n, 64 - Long.numberOfLeadingZeros(orAll), false, histogram);
    }

    /**
     * The int64 twin of {@link #chooseOverMin(int[], int, int, int, int, int[], int[])}: {@link #chooseReduced(long[], int, int, long, long[], int[])} over the minimum, whose widest
     * difference {@code max - min} is known before the pass: the pass that subtracts the frame also
     * counts the first window's widths (one load, {@value #TOP_WIDTHS} compares per vector), so a
     * vector that needs no second window costs one pass instead of {@code 1 + }{@value #TOP_WIDTHS}.
     * Same choice and histogram as {@code chooseReduced(values, off, n, min, reduced, histogram)}.
     */
    private static Choice chooseOverMin(long[] values, int off, int n, long min, long max, long[] reduced, int[] histogram) {
        int top = 64 - Long.numberOfLeadingZeros(max - min);
        int low = Math.max(0, top - TOP_WIDTHS);
        int vl = LONGS.length();
        int bound = LONGS.loopBound(n);
        LongVector f = LongVector.broadcast(LONGS, min);
        LongVector one = LongVector.broadcast(LONGS, 1);
        // limits 2^b - 1 for b = low .. low+7 (TOP_WIDTHS of them)
        LongVector l0 = LongVector.broadcast(LONGS, (1L << low) - 1), l1 = LongVector.broadcast(LONGS, (1L << (low + 1)) - 1);
        LongVector l2 = LongVector.broadcast(LONGS, (1L << (low + 2)) - 1), l3 = LongVector.broadcast(LONGS, (1L << (low + 3)) - 1);
        LongVector l4 = LongVector.broadcast(LONGS, (1L << (low + 4)) - 1), l5 = LongVector.broadcast(LONGS, (1L << (low + 5)) - 1);
        LongVector l6 = LongVector.broadcast(LONGS, (1L << (low + 6)) - 1), l7 = LongVector.broadcast(LONGS, (1L << (low + 7)) - 1);
        LongVector c0 = LongVector.zero(LONGS), c1 = c0, c2 = c0, c3 = c0, c4 = c0, c5 = c0, c6 = c0, c7 = c0;
        for (int i = 0; i < bound; i += vl) {
            LongVector x = LongVector.fromArray(LONGS, values, off + i).sub(f);
            x.intoArray(reduced, i);
            c0 = c0.add(one, x.compare(VectorOperators.UGT, l0));
            c1 = c1.add(one, x.compare(VectorOperators.UGT, l1));
            c2 = c2.add(one, x.compare(VectorOperators.UGT, l2));
            c3 = c3.add(one, x.compare(VectorOperators.UGT, l3));
            c4 = c4.add(one, x.compare(VectorOperators.UGT, l4));
            c5 = c5.add(one, x.compare(VectorOperators.UGT, l5));
            c6 = c6.add(one, x.compare(VectorOperators.UGT, l6));
            c7 = c7.add(one, x.compare(VectorOperators.UGT, l7));
        }
        Arrays.fill(histogram, 0, 65, 0);
        int above = 65;
        // every window slot is written; those of widths at or above top count nothing
        histogram[above] = (int) c0.reduceLanes(VectorOperators.ADD);
        histogram[above + 1] = (int) c1.reduceLanes(VectorOperators.ADD);
        histogram[above + 2] = (int) c2.reduceLanes(VectorOperators.ADD);
        histogram[above + 3] = (int) c3.reduceLanes(VectorOperators.ADD);
        histogram[above + 4] = (int) c4.reduceLanes(VectorOperators.ADD);
        histogram[above + 5] = (int) c5.reduceLanes(VectorOperators.ADD);
        histogram[above + 6] = (int) c6.reduceLanes(VectorOperators.ADD);
        histogram[above + 7] = (int) c7.reduceLanes(VectorOperators.ADD);
        for (int i = bound; i < n; i++) {
            long x = reduced[i] = values[off + i] - min;
            for (int b = low; b < top; b++) if (x >>> b != 0) histogram[above + b - low]++;
        }
        return walk(reduced, n, top, true, histogram);
    }

    /**
     * The window walk of {@link #chooseReduced(long[], int, int, long, long[], int[])} over
     * {@code reduced[0, n)}, whose widest value has {@code top} bits; {@code counted}: the first
     * window's counts are already at {@code histogram[65...]}.
     */
    private static Choice walk(long[] reduced, int n, int top, boolean counted, int[] histogram) {
        int vl = LONGS.length();
        int bound = LONGS.loopBound(n);
        int above = 65; // histogram[above + b - low]: values needing more than b bits, for the window's b
        int higher = 0; // values above the window
        LongVector one = LongVector.broadcast(LONGS, 1);
        while (true) {
            int low = Math.max(0, top - TOP_WIDTHS);
            for (int b = low; b < top && !counted; b++) {
                long lim = (1L << b) - 1;
                LongVector limit = LongVector.broadcast(LONGS, lim);
                LongVector count = LongVector.zero(LONGS);
                for (int i = 0; i < bound; i += vl) count = count.add(one, LongVector.fromArray(LONGS, reduced, i).compare(VectorOperators.UGT, limit));
                int c = (int) count.reduceLanes(VectorOperators.ADD);
                for (int i = bound; i < n; i++) if (Long.compareUnsigned(reduced[i], lim) > 0) c++;
                histogram[above + b - low] = c;
            }
            counted = false;
            int atLow = top > low ? histogram[above] : higher;
            for (int b = low + 1; b <= top; b++) histogram[b] = (b - 1 >= low ? histogram[above + b - 1 - low] : 0) - (b < top ? histogram[above + b - low] : higher);
            histogram[low] = n - atLow; // every narrower value, lumped: exact once low is 0
            Choice c = choose(histogram, 64);
            histogram[exactAt(64)] = low;
            if (low == 0 || (long) atLow * (POSITION_BITS + 64) >= c.bits()) return c;
            // the next window starts at the widest value at or below low
            long lim = (1L << low) - 1;
            LongVector limit = LongVector.broadcast(LONGS, lim);
            LongVector orLow = LongVector.zero(LONGS);
            for (int i = 0; i < bound; i += vl) {
                LongVector x = LongVector.fromArray(LONGS, reduced, i);
                orLow = orLow.lanewise(VectorOperators.OR, x, x.compare(VectorOperators.ULE, limit));
            }
            long o = orLow.reduceLanes(VectorOperators.OR);
            for (int i = bound; i < n; i++) if (Long.compareUnsigned(reduced[i], lim) <= 0) o |= reduced[i];
            histogram[low] = 0;
            higher = atLow;
            top = 64 - Long.numberOfLeadingZeros(o);
        }
    }
}
