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
 * (which sit in two registers), a variable shift and, after the first pass, a lane
 * mask that zeroes the lanes whose word has fewer values than the pass. Pass counts and lane tables
 * per width are built once; the code is the same for every width, so it has no jump on the width.
 *
 * <p>For the preferred species only, and only at 512 bits ({@link #supported()}), where a group is
 * two registers and the selection is one two-register permute ({@code vpermt2d}). AVX2 has no such
 * permute: at 256 bits (a group in four registers, two selections and a blend per pass) this packer
 * made the whole encode 0.3-0.5x as fast as the scalar kernel's (docs/measurements.md), and at 128 bits a group is eight
 * registers. A
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
     * (2.4-4.4 against 1.0-3.6 G values/s at 512 bits, docs/measurements.md) and tied at 9.
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
    private static final int[] INDEX = new int[table()], SHIFT = new int[table()], KEEP = new int[table()];

    static {
        for (int w = 1; w <= 32 && supported(); w++) {
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

    /** Lane-table length: none where the packer is not {@link #supported()}. */
    private static int table() {
        return supported() ? 33 * OUT * PASSES * L : 0;
    }

    /** Whether the preferred species is the one this packer takes: 512 bits, a group in two registers. */
    static boolean supported() {
        return REGISTERS == 2;
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
        // callers pass none where the packer is not supported, and its lane tables are then empty
        if (groups == 0) return;
        // one output register of every group at a time, so a register's lane tables are loaded once per
        // call, not once per group; from the last register down, because a group's last register may
        // write past its own words into the next group's first register's words, which the later pass
        // of first registers rewrites (a first register's store stays inside its group's words: w >= L)
        for (int k = (width + L - 1) / L - 1; k >= 0; k--) {
            int row = (width * OUT + k) * PASSES;
            int passes = PASS[width * OUT + k];
            if (passes <= UNROLLED) packUnrolled(row, in, i, out, p + 4 * L * k, 4 * width, groups);
            else packLooped(row, passes, in, i, out, p + 4 * L * k, 4 * width, groups);
        }
    }

    /**
     * Output register {@code row} of each group with at most {@link #UNROLLED} passes, straight-line
     * (rows past a width's passes keep nothing; a loop of 2 to 4 trips here packed 20-35% slower),
     * the lane tables in registers across the group loop; {@code step} is a group's bytes.
     */
    private static void packUnrolled(int row, int[] in, int i, byte[] out, int q, int step, int groups) {
        int at = row * L;
        IntVector x0 = IntVector.fromArray(SPECIES, INDEX, at), s0 = IntVector.fromArray(SPECIES, SHIFT, at);
        IntVector x1 = IntVector.fromArray(SPECIES, INDEX, at + L), s1 = IntVector.fromArray(SPECIES, SHIFT, at + L);
        IntVector k1 = IntVector.fromArray(SPECIES, KEEP, at + L);
        IntVector x2 = IntVector.fromArray(SPECIES, INDEX, at + 2 * L), s2 = IntVector.fromArray(SPECIES, SHIFT, at + 2 * L);
        IntVector k2 = IntVector.fromArray(SPECIES, KEEP, at + 2 * L);
        IntVector x3 = IntVector.fromArray(SPECIES, INDEX, at + 3 * L), s3 = IntVector.fromArray(SPECIES, SHIFT, at + 3 * L);
        IntVector k3 = IntVector.fromArray(SPECIES, KEEP, at + 3 * L);
        for (int g = 0; g < groups; g++, i += 32, q += step) {
            IntVector a = IntVector.fromArray(SPECIES, in, i);
            IntVector b = IntVector.fromArray(SPECIES, in, i + L);
            x0.selectFrom(a, b).lanewise(VectorOperators.LSHR, s0)
                    .or(x1.selectFrom(a, b).lanewise(VectorOperators.LSHL, s1).and(k1))
                    .or(x2.selectFrom(a, b).lanewise(VectorOperators.LSHL, s2).and(k2))
                    .or(x3.selectFrom(a, b).lanewise(VectorOperators.LSHL, s3).and(k3))
                    .reinterpretAsBytes().intoArray(out, q);
        }
    }

    /** As {@link #packUnrolled} for a register of more passes, taken in a loop, tables loaded per pass. */
    private static void packLooped(int row, int passes, int[] in, int i, byte[] out, int q, int step, int groups) {
        for (int g = 0; g < groups; g++, i += 32, q += step) {
            IntVector a = IntVector.fromArray(SPECIES, in, i);
            IntVector b = IntVector.fromArray(SPECIES, in, i + L);
            IntVector word = IntVector.fromArray(SPECIES, INDEX, row * L).selectFrom(a, b)
                    .lanewise(VectorOperators.LSHR, IntVector.fromArray(SPECIES, SHIFT, row * L));
            for (int t = 1; t < passes; t++) word = word.or(pass(row + t, a, b));
            word.reinterpretAsBytes().intoArray(out, q);
        }
    }

    /**
     * Pass {@code row}'s contribution: selected lanes shifted left, lanes past their word's values
     * zeroed. Small enough that C2 inlines it into the group loop; the figures of
     * docs/measurements.md were taken with no allocation in that loop (a vector crossing a call C2
     * leaves out of line would be boxed).
     */
    private static IntVector pass(int row, IntVector a, IntVector b) {
        int at = row * L;
        return IntVector.fromArray(SPECIES, INDEX, at).selectFrom(a, b)
                .lanewise(VectorOperators.LSHL, IntVector.fromArray(SPECIES, SHIFT, at))
                .and(IntVector.fromArray(SPECIES, KEEP, at));
    }
}
