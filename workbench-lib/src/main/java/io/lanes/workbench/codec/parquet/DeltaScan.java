package io.lanes.workbench.codec.parquet;

import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * In-place prefix sums that turn unpacked DELTA_BINARY_PACKED residuals into values:
 * {@code a[i] = last + sum(a[from..i] + minDelta)}, all in wrapping two's-complement arithmetic as
 * the format requires. Each returns the new running total. Stateless and thread-safe.
 */
final class DeltaScan {
    private static final VectorSpecies<Integer> I = IntVector.SPECIES_PREFERRED;
    private static final VectorSpecies<Long> L = LongVector.SPECIES_PREFERRED;
    private static final int IL = I.length();
    private static final int LL = L.length();

    // Log-step shifts by 1, 2, 4, 8 lanes: lane j takes lane j - s, lanes below s are cleared by the
    // mask. Separate constants (not an array) so C2 sees each shuffle as a constant; the steps a
    // species does not need are folded away by the lane-count tests below.
    private static final VectorShuffle<Integer> I_S1 = shift(I, 1), I_S2 = shift(I, 2), I_S4 = shift(I, 4), I_S8 = shift(I, 8);
    private static final VectorMask<Integer> I_K1 = keepFrom(I, 1), I_K2 = keepFrom(I, 2), I_K4 = keepFrom(I, 4), I_K8 = keepFrom(I, 8);
    private static final VectorShuffle<Integer> I_LAST = VectorShuffle.fromOp(I, j -> IL - 1);
    private static final VectorShuffle<Long> L_S1 = shift(L, 1), L_S2 = shift(L, 2), L_S4 = shift(L, 4);
    private static final VectorMask<Long> L_K1 = keepFrom(L, 1), L_K2 = keepFrom(L, 2), L_K4 = keepFrom(L, 4);
    private static final VectorShuffle<Long> L_LAST = VectorShuffle.fromOp(L, j -> LL - 1);
    private static final IntVector I_IOTA = IntVector.fromArray(I, java.util.stream.IntStream.range(0, IL).toArray(), 0);
    private static final LongVector L_IOTA = LongVector.fromArray(L, java.util.stream.LongStream.range(0, LL).toArray(), 0);

    /**
     * A scan pays off only when a register holds four or more values (seed 003: at two lanes one
     * doubling step plus the carry costs more than the additions it saves), so below that the
     * vector entry points run the scalar loop.
     */
    static final boolean INT_SCAN = IL >= 4, LONG_SCAN = LL >= 4;

    private DeltaScan() {
    }

    /** Scalar prefix sum of {@code a[from, from+len)}; returns the last value. */
    static int scalar(int[] a, int from, int len, int minDelta, int last) {
        for (int i = from, end = from + len; i < end; i++) {
            last += a[i] + minDelta;
            a[i] = last;
        }
        return last;
    }

    /** The int64 twin of {@link #scalar(int[], int, int, int, int)}. */
    static long scalar(long[] a, int from, int len, long minDelta, long last) {
        for (int i = from, end = from + len; i < end; i++) {
            last += a[i] + minDelta;
            a[i] = last;
        }
        return last;
    }

    /**
     * Vector prefix sum: per register, add the frame, scan in log2(lanes) shifted additions, add the
     * carry register; the new carry is the last lane broadcast by a shuffle and never leaves the
     * vector unit until the run ends. The tail shorter than a register is finished scalar.
     */
    static int vector(int[] a, int from, int len, int minDelta, int last) {
        if (!INT_SCAN) return scalar(a, from, len, minDelta, last);
        int bound = from + I.loopBound(len);
        int i = from;
        if (i < bound) {
            IntVector frame = IntVector.broadcast(I, minDelta);
            IntVector carry = IntVector.broadcast(I, last);
            for (; i < bound; i += IL) {
                IntVector v = IntVector.fromArray(I, a, i).add(frame);
                v = v.add(v.rearrange(I_S1, I_K1));
                v = v.add(v.rearrange(I_S2, I_K2));
                if (IL > 4) v = v.add(v.rearrange(I_S4, I_K4));
                if (IL > 8) v = v.add(v.rearrange(I_S8, I_K8));
                v = v.add(carry);
                v.intoArray(a, i);
                carry = v.rearrange(I_LAST);
            }
            last = carry.lane(0);
        }
        return scalar(a, i, from + len - i, minDelta, last);
    }

    /** The int64 twin of {@link #vector(int[], int, int, int, int)}. */
    static long vector(long[] a, int from, int len, long minDelta, long last) {
        if (!LONG_SCAN) return scalar(a, from, len, minDelta, last);
        int bound = from + L.loopBound(len);
        int i = from;
        if (i < bound) {
            LongVector frame = LongVector.broadcast(L, minDelta);
            LongVector carry = LongVector.broadcast(L, last);
            for (; i < bound; i += LL) {
                LongVector v = LongVector.fromArray(L, a, i).add(frame);
                v = v.add(v.rearrange(L_S1, L_K1));
                v = v.add(v.rearrange(L_S2, L_K2));
                if (LL > 4) v = v.add(v.rearrange(L_S4, L_K4));
                v = v.add(carry);
                v.intoArray(a, i);
                carry = v.rearrange(L_LAST);
            }
            last = carry.lane(0);
        }
        return scalar(a, i, from + len - i, minDelta, last);
    }

    /**
     * Fills {@code a[from, from+len)} with {@code last + step, last + 2*step, ...} (a block whose
     * deltas all equal its frame); returns the last value. Vector registers of the sequence advance
     * by {@code lanes*step}; the tail is scalar.
     */
    static int arithmetic(int[] a, int from, int len, int step, int last) {
        int bound = from + I.loopBound(len);
        int i = from;
        if (i < bound) {
            IntVector v = IntVector.broadcast(I, last + step).add(IntVector.broadcast(I, step).mul(I_IOTA));
            IntVector advance = IntVector.broadcast(I, step * IL);
            for (; i < bound; i += IL) {
                v.intoArray(a, i);
                v = v.add(advance);
            }
            last = v.lane(0) - step;
        }
        for (; i < from + len; i++) a[i] = last += step;
        return last;
    }

    /** The int64 twin of {@link #arithmetic(int[], int, int, int, int)}. */
    static long arithmetic(long[] a, int from, int len, long step, long last) {
        int bound = from + L.loopBound(len);
        int i = from;
        if (i < bound) {
            LongVector v = LongVector.broadcast(L, last + step).add(LongVector.broadcast(L, step).mul(L_IOTA));
            LongVector advance = LongVector.broadcast(L, step * LL);
            for (; i < bound; i += LL) {
                v.intoArray(a, i);
                v = v.add(advance);
            }
            last = v.lane(0) - step;
        }
        for (; i < from + len; i++) a[i] = last += step;
        return last;
    }

    /** Shuffle taking lane {@code j - by} into lane j (lanes below {@code by} are masked off by the caller). */
    private static <E> VectorShuffle<E> shift(VectorSpecies<E> sp, int by) {
        return VectorShuffle.fromOp(sp, j -> Math.max(0, j - by));
    }

    /** Mask of lanes {@code >= from}. */
    private static <E> VectorMask<E> keepFrom(VectorSpecies<E> sp, int from) {
        boolean[] bits = new boolean[sp.length()];
        for (int j = from; j < bits.length; j++) bits[j] = true;
        return VectorMask.fromArray(sp, bits, 0);
    }
}
