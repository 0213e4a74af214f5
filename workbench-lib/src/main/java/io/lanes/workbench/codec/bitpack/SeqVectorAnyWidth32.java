package io.lanes.workbench.codec.bitpack;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.ShortVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * Sequential LSB-first unpacking of int32 values at a width read from tables, not dispatched:
 * the same code runs for every width 0..32, so a caller whose width changes from call to call (a
 * DELTA_BINARY_PACKED page, one width per 32-value miniblock) pays no mispredicted jump on it. The
 * per-width code ({@link SeqVectorCode32}) needs fewer instructions per value and wins on long runs.
 *
 * <p>A group of 32 values at width w is exactly 4w bytes. Lane j of the register holding values
 * {@code [r*L, r*L+L)} of a group needs the bits from {@code r*L*w + j*w}: a table row for (w, r)
 * gives each lane its word within one register load (a lane selection) and its right shift; the
 * bits that spill into the next word come through the same selection from a second load one word
 * later, times {@code 2^(32-shift)} (0 when the shift is 0, where a Java shift by 32 would be taken
 * mod 32 and keep the word). Uses the preferred species. Stateless and thread-safe; reads up to
 * {@link #REACH} bytes past a group's data, never writes {@code in}.
 */
public final class SeqVectorAnyWidth32 {
    /** The species of every register here. */
    public static final VectorSpecies<Integer> SPECIES = IntVector.SPECIES_PREFERRED;
    private static final VectorSpecies<Byte> B = ByteVector.SPECIES_PREFERRED;
    private static final int L = SPECIES.length();
    /** Values per chunk: {@link #unpack} takes whole chunks (a chunk is {@code 4*width} bytes). */
    static final int CHUNK = 32;
    /** Registers per 32-value group. */
    public static final int REGISTERS = 32 / L;
    /** Bytes past a group's data its register loads may read: one register and a word. */
    public static final int REACH = 4 * L + 4;

    /**
     * Table rows per width: 64 although widths stop at 32, so that an index masked to
     * {@code ROWS * REGISTERS - 1} (a power of two) is provably in range and callers' loops carry no
     * bounds check on the tables.
     */
    private static final int ROWS = 64;
    /** Row (w*REGISTERS + r): byte offset, from the group, of register r's load at width w. */
    private static final int[] LOAD = new int[ROWS * REGISTERS];
    /** Row (w*REGISTERS + r), L lanes each: the lane's word in the load, its right shift, the spill multiplier. */
    private static final int[] WORD = new int[ROWS * REGISTERS * L], SHR = new int[ROWS * REGISTERS * L], MUL = new int[ROWS * REGISTERS * L];
    /** Value mask per width. */
    private static final int[] MASK = new int[ROWS];
    private static final VectorSpecies<Short> H = ShortVector.SPECIES_PREFERRED;
    /**
     * Widths up to this take the half-word route; at 512 bits only, where AVX-512 has a 16-bit
     * permute ({@code vpermw}) and AVX2 has none (the rule of {@code KernelGenerator}).
     */
    private static final int HALF = SPECIES.vectorBitSize() == 512 ? 17 : -1;
    private static final int[] HLOAD = new int[ROWS * REGISTERS];
    private static final short[] HWORD = new short[ROWS * REGISTERS * 2 * L];
    private static final int[] HSHR = new int[ROWS * REGISTERS * L];

    static {
        for (int w = 0; w <= 32; w++) {
            MASK[w] = w == 32 ? -1 : (1 << w) - 1;
            for (int r = 0; r < REGISTERS; r++) {
                int row = w * REGISTERS + r, bit0 = r * L * w;
                LOAD[row] = 4 * (bit0 >>> 5);
                for (int j = 0; j < L; j++) {
                    int bit = (bit0 & 31) + j * w;
                    WORD[row * L + j] = bit >>> 5;
                    SHR[row * L + j] = bit & 31;
                    MUL[row * L + j] = (int) (1L << (32 - (bit & 31)));
                    int hb = (bit0 & 15) + j * w;
                    HWORD[2 * (row * L + j)] = (short) (hb >>> 4);
                    HWORD[2 * (row * L + j) + 1] = (short) ((hb >>> 4) + 1);
                    HSHR[row * L + j] = hb & 15;
                }
                HLOAD[row] = 2 * (bit0 >>> 4);
            }
        }
    }

    private SeqVectorAnyWidth32() {
    }

    /** The bit size of {@link #SPECIES}. */
    static int vectorBits() {
        return SPECIES.vectorBitSize();
    }

    /** The value mask of {@code width} (0..32) in every lane, for {@link #register}. */
    public static IntVector mask(int width) {
        return IntVector.broadcast(SPECIES, MASK[width & (ROWS - 1)]);
    }

    /**
     * Register {@code r} (0 until {@link #REGISTERS}) of the group packed at {@code width} (0..32)
     * from {@code in[p...]}, {@code mask} being {@link #mask}{@code (width)}. The caller guarantees
     * {@code p + 4*width + REACH <= in.length}.
     */
    public static IntVector register(byte[] in, int p, int width, int r, IntVector mask) {
        int row = (width * REGISTERS + r) & (ROWS * REGISTERS - 1);
        if (width <= HALF) {
            ShortVector halves = ShortVector.fromArray(H, HWORD, 2 * L * row);
            return halves.selectFrom(ByteVector.fromArray(B, in, p + HLOAD[row]).reinterpretAsShorts()).reinterpretAsInts()
                    .lanewise(VectorOperators.LSHR, IntVector.fromArray(SPECIES, HSHR, row * L)).and(mask);
        }
        int q = p + LOAD[row];
        IntVector word = IntVector.fromArray(SPECIES, WORD, row * L);
        IntVector lo = word.selectFrom(ByteVector.fromArray(B, in, q).reinterpretAsInts());
        IntVector hi = word.selectFrom(ByteVector.fromArray(B, in, q + 4).reinterpretAsInts());
        return lo.lanewise(VectorOperators.LSHR, IntVector.fromArray(SPECIES, SHR, row * L))
                .or(hi.mul(IntVector.fromArray(SPECIES, MUL, row * L)))
                .and(mask);
    }

    /**
     * Unpacks {@code groups} groups of 32 values at {@code width} from {@code in[p...]} into
     * {@code out[o...]}; the caller guarantees {@code p + 4*width*groups + REACH <= in.length}.
     */
    static void unpack(int width, byte[] in, int p, int[] out, int o, int groups) {
        for (int g = 0; g < groups; g++, p += 4 * width) {
            for (int r = 0; r < REGISTERS; r++, o += L) store(in, p, width, r, out, o);
        }
    }

    /**
     * Register {@code r} of the group at {@code p}, stored to {@code out[o...]}. No vector enters or
     * leaves: where C2 leaves a call here out of line (a caller whose profile saw mostly empty runs,
     * so the loop looked cold), a vector returned by {@link #register} or a mask passed in would be
     * boxed on every call, and the decode would allocate.
     */
    private static void store(byte[] in, int p, int width, int r, int[] out, int o) {
        register(in, p, width, r, mask(width)).intoArray(out, o);
    }
}
