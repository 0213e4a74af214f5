package io.lanes.workbench.codec.fastlanes;

import io.lanes.workbench.codec.bitpack.BlockKernel64;
import io.lanes.workbench.codec.bitpack.SeqScalarKernel64;
import io.lanes.workbench.codec.bitpack.VectorWidth;

/**
 * FastLanes bit-packing of int64 blocks: a full block of 1024 values is 16 lanes of 64 rows, each
 * lane's rows packed LSB-first into {@code width} 64-bit words, word k of lane l at word index
 * {@code 16*k + l}: exactly {@code 128 * width} bytes. Row r of lane l holds the value at flat index
 * {@code 16*r + l} (interleaved file order) or {@link FlOrder#fromTransposed(int, int)
 * fromTransposed(16*r + l, 64)} (FL_ORDER), as the {@link FlVariant} says; the variant also fixes the
 * output order. A block shorter than 1024 values (a page's tail) is packed sequentially
 * ({@link SeqScalarKernel64}). Thread-safe; {@link FlVariant#FLAT_GATHER} keeps one 8 KiB grid per
 * thread.
 */
public final class FlKernel64 implements BlockKernel64 {
    private static final int BLOCK = FlOrder.BLOCK;
    private static final int LANES = 16;
    private static final SeqScalarKernel64 TAIL = new SeqScalarKernel64();
    /** Flat index of row 0 of each lane: the lane map the packer gathers rows through. */
    private static final int[] FILE_LANES = new int[LANES];
    private static final int[] FL_LANES = new int[LANES];
    /** Grid position of each flat index, for the scalar gather. */
    private static final int[] TO_TRANSPOSED = new int[BLOCK];
    private static final ThreadLocal<long[]> GRID = ThreadLocal.withInitial(() -> new long[BLOCK]);

    static {
        for (int l = 0; l < LANES; l++) {
            FILE_LANES[l] = l;
            FL_LANES[l] = FlOrder.fromTransposed(l, 64);
        }
        for (int i = 0; i < BLOCK; i++) TO_TRANSPOSED[i] = FlOrder.toTransposed(i, 64);
    }

    private final FlVariant variant;
    private final FlCode64 code;

    /** The variant's kernel at the widest vector shape this JVM prefers. */
    public FlKernel64(FlVariant variant) {
        this(variant, VectorWidth.preferred());
    }

    /** The variant's kernel at a vector shape of 128, 256 or 512 bits. */
    public FlKernel64(FlVariant variant, int vectorBits) {
        this.variant = variant;
        this.code = FlCode64.forBits(vectorBits);
    }

    @Override
    public int packedBytes(int len, int width) {
        return len == BLOCK ? 128 * width : TAIL.packedBytes(len, width);
    }

    @Override
    public int pack(long[] in, int inOff, int len, int width, byte[] out, int outOff) {
        if (len != BLOCK) return TAIL.pack(in, inOff, len, width, out, outOff);
        if (variant.flOrder()) code.pack(width, in, inOff, 1, FL_LANES, out, outOff);
        else code.pack(width, in, inOff, LANES, FILE_LANES, out, outOff);
        return 128 * width;
    }

    @Override
    public void unpack(byte[] in, int inOff, int len, int width, long[] out, int outOff) {
        if (len == BLOCK) unpackBlocks(in, inOff, 1, width, out, outOff);
        else TAIL.unpack(in, inOff, len, width, out, outOff);
    }

    @Override
    public void unpackBlocks(byte[] in, int inOff, int blocks, int width, long[] out, int outOff) {
        switch (variant) {
            case INTERLEAVED, TRANSPOSED -> code.unpack(width, in, inOff, out, outOff, blocks);
            case FLAT_FUSED -> code.unpackFlat(width, in, inOff, out, outOff, blocks);
            case FLAT_GATHER -> {
                long[] grid = GRID.get();
                for (int b = 0; b < blocks; b++) {
                    code.unpack(width, in, inOff + b * 128 * width, grid, 0, 1);
                    int o = outOff + b * BLOCK;
                    for (int i = 0; i < BLOCK; i++) out[o + i] = grid[TO_TRANSPOSED[i]];
                }
            }
        }
    }
}
