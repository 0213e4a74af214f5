package io.lanes.workbench.codec;

/**
 * FastLanes FL_ORDER for 1024-value blocks of a T-bit type (T = 32: 32 lanes; T = 64: 16 lanes).
 * Row r of lane l holds the block's value at index {@code (l % 16) * 64 + (l / 16) * T + r}: the
 * 1024 values are 16 base lanes of 64 consecutive values and a T-bit lane takes T of them, so each
 * lane holds a contiguous run. Transposed position {@code p = r * LANES + l}. Stateless.
 */
public final class FlOrder {
    /** Values per block. */
    public static final int BLOCK = 1024;

    private FlOrder() {
    }

    /** Flat index of the value at transposed position {@code p} of a block of a {@code typeBits}-bit type. */
    public static int fromTransposed(int p, int typeBits) {
        int lanes = BLOCK / typeBits;
        int r = p / lanes;
        int l = p % lanes;
        return (l % 16) * 64 + (l / 16) * typeBits + r;
    }

    /** Transposed position of the value at flat index {@code i}; the inverse of {@link #fromTransposed}. */
    public static int toTransposed(int i, int typeBits) {
        int lanes = BLOCK / typeBits;
        int base = i / 64;           // base lane 0..15
        int within = i % 64;
        int l = base + 16 * (within / typeBits);
        int r = within % typeBits;
        return r * lanes + l;
    }

    /**
     * Writes {@code flat[0, n)} in transposed order into {@code out}: every full block permuted, a
     * trailing partial block copied as is. {@code flat} is not modified.
     */
    public static void transpose(int[] flat, int n, int[] out) {
        int full = n - n % BLOCK;
        for (int b = 0; b < full; b += BLOCK) {
            for (int p = 0; p < BLOCK; p++) out[b + p] = flat[b + fromTransposed(p, 32)];
        }
        System.arraycopy(flat, full, out, full, n - full);
    }

    /** The int64 twin of {@link #transpose(int[], int, int[])}. */
    public static void transpose(long[] flat, int n, long[] out) {
        int full = n - n % BLOCK;
        for (int b = 0; b < full; b += BLOCK) {
            for (int p = 0; p < BLOCK; p++) out[b + p] = flat[b + fromTransposed(p, 64)];
        }
        System.arraycopy(flat, full, out, full, n - full);
    }
}
