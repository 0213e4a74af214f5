package io.lanes.workbench.codec.bitpack;

/**
 * Sequential LSB-first bit-packing of int64 values, width 0..64: value i occupies bits
 * [i*w, (i+1)*w) of a little-endian bit stream, {@code ceil(len*w/8)} bytes a block. Scalar: whole
 * groups of 64 values (exactly {@code w} words) go through a generated method specialised for the
 * width, the last {@code len % 64} values through one width-generic loop. Pack masks every value to
 * the width. Stateless and thread-safe.
 */
public final class SeqScalarKernel64 implements BlockKernel64 {
    private static final int GROUP = SeqScalar64Gen.GROUP;

    @Override
    public int packedBytes(int len, int width) {
        return (int) (((long) len * width + 7) >>> 3);
    }

    @Override
    public int pack(long[] in, int inOff, int len, int width, byte[] out, int outOff) {
        int groups = len / GROUP;
        SeqScalar64Gen.pack(width, in, inOff, out, outOff, groups);
        packTail(in, inOff + GROUP * groups, len - GROUP * groups, width, out, outOff + 8 * width * groups);
        return packedBytes(len, width);
    }

    /**
     * Consecutive full blocks are one contiguous bit stream, unpacked in one call: the per-call setup
     * (lane tables, dispatch) is paid once per run, and the group loop inside is long enough for
     * HotSpot to compile it on the stack after a few calls.
     */
    @Override
    public void unpackBlocks(byte[] in, int inOff, int blocks, int width, long[] out, int outOff) {
        unpack(in, inOff, blocks * BlockPageCodec32.BLOCK, width, out, outOff);
    }

    @Override
    public void unpack(byte[] in, int inOff, int len, int width, long[] out, int outOff) {
        int groups = len / GROUP;
        SeqScalar64Gen.unpack(width, in, inOff, out, outOff, groups);
        unpackTail(in, inOff + 8 * width * groups, len - GROUP * groups, width, out, outOff + GROUP * groups);
    }

    private void packTail(long[] in, int inOff, int len, int width, byte[] out, int outOff) {
        if (width == 0) return;
        long mask = width == 64 ? -1L : (1L << width) - 1;
        long bit = 0;
        int bytes = packedBytes(len, width);
        java.util.Arrays.fill(out, outOff, outOff + bytes, (byte) 0);
        for (int i = 0; i < len; i++, bit += width) {
            long v = in[inOff + i] & mask;
            int shift = (int) (bit & 7);
            int p = outOff + (int) (bit >>> 3);
            int bitsLeft = width + shift;
            // first byte merges with what is there; the rest are fresh
            out[p] |= (byte) (v << shift);
            long rest = shift == 0 ? v >>> 8 : v >>> (8 - shift);
            for (int b = 1; b * 8 < bitsLeft; b++) {
                out[p + b] = (byte) rest;
                rest >>>= 8;
            }
        }
    }

    private void unpackTail(byte[] in, int inOff, int len, int width, long[] out, int outOff) {
        if (width == 0) {
            java.util.Arrays.fill(out, outOff, outOff + len, 0L);
            return;
        }
        long mask = width == 64 ? -1L : (1L << width) - 1;
        int end = inOff + packedBytes(len, width);
        long bit = 0;
        for (int i = 0; i < len; i++, bit += width) {
            int p = inOff + (int) (bit >>> 3);
            int shift = (int) (bit & 7);
            long v = 0;
            int need = (width + shift + 7) >>> 3;
            for (int b = 0; b < need && p + b < end; b++) {
                long byteVal = in[p + b] & 0xFFL;
                int pos = 8 * b - shift;
                v |= pos >= 0 ? byteVal << pos : byteVal >>> -pos;
            }
            out[outOff + i] = v & mask;
        }
    }
}
