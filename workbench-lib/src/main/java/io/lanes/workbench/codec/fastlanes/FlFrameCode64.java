package io.lanes.workbench.codec.fastlanes;

import io.lanes.workbench.codec.bitpack.VectorWidth;

/**
 * The generated FastLanes long decoders of one vector shape for one full 1024-value block at a width
 * 0..64 ({@code 128 * width} bytes, the layout of {@link FlKernel64}), adding a frame of reference to every
 * value. Row r of lane l goes to {@code out[o + 16 * r + l]} (row order) or, for FL_ORDER data, to
 * its file-order index (flat). The delta entry points keep a running sum per lane in {@code acc}:
 * value = {@code acc[l] += unpacked + frame} (wrapping), and leave each lane's last value in
 * {@code acc}. Kernels trust their arguments. Stateless.
 */
interface FlFrameCode64 {
    /** Row order: interleaved data comes out in file order, FL_ORDER data in transposed order. */
    void rows(int width, byte[] in, int p, long[] out, int o, long frame);

    /** FL_ORDER data into file order, transposing in registers. */
    void flat(int width, byte[] in, int p, long[] out, int o, long frame);

    /** Per-lane prefix sums in row order; {@code acc[0, 16)} holds each lane's base and receives its last value. */
    void deltaRows(int width, byte[] in, int p, long[] out, int o, long frame, long[] acc);

    /** Per-lane prefix sums of FL_ORDER data into file order, transposing in registers; {@code acc} as in {@link #deltaRows}. */
    void deltaFlat(int width, byte[] in, int p, long[] out, int o, long frame, long[] acc);

    /** Bytes from the start of a delta block's anchor slots that {@link #anchors} of this width may load. */
    int anchorReadBytes(int width);

    /**
     * Decodes a delta block's lane anchors into {@code acc[0, 16)}: the 16 slots packed sequentially at
     * {@code width} bits from {@code p} (slot 0 holds 0); anchor k of the chain order is
     * {@code base + sum over slots 1..k of (slot + frame)}; chain k is lane k, or with {@code flOrder}
     * (int32 FL_ORDER runs) lane {@code k / 2 + 16 * (k % 2)}. The caller guarantees
     * {@link #anchorReadBytes} bytes are readable at {@code p}.
     */
    void anchors(int width, byte[] in, int p, long base, long frame, boolean flOrder, long[] acc);

    /** The generated code for a vector shape of {@code bits} (128, 256 or 512). */
    static FlFrameCode64 forBits(int bits) {
        return switch (VectorWidth.check(bits)) {
            case 128 -> new FlFrame64Gen128();
            case 256 -> new FlFrame64Gen256();
            default -> new FlFrame64Gen512();
        };
    }
}
