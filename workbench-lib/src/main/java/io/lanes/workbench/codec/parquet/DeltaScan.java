package io.lanes.workbench.codec.parquet;

import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorMask;
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

    /**
     * Lane indices for the int64 scan: lane j takes lane j-1, j-2, j-4 (lanes below the distance
     * cleared by the K masks), then lane LL-1 for the carry. An array loaded into locals before the
     * loop: a shuffle constant would be reloaded from its payload on every iteration, as C2 cannot
     * prove the stores to the output leave it unchanged.
     */
    private static final long[] L_SCAN = new long[4 * LL];
    private static final VectorMask<Long> L_K1 = keepFrom(L, 1), L_K2 = keepFrom(L, 2), L_K4 = keepFrom(L, 4);

    static {
        for (int j = 0; j < LL; j++) {
            for (int step = 0; step < 3; step++) L_SCAN[step * LL + j] = Math.max(0, j - (1 << step));
            L_SCAN[3 * LL + j] = LL - 1;
        }
    }

    private static final IntVector I_IOTA = IntVector.fromArray(I, java.util.stream.IntStream.range(0, IL).toArray(), 0);
    private static final LongVector L_IOTA = LongVector.fromArray(L, java.util.stream.LongStream.range(0, LL).toArray(), 0);

    /**
     * A scan pays off only when a register holds four or more values (the Arrow DELTA vector-scan thread, see docs/sources.md: at two lanes one
     * doubling step plus the carry costs more than the additions it saves), so below that the
     * vector entry point runs the scalar loop.
     */
    static final boolean LONG_SCAN = LL >= 4;

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
     * Vector prefix sum of {@code a[from, from+len)}: per register, add the frame, scan in log2(lanes)
     * shifted additions, add the carry register; the carry advances by the scan's last lane (one
     * addition between registers, not the scan and a shuffle) and never leaves the vector unit
     * until the run ends. The tail shorter than a register is finished scalar; returns the last
     * value.
     */
    static long vector(long[] a, int from, int len, long minDelta, long last) {
        if (!LONG_SCAN) return scalar(a, from, len, minDelta, last);
        int bound = from + L.loopBound(len);
        int i = from;
        if (i < bound) {
            LongVector s1 = LongVector.fromArray(L, L_SCAN, 0), s2 = LongVector.fromArray(L, L_SCAN, LL);
            LongVector s4 = LongVector.fromArray(L, L_SCAN, 2 * LL), top = LongVector.fromArray(L, L_SCAN, 3 * LL);
            LongVector frame = LongVector.broadcast(L, minDelta);
            LongVector carry = LongVector.broadcast(L, last);
            for (; i < bound; i += LL) {
                LongVector v = scan(LongVector.fromArray(L, a, i).add(frame), s1, s2, s4);
                v.add(carry).intoArray(a, i);
                carry = carry.add(top.selectFrom(v));
            }
            last = carry.lane(0);
        }
        return scalar(a, i, from + len - i, minDelta, last);
    }

    /**
     * {@link #vector(long[], int, int, long, long)} with the running total carried through a
     * general-purpose register ({@link DeltaVariant#VSCAN_CARRY_GPR}): broadcast from a scalar into
     * each register's scan and read back out of the summed register's last lane, so the next
     * register waits on that round trip. Same arguments, result and scalar tail.
     */
    static long vectorCarryGpr(long[] a, int from, int len, long minDelta, long last) {
        if (!LONG_SCAN) return scalar(a, from, len, minDelta, last);
        int bound = from + L.loopBound(len);
        int i = from;
        if (i < bound) {
            LongVector s1 = LongVector.fromArray(L, L_SCAN, 0), s2 = LongVector.fromArray(L, L_SCAN, LL);
            LongVector s4 = LongVector.fromArray(L, L_SCAN, 2 * LL);
            LongVector frame = LongVector.broadcast(L, minDelta);
            for (; i < bound; i += LL) {
                // the lane is read from the register that already holds the total: the round trip is on the chain
                LongVector v = scan(LongVector.fromArray(L, a, i).add(frame), s1, s2, s4).add(LongVector.broadcast(L, last));
                v.intoArray(a, i);
                last = v.lane(LL - 1);
            }
        }
        return scalar(a, i, from + len - i, minDelta, last);
    }

    /** Inclusive scan of one register in log2(LL) shifted additions, by the lane indices of {@link #L_SCAN}. */
    private static LongVector scan(LongVector v, LongVector s1, LongVector s2, LongVector s4) {
        v = v.add(s1.selectFrom(v, L_K1));
        v = v.add(s2.selectFrom(v, L_K2));
        if (LL > 4) v = v.add(s4.selectFrom(v, L_K4));
        return v;
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

    /** Mask of lanes {@code >= from}. */
    static <E> VectorMask<E> keepFrom(VectorSpecies<E> sp, int from) {
        boolean[] bits = new boolean[sp.length()];
        for (int j = from; j < bits.length; j++) bits[j] = true;
        return VectorMask.fromArray(sp, bits, 0);
    }
}
