package io.lanes.workbench.codec.bitpack;

/**
 * Sequential LSB-first bit-packing, the same bytes as {@link SeqScalarKernel64}, unpacked with the
 * Vector API: whole groups of 64 values go through generated code specialised for the width and the
 * vector shape (lane rearranges and variable shifts, see {@code SeqVector64Gen256}), runs of up to
 * 128 values through the width-generic {@link SeqVectorAnyWidth64}; the groups whose
 * vector loads would run past the end of {@code in}, and the last {@code len % 64} values, go through
 * the scalar kernel. Vector loads may read, but never use, bytes after the block up to the end of
 * {@code in}. Packing is the scalar kernel's (same layout). Stateless and thread-safe.
 */
public final class SeqVectorKernel64 implements BlockKernel64 {
    private static final SeqScalarKernel64 SCALAR = new SeqScalarKernel64();
    private static final int GROUP = 64;
    /**
     * Runs of at most this many values (one 128-value DELTA_BINARY_PACKED block) go through
     * {@link SeqVectorAnyWidth64}: no mispredicted jump on a width that changes from call to call,
     * and 32-value miniblocks, shorter than a group here, are not left to the scalar kernel.
     */
    private static final int SHORT = 128;

    private final SeqVectorCode64 code;
    private final int vectorBits;
    /** Whether short runs may take {@link SeqVectorAnyWidth64}, which has the preferred shape only. */
    private final boolean anyWidth;

    /** Kernels of the widest vector shape this JVM prefers ({@link VectorWidth#preferred()}). */
    public SeqVectorKernel64() {
        this(VectorWidth.preferred());
    }

    /** Kernels of one vector shape: 128, 256 or 512 bits (a shape the CPU lacks runs, slowly, emulated). */
    public SeqVectorKernel64(int vectorBits) {
        this.code = SeqVectorCode64.forBits(vectorBits);
        this.vectorBits = vectorBits;
        this.anyWidth = vectorBits == SeqVectorAnyWidth64.vectorBits();
    }

    /** The vector shape in bits. */
    public int vectorBits() {
        return vectorBits;
    }

    @Override
    public int packedBytes(int len, int width) {
        return SCALAR.packedBytes(len, width);
    }

    @Override
    public int pack(long[] in, int inOff, int len, int width, byte[] out, int outOff) {
        return SCALAR.pack(in, inOff, len, width, out, outOff);
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
        int chunks = len / SeqVectorAnyWidth64.CHUNK;
        if (len <= SHORT && anyWidth && in.length - inOff - 4 * width * chunks >= SeqVectorAnyWidth64.REACH) {
            SeqVectorAnyWidth64.unpack(width, in, inOff, out, outOff, chunks);
            int done = SeqVectorAnyWidth64.CHUNK * chunks;
            if (len > done) SCALAR.unpack(in, inOff + 4 * width * chunks, len - done, width, out, outOff + done);
            return;
        }
        int groups = len / GROUP;
        int step = 8 * width;
        int room = in.length - inOff - code.readBytes(width);
        int fast = width == 0 ? groups : room < 0 ? 0 : Math.min(groups, room / step + 1);
        code.unpack(width, in, inOff, out, outOff, fast);
        SCALAR.unpack(in, inOff + step * fast, len - GROUP * fast, width, out, outOff + GROUP * fast);
    }
}
