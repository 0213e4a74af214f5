package io.lanes.workbench.codec.bitpack;

/**
 * Sequential LSB-first bit-packing, the same bytes as {@link SeqScalarKernel32}, unpacked with the
 * Vector API: whole groups of 32 values go through generated code specialised for the width and the
 * vector shape (lane rearranges and variable shifts, see {@code SeqVector32Gen256}), short runs
 * through the width-generic {@link SeqVectorAnyWidth32} (no jump on the width); the groups whose
 * vector loads would run past the end of {@code in}, and the last {@code len % 32} values, go through
 * the scalar kernel. Vector loads may read, but never use, bytes after the block up to the end of
 * {@code in}. Packing is the scalar kernel's (same layout). Stateless and thread-safe.
 */
public final class SeqVectorKernel32 implements BlockKernel32 {
    private static final SeqScalarKernel32 SCALAR = new SeqScalarKernel32();
    private static final int GROUP = 32;
    /**
     * Runs of at most this many groups (one 128-value DELTA_BINARY_PACKED block) go through
     * {@link SeqVectorAnyWidth32}: callers that change width from call to call would otherwise pay
     * a mispredicted jump on the width per call, which costs more than the generic routine's extra
     * instructions over so few groups (mixed 10..12-bit miniblocks: 0.78 against 1.08 ns a value).
     */
    private static final int SHORT = 4;

    private final SeqVectorCode32 code;
    private final int vectorBits;
    /** Whether short runs may take {@link SeqVectorAnyWidth32}, which has the preferred shape only. */
    private final boolean anyWidth;

    /** Kernels of the widest vector shape this JVM prefers ({@link VectorWidth#preferred()}). */
    public SeqVectorKernel32() {
        this(VectorWidth.preferred());
    }

    /** Kernels of one vector shape: 128, 256 or 512 bits (a shape the CPU lacks runs, slowly, emulated). */
    public SeqVectorKernel32(int vectorBits) {
        this.code = SeqVectorCode32.forBits(vectorBits);
        this.vectorBits = vectorBits;
        this.anyWidth = vectorBits == SeqVectorAnyWidth32.SPECIES.vectorBitSize();
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
    public int pack(int[] in, int inOff, int len, int width, byte[] out, int outOff) {
        return SCALAR.pack(in, inOff, len, width, out, outOff);
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
        int step = 4 * width;
        if (groups <= SHORT && anyWidth && in.length - inOff - step * groups >= SeqVectorAnyWidth32.REACH) {
            SeqVectorAnyWidth32.unpack(width, in, inOff, out, outOff, groups);
            if (len > GROUP * groups) SCALAR.unpack(in, inOff + step * groups, len - GROUP * groups, width, out, outOff + GROUP * groups);
            return;
        }
        int room = in.length - inOff - code.readBytes(width);
        int fast = width == 0 ? groups : room < 0 ? 0 : Math.min(groups, room / step + 1);
        code.unpack(width, in, inOff, out, outOff, fast);
        SCALAR.unpack(in, inOff + step * fast, len - GROUP * fast, width, out, outOff + GROUP * fast);
    }
}
