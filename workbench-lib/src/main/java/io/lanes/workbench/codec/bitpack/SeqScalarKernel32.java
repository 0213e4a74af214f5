package io.lanes.workbench.codec.bitpack;

import io.lanes.workbench.codec.Bytes;

/**
 * Sequential LSB-first bit-packing (Parquet bit-packed / Arrow unpack order): value i occupies bits
 * [i*w, (i+1)*w) of a little-endian bit stream; a block of {@code len} values takes
 * {@code ceil(len*w/8)} bytes. Scalar: whole groups of 32 values (exactly {@code w} words) go
 * through a generated method specialised for the width, the last {@code len % 32} values through
 * one width-generic loop. Pack masks every value to the width. Stateless and thread-safe.
 */
public final class SeqScalarKernel32 implements BlockKernel32 {
    private static final int GROUP = SeqScalar32Gen.GROUP;

    @Override
    public int packedBytes(int len, int width) {
        return (int) (((long) len * width + 7) >>> 3);
    }

    @Override
    public int pack(int[] in, int inOff, int len, int width, byte[] out, int outOff) {
        int groups = len / GROUP;
        SeqScalar32Gen.pack(width, in, inOff, out, outOff, groups);
        packTail(in, inOff + GROUP * groups, len - GROUP * groups, width, out, outOff + 4 * width * groups);
        return packedBytes(len, width);
    }

    /**
     * Consecutive full blocks are one contiguous bit stream, unpacked in one call: the per-call setup
     * (lane tables, dispatch) is paid once per run, and the group loop inside is long enough for
     * HotSpot to compile it on the stack after a few calls.
     */
    @Override
    public void unpackBlocks(byte[] in, int inOff, int blocks, int width, int[] out, int outOff) {
        unpack(in, inOff, blocks * BlockPageCodec32.BLOCK, width, out, outOff);
    }

    @Override
    public void unpack(byte[] in, int inOff, int len, int width, int[] out, int outOff) {
        int groups = len / GROUP;
        SeqScalar32Gen.unpack(width, in, inOff, out, outOff, groups);
        unpackTail(in, inOff + 4 * width * groups, len - GROUP * groups, width, out, outOff + GROUP * groups);
    }

    private void packTail(int[] in, int inOff, int len, int width, byte[] out, int outOff) {
        if (width == 0) return;
        long acc = 0;
        int bits = 0;
        int p = outOff;
        long mask = width == 32 ? 0xFFFF_FFFFL : (1L << width) - 1;
        for (int i = 0; i < len; i++) {
            acc |= (in[inOff + i] & mask) << bits;
            bits += width;
            while (bits >= 8) {
                out[p++] = (byte) acc;
                acc >>>= 8;
                bits -= 8;
            }
        }
        if (bits > 0) out[p] = (byte) acc;
    }

    private void unpackTail(byte[] in, int inOff, int len, int width, int[] out, int outOff) {
        if (width == 0) {
            java.util.Arrays.fill(out, outOff, outOff + len, 0);
            return;
        }
        long mask = width == 32 ? 0xFFFF_FFFFL : (1L << width) - 1;
        int end = inOff + packedBytes(len, width);
        long bit = 0;
        for (int i = 0; i < len; i++, bit += width) {
            int byteIdx = inOff + (int) (bit >>> 3);
            int shift = (int) (bit & 7);
            long word = byteIdx + 8 <= end ? Bytes.getLong(in, byteIdx) : tail(in, byteIdx, end);
            out[outOff + i] = (int) ((word >>> shift) & mask);
        }
    }

    /** Reads the last few bytes of a block without running past its end. */
    private static long tail(byte[] in, int from, int end) {
        long w = 0;
        for (int i = from; i < end; i++) w |= (in[i] & 0xFFL) << (8 * (i - from));
        return w;
    }
}
