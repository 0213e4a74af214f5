package io.lanes.workbench.codec.bitpack;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.OutputOrder;

/**
 * The page framing shared by the plain bit-packing codecs: values are cut into blocks of 1024, each
 * block packed at the width of its largest value read as unsigned (0..32; no frame of reference,
 * which the FOR codecs add).
 *
 * <pre>
 * page    := count:int32le  width[nblocks]:uint8  payload[0] ... payload[nblocks-1]
 * nblocks := ceil(count / 1024)
 * payload[b] := kernel.packedBytes(len(b), width[b]) bytes
 * </pre>
 * Widths come before the payloads so the payloads are contiguous. The layout of a payload is the
 * kernel's. Thread-safe: holds only the kernel.
 */
public final class BlockPageCodec32 implements IntCodec {
    /** Values per block. */
    public static final int BLOCK = BlockPages.BLOCK;

    private final String name;
    private final BlockKernel32 kernel;
    private final OutputOrder order;

    /**
     * @param name   registry name, e.g. {@code bitpack.seq.scalar}
     * @param kernel packs and unpacks one block
     * @param order  order of decoded values the kernel produces
     */
    public BlockPageCodec32(String name, BlockKernel32 kernel, OutputOrder order) {
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
        return BlockPages.maxEncodedBytes(n, 32, kernel::packedBytes);
    }

    @Override
    public int encode(int[] values, int off, int n, byte[] out, int outOff) {
        Bytes.requireEncodeSpace(out.length, outOff, maxEncodedBytes(n));
        int blocks = BlockPages.blocks(n);
        Bytes.putInt(out, outOff, n);
        int widths = outOff + 4;
        int p = widths + blocks;
        for (int b = 0; b < blocks; b++) {
            int start = off + b * BLOCK;
            int len = Math.min(BLOCK, n - b * BLOCK);
            int or = 0;
            for (int i = 0; i < len; i++) or |= values[start + i];
            int width = 32 - Integer.numberOfLeadingZeros(or);
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
    public int decode(byte[] in, int inOff, int inLen, int[] out, int outOff) {
        int n = decodedLength(in, inOff, inLen);
        Bytes.requireOutput(out.length, outOff, n);
        int end = inOff + inLen;
        int blocks = BlockPages.blocks(n);
        int widths = inOff + 4;
        int p = widths + blocks;
        int full = n / BLOCK;
        // full blocks go to the kernel in runs of equal width
        for (int b = 0; b < full; ) {
            int width = BlockPages.width(in, widths + b, 32);
            int run = 1;
            while (b + run < full && in[widths + b + run] == in[widths + b]) run++;
            int bytes = kernel.packedBytes(BLOCK, width);
            BlockPages.requirePayload(p, (long) bytes * run, end, b);
            kernel.unpackBlocks(in, p, run, width, out, outOff + b * BLOCK);
            p += bytes * run;
            b += run;
        }
        if (full < blocks) {
            int width = BlockPages.width(in, widths + full, 32);
            int len = n - full * BLOCK;
            int bytes = kernel.packedBytes(len, width);
            BlockPages.requirePayload(p, bytes, end, full);
            kernel.unpack(in, p, len, width, out, outOff + full * BLOCK);
        }
        return n;
    }
}
