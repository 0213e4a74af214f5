package io.lanes.workbench.codec.pfor;

/**
 * The PFOR width choice for one vector (1024 values in every layout here): after subtracting the
 * frame (the vector's minimum), pack every value in {@code b} bits and store each value that needs
 * more than {@code b} bits as an exception, costing a {@value #POSITION_BITS}-bit position plus the
 * full value ({@code valueBits} bits). The model picks the {@code b} minimising
 * {@code n * b + exceptions(b) * (POSITION_BITS + valueBits)}; on a tie it takes the wider {@code b}
 * (fewer exceptions to patch for the same bytes). Per-vector header bits are the same for every
 * {@code b} and are left out.
 *
 * <p>Works on a histogram of value widths, so one pass over the vector suffices. Pure static
 * functions: thread-safe, inputs are never modified, and the array versions allocate nothing (the
 * caller passes the histogram buffer).
 */
public final class PforCostModel {
    /** Bits of an exception's position: enough to address any value of a vector of up to 65,536. */
    public static final int POSITION_BITS = 16;
    /** Largest vector the position field can address. */
    public static final int MAX_VECTOR = 1 << POSITION_BITS;

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
}
