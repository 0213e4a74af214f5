package io.lanes.workbench.codec.bitpack;

import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * Sequential LSB-first packing of int32 values with the Vector API, the bytes of
 * {@link SeqScalarKernel32#pack}: a group of 32 values at width w is exactly w words, and each lane
 * of an output register builds one of those words. Word q holds the tail of the value holding bit
 * {@code 32q} (that value shifted right) and then the values starting inside the word (each shifted
 * left), so the register is the OR of a few passes, each a lane selection from the group's values
 * (which sit in {@link #REGISTERS} registers), a variable shift and, after the first pass, a lane
 * mask that zeroes the lanes whose word has fewer values than the pass. Pass counts and lane tables
 * per width are built once; the code is the same for every width, so it has no jump on the width.
 *
 * <p>For the preferred species only, at 256 or 512 bits ({@link #supported()}): at 128 bits a group
 * spans eight registers and the selection would need four two-register permutes per pass. A
 * register's store covers whole vectors of words, so the words past a group's own are written too
 * and rewritten by the next group; {@link #groups} says how many groups may take this route without
 * a store running past the block. Stateless and thread-safe; never writes past the words it is
 * given, never modifies {@code in}.
 */
final class SeqVectorPack32 {
    private static final VectorSpecies<Integer> SPECIES = IntVector.SPECIES_PREFERRED;
    private static final int L = SPECIES.length();
    /** Registers holding one 32-value group. */
    static final int REGISTERS = 32 / L;
    /** Output registers at most per group (width 32). */
    private static final int OUT = 32 / L;
    /** Passes at most per output register: a word at width 1 holds 32 values. */
    private static final int PASSES = 32;
    /**
     * Narrower widths stay with the scalar kernel: a word there takes 4 to 33 passes with at most
     * {@code width} of the register's lanes useful, and the scalar kernel packed widths 1..8 faster
     * (2.3-4.4 against 1.0-3.6 G values/s at 512 bits, docs/measurements.md) and tied at 9.
     */
    static final int MIN_WIDTH = 10;
    /** Passes taken straight-line, not in a loop, when a width needs no more (widths 11 and up). */
    private static final int UNROLLED = 4;
    /** Passes per width and output register, {@code PASS[w * OUT + k]}. */
    private static final int[] PASS = new int[33 * OUT];
    /**
     * Row ((w * OUT + k) * PASSES + t), L lanes each: the value index (0..31) pass t selects for lane
     * j (word {@code k*L + j}), its shift (right in pass 0, left after), and whether it belongs to
     * the word (-1) or not (0; pass 0 always belongs).
     */
    private static final int[] INDEX = new int[33 * OUT * PASSES * L], SHIFT = new int[33 * OUT * PASSES * L], KEEP = new int[33 * OUT * PASSES * L];

    static {
        for (int w = 1; w <= 32; w++) {
            for (int k = 0; k * L < w; k++) {
                int passes = 1;
                for (int j = 0; j < L; j++) {
                    int q = k * L + j;
                    if (q >= w) continue; // a word past the group's: rewritten by the next group
                    int first = 32 * q / w;
                    int row = (w * OUT + k) * PASSES;
                    INDEX[row * L + j] = first;
                    SHIFT[row * L + j] = 32 * q - first * w;
                    KEEP[row * L + j] = -1;
                    int t = 1;
                    for (int v = first + 1; v < 32 && v * w < 32 * q + 32; v++, t++) {
                        INDEX[(row + t) * L + j] = v;
                        SHIFT[(row + t) * L + j] = v * w - 32 * q;
                        KEEP[(row + t) * L + j] = -1;
                    }
                    passes = Math.max(passes, t);
                }
                PASS[w * OUT + k] = passes;
            }
        }
    }

    private SeqVectorPack32() {
    }

    /** Whether the preferred species is one this packer takes: 256 or 512 bits. */
    static boolean supported() {
        return REGISTERS == 2 || REGISTERS == 4;
    }

    /**
     * How many of a block's {@code groups} whole groups at {@code width} (0..32) {@link #pack} takes
     * when the block's packed bytes end {@code blockWords} 32-bit words after its start: none under
     * {@link #MIN_WIDTH}, else those whose every store ends inside the block.
     */
    static int groups(int width, int groups, int blockWords) {
        if (width < MIN_WIDTH) return 0;
        int reach = (width + L - 1) / L * L; // words the last register store of a group covers
        if (blockWords < reach) return 0;
        return Math.min(groups, (blockWords - reach) / width + 1);
    }

    /**
     * Packs {@code groups} groups of 32 values from {@code in[i...]} at {@code width} (1..32), values
     * known to fit the width, into {@code out[p...]}; the caller has bounded {@code groups} by
     * {@link #groups}.
     */
    static void pack(int width, int[] in, int i, byte[] out, int p, int groups) {
        int registers = (width + L - 1) / L;
        for (int g = 0; g < groups; g++, i += 32, p += 4 * width) {
            IntVector a = IntVector.fromArray(SPECIES, in, i);
            IntVector b = IntVector.fromArray(SPECIES, in, i + L);
            IntVector c = REGISTERS == 4 ? IntVector.fromArray(SPECIES, in, i + 2 * L) : a;
            IntVector d = REGISTERS == 4 ? IntVector.fromArray(SPECIES, in, i + 3 * L) : a;
            for (int k = 0; k < registers; k++) {
                int row = (width * OUT + k) * PASSES;
                IntVector word = select(IntVector.fromArray(SPECIES, INDEX, row * L), a, b, c, d)
                        .lanewise(VectorOperators.LSHR, IntVector.fromArray(SPECIES, SHIFT, row * L));
                int passes = PASS[width * OUT + k];
                if (passes <= UNROLLED) {
                    // straight-line (rows past a width's passes keep nothing): a loop of 2 to 4
                    // trips here ran at two thirds of the speed
                    word = word.or(pass(row + 1, a, b, c, d)).or(pass(row + 2, a, b, c, d)).or(pass(row + 3, a, b, c, d));
                } else {
                    for (int t = 1; t < passes; t++) word = word.or(pass(row + t, a, b, c, d));
                }
                word.reinterpretAsBytes().intoArray(out, p + 4 * L * k);
            }
        }
    }

    /**
     * Pass {@code row}'s contribution: selected lanes shifted left, lanes past their word's values
     * zeroed. Small enough that C2 inlines it into the group loop; the figures of
     * docs/measurements.md were taken with no allocation in that loop (a vector crossing a call C2
     * leaves out of line would be boxed).
     */
    private static IntVector pass(int row, IntVector a, IntVector b, IntVector c, IntVector d) {
        int at = row * L;
        return select(IntVector.fromArray(SPECIES, INDEX, at), a, b, c, d)
                .lanewise(VectorOperators.LSHL, IntVector.fromArray(SPECIES, SHIFT, at))
                .and(IntVector.fromArray(SPECIES, KEEP, at));
    }

    /** Lanes {@code index} (0..31) of the group held in {@code a, b} (two registers) or {@code a..d} (four). */
    private static IntVector select(IntVector index, IntVector a, IntVector b, IntVector c, IntVector d) {
        IntVector low = index.selectFrom(a, b);
        if (REGISTERS == 2) return low;
        return low.blend(index.selectFrom(c, d), index.compare(VectorOperators.GE, 2 * L));
    }
}
