package io.lanes.workbench.codec.fastlanes;

import io.lanes.workbench.codec.bitpack.VectorWidth;

/**
 * FastLanes packing and unpacking of one full block of {@value #BLOCK} int values with a frame of
 * reference, for the FOR, PFOR and FastLanes delta codecs. Packed bytes are exactly those of
 * {@link FlKernel32} ({@code 128 * width} bytes; {@value #LANES} lanes of 32 rows) in FL_ORDER or interleaved
 * file order; decoding adds the frame to every value (wrapping), and the delta entry points add a
 * running sum per lane. Kernels trust their arguments (the codecs validate widths and lengths first).
 * Stateless and thread-safe.
 */
public final class FlFrameKernel32 {
    /** Values per block. */
    public static final int BLOCK = FlOrder.BLOCK;
    /** Lanes of a block: {@code 1024 / 32}. */
    public static final int LANES = 32;

    private final FlFrameCode32 code;
    private final FlKernel32 flOrder;
    private final FlKernel32 interleaved;

    /** Kernels of the widest vector shape this JVM prefers ({@link VectorWidth#preferred()}). */
    public FlFrameKernel32() {
        this(VectorWidth.preferred());
    }

    /** Kernels of one vector shape: 128, 256 or 512 bits. */
    public FlFrameKernel32(int vectorBits) {
        this.code = FlFrameCode32.forBits(vectorBits);
        this.flOrder = new FlKernel32(FlVariant.TRANSPOSED, vectorBits);
        this.interleaved = new FlKernel32(FlVariant.INTERLEAVED, vectorBits);
    }

    /**
     * Packs {@code in[inOff, inOff+1024)}, values already reduced by the frame (bits above
     * {@code width} are dropped), in FL_ORDER or interleaved file order; writes {@code 128 * width} bytes.
     */
    public void pack(boolean flOrderLanes, int[] in, int inOff, int width, byte[] out, int outOff) {
        (flOrderLanes ? flOrder : interleaved).pack(in, inOff, BLOCK, width, out, outOff);
    }

    /** Unpacks a block in row order (row r of lane l to {@code out[o + 32 * r + l]}), adding {@code frame}. */
    public void rows(int width, byte[] in, int p, int[] out, int o, int frame) {
        code.rows(width, in, p, out, o, frame);
    }

    /** Unpacks an FL_ORDER block into file order, transposing in registers, adding {@code frame}. */
    public void flat(int width, byte[] in, int p, int[] out, int o, int frame) {
        code.flat(width, in, p, out, o, frame);
    }

    /**
     * Row order with a running sum per lane: {@code acc[l] += unpacked + frame} for each row of lane
     * l, every sum stored. {@code acc[0, 32)} holds each lane's base and receives its last value.
     */
    public void deltaRows(int width, byte[] in, int p, int[] out, int o, int frame, int[] acc) {
        code.deltaRows(width, in, p, out, o, frame, acc);
    }

    /** Bytes from the start of a delta block's anchor slots that {@link #anchors} may load at {@code width}. */
    public int anchorReadBytes(int width) {
        return code.anchorReadBytes(width);
    }

    /**
     * Decodes a delta block's 32 lane anchors into {@code acc[0, 32)} in registers: slots packed
     * sequentially at {@code width} bits from {@code p}, slot 0 holding 0; the anchor of chain k is
     * {@code base + sum over slots 1..k of (slot + frame)}, and chain k is lane k, or with {@code flOrderRuns}
     * the lane holding the k-th run of an FL_ORDER block. The caller guarantees
     * {@link #anchorReadBytes(int)} bytes are readable at {@code p}.
     */
    public void anchors(int width, byte[] in, int p, int base, int frame, boolean flOrderRuns, int[] acc) {
        code.anchors(width, in, p, base, frame, flOrderRuns, acc);
    }

    /** As {@link #deltaRows} for an FL_ORDER block, stored in file order by a transpose in registers. */
    public void deltaFlat(int width, byte[] in, int p, int[] out, int o, int frame, int[] acc) {
        code.deltaFlat(width, in, p, out, o, frame, acc);
    }
}
