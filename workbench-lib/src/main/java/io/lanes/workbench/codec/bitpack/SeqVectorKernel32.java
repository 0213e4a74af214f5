package io.lanes.workbench.codec.bitpack;

/**
 * Sequential LSB-first bit-packing, the same bytes as {@link SeqScalarKernel32}, unpacked with the
 * Vector API: whole groups of 32 values go through generated code specialised for the width and the
 * vector shape (lane rearranges and variable shifts, see {@code SeqVector32Gen256}); the groups whose
 * vector loads would run past the end of {@code in}, and the last {@code len % 32} values, go through
 * the scalar kernel. Vector loads may read, but never use, bytes after the block up to the end of
 * {@code in}. Packing is the scalar kernel's (same layout). Stateless and thread-safe.
 */
public final class SeqVectorKernel32 implements BlockKernel32 {
    private static final SeqScalarKernel32 SCALAR = new SeqScalarKernel32();
    private static final int GROUP = 32;

    private final SeqVectorCode32 code;
    private final int vectorBits;

    /** Kernels of the widest vector shape this JVM prefers ({@link VectorWidth#preferred()}). */
    public SeqVectorKernel32() {
        this(VectorWidth.preferred());
    }

    /** Kernels of one vector shape: 128, 256 or 512 bits (a shape the CPU lacks runs, slowly, emulated). */
    public SeqVectorKernel32(int vectorBits) {
        this.code = SeqVectorCode32.forBits(vectorBits);
        this.vectorBits = vectorBits;
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
        int room = in.length - inOff - code.readBytes(width);
        int fast = width == 0 ? groups : room < 0 ? 0 : Math.min(groups, room / step + 1);
        code.unpack(width, in, inOff, out, outOff, fast);
        SCALAR.unpack(in, inOff + step * fast, len - GROUP * fast, width, out, outOff + GROUP * fast);
    }
}
