package io.lanes.workbench.codec;

import io.lanes.workbench.codec.FlOrder;

/**
 * The order in which a decoder hands out values. {@link #FLAT} is file order, the only order
 * comparable with sequential decoders; {@link #TRANSPOSED} is FastLanes FL_ORDER within every full
 * 1024-value block (a trailing partial block stays flat), which a decoder can produce without
 * restoring file order.
 */
public enum OutputOrder {
    FLAT,
    TRANSPOSED;

    /** Writes {@code flat[0, n)} in this order into {@code out}; {@code flat} is not modified. */
    public void arrange(int[] flat, int n, int[] out) {
        if (this == FLAT) System.arraycopy(flat, 0, out, 0, n);
        else FlOrder.transpose(flat, n, out);
    }

    /** The int64 twin of {@link #arrange(int[], int, int[])}. */
    public void arrange(long[] flat, int n, long[] out) {
        if (this == FLAT) System.arraycopy(flat, 0, out, 0, n);
        else FlOrder.transpose(flat, n, out);
    }
}
