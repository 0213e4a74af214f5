package io.lanes.workbench.codec.bitpack;

/**
 * The int64 twin of {@link BlockKernel32}: packs and unpacks one block of int64 values at a bit
 * width 0..64 chosen at run time. Kernels trust their arguments. Stateless and thread-safe.
 */
public interface BlockKernel64 {
    /** Bytes a block of {@code len} values occupies at {@code width} bits. */
    int packedBytes(int len, int width);

    /** Packs {@code in[inOff, inOff+len)} at {@code width} bits; returns bytes written. */
    int pack(long[] in, int inOff, int len, int width, byte[] out, int outOff);

    /** Unpacks {@code len} values of {@code width} bits from {@code in} at {@code inOff}. */
    void unpack(byte[] in, int inOff, int len, int width, long[] out, int outOff);

    /**
     * Unpacks {@code blocks} consecutive full blocks of {@link BlockPageCodec32#BLOCK} values, all at
     * {@code width}, whose payloads follow each other from {@code inOff}. The page codec hands runs of
     * equal-width blocks here so a kernel dispatches on the width once per run; by default, one
     * {@link #unpack} per block.
     */
    default void unpackBlocks(byte[] in, int inOff, int blocks, int width, long[] out, int outOff) {
        int block = BlockPageCodec32.BLOCK;
        int bytes = packedBytes(block, width);
        for (int b = 0; b < blocks; b++) unpack(in, inOff + b * bytes, block, width, out, outOff + b * block);
    }
}
