package io.lanes.workbench.codec;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** FL_ORDER index maps, for T = 32 and T = 64, against both forms DESIGN.md gives. */
class FlOrderTest {
    private static final int[] ORDER = {0, 4, 2, 6, 1, 5, 3, 7};

    @ParameterizedTest
    @ValueSource(ints = {32, 64})
    void fromTransposedIsABijectionOfTheBlock(int t) {
        boolean[] seen = new boolean[FlOrder.BLOCK];
        for (int p = 0; p < FlOrder.BLOCK; p++) {
            int i = FlOrder.fromTransposed(p, t);
            assertTrue(i >= 0 && i < FlOrder.BLOCK, "index " + i + " outside the block");
            assertTrue(!seen[i], "flat index " + i + " reached twice");
            seen[i] = true;
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {32, 64})
    void toAndFromTransposedAreMutualInverses(int t) {
        for (int p = 0; p < FlOrder.BLOCK; p++) assertEquals(p, FlOrder.toTransposed(FlOrder.fromTransposed(p, t), t));
        for (int i = 0; i < FlOrder.BLOCK; i++) assertEquals(i, FlOrder.fromTransposed(FlOrder.toTransposed(i, t), t));
    }

    @ParameterizedTest
    @ValueSource(ints = {32, 64})
    void fromTransposedIsNotSelfInverse(int t) {
        int fixedUnderSquare = 0;
        for (int p = 0; p < FlOrder.BLOCK; p++) if (FlOrder.fromTransposed(FlOrder.fromTransposed(p, t), t) == p) fixedUnderSquare++;
        assertTrue(fixedUnderSquare < FlOrder.BLOCK, "fromTransposed composed with itself is the identity");
        assertNotEquals(FlOrder.toTransposed(1, t), FlOrder.fromTransposed(1, t));
    }

    @ParameterizedTest
    @ValueSource(ints = {32, 64})
    void everyLaneHoldsAContiguousRun(int t) {
        int lanes = FlOrder.BLOCK / t;
        for (int l = 0; l < lanes; l++) {
            int first = FlOrder.fromTransposed(l, t);
            for (int r = 0; r < t; r++) assertEquals(first + r, FlOrder.fromTransposed(r * lanes + l, t), "lane " + l + " row " + r);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {32, 64})
    void matchesTheDesignFormula(int t) {
        int lanes = FlOrder.BLOCK / t;
        for (int r = 0; r < t; r++) {
            for (int l = 0; l < lanes; l++) assertEquals((l % 16) * 64 + (l / 16) * t + r, FlOrder.fromTransposed(r * lanes + l, t));
        }
    }

    /** The FastLanes transpose (position q holds (q%16)*64 + ORDER[(q/16)%8]*8 + q/128) over the row/lane walk. */
    @ParameterizedTest
    @ValueSource(ints = {32, 64})
    void matchesThePaperTransposeComposedWithTheRowLaneWalk(int t) {
        int lanes = FlOrder.BLOCK / t;
        for (int r = 0; r < t; r++) {
            for (int l = 0; l < lanes; l++) {
                int q = ORDER[r / 8] * 16 + (r % 8) * 128 + l;
                int paper = (q % 16) * 64 + ORDER[(q / 16) % 8] * 8 + q / 128;
                assertEquals(paper, FlOrder.fromTransposed(r * lanes + l, t), "row " + r + " lane " + l);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {32, 64})
    void transposeArrangesFullBlocksAndLeavesTheTailFlat(int t) {
        int n = 2 * FlOrder.BLOCK + 5;
        int[] flat = new int[n];
        long[] flatL = new long[n];
        for (int i = 0; i < n; i++) {
            flat[i] = i;
            flatL[i] = i;
        }
        int[] out = new int[n];
        long[] outL = new long[n];
        if (t == 32) FlOrder.transpose(flat, n, out);
        else FlOrder.transpose(flatL, n, outL);
        int[] want = new int[n];
        for (int i = 0; i < n; i++) {
            int b = i / FlOrder.BLOCK * FlOrder.BLOCK;
            want[i] = i >= 2 * FlOrder.BLOCK ? i : b + FlOrder.fromTransposed(i - b, t);
        }
        if (t == 32) {
            assertArrayEquals(want, out);
        } else {
            for (int i = 0; i < n; i++) assertEquals(want[i], outL[i]);
        }
    }
}
