package io.lanes.workbench.measure.sweep;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.bitpack.BlockKernel32;
import io.lanes.workbench.codec.bitpack.SeqScalarKernel32;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

import java.util.Arrays;

/**
 * A width-generic probe kernel for register-width sweeps: FastLanes interleaved int32 bit-unpacking
 * (32 lanes; packed word k of lane l at int {@code 32*k + l}; value i in lane {@code i % 32}, row
 * {@code i / 32}; a full block at width w is {@code 128*w} bytes) written once against a
 * {@link VectorSpecies} chosen at construction, so the same source runs at 128, 256 or 512 bits.
 * The bit width comes at run time. Partial blocks (fewer than 1024 values) use the sequential
 * scalar layout, which the page framing allows since their length is known. Output is file order.
 *
 * <p>C2 turns Vector API calls into machine vectors only where the species is a constant and the
 * code sees one vector class. With the three widths in one JVM, a shared loop taking the species as
 * a parameter is compiled once for all three and falls back to boxed vectors (docs/measurements.md),
 * so each width is a subclass whose few-line row loop names its own static final species; the
 * rest (layout, packing, tails) is shared. Stateless; thread-safe.
 */
public abstract sealed class SpeciesUnpackKernel implements BlockKernel32 {
    private static final int LANES = 32;
    private static final int BLOCK = 1024;
    private static final SeqScalarKernel32 TAIL = new SeqScalarKernel32();

    private SpeciesUnpackKernel() {
    }

    /** The kernel at 128, 256 or 512 bits. */
    public static SpeciesUnpackKernel forBits(int bits) {
        return switch (bits) {
            case 128 -> new S128();
            case 256 -> new S256();
            case 512 -> new S512();
            default -> throw new IllegalArgumentException("no " + bits + "-bit kernel; widths are 128, 256 and 512");
        };
    }

    /** Vector width in bits. */
    public abstract int bits();

    private static final class S128 extends SpeciesUnpackKernel {
        private static final VectorSpecies<Integer> I = IntVector.SPECIES_128;
        private static final VectorSpecies<Byte> B = ByteVector.SPECIES_128;

        @Override
        public int bits() {
            return 128;
        }

        @Override
        public void unpack(byte[] in, int inOff, int len, int width, int[] out, int outOff) {
            if (special(in, inOff, len, width, out, outOff)) return;
            int mask = mask(width);
            for (int r = 0; r < LANES; r++) {
                int s = (r * width) & 31;
                int word = inOff + 4 * LANES * ((r * width) >>> 5);
                for (int l = 0; l < LANES; l += I.length()) {
                    IntVector v = ByteVector.fromArray(B, in, word + 4 * l).reinterpretAsInts().lanewise(VectorOperators.LSHR, s);
                    if (s + width > 32) {
                        v = v.or(ByteVector.fromArray(B, in, word + 4 * (LANES + l)).reinterpretAsInts().lanewise(VectorOperators.LSHL, 32 - s));
                    }
                    v.and(mask).intoArray(out, outOff + r * LANES + l);
                }
            }
        }
    }

    private static final class S256 extends SpeciesUnpackKernel {
        private static final VectorSpecies<Integer> I = IntVector.SPECIES_256;
        private static final VectorSpecies<Byte> B = ByteVector.SPECIES_256;

        @Override
        public int bits() {
            return 256;
        }

        @Override
        public void unpack(byte[] in, int inOff, int len, int width, int[] out, int outOff) {
            if (special(in, inOff, len, width, out, outOff)) return;
            int mask = mask(width);
            for (int r = 0; r < LANES; r++) {
                int s = (r * width) & 31;
                int word = inOff + 4 * LANES * ((r * width) >>> 5);
                for (int l = 0; l < LANES; l += I.length()) {
                    IntVector v = ByteVector.fromArray(B, in, word + 4 * l).reinterpretAsInts().lanewise(VectorOperators.LSHR, s);
                    if (s + width > 32) {
                        v = v.or(ByteVector.fromArray(B, in, word + 4 * (LANES + l)).reinterpretAsInts().lanewise(VectorOperators.LSHL, 32 - s));
                    }
                    v.and(mask).intoArray(out, outOff + r * LANES + l);
                }
            }
        }
    }

    private static final class S512 extends SpeciesUnpackKernel {
        private static final VectorSpecies<Integer> I = IntVector.SPECIES_512;
        private static final VectorSpecies<Byte> B = ByteVector.SPECIES_512;

        @Override
        public int bits() {
            return 512;
        }

        @Override
        public void unpack(byte[] in, int inOff, int len, int width, int[] out, int outOff) {
            if (special(in, inOff, len, width, out, outOff)) return;
            int mask = mask(width);
            for (int r = 0; r < LANES; r++) {
                int s = (r * width) & 31;
                int word = inOff + 4 * LANES * ((r * width) >>> 5);
                for (int l = 0; l < LANES; l += I.length()) {
                    IntVector v = ByteVector.fromArray(B, in, word + 4 * l).reinterpretAsInts().lanewise(VectorOperators.LSHR, s);
                    if (s + width > 32) {
                        v = v.or(ByteVector.fromArray(B, in, word + 4 * (LANES + l)).reinterpretAsInts().lanewise(VectorOperators.LSHL, 32 - s));
                    }
                    v.and(mask).intoArray(out, outOff + r * LANES + l);
                }
            }
        }
    }

    @Override
    public int packedBytes(int len, int width) {
        return len == BLOCK ? 128 * width : TAIL.packedBytes(len, width);
    }

    @Override
    public int pack(int[] in, int inOff, int len, int width, byte[] out, int outOff) {
        if (len != BLOCK) return TAIL.pack(in, inOff, len, width, out, outOff);
        int size = 128 * width;
        Arrays.fill(out, outOff, outOff + size, (byte) 0);
        if (width == 0) return 0;
        long mask = width == 32 ? 0xFFFF_FFFFL : (1L << width) - 1;
        for (int i = 0; i < BLOCK; i++) {
            int lane = i % LANES;
            int bit = (i / LANES) * width;
            int k = bit >>> 5;
            int s = bit & 31;
            long v = (in[inOff + i] & mask) << s; // up to 63 bits: the low word and what spills into the next
            int p = outOff + 4 * (LANES * k + lane);
            Bytes.putInt(out, p, Bytes.getInt(out, p) | (int) v);
            if (s + width > 32) {
                int q = p + 4 * LANES;
                Bytes.putInt(out, q, Bytes.getInt(out, q) | (int) (v >>> 32));
            }
        }
        return size;
    }

    /** Handles what is not a full block at a non-zero width; returns true when it did. */
    static boolean special(byte[] in, int inOff, int len, int width, int[] out, int outOff) {
        if (len != BLOCK) {
            TAIL.unpack(in, inOff, len, width, out, outOff);
            return true;
        }
        if (width == 0) {
            Arrays.fill(out, outOff, outOff + BLOCK, 0);
            return true;
        }
        return false;
    }

    static int mask(int width) {
        return width == 32 ? -1 : (1 << width) - 1;
    }
}
