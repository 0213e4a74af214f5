package io.lanes.workbench.codec.bitpack;

import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.OutputOrder;

/**
 * A codec made from nothing but an unpack routine, for a user who has only a kernel: the workbench
 * supplies the page framing of the built-in {@code bitpack.seq.*} codecs ({@link BlockPageCodec32}:
 * a count, one width byte per 1024-value block, the payloads) and their packing (sequential
 * LSB-first, value i at bits [i*w, (i+1)*w) of a little-endian bit stream, as {@link SeqScalarKernel32}
 * packs), so the routine is timed on exactly the bytes {@code bitpack.seq.scalar} and
 * {@code bitpack.seq.vector} decode, beside them and the store-only wall:
 *
 * <pre>{@code
 * IntCodec mine = Unpackers.block("my.unpack", MyKernel::unpack1024);
 * Study.of("my-kernel").codec(mine).codecs("bitpack.seq.*").columns(...).run();
 * }</pre>
 *
 * <p>The routine is called for every whole block (or miniblock); a page's last, shorter block is
 * unpacked by the workbench's own scalar kernel, since the routine takes a fixed count. The codecs
 * are as thread-safe as the routine (the workbench adds no state).
 */
public final class Unpackers {
    /** Values one {@link #block} call unpacks: a whole block of the page framing. */
    public static final int BLOCK = BlockPageCodec32.BLOCK;
    /** Values one {@link #miniblock} call unpacks: 32, so a miniblock at width w is exactly w 32-bit words. */
    public static final int MINIBLOCK = 32;

    private static final SeqScalarKernel32 SEQ = new SeqScalarKernel32();

    /** An unpack routine: a fixed count of {@code width}-bit values from {@code in[inOff...]} into {@code out[outOff...]}. */
    @FunctionalInterface
    public interface Routine {
        /**
         * @param in     packed bytes; the values start at {@code inOff} and take {@code count * width / 8} bytes
         * @param width  bits per value, 0..32
         * @param outOff where the first value goes
         */
        void unpack(byte[] in, int inOff, int width, int[] out, int outOff);
    }

    private Unpackers() {
    }

    /** A codec whose decode calls {@code unpack} once per 1024-value block. */
    public static IntCodec block(String name, Routine unpack) {
        return new BlockPageCodec32(name, new RoutineKernel(unpack, BLOCK), OutputOrder.FLAT, "a user's unpack routine, one call per 1024-value block, in bitpack.seq's pages");
    }

    /** A codec whose decode calls {@code unpack} once per 32-value miniblock (32 times a block). */
    public static IntCodec miniblock(String name, Routine unpack) {
        return new BlockPageCodec32(name, new RoutineKernel(unpack, MINIBLOCK), OutputOrder.FLAT, "a user's unpack routine, one call per 32-value miniblock, in bitpack.seq's pages");
    }

    /** The routine as a block kernel: {@code per} values a call, the tail by the sequential scalar kernel; packing is that kernel's. */
    private record RoutineKernel(Routine routine, int per) implements BlockKernel32 {
        @Override
        public int packedBytes(int len, int width) {
            return SEQ.packedBytes(len, width);
        }

        @Override
        public int pack(int[] in, int inOff, int len, int width, byte[] out, int outOff) {
            return SEQ.pack(in, inOff, len, width, out, outOff);
        }

        @Override
        public void unpack(byte[] in, int inOff, int len, int width, int[] out, int outOff) {
            int whole = len / per;
            int step = per / 8 * width; // per is a multiple of 8: every call starts on a byte
            for (int k = 0; k < whole; k++) routine.unpack(in, inOff + k * step, width, out, outOff + k * per);
            int done = whole * per;
            if (done < len) SEQ.unpack(in, inOff + whole * step, len - done, width, out, outOff + done);
        }
    }
}
