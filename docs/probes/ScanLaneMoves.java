import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

import java.util.Arrays;
import java.util.Random;

/**
 * What each lane move costs the 256-bit prefix scan of the DELTA_BINARY_PACKED decoder
 * ({@code DeltaVectorScan32}): its scan as the product runs it (three steps and the carry, four
 * {@code selectFrom}s a register, each a {@code vpermd} at AVX2), the same with the first step as a
 * 64-bit shift (three), the loop with the lane moves left out (not a scan: the floor of its loads,
 * additions and stores), and a scalar scan. 51,200 int32 (400 KiB), ns a value, the last five of
 * fifteen rounds. Figures: docs/measurements.md, "Lane moves at 256 bits". Run from the project
 * root: {@code java --add-modules jdk.incubator.vector docs/probes/ScanLaneMoves.java}
 */
public class ScanLaneMoves {
    static final VectorSpecies<Integer> I = IntVector.SPECIES_256;
    static final int L = I.length();
    /** Per step s = 1, 2, 4: lane j with bit s set takes lane (j with its low log2(2s) bits cleared) + s - 1, kept by an all-ones mask row; then lane L-1 for the carry. */
    static final int[] SCAN = new int[7 * L];

    static {
        for (int j = 0; j < L; j++) {
            for (int step = 0; step < 3; step++) {
                int s = 1 << step;
                boolean upper = (j & s) != 0;
                SCAN[step * L + j] = upper ? (j & -(2 * s)) + s - 1 : 0;
                SCAN[(step + 3) * L + j] = upper ? -1 : 0;
            }
            SCAN[6 * L + j] = L - 1;
        }
    }

    static IntVector row(int r) {
        return IntVector.fromArray(I, SCAN, r * L);
    }

    /** The product's scan: four vpermd a register. */
    static int fourMoves(int[] a, int frame, int last) {
        IntVector s1 = row(0), s2 = row(1), s4 = row(2), k1 = row(3), k2 = row(4), k4 = row(5), top = row(6);
        IntVector f = IntVector.broadcast(I, frame), carry = IntVector.broadcast(I, last);
        for (int i = 0; i < a.length; i += L) {
            IntVector v = IntVector.fromArray(I, a, i).add(f);
            v = v.add(s1.selectFrom(v).and(k1));
            v = v.add(s2.selectFrom(v).and(k2));
            v = v.add(s4.selectFrom(v).and(k4));
            v.add(carry).intoArray(a, i);
            carry = carry.add(top.selectFrom(v));
        }
        return carry.lane(0);
    }

    /** The first step as a shift of 64-bit lanes (lane 2k+1 adds lane 2k): three vpermd a register. */
    static int threeMoves(int[] a, int frame, int last) {
        IntVector s2 = row(1), s4 = row(2), k2 = row(4), k4 = row(5), top = row(6);
        IntVector f = IntVector.broadcast(I, frame), carry = IntVector.broadcast(I, last);
        for (int i = 0; i < a.length; i += L) {
            IntVector v = IntVector.fromArray(I, a, i).add(f);
            v = v.add(v.reinterpretAsLongs().lanewise(VectorOperators.LSHL, 32).reinterpretAsInts());
            v = v.add(s2.selectFrom(v).and(k2));
            v = v.add(s4.selectFrom(v).and(k4));
            v.add(carry).intoArray(a, i);
            carry = carry.add(top.selectFrom(v));
        }
        return carry.lane(0);
    }

    /** The loop without lane moves: not a scan, the floor of its memory and additions. */
    static int noMoves(int[] a, int frame, int last) {
        IntVector f = IntVector.broadcast(I, frame), carry = IntVector.broadcast(I, last);
        for (int i = 0; i < a.length; i += L) {
            IntVector v = IntVector.fromArray(I, a, i).add(f);
            v.add(carry).intoArray(a, i);
            carry = carry.add(v);
        }
        return carry.lane(0);
    }

    static int scalar(int[] a, int frame, int last) {
        for (int i = 0; i < a.length; i++) {
            last += a[i] + frame;
            a[i] = last;
        }
        return last;
    }

    public static void main(String[] args) {
        int n = 51_200;
        int[] src = new Random(1).ints(n, 0, 64).toArray();
        int[] want = src.clone(), got = src.clone();
        scalar(want, 3, 7);
        fourMoves(got, 3, 7);
        if (!Arrays.equals(want, got)) throw new AssertionError("four-move scan differs from the scalar one");
        got = src.clone();
        threeMoves(got, 3, 7);
        if (!Arrays.equals(want, got)) throw new AssertionError("three-move scan differs from the scalar one");
        int[] a = src.clone();
        int sink = 0;
        for (int round = 0; round < 15; round++) {
            long[] t = new long[4];
            for (int k = 0; k < 200; k++) {
                long t0 = System.nanoTime();
                sink += fourMoves(a, 0, 0);
                long t1 = System.nanoTime();
                sink += threeMoves(a, 0, 0);
                long t2 = System.nanoTime();
                sink += noMoves(a, 0, 0);
                long t3 = System.nanoTime();
                sink += scalar(a, 0, 0);
                long t4 = System.nanoTime();
                t[0] += t1 - t0;
                t[1] += t2 - t1;
                t[2] += t3 - t2;
                t[3] += t4 - t3;
            }
            double d = 200.0 * n;
            if (round >= 10) {
                System.out.printf("4 vpermd a register %.3f  3 vpermd %.3f  no lane move %.3f  scalar %.3f ns a value%n", t[0] / d, t[1] / d, t[2] / d, t[3] / d);
            }
        }
        if (sink == 42) System.out.println();
    }
}
