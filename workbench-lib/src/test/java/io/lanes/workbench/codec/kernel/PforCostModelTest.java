package io.lanes.workbench.codec.kernel;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PforCostModelTest {
    private static int[] hist(int valueBits, int... widthAndCount) {
        int[] h = new int[valueBits + 1];
        for (int i = 0; i < widthAndCount.length; i += 2) h[widthAndCount[i]] += widthAndCount[i + 1];
        return h;
    }

    @Test
    void withoutOutliersTheWidestValueDecides() {
        PforCostModel.Choice c = PforCostModel.choose(hist(32, 0, 100, 2, 500, 3, 424), 32);
        assertEquals(3, c.width());
        assertEquals(0, c.exceptions());
        assertEquals(3 * 1024, c.bits());
    }

    @Test
    void aFewFullWidthOutliersBecomeExceptions() {
        PforCostModel.Choice c = PforCostModel.choose(hist(32, 4, 1023, 32, 1), 32);
        assertEquals(4, c.width());
        assertEquals(1, c.exceptions());
        assertEquals(4 * 1024 + 16 + 32, c.bits());
        PforCostModel.Choice c64 = PforCostModel.choose(hist(64, 4, 1023, 64, 1), 64);
        assertEquals(4 * 1024 + 16 + 64, c64.bits());
    }

    @Test
    void breakEvenBetweenExceptionsAndAWiderWidth() {
        // Width 4 with k 20-bit exceptions costs 4096 + 48k; width 20 costs 20480: the switch is between k = 341 and 342.
        PforCostModel.Choice below = PforCostModel.choose(hist(32, 4, 1024 - 341, 20, 341), 32);
        assertEquals(4, below.width());
        assertEquals(341, below.exceptions());
        assertEquals(4096 + 341 * 48, below.bits());
        PforCostModel.Choice above = PforCostModel.choose(hist(32, 4, 1024 - 342, 20, 342), 32);
        assertEquals(20, above.width());
        assertEquals(0, above.exceptions());
    }

    @Test
    void aCapOnExceptionsTakesTheCheapestWidthWithinIt() {
        int[] h = hist(32, 3, 900, 5, 100, 9, 24);
        PforCostModel.Choice free = PforCostModel.choose(h, 32);
        assertEquals(new PforCostModel.Choice(5, 24, 5 * 1024 + 24 * 48), free);
        assertEquals(free, PforCostModel.capExceptions(free, h, 32, 1024, 24), "within the cap: unchanged");
        // widths 5..8 leave the 24 widest values as exceptions: under a cap of 10 only width 9 is left
        assertEquals(new PforCostModel.Choice(9, 0, 9 * 1024), PforCostModel.capExceptions(free, h, 32, 1024, 10));
        assertEquals(new PforCostModel.Choice(9, 0, 9 * 1024), PforCostModel.capExceptions(free, h, 32, 1024, 0));
        int[] outliers = hist(32, 4, 1024 - 341, 20, 341);
        PforCostModel.Choice many = PforCostModel.choose(outliers, 32);
        assertEquals(341, many.exceptions());
        assertEquals(new PforCostModel.Choice(20, 0, 20 * 1024), PforCostModel.capExceptions(many, outliers, 32, 1024, 32));
        int[] wide = hist(64, 2, 1000, 40, 24);
        PforCostModel.Choice w = PforCostModel.choose(wide, 64);
        assertEquals(new PforCostModel.Choice(2, 24, 2 * 1024 + 24 * 80), w);
        assertEquals(new PforCostModel.Choice(40, 0, 40 * 1024), PforCostModel.capExceptions(w, wide, 64, 1024, 16));
        assertThrows(IllegalArgumentException.class, () -> PforCostModel.capExceptions(free, h, 32, 1024, -1));
    }

    @Test
    void aTiePrefersTheWiderWidth() {
        // 48 values: width 1 packs 48 bits; width 0 with one 1-bit exception costs 0 + 48 bits.
        PforCostModel.Choice c = PforCostModel.choose(hist(32, 0, 47, 1, 1), 32);
        assertEquals(1, c.width());
        assertEquals(0, c.exceptions());
        assertEquals(48, c.bits());
    }

    @Test
    void emptyAndConstantVectorsPackInZeroBits() {
        assertEquals(new PforCostModel.Choice(0, 0, 0), PforCostModel.choose(hist(32), 32));
        assertEquals(new PforCostModel.Choice(0, 0, 0), PforCostModel.choose(hist(64, 0, 1024), 64));
    }

    @Test
    void histogramsMeasureDistanceFromTheFrameAsUnsigned() {
        int[] h = new int[33];
        PforSearch32.histogram(new int[] {99, 7, 7, 8, 22, Integer.MIN_VALUE, Integer.MAX_VALUE}, 1, 4, 7, h);
        assertEquals(2, h[0]);
        assertEquals(1, h[1]);
        assertEquals(1, h[4]);
        PforSearch32.histogram(new int[] {Integer.MIN_VALUE, Integer.MAX_VALUE}, 0, 2, Integer.MIN_VALUE, h);
        assertEquals(1, h[0]);
        assertEquals(1, h[32]);
        int[] h64 = new int[65];
        PforSearch64.histogram(new long[] {Long.MIN_VALUE, Long.MAX_VALUE, -1}, 0, 3, Long.MIN_VALUE, h64);
        assertEquals(1, h64[0]);
        assertEquals(1, h64[63]);
        assertEquals(1, h64[64]);
    }

    @Test
    void withinTheClassesValuesLieInTheChoiceIsChoosesIncludingTies() {
        // random histograms of n values in classes low..widest, ties included (48 a class is a tie at the width below)
        java.util.SplittableRandom r = new java.util.SplittableRandom(29);
        for (int valueBits : new int[]{32, 64}) {
            for (int trial = 0; trial < 20_000; trial++) {
                int widest = r.nextInt(valueBits + 1);
                int low = r.nextInt(widest + 1);
                int[] h = new int[valueBits + 1];
                int n = 0;
                for (int k = low; k <= widest; k++) {
                    int c = switch (r.nextInt(4)) {
                        case 0 -> 0;
                        case 1 -> 48;
                        case 2 -> r.nextInt(30);
                        default -> r.nextInt(2000);
                    };
                    h[k] = c;
                    n += c;
                }
                // values of the top class above an emptier widest (a candidate frame's values below it)
                int wrapped = widest < valueBits && r.nextBoolean() ? r.nextInt(r.nextBoolean() ? 40 : 1500) : 0;
                h[valueBits] += wrapped;
                n += wrapped;
                if (n > PforCostModel.MAX_VECTOR) continue;
                assertEquals(PforCostModel.choose(h, valueBits), PforCostModel.chooseWithin(h, valueBits, n, low, widest, wrapped),
                        "valueBits " + valueBits + " classes " + low + ".." + widest + " wrapped " + wrapped + " trial " + trial);
            }
        }
    }

    @Test
    void rejectsBadInput() {
        assertThrows(IllegalArgumentException.class, () -> PforCostModel.choose(new int[33], 16));
        assertThrows(IllegalArgumentException.class, () -> PforCostModel.choose(new int[32], 32));
        assertThrows(IllegalArgumentException.class, () -> PforCostModel.choose(hist(32, 1, -1), 32));
        assertThrows(IllegalArgumentException.class, () -> PforCostModel.choose(hist(32, 1, PforCostModel.MAX_VECTOR + 1), 32));
    }

    /**
     * The frame search's bound with the frame known ({@code boundBelowAt} with {@code boundAbove}) is at
     * most the candidate's cost at every width below the full one (random vectors, every class's
     * candidate, values within 2^31 of the minimum as in the search's known case), and sharper than
     * {@code boundBelow} somewhere.
     */
    @Test
    void theBoundWithTheFrameKnownIsALowerBound() {
        Random r = new Random(29);
        int sharper = 0;
        for (int it = 0; it < 3000; it++) {
            int n = 1 + r.nextInt(1024);
            int spread = 1 + r.nextInt(31);
            long[] d = new long[n]; // differences from the minimum
            for (int i = 1; i < n; i++) d[i] = r.nextInt(5) == 0 ? r.nextInt(1 + r.nextInt(64)) : r.nextLong() & ((1L << spread) - 1);
            Arrays.sort(d);
            int[] h = new int[34];
            for (long x : d) h[64 - Long.numberOfLeadingZeros(x)]++;
            PforCostModel.suffixSums(h, 0, 32);
            for (int k = 1; k < 32; k++) {
                if (h[k] == h[k + 1]) continue;
                int below = n - h[k];
                long lowest = d[below]; // the smallest difference of class k or above
                int room = 64 - Long.numberOfLeadingZeros((1L << k) - lowest);
                long above = PforCostModel.boundAbove(h, 0, 32, n, k, below);
                long bound = Math.min(PforCostModel.boundBelowAt(h, 0, 32, n, k, below, room), above);
                for (int w = 0; w < 32; w++) {
                    int fit = Arrays.binarySearch(d, lowest + (1L << w));
                    while (fit > 0 && d[fit - 1] == lowest + (1L << w)) fit--;
                    int exceptions = below + n - (fit >= 0 ? fit : -fit - 1);
                    long cost = (long) n * w + exceptions * 48L;
                    assertTrue(bound <= cost, "n " + n + " k " + k + " w " + w + ": bound " + bound + " above cost " + cost);
                }
                if (bound > Math.min(PforCostModel.boundBelow(h, 0, 32, k, below), above)) sharper++;
            }
        }
        assertTrue(sharper > 0, "never sharper than the bound without the frame");
    }
}
