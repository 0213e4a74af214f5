package io.lanes.workbench.codec.fastlanes;

import io.lanes.workbench.codec.bitpack.VectorWidth;

/**
 * FastLanes packing and unpacking of one full block of {@value #BLOCK} long values with a frame of
 * reference, for the FOR, PFOR and FastLanes delta codecs. Packed bytes are exactly those of
 * {@link FlKernel64} ({@code 128 * width} bytes; {@value #LANES} lanes of 64 rows) in FL_ORDER or interleaved
 * file order; decoding adds the frame to every value (wrapping), and the delta entry points add a
 * running sum per lane. Kernels trust their arguments (the codecs validate widths and lengths first).
 * Stateless and thread-safe.
 */
public final class FlFrameKernel64 {
    /** Values per block. */
    public static final int BLOCK = FlOrder.BLOCK;
    /** Lanes of a block: {@code 1024 / 64}. */
    public static final int LANES = 16;

    private final FlFrameCode64 code;
    private final FlKernel64 flOrder;
    private final FlKernel64 interleaved;

    /** Kernels of the widest vector shape this JVM prefers ({@link VectorWidth#preferred()}). */
    public FlFrameKernel64() {
        this(VectorWidth.preferred());
    }

    /** Kernels of one vector shape: 128, 256 or 512 bits. */
    public FlFrameKernel64(int vectorBits) {
        this.code = FlFrameCode64.forBits(vectorBits);
        this.flOrder = new FlKernel64(FlVariant.TRANSPOSED, vectorBits);
        this.interleaved = new FlKernel64(FlVariant.INTERLEAVED, vectorBits);
    }

    /**
     * Packs {@code in[inOff, inOff+1024)}, values already reduced by the frame (bits above
     * {@code width} are dropped), in FL_ORDER or interleaved file order; writes {@code 128 * width} bytes.
     */
    public void pack(boolean flOrderLanes, long[] in, int inOff, int width, byte[] out, int outOff) {
        (flOrderLanes ? flOrder : interleaved).pack(in, inOff, BLOCK, width, out, outOff);
    }

    /** Unpacks a block in row order (row r of lane l to {@code out[o + 16 * r + l]}), adding {@code frame}. */
    public void rows(int width, byte[] in, int p, long[] out, int o, long frame) {
        code.rows(width, in, p, out, o, frame);
    }

    /** Unpacks an FL_ORDER block into file order, transposing in registers, adding {@code frame}. */
    public void flat(int width, byte[] in, int p, long[] out, int o, long frame) {
        code.flat(width, in, p, out, o, frame);
    }

    /**
     * Row order with a running sum per lane: {@code acc[l] += unpacked + frame} for each row of lane
     * l, every sum stored. {@code acc[0, 16)} holds each lane's base and receives its last value.
     */
    public void deltaRows(int width, byte[] in, int p, long[] out, int o, long frame, long[] acc) {
        code.deltaRows(width, in, p, out, o, frame, acc);
    }

    /** Bytes from the start of a delta block's anchor slots that {@link #anchors} may load at {@code width}. */
    public int anchorReadBytes(int width) {
        return code.anchorReadBytes(width);
    }

    /**
     * Decodes a delta block's 16 lane anchors into {@code acc[0, 16)} in registers: slots packed
     * sequentially at {@code width} bits from {@code p}, slot 0 holding 0; the anchor of chain k is
     * {@code base + sum over slots 1..k of (slot + frame)}, and chain k is lane k, or with {@code flOrderRuns}
     * the lane holding the k-th run of an FL_ORDER block. The caller guarantees
     * {@link #anchorReadBytes(int)} bytes are readable at {@code p}.
     */
    public void anchors(int width, byte[] in, int p, long base, long frame, boolean flOrderRuns, long[] acc) {
        code.anchors(width, in, p, base, frame, flOrderRuns, acc);
    }

    /** As {@link #deltaRows} for an FL_ORDER block, stored in file order by a transpose in registers. */
    public void deltaFlat(int width, byte[] in, int p, long[] out, int o, long frame, long[] acc) {
        code.deltaFlat(width, in, p, out, o, frame, acc);
    }
}
