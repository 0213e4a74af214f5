package io.lanes.workbench.codec.bitpack;

/**
 * Packs and unpacks one block of at most {@link BlockPageCodec32#BLOCK} int32 values at a bit width
 * chosen at run time. Kernels trust their arguments: the page codec has validated widths and
 * lengths before calling them. Implementations are stateless and thread-safe.
 */
public interface BlockKernel32 {
    /** Bytes a block of {@code len} values occupies at {@code width} bits. */
    int packedBytes(int len, int width);

    /**
     * Packs {@code in[inOff, inOff+len)}, each value known to fit in {@code width} bits, into
     * {@code out} at {@code outOff}; writes exactly {@link #packedBytes} bytes; returns that count.
     */
    int pack(int[] in, int inOff, int len, int width, byte[] out, int outOff);

    /** Unpacks {@code len} values of {@code width} bits from {@code in} at {@code inOff}. */
    void unpack(byte[] in, int inOff, int len, int width, int[] out, int outOff);

    /**
     * Unpacks {@code blocks} consecutive full blocks of {@link BlockPageCodec32#BLOCK} values, all at
     * {@code width}, whose payloads follow each other from {@code inOff}. The page codec hands runs of
     * equal-width blocks here so a kernel dispatches on the width once per run; by default, one
     * {@link #unpack} per block.
     */
    default void unpackBlocks(byte[] in, int inOff, int blocks, int width, int[] out, int outOff) {
        int block = BlockPageCodec32.BLOCK;
        int bytes = packedBytes(block, width);
        for (int b = 0; b < blocks; b++) unpack(in, inOff + b * bytes, block, width, out, outOff + b * block);
    }
}
