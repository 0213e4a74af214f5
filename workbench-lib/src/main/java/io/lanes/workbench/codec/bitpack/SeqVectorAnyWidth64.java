package io.lanes.workbench.codec.bitpack;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The int64 twin of {@link SeqVectorAnyWidth32}: sequential LSB-first unpacking of long values at
 * a width read from tables, the same code for every width 0..64, so callers whose width changes
 * from call to call (DELTA_BINARY_PACKED miniblocks) pay no mispredicted jump on it. Works in
 * chunks of 32 values (exactly 4w bytes, a DELTA miniblock), where the per-width code needs
 * 64-value groups and leaves a 32-value miniblock to the scalar kernel.
 *
 * <p>Lane j of register r of a chunk needs the bits from {@code r*L*w + j*w}: a table row for
 * (w, r) gives each lane its 64-bit word within one register load and its right shift; the bits
 * that spill into the next word come from a second load one word later, shifted left by
 * {@code 63 - shift} and then by 1 (so a shift of 0 spills nothing, where one shift by 64 would be
 * taken mod 64). Uses the preferred species. Stateless and thread-safe; reads up to {@link #REACH}
 * bytes past a chunk's data, never writes {@code in}.
 */
public final class SeqVectorAnyWidth64 {
    private static final VectorSpecies<Long> SPECIES = LongVector.SPECIES_PREFERRED;
    private static final VectorSpecies<Byte> B = ByteVector.SPECIES_PREFERRED;
    private static final int L = SPECIES.length();
    /** Values per chunk. */
    static final int CHUNK = 32;
    /** Registers per chunk. */
    private static final int REGISTERS = CHUNK / L;
    /** Bytes past a chunk's data its register loads may read: one register and a word. */
    static final int REACH = 8 * L + 8;
    /** Table rows per width: 128 although widths stop at 64, so a masked row index is provably in range. */
    private static final int ROWS = 128;
    /** Row (w*REGISTERS + r): byte offset, from the chunk, of register r's load at width w. */
    private static final int[] LOAD = new int[ROWS * REGISTERS];
    /** Row (w*REGISTERS + r), L lanes each: the lane's word in the load, its right shift, and 63 minus it. */
    private static final long[] WORD = new long[ROWS * REGISTERS * L], SHR = new long[ROWS * REGISTERS * L], SHL = new long[ROWS * REGISTERS * L];
    private static final long[] MASK = new long[ROWS];

    static {
        for (int w = 0; w <= 64; w++) {
            MASK[w] = w == 64 ? -1 : (1L << w) - 1;
            for (int r = 0; r < REGISTERS; r++) {
                int row = w * REGISTERS + r, bit0 = r * L * w;
                LOAD[row] = 8 * (bit0 >>> 6);
                for (int j = 0; j < L; j++) {
                    int bit = (bit0 & 63) + j * w;
                    WORD[row * L + j] = bit >>> 6;
                    SHR[row * L + j] = bit & 63;
                    SHL[row * L + j] = 63 - (bit & 63);
                }
            }
        }
    }

    private SeqVectorAnyWidth64() {
    }

    /** The species of every register here. */
    static int vectorBits() {
        return SPECIES.vectorBitSize();
    }

    /**
     * Unpacks {@code chunks} chunks of 32 values at {@code width} (0..64) from {@code in[p...]} into
     * {@code out[o...]}; the caller guarantees {@code p + 4*width*chunks + REACH <= in.length}.
     */
    static void unpack(int width, byte[] in, int p, long[] out, int o, int chunks) {
        LongVector mask = LongVector.broadcast(SPECIES, MASK[width & (ROWS - 1)]);
        for (int c = 0; c < chunks; c++, p += 4 * width) {
            for (int r = 0; r < REGISTERS; r++, o += L) {
                int row = (width * REGISTERS + r) & (ROWS * REGISTERS - 1);
                int q = p + LOAD[row];
                LongVector word = LongVector.fromArray(SPECIES, WORD, row * L);
                LongVector lo = word.selectFrom(ByteVector.fromArray(B, in, q).reinterpretAsLongs());
                LongVector hi = word.selectFrom(ByteVector.fromArray(B, in, q + 8).reinterpretAsLongs());
                lo.lanewise(VectorOperators.LSHR, LongVector.fromArray(SPECIES, SHR, row * L))
                        .or(hi.lanewise(VectorOperators.LSHL, LongVector.fromArray(SPECIES, SHL, row * L)).lanewise(VectorOperators.LSHL, 1))
                        .and(mask).intoArray(out, o);
            }
        }
    }
}
