package io.lanes.workbench.codec.bitpack;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.LongCodec;
import io.lanes.workbench.codec.OutputOrder;

/**
 * The int64 twin of {@link BlockPageCodec32}: the same page framing (count, one width byte per
 * 1024-value block, contiguous payloads), each block at the width of its largest value read as
 * unsigned, 0..64. Thread-safe: holds only the kernel.
 */
public final class BlockPageCodec64 implements LongCodec {
    /** Values per block. */
    public static final int BLOCK = BlockPages.BLOCK;

    private final String name;
    private final BlockKernel64 kernel;
    private final OutputOrder order;

    /**
     * @param name   registry name, e.g. {@code bitpack.seq.scalar64}
     * @param kernel packs and unpacks one block
     * @param order  order of decoded values the kernel produces
     */
    public BlockPageCodec64(String name, BlockKernel64 kernel, OutputOrder order) {
        this.name = name;
        this.kernel = kernel;
        this.order = order;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public OutputOrder outputOrder() {
        return order;
    }

    @Override
    public int maxEncodedBytes(int n) {
        return BlockPages.maxEncodedBytes(n, 64, kernel::packedBytes);
    }

    @Override
    public int encode(long[] values, int off, int n, byte[] out, int outOff) {
        Bytes.requireEncodeSpace(out.length, outOff, maxEncodedBytes(n));
        int blocks = BlockPages.blocks(n);
        Bytes.putInt(out, outOff, n);
        int widths = outOff + 4;
        int p = widths + blocks;
        for (int b = 0; b < blocks; b++) {
            int start = off + b * BLOCK;
            int len = Math.min(BLOCK, n - b * BLOCK);
            long or = 0;
            for (int i = 0; i < len; i++) or |= values[start + i];
            int width = 64 - Long.numberOfLeadingZeros(or);
            out[widths + b] = (byte) width;
            p += kernel.pack(values, start, len, width, out, p);
        }
        return p - outOff;
    }

    @Override
    public int decodedLength(byte[] in, int inOff, int inLen) {
        return BlockPages.decodedLength(in, inOff, inLen);
    }

    @Override
    public int decode(byte[] in, int inOff, int inLen, long[] out, int outOff) {
        int n = decodedLength(in, inOff, inLen);
        Bytes.requireOutput(out.length, outOff, n);
        int end = inOff + inLen;
        int blocks = BlockPages.blocks(n);
        int widths = inOff + 4;
        int p = widths + blocks;
        int full = n / BLOCK;
        // full blocks go to the kernel in runs of equal width
        for (int b = 0; b < full; ) {
            int width = BlockPages.width(in, widths + b, 64);
            int run = 1;
            while (b + run < full && in[widths + b + run] == in[widths + b]) run++;
            int bytes = kernel.packedBytes(BLOCK, width);
            BlockPages.requirePayload(p, (long) bytes * run, end, b);
            kernel.unpackBlocks(in, p, run, width, out, outOff + b * BLOCK);
            p += bytes * run;
            b += run;
        }
        if (full < blocks) {
            int width = BlockPages.width(in, widths + full, 64);
            int len = n - full * BLOCK;
            int bytes = kernel.packedBytes(len, width);
            BlockPages.requirePayload(p, bytes, end, full);
            kernel.unpack(in, p, len, width, out, outOff + full * BLOCK);
        }
        return n;
    }
}
