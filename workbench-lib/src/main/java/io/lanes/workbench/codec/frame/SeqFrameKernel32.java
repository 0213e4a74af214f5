package io.lanes.workbench.codec.frame;

import io.lanes.workbench.codec.bitpack.SeqScalarKernel32;
import io.lanes.workbench.codec.bitpack.VectorWidth;

/**
 * Sequential LSB-first bit-packing of int values (the bytes of {@link SeqScalarKernel32}: value i at
 * bits [i*w, (i+1)*w)) with a frame of reference: unpacking adds the frame to every value (wrapping).
 * Whole groups of 32 values go through the generated Vector API code of the width; groups whose vector
 * loads would run past the end of {@code in}, and the last {@code len % 32} values, through the scalar
 * kernel and one add loop. Vector loads may read, but never use, bytes after the values up to the end
 * of {@code in}. Kernels trust their arguments. Stateless and thread-safe.
 */
public final class SeqFrameKernel32 {
    private static final SeqScalarKernel32 SCALAR = new SeqScalarKernel32();
    private static final int GROUP = 32;

    private final SeqFrameCode32 code;

    /** Kernels of the widest vector shape this JVM prefers ({@link VectorWidth#preferred()}). */
    public SeqFrameKernel32() {
        this(VectorWidth.preferred());
    }

    /** Kernels of one vector shape: 128, 256 or 512 bits. */
    public SeqFrameKernel32(int vectorBits) {
        this.code = SeqFrameCode32.forBits(vectorBits);
    }

    /** Bytes {@code len} values take at {@code width} bits: {@code ceil(len * width / 8)}. */
    public int packedBytes(int len, int width) {
        return SCALAR.packedBytes(len, width);
    }

    /** Packs {@code in[inOff, inOff+len)}, masked to {@code width} bits; returns bytes written. */
    public int pack(int[] in, int inOff, int len, int width, byte[] out, int outOff) {
        return SCALAR.pack(in, inOff, len, width, out, outOff);
    }

    /** Unpacks {@code len} values of {@code width} bits from {@code in[inOff...]}, adding {@code frame}. */
    public void unpack(byte[] in, int inOff, int len, int width, int[] out, int outOff, int frame) {
        int groups = len / GROUP;
        int step = 4 * width;
        int room = in.length - inOff - code.readBytes(width);
        int fast = width == 0 ? groups : room < 0 ? 0 : Math.min(groups, room / step + 1);
        code.unpack(width, in, inOff, out, outOff, fast, frame);
        int done = GROUP * fast;
        if (done == len) return;
        SCALAR.unpack(in, inOff + step * fast, len - done, width, out, outOff + done);
        for (int i = outOff + done; i < outOff + len; i++) out[i] += frame;
    }
}
