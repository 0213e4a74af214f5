package io.lanes.workbench.codec.frame;

import io.lanes.workbench.codec.GenerateSources;
import io.lanes.workbench.codec.bitpack.KernelSource.Src;
import io.lanes.workbench.codec.bitpack.KernelSource.Ty;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static io.lanes.workbench.codec.bitpack.KernelSource.*;

/**
 * Writes the frame-of-reference and delta decode kernels, per value type (int32, int64) and vector
 * shape (128/256/512 bits): sequential LSB-first unpacking with the frame added
 * ({@code codec/frame/SeqFrame*Gen*}), and FastLanes unpacking of one 1024-value block with the frame
 * added, in row order or file order, and with a per-lane prefix sum fused in
 * ({@code codec/fastlanes/FlFrame*Gen*}), plus the decoder of a FastLanes delta block's lane anchors
 * (one group of sequentially packed slots, summed and permuted to lane order in registers). Every width gets its own unrolled methods whose shifts,
 * masks and word loads are constants, as in {@code io.lanes.workbench.codec.bitpack.KernelGenerator}
 * (which writes the plain unpackers these extend; its layouts and lane tables are the same); the
 * FastLanes row-order kernels ({@code rows}, {@code deltaRows}) take that generator's shapes too: a loop
 * over periods of rows or over words where the width allows ({@link #rowsLoop}), else (int32) bands a
 * row across every lane group.
 *
 * <p>Unrolled on purpose: with the width a run-time value instead of constants, C2 does not recover
 * the shifts, and the looped forms measured 12-67% slower on every large family (int64 {@code unpack}
 * at 128 bits alone tied or won); a looped packer made encode 15-30% slower. The runs, their bench
 * lines and figures: {@code docs/kernels.md}.
 *
 * <p>A build-time program, not part of the library: Maven's {@code generate-sources} phase runs it
 * through {@link io.lanes.workbench.codec.GenerateSources} into {@code target/generated-sources/kernels};
 * nothing it writes is tracked in git.
 */
public final class FrameKernelGenerator {
    private static final String HEADER = GenerateSources.header(FrameKernelGenerator.class, "");
    private static final String FRAME = "io/lanes/workbench/codec/kernel/";
    private static final String FASTLANES = "io/lanes/workbench/codec/kernel/";
    private FrameKernelGenerator() {
    }


    /** Every generated file: path relative to the source root, mapped to its content. */
    public static Map<String, String> generate() {
        Map<String, String> files = new TreeMap<>();
        for (Ty t : Ty.values()) {
            for (int vb : VECTOR_BITS) {
                files.putAll(split(FRAME + "SeqFrame" + t.bits + "Gen" + vb + ".java", seqFrame(t, vb)));
                files.putAll(split(FASTLANES + "FlFrame" + t.bits + "Gen" + vb + ".java", flFrame(t, vb)));
            }
        }
        return files;
    }

    /** Declares the width's mask vector {@code m} (not needed at the full width) and the frame vector {@code f}. */
    private static void maskAndFrame(Src s, Ty t, int w) {
        if (w > 0 && w < t.bits) s.line(t.vec + " m = " + t.vec + ".broadcast(S, " + t.mask(w) + ");");
        s.line(t.vec + " f = " + t.vec + ".broadcast(S, frame);");
    }

    // ------------------------------------------------------------------------------------------
    // Sequential: a group of T values at width W is exactly W words of T bits. Output vector j of a
    // group (values j*VL .. j*VL+VL-1) is cut from the VL words starting at word k0(j): lane e takes
    // word IDX[e] >>> SHR[e], OR-ed with the next word << SHL[e] where the value straddles two words.
    // Where it does not, SHL is T-1: the stray bit lands at position T-1 >= W and the mask clears it.

    /** {@code v} with its lanes picked by the index vector {@code idx} (no pick when null). */
    private static String select(String idx, String v) {
        return idx == null ? v : idx + ".selectFrom(" + v + ")";
    }

    private static String seqFrame(Ty t, int vb) {
        int vl = vb / t.bits;
        int perGroup = t.bits / vl;
        String cls = "SeqFrame" + t.bits + "Gen" + vb;
        Src s = new Src(HEADER);
        s.line("package io.lanes.workbench.codec.kernel;").line("");
        s.line("import jdk.incubator.vector.ByteVector;");
        s.line("import jdk.incubator.vector." + t.vec + ";");
        s.line("import jdk.incubator.vector.VectorSpecies;").line("");
        s.line("import java.util.Arrays;").line("");
        s.line("import static jdk.incubator.vector.VectorOperators.LSHL;");
        s.line("import static jdk.incubator.vector.VectorOperators.LSHR;").line("");
        s.lines("""
                /**
                 * Sequential LSB-first unpacking of %s values with %d-bit vectors (%d lanes) and the frame of
                 * reference added, one unrolled method per width: output vector j of a %d-value group is cut from
                 * the words at its first word by a lane select and a variable shift (and, where a value
                 * straddles two words, the next word's high bits), masked, and the frame added before the store.
                 * Lane tables are built once at class initialisation and loaded as index vectors once per call:
                 * a {@code VectorShuffle} built from an array runs a Java loop per call, which costs more than
                 * unpacking a 1024-value block. Stateless and thread-safe.
                 */
                """.formatted(t.prim, vb, vl, t.bits));
        s.line("final class " + cls + " implements SeqFrameCode" + t.bits + " {");
        s.line("private static final VectorSpecies<" + t.box + "> S = " + t.vec + ".SPECIES_" + vb + ";");
        s.line("private static final VectorSpecies<Byte> B = ByteVector.SPECIES_" + vb + ";");
        s.line("private static final int VL = " + vl + ";");
        s.line("private static final int PER_GROUP = " + perGroup + ";");
        s.line("/** Per (width, output vector j, lane): the lane's word, right shift and left shift. */");
        s.line("private static final " + t.prim + "[] IDX = new " + t.prim + "[" + (t.bits + 1) + " * PER_GROUP * VL];");
        s.line("private static final " + t.prim + "[] SHR = new " + t.prim + "[IDX.length];");
        s.line("private static final " + t.prim + "[] SHL = new " + t.prim + "[IDX.length];");
        StringBuilder rb = new StringBuilder();
        for (int w = 0; w <= t.bits; w++) {
            int max = 0;
            for (int j = 0; j < perGroup; j++) {
                Pattern pt = Pattern.of(t, vl, w, j);
                max = Math.max(max, (pt.k0() + vl + (pt.straddles() ? 1 : 0)) * t.bytes());
            }
            rb.append(w == 0 ? "" : ", ").append(w == t.bits ? w * t.bytes() : w == 0 ? 0 : max);
        }
        s.line("/** Bytes from a group's start that the vector code of each width may load. */");
        s.line("private static final int[] READ = {" + rb + "};").line("");
        s.line("static {");
        s.line("for (int w = 0; w <= " + t.bits + "; w++) {");
        s.line("for (int j = 0; j < PER_GROUP; j++) {");
        s.line("int s0 = (int) ((long) j * VL * w % " + t.bits + ");");
        s.line("for (int e = 0; e < VL; e++) {");
        s.line("int b = s0 + e * w;");
        s.line("int at = (w * PER_GROUP + j) * VL + e;");
        s.line("IDX[at] = b / " + t.bits + ";");
        s.line("SHR[at] = b % " + t.bits + ";");
        s.line("SHL[at] = b % " + t.bits + " + w > " + t.bits + " ? " + t.bits + " - b % " + t.bits + " : " + (t.bits - 1) + ";");
        s.line("}").line("}").line("}").line("}").line("");
        s.line("@Override");
        s.line("public int readBytes(int width) {");
        s.line("return READ[width];");
        s.line("}").line("");
        List<List<int[]>> bandsOf = new ArrayList<>();
        for (int w = 0; w <= t.bits; w++) {
            int fw = w;
            bandsOf.add(w == t.bits ? List.<int[]>of(new int[] {0, perGroup}) : bands(perGroup, j -> Pattern.of(t, vl, fw, j).cost()));
        }
        String args = "(in, p, out, o, groups, frame)";
        s.line("@Override");
        s.line("public void unpack(int width, byte[] in, int p, " + t.prim + "[] out, int o, int groups, " + t.prim + " frame) {");
        widthSwitch(s, t, "Arrays.fill(out, o, o + " + t.bits + " * groups, frame);", w -> calls("unpack", w, bandsOf.get(w).size(), args));
        String sig = "(byte[] in, int p, " + t.prim + "[] out, int o, int groups, " + t.prim + " frame) {";
        String loop = "for (int g = 0; g < groups; g++, p += %d, o += " + t.bits + ") {";
        for (int w = 1; w <= t.bits; w++) {
            List<int[]> bs = bandsOf.get(w);
            for (int band = 0; band < bs.size(); band++) {
                int[] range = bs.get(band);
                s.line("");
                s.line("private static void unpack" + w + "_" + band + sig);
                Map<String, Integer> constOf = new LinkedHashMap<>();
                for (int j = range[0]; j < range[1] && w < t.bits; j++) {
                    Pattern pt = Pattern.of(t, vl, w, j);
                    if (constOf.containsKey(pt.key())) continue;
                    int c = constOf.size();
                    constOf.put(pt.key(), c);
                    int at = (w * perGroup + j) * vl;
                    if (!pt.identity()) s.line(t.vec + " x" + c + " = " + t.vec + ".fromArray(S, IDX, " + at + ");");
                    if (!pt.noShift()) s.line(t.vec + " r" + c + " = " + t.vec + ".fromArray(S, SHR, " + at + ");");
                    if (pt.straddles()) s.line(t.vec + " l" + c + " = " + t.vec + ".fromArray(S, SHL, " + at + ");");
                }
                maskAndFrame(s, t, w);
                s.line(loop.formatted(w * t.bytes()));
                for (int j = range[0]; j < range[1]; j++) {
                    if (w == t.bits) {
                        s.line(t.load("in", "p + " + j * vl * t.bytes()) + ".add(f).intoArray(out, o + " + j * vl + ");");
                        continue;
                    }
                    Pattern pt = Pattern.of(t, vl, w, j);
                    int c = constOf.get(pt.key());
                    String sel = pt.identity() ? null : "x" + c;
                    String e = select(sel, t.load("in", "p + " + pt.k0() * t.bytes()));
                    if (!pt.noShift()) e += ".lanewise(LSHR, r" + c + ")";
                    if (pt.straddles()) e += ".or(" + select(sel, t.load("in", "p + " + (pt.k0() + 1) * t.bytes())) + ".lanewise(LSHL, l" + c + "))";
                    s.line(e + ".and(m).add(f).intoArray(out, o + " + j * vl + ");");
                }
                s.line("}").line("}");
            }
        }
        s.line("}");
        return s.toString();
    }

    // ------------------------------------------------------------------------------------------
    // FastLanes: a 1024-value block is T rows of 1024/T lanes; lane l's rows are packed LSB-first into
    // W words of T bits, word k of lane l at word index LANES*k + l (byte 128*k + l*T/8). A band method
    // handles some rows of every group of VL adjacent lanes of one block.

    /** The four FastLanes entry points: frame or delta, row order or file order (FL_ORDER restored in registers). */
    /** The ops that also read a row-order grid of values ({@code flatGrid}, {@code deltaFlatGrid}): the grid routes of the FastLanes delta codecs ({@code FlDeltaRoute}). */
    private static final FlOp[] GRID_OPS = {FlOp.FLAT, FlOp.DELTA_FLAT};

    private enum FlOp {
        ROWS("rows", false, false),
        FLAT("flat", true, false),
        DELTA_ROWS("deltaRows", false, true),
        DELTA_FLAT("deltaFlat", true, true);

        final String name;
        final boolean flat;
        final boolean delta;

        FlOp(String name, boolean flat, boolean delta) {
            this.name = name;
            this.flat = flat;
            this.delta = delta;
        }
    }

    // ------------------------------------------------------------------------------------------
    // Lane anchors of a FastLanes delta block: LANES slots packed sequentially at width W (slot 0 holds
    // 0). Anchor k (chain order) is base + sum over slots 1..k of (slot + frame), computed as
    // (base - frame) + inclusive prefix of (slot + frame) in registers, then stored in lane order: for
    // int32 FL_ORDER, chain k is lane k/2 + 16*(k%2) (two-source selects), otherwise chain k is lane k.

    private static void anchorTables(Src s, Ty t, int vl, int lanes) {
        int per = lanes / vl;
        StringBuilder rb = new StringBuilder();
        for (int w = 0; w <= t.bits; w++) {
            int max = 0;
            for (int j = 0; w > 0 && j < per; j++) {
                Pattern pt = Pattern.of(t, vl, w, j);
                max = Math.max(max, (pt.k0() + vl + (pt.straddles() ? 1 : 0)) * t.bytes());
            }
            rb.append(w == 0 ? "" : ", ").append(max);
        }
        s.line("/** Bytes from the anchors' start that the anchor code of each width may load. */");
        s.line("private static final int[] ANCHOR_READ = {" + rb + "};");
        s.line("/** Per (width, slot vector j, lane): the lane's word, right shift and left shift. */");
        s.line("private static final " + t.prim + "[] AIDX = new " + t.prim + "[" + (t.bits + 1) * per * vl + "];");
        s.line("private static final " + t.prim + "[] ASHR = new " + t.prim + "[AIDX.length];");
        s.line("private static final " + t.prim + "[] ASHL = new " + t.prim + "[AIDX.length];");
        s.line("/** Lane i takes lane i - st (zero below st): the steps of the in-register prefix sum. */");
        for (int st = 1; st < vl; st *= 2) {
            s.line("private static final VectorShuffle<" + t.box + "> UP" + st + " = VectorShuffle.fromOp(S, i -> (i - " + st + ") & " + (vl - 1) + ");");
            s.line("private static final VectorMask<" + t.box + "> AT" + st + " = VectorMask.fromLong(S, " + String.format("0x%xL", ((vl == 64 ? 0 : (1L << vl)) - 1) & ~((1L << st) - 1)) + ");");
        }
        s.line("/** Every lane takes the last: the running total carried to the next vector. */");
        s.line("private static final VectorShuffle<" + t.box + "> LAST = VectorShuffle.fromOp(S, i -> " + (vl - 1) + ");");
        s.line("/** 0, 1, ..., " + (vl - 1) + ": a lane's chain within its vector, in lane order (the width-0 ramp). */");
        s.line("private static final " + t.vec + " IOTA = " + t.vec + ".zero(S).addIndex(1);");
        if (t.bits == 32) {
            for (int a = 0; a < lanes / vl; a++) {
                int[] src = chainSources(vl, a);
                StringBuilder ib = new StringBuilder();
                StringBuilder kb = new StringBuilder();
                for (int i = 0; i < vl; i++) {
                    int at = 2 * (a * vl % 16 + i) + a * vl / 16 - src[0] * vl;
                    ib.append(i == 0 ? "" : ", ").append(at);
                    kb.append(i == 0 ? "" : ", ").append(src[0] * vl + at);
                }
                s.line("/** FL_ORDER lanes " + a * vl + ".." + (a * vl + vl - 1) + ": their chains' positions in anchor vectors " + src[0] + " and " + (src[0] + 1) + ". */");
                s.line("private static final " + t.vec + " CHAIN" + a + " = " + t.vec + ".fromArray(S, new " + t.prim + "[] {" + ib + "}, 0);");
                s.line("/** FL_ORDER lanes " + a * vl + ".." + (a * vl + vl - 1) + ": their chains. */");
                s.line("private static final " + t.vec + " CHAINK" + a + " = " + t.vec + ".fromArray(S, new " + t.prim + "[] {" + kb + "}, 0);");
            }
        }
        s.line("");
        s.line("static {");
        s.line("for (int w = 0; w <= " + t.bits + "; w++) {");
        s.line("for (int j = 0; j < " + per + "; j++) {");
        s.line("int s0 = (int) ((long) j * " + vl + " * w % " + t.bits + ");");
        s.line("for (int e = 0; e < " + vl + "; e++) {");
        s.line("int b = s0 + e * w;");
        s.line("int at = (w * " + per + " + j) * " + vl + " + e;");
        s.line("AIDX[at] = b / " + t.bits + ";");
        s.line("ASHR[at] = b % " + t.bits + ";");
        s.line("ASHL[at] = b % " + t.bits + " + w > " + t.bits + " ? " + t.bits + " - b % " + t.bits + " : " + (t.bits - 1) + ";");
        s.line("}").line("}").line("}").line("}");
    }

    /** Anchor vectors (chain order) feeding FL_ORDER lane vector {@code a}: the first of two consecutive ones. */
    private static int[] chainSources(int vl, int a) {
        int half = a * vl / 16;
        int k0 = 2 * (a * vl - 16 * half) + half;
        return new int[] {k0 / vl};
    }

    private static void anchorMethods(Src s, Ty t, int vl, int lanes) {
        int per = lanes / vl;
        String sig = "(byte[] in, int p, " + t.prim + " base, " + t.prim + " frame, boolean flOrder, " + t.prim + "[] acc)";
        s.line("");
        s.line("@Override");
        s.line("public int anchorReadBytes(int width) {");
        s.line("return ANCHOR_READ[width];");
        s.line("}").line("");
        s.line("@Override");
        s.line("public void anchors(int width, byte[] in, int p, " + t.prim + " base, " + t.prim + " frame, boolean flOrder, " + t.prim + "[] acc) {");
        widthSwitch(s, t, null, w -> "anchors" + w + "(in, p, base, frame, flOrder, acc);");
        anchorRamp(s, t, vl, per, sig);
        for (int w = 1; w <= t.bits; w++) {
            s.line("");
            s.line("private static void anchors" + w + sig + " {");
            if (w < t.bits) s.line(t.vec + " m = " + t.vec + ".broadcast(S, " + t.mask(w) + ");");
            s.line(t.vec + " f = " + t.vec + ".broadcast(S, frame);");
            for (int j = 0; j < per; j++) {
                String e;
                if (w == t.bits) e = t.load("in", "p + " + j * vl * t.bytes()) + ".add(f)";
                else {
                    Pattern pt = Pattern.of(t, vl, w, j);
                    int at = (w * per + j) * vl;
                    if (!pt.identity()) s.line(t.vec + " x" + j + " = " + t.vec + ".fromArray(S, AIDX, " + at + ");");
                    String sel = pt.identity() ? null : "x" + j;
                    e = select(sel, t.load("in", "p + " + pt.k0() * t.bytes()));
                    if (!pt.noShift()) e += ".lanewise(LSHR, " + t.vec + ".fromArray(S, ASHR, " + at + "))";
                    if (pt.straddles()) {
                        e += ".or(" + select(sel, t.load("in", "p + " + (pt.k0() + 1) * t.bytes())) + ".lanewise(LSHL, " + t.vec + ".fromArray(S, ASHL, " + at + ")))";
                    }
                    e += ".and(m).add(f)";
                }
                s.line(t.vec + " e" + j + " = " + e + ";");
                for (int st = 1; st < vl; st *= 2) s.line("e" + j + " = e" + j + ".add(e" + j + ".rearrange(UP" + st + ", AT" + st + "));");
            }
            s.line(t.vec + " c = " + t.vec + ".broadcast(S, base - frame);");
            for (int j = 0; j < per; j++) {
                s.line("e" + j + " = e" + j + ".add(c);");
                if (j < per - 1) s.line("c = e" + j + ".rearrange(LAST);");
            }
            if (t.bits == 32) {
                s.line("if (flOrder) {");
                for (int a = 0; a < per; a++) {
                    int q = chainSources(vl, a)[0];
                    s.line("CHAIN" + a + ".selectFrom(e" + q + ", e" + (q + 1) + ").intoArray(acc, " + a * vl + ");");
                }
                s.line("return;");
                s.line("}");
            }
            for (int j = 0; j < per; j++) s.line("e" + j + ".intoArray(acc, " + j * vl + ");");
            s.line("}");
        }
    }

    /**
     * Width 0: every slot is 0, so chain k's anchor is base + k * frame, a ramp with no prefix sum (the
     * common case of runs and regular steps, where the sum's dependent permutes cost a fifth of a block).
     */
    private static void anchorRamp(Src s, Ty t, int vl, int per, String sig) {
        s.line("");
        s.line("private static void anchors0" + sig + " {");
        s.line(t.vec + " f = " + t.vec + ".broadcast(S, frame);");
        if (t.bits == 32) {
            s.line("if (flOrder) {");
            s.line(t.vec + " b = " + t.vec + ".broadcast(S, base);");
            for (int a = 0; a < per; a++) s.line("CHAINK" + a + ".mul(f).add(b).intoArray(acc, " + a * vl + ");");
            s.line("return;");
            s.line("}");
        }
        s.line(t.vec + " r = IOTA.mul(f);");
        for (int j = 0; j < per; j++) s.line("r.add(" + (j == 0 ? "base" : "base + " + j * vl + " * frame") + ").intoArray(acc, " + j * vl + ");");
        s.line("}");
    }

    private static String flFrame(Ty t, int vb) {
        int vl = vb / t.bits;
        int lanes = 1024 / t.bits;
        String cls = "FlFrame" + t.bits + "Gen" + vb;
        Src s = new Src(HEADER);
        flImports(s, t, vb, true);
        s.lines("""
                /**
                 * FastLanes unpacking of one 1024-value block of %s values with %d-bit vectors (%d lanes of %d
                 * rows, %d lanes per vector), with a frame of reference added to every value, and for the delta
                 * entry points a per-lane running sum: row r of lane l becomes {@code acc[l] += value + frame}.
                 * Per width, unrolled bands of rows or a loop over their periods or words. The {@code flat} entry points restore file order
                 * from FL_ORDER data in registers: every %dx%d tile of rows is transposed by %d butterfly stages
                 * (%s per vector and stage), so each stored vector is a run of consecutive values of one lane%s.
                 * {@code anchors} decodes a delta block's lane bases in registers. Stateless and thread-safe.
                 */
                """.formatted(t.prim, vb, lanes, t.bits, vl, vl, vl, Integer.numberOfTrailingZeros(vl),
                butterflyOp(t, vb), direct(FlOp.FLAT, t, vb, 1)
                        ? "; at widths 1..6 and 8 each lane's words are unpacked straight into its run, with no tile, and at 7"
                        + " and 9..16 two rows share a vector's 16-bit halves, so a tile restores 128 values" : ""));
        s.line("final class " + cls + " implements FlFrameCode" + t.bits + " {");
        s.line("private static final VectorSpecies<" + t.box + "> S = " + t.vec + ".SPECIES_" + vb + ";");
        s.line("private static final VectorSpecies<Byte> B = ByteVector.SPECIES_" + vb + ";");
        transposeConstants(s, t, vb);
        StringBuilder ramp = new StringBuilder();
        for (int i = 1; i <= vl; i++) ramp.append(i == 1 ? "" : ", ").append(i);
        s.line("/** 1, 2, ..., VL: a lane run's steps of the frame at width 0. */");
        s.line("private static final " + t.vec + " RAMP = " + t.vec + ".fromArray(S, new " + t.prim + "[] {" + ramp + "}, 0);");
        if (frameKept(FlOp.FLAT, t, vb)) {
            s.line("/** Zero lanes the flat kernels add their frame to, so C2 keeps the sum in a register (see frameKept in the generator). */");
            s.line("private static final IntVector ZERO = IntVector.zero(S);");
        }
        anchorTables(s, t, vl, lanes);
        Map<String, Integer> directAt = directTable(s, t, vb);
        Map<FlOp, List<List<int[]>>> bandsOf = new LinkedHashMap<>();
        for (FlOp op : FlOp.values()) {
            List<List<int[]>> perWidth = new ArrayList<>();
            for (int w = 0; w <= t.bits; w++) {
                int fw = w;
                int extra = op.delta ? 2 : 1; // the adds of one row
                if (looped(op, t, vb, w)) {
                    perWidth.add(List.of(new int[] {0, t.bits})); // one loop method, see flRowsLoop
                    continue;
                }
                if (!op.flat && rowsBands(t, vb)) {
                    // straight-line bands, a row across every lane group at a time (see flRowsBand)
                    perWidth.add(bands(t.bits, r -> 1024 / vb * (rowCost(t, fw, r) + extra + 1)));
                    continue;
                }
                if (!op.flat) {
                    perWidth.add(bands(t.bits, r -> rowCost(t, fw, r) + extra + 1));
                    continue;
                }
                if (op.delta && w == 0 || direct(op, t, vb, w)) {
                    perWidth.add(List.of(new int[] {0, t.bits})); // one progression method (deltaFlatZero) or lane loop (flatDirect)
                    continue;
                }
                if (paired(op, t, vb, w)) {
                    perWidth.add(List.of(new int[] {0, 16}, new int[] {16, 32})); // two paired tiles (flatPaired)
                    continue;
                }
                int tileCost = Integer.numberOfTrailingZeros(vl) * vl * 2 + vl;
                List<int[]> tiles = bands(t.bits / vl, tile -> {
                    int c = tileCost;
                    for (int r = tile * vl; r < (tile + 1) * vl; r++) c += rowCost(t, fw, r) + extra;
                    return c;
                });
                List<int[]> rows = new ArrayList<>();
                for (int[] b : tiles) rows.add(new int[] {b[0] * vl, b[1] * vl});
                perWidth.add(rows);
            }
            bandsOf.put(op, perWidth);
        }
        String flatBase = t.bits == 32 ? "(g & 15) * 64 + (g >> 4) * 32" : "g * 64";
        for (FlOp op : FlOp.values()) {
            String acc = op.delta ? ", " + t.prim + "[] acc" : "";
            String args = "(in, p, out, o, frame" + (op.delta ? ", acc" : "") + ")";
            s.line("");
            s.line("@Override");
            s.line("public void " + op.name + "(int width, byte[] in, int p, " + t.prim + "[] out, int o, " + t.prim + " frame" + acc + ") {");
            s.line("switch (width) {");
            int from = 0;
            if (!op.delta) {
                s.line("case 0 -> Arrays.fill(out, o, o + 1024, frame);");
                from = 1;
            }
            for (int w = from; w <= t.bits; w++) s.line("case " + w + " -> " + calls(op.name, w, bandsOf.get(op).get(w).size(), args));
            s.line("default -> throw new IllegalArgumentException(\"width \" + width + \" outside 0.." + t.bits + "\");");
            s.line("}").line("}");
        }
        for (FlOp op : GRID_OPS) {
            String acc = op.delta ? ", " + t.prim + "[] acc" : "";
            s.line("");
            s.line("@Override");
            s.line("public void " + op.name + "Grid(" + t.prim + "[] grid, int p, " + t.prim + "[] out, int o" + acc + ") {");
            List<int[]> bs = bandsOf.get(op).get(t.bits);
            for (int b = 0; b < bs.size(); b++) s.line(op.name + "Grid_" + b + "(grid, p, out, o" + (op.delta ? ", acc" : "") + ");");
            s.line("}");
        }
        anchorMethods(s, t, vl, lanes);
        for (int w = 0; w <= t.bits; w++) {
            for (FlOp op : FlOp.values()) {
                if (w == 0 && !op.delta) continue;
                List<int[]> bs = bandsOf.get(op).get(w);
                if (w == 0 && op == FlOp.DELTA_FLAT) {
                    deltaFlatZero(s, t, vl, lanes);
                    continue;
                }
                if (looped(op, t, vb, w)) {
                    flRowsLoop(s, t, vb, lanes, w, op);
                    continue;
                }
                if (direct(op, t, vb, w)) {
                    flatDirect(s, w, directAt);
                    continue;
                }
                if (paired(op, t, vb, w)) {
                    for (int b = 0; b < bs.size(); b++) flatPaired(s, w, b);
                    continue;
                }
                if (!op.flat && rowsBands(t, vb)) {
                    for (int b = 0; b < bs.size(); b++) flRowsBand(s, t, vb, lanes, w, b, bs.get(b), op);
                    continue;
                }
                for (int b = 0; b < bs.size(); b++) flMethod(s, t, vb, lanes, w, b, bs.get(b), op, op.flat ? flatBase : "g", false);
            }
        }
        for (FlOp op : GRID_OPS) {
            List<int[]> bs = bandsOf.get(op).get(t.bits); // the full width's tiles, which cost more than a grid's
            for (int b = 0; b < bs.size(); b++) flMethod(s, t, vb, lanes, t.bits, b, bs.get(b), op, flatBase, true);
        }
        s.line("}");
        return s.toString();
    }

    /**
     * Rows of the block one iteration of the {@code rows} loop covers at width {@code w}, or 0 where
     * the rows stay unrolled bands. Where w shares a factor with T, every T/gcd(w, T) rows start on a
     * word boundary and repeat the same shifts, so a loop over those periods (periods unrolled up to 8
     * stores a body) runs the same code; where a word holds 16 or more rows, the loop is over words
     * and the rows of a word are a run-time loop. C2's straight-line code for a band of 16 to 64
     * stores ran well below the same work in a small loop body (400 KiB, 512 bits, per block:
     * 0.35-0.39 of store-only at widths 1 and 12, where the plain unpacker's loops ran at 0.54-0.79).
     * The 128-bit shapes (eight or more lane groups) keep their bands.
     */
    private static int rowsLoop(Ty t, int vb, int w) {
        int groups = 1024 / t.bits / (vb / t.bits);
        if (w == 0 || groups > 4) return 0;
        if (t.bits % w == 0 && t.bits / w >= 16) return t.bits / w;
        int g = gcd(w, t.bits);
        if (g < 2 || t.bits / g * groups > 32) return 0;
        while (g > 1 && t.bits / g * groups < 8) g /= 2;
        return t.bits / g;
    }

    /**
     * Whether row-order {@code op} at width {@code w} is one loop method ({@link #flRowsLoop}): where
     * {@link #rowsLoop} fits, and for a delta at width 0 (every row adds the frame) in the same shapes.
     */
    private static boolean looped(FlOp op, Ty t, int vb, int w) {
        return !op.flat && (rowsLoop(t, vb, w) > 0 || op.delta && w == 0 && 1024 / vb <= 4);
    }

    /**
     * {@code rows} or {@code deltaRows} of one block at width {@code w} as a loop (see {@link #rowsLoop});
     * the delta form carries each lane group's running sum through the loop in a register. The loop
     * runs from {@code p} to {@code p + 128 * w}, so its trip count is not a constant to C2, which would
     * otherwise unroll it whole into the straight-line code the loop replaces.
     */
    private static void flRowsLoop(Src s, Ty t, int vb, int lanes, int w, FlOp op) {
        int vl = vb / t.bits;
        int groups = lanes / vl;
        int rows = rowsLoop(t, vb, w);
        boolean words = rows * w == t.bits && rows >= 16;
        int step = 128 * (rows * w / t.bits);
        s.line("");
        s.line("private static void " + op.name + w + "_0(byte[] in, int p, " + t.prim + "[] out, int o, " + t.prim + " frame"
                + (op.delta ? ", " + t.prim + "[] acc" : "") + ") {");
        maskAndFrame(s, t, w);
        if (op.delta) sums(s, t, vl, groups, true);
        if (w == 0) {
            // every row adds the frame: one loop over the rows, stores in address order
            s.line("for (int i = 0; i < " + t.bits + "; i++) {");
            for (int gr = 0; gr < groups; gr++) store(s, true, "f", gr, "o + " + lanes + " * i + " + gr * vl);
            s.line("}");
            sums(s, t, vl, groups, false);
            s.line("}");
            return;
        }
        s.line("for (int q = p, r = o, end = p + " + 128 * w + "; q < end; q += " + step + ", r += " + lanes * rows + ") {");
        if (words) {
            for (int gr = 0; gr < groups; gr++) s.line(t.vec + " w_" + gr + " = " + t.load("in", gr == 0 ? "q" : "q + " + t.bytes() * vl * gr) + ";");
            s.line("for (int i = 0; i < " + rows + "; i++) {");
            for (int gr = 0; gr < groups; gr++) {
                String e = "w_" + gr + ".lanewise(LSHR, " + (w == 1 ? "i" : w + " * i") + ").and(m).add(f)";
                store(s, op.delta, e, gr, "r + " + lanes + " * i + " + gr * vl);
            }
            s.line("}");
        } else {
            rowsAcrossGroups(s, t, vb, lanes, w, 0, rows, "q", "r", op.delta);
        }
        s.line("}");
        if (op.delta) sums(s, t, vl, groups, false);
        s.line("}");
    }

    /** Loads each lane group's running sum {@code a_gr} from {@code acc}, or stores it back. */
    private static void sums(Src s, Ty t, int vl, int groups, boolean load) {
        for (int gr = 0; gr < groups; gr++) {
            s.line(load ? t.vec + " a_" + gr + " = " + t.vec + ".fromArray(S, acc, " + gr * vl + ");" : "a_" + gr + ".intoArray(acc, " + gr * vl + ");");
        }
    }

    /** Stores row value {@code e} of lane group {@code gr} at {@code at}, or for a delta adds it to the group's sum {@code a_gr} and stores that. */
    private static void store(Src s, boolean delta, String e, int gr, String at) {
        if (!delta) {
            s.line(e + ".intoArray(out, " + at + ");");
            return;
        }
        s.line("a_" + gr + " = a_" + gr + ".add(" + e + ");");
        s.line("a_" + gr + ".intoArray(out, " + at + ");");
    }

    /**
     * Whether {@code rows} and {@code deltaRows} at the widths no loop fits are straight-line bands
     * across the lane groups ({@link #flRowsBand}) rather than bands inside a loop over the groups: for
     * int32 at 256 and 512 bits, where it was measured (rows gains at both; deltaRows at 512, and is
     * even at 256). The int64 kernels keep the group loop: their 64 rows across every group made
     * FlFrame64Gen256 and FlFrame64Gen512 over 5 MB of source each.
     */
    private static boolean rowsBands(Ty t, int vb) {
        return t.bits == 32 && 1024 / vb <= 4;
    }

    /**
     * {@code rows} or {@code deltaRows} of rows {@code rowsOf[0] .. rowsOf[1]-1} of one block as straight-line
     * code, a row across every lane group at a time (the plain unpacker's bands), a delta's sums passed
     * between bands through {@code acc}: where no loop applies (see
     * {@link #rowsLoop}), a loop over the lane groups around a band ran slower per block (width 17,
     * 512 bits: 0.36 of store-only against the plain unpacker's 0.44).
     */
    private static void flRowsBand(Src s, Ty t, int vb, int lanes, int w, int band, int[] rowsOf, FlOp op) {
        int vl = vb / t.bits;
        int groups = lanes / vl;
        s.line("");
        s.line("private static void " + op.name + w + "_" + band + "(byte[] in, int p, " + t.prim + "[] out, int o, " + t.prim + " frame"
                + (op.delta ? ", " + t.prim + "[] acc" : "") + ") {");
        maskAndFrame(s, t, w);
        if (op.delta) sums(s, t, vl, groups, true);
        rowsAcrossGroups(s, t, vb, lanes, w, rowsOf[0], rowsOf[1], "p", "o", op.delta);
        if (op.delta) sums(s, t, vl, groups, false);
        s.line("}");
    }

    /**
     * Rows {@code from .. to-1} plus the frame, words from {@code in} at {@code in0}, stored from
     * {@code out0} (for a delta, summed into the groups' {@code a_gr} first): a row across every lane
     * group at a time, so stores run in address order.
     */
    private static void rowsAcrossGroups(Src s, Ty t, int vb, int lanes, int w, int from, int to, String in0, String out0, boolean delta) {
        int vl = vb / t.bits;
        int groups = lanes / vl;
        int[][] loaded = new int[groups][];
        for (int gr = 0; gr < groups; gr++) loaded[gr] = new int[] {-1};
        for (int r = from; r < to; r++) {
            for (int gr = 0; gr < groups; gr++) {
                String e = row(s, t, w, r, loaded[gr], gr == 0 ? in0 : in0 + " + " + t.bytes() * vl * gr, "_" + gr);
                store(s, delta, e + ".add(f)", gr, out0 + " + " + (r * lanes + gr * vl));
            }
        }
    }

    /** Expression of row {@code r} at width {@code w} before the frame; loads words into locals as needed. */
    private static String row(Src s, Ty t, int w, int r, int[] loaded) {
        return row(s, t, w, r, loaded, "q", "");
    }

    /** As {@link #row(Src, Ty, int, int, int[])}, with words at {@code base + 128 k} named {@code w<k><suffix>}. */
    private static String row(Src s, Ty t, int w, int r, int[] loaded, String base, String suffix) {
        int b = r * w;
        int k = b / t.bits;
        int sh = b % t.bits;
        int last = sh + w > t.bits ? k + 1 : k;
        if (loaded[0] < k - 1) loaded[0] = k - 1; // a band starts mid-block: earlier words are not needed
        while (loaded[0] < last) {
            loaded[0]++;
            s.line(t.vec + " w" + loaded[0] + suffix + " = " + t.load("in", loaded[0] == 0 ? base : base + " + " + 128 * loaded[0]) + ";");
        }
        if (sh + w <= t.bits) {
            String e = "w" + k + suffix;
            if (sh > 0) e += ".lanewise(LSHR, " + sh + ")";
            if (sh + w < t.bits) e += ".and(m)";
            return e;
        }
        // the low part has T - sh < W bits, so one mask after the OR clears the high part's excess
        return "w" + k + suffix + ".lanewise(LSHR, " + sh + ").or(w" + (k + 1) + suffix + ".lanewise(LSHL, " + (t.bits - sh) + ")).and(m)";
    }

    /**
     * Delta in file order at width 0: every delta is the frame, so lane l's run (T consecutive values
     * in file order) is acc[l] + frame, acc[l] + 2 frame, ...: stored as ramps, with no unpacking and
     * no transpose. The loop walks the output in address order with an index C2 can range-check once
     * (for int32 the runs of lanes i and 16 + i share a 64-value row, so one iteration stores both):
     * looping over lanes, whose int32 run starts are not linear in the lane, ran at 0.54 of store-only
     * against 0.70 (512 bits, per block, 400 KiB).
     */
    private static void deltaFlatZero(Src s, Ty t, int vl, int lanes) {
        s.line("");
        s.line("private static void deltaFlat0_0(byte[] in, int p, " + t.prim + "[] out, int o, " + t.prim + " frame, " + t.prim + "[] acc) {");
        s.line(t.vec + " ramp = RAMP.mul(frame);");
        s.line(t.vec + " step = " + t.vec + ".broadcast(S, frame * " + vl + ");");
        // int32: 16 rows of 64 values, each the runs of lanes i and 16 + i; int64: 16 runs of 64
        int halves = t.bits == 32 ? 2 : 1;
        s.line("for (int i = 0; i < 16; i++) {");
        s.line("int r = o + 64 * i;");
        for (int h = 0; h < halves; h++) {
            String lane = h == 0 ? "i" : "16 + i";
            s.line((h == 0 ? t.vec + " " : "") + "v = ramp.add(acc[" + lane + "]);");
            for (int c = 0; c < t.bits; c += vl) {
                if (c > 0) s.line("v = v.add(step);");
                s.line("v.intoArray(out, r + " + (32 * h + c) + ");");
            }
        }
        s.line("}");
        // every lane advanced by T frames
        for (int g = 0; g < lanes; g += vl) s.line(t.vec + ".fromArray(S, acc, " + g + ").add(frame * " + t.bits + ").intoArray(acc, " + g + ");");
        s.line("}");
    }

    /**
     * One band of rows of {@code op} at width {@code w}; with {@code grid}, the band of a {@code <op>Grid}
     * entry point instead: rows read as whole words from a row-order {@code T[]} grid (row r of lane l
     * at {@code in[p + LANES r + l]}), nothing unpacked and no frame added.
     */
    private static void flMethod(Src s, Ty t, int vb, int lanes, int w, int band, int[] rowsOf, FlOp op, String outBase, boolean grid) {
        int vl = vb / t.bits;
        s.line("");
        s.line("private static void " + op.name + (grid ? "Grid" : w) + "_" + band + "(" + (grid ? t.prim + "[]" : "byte[]") + " in, int p, "
                + t.prim + "[] out, int o" + (grid ? "" : ", " + t.prim + " frame") + (op.delta ? ", " + t.prim + "[] acc" : "") + ") {");
        if (!grid && frameKept(op, t, vb)) {
            if (w < t.bits) s.line(t.vec + " m = " + t.vec + ".broadcast(S, " + t.mask(w) + ");");
            s.line("IntVector f = ZERO.add(frame);");
        } else if (!grid) maskAndFrame(s, t, w);
        s.line("for (int g = 0; g < " + lanes + "; g += " + vl + ") {");
        s.line("int q = p + " + (grid ? "" : t.bytes() + " * ") + "g;");
        s.line("int r = o + " + outBase + ";");
        if (op.delta) s.line(t.vec + " a = " + t.vec + ".fromArray(S, acc, g);");
        int[] loaded = {-1};
        for (int r = rowsOf[0]; r < rowsOf[1]; r++) {
            String e = grid ? t.vec + ".fromArray(S, in, q + " + r * lanes + ")" : w == 0 ? "f" : row(s, t, w, r, loaded) + ".add(f)";
            String v = e;
            if (op.delta) {
                s.line("a = a.add(" + e + ");");
                v = "a";
            }
            if (!op.flat) {
                s.line(v + ".intoArray(out, r + " + r * lanes + ");");
                continue;
            }
            s.line(t.vec + " t" + r + " = " + v + ";");
            if (r % vl != vl - 1) continue;
            transposeTile(s, t, vb, r - vl + 1); // the tile's rows are complete
        }
        if (op.delta) s.line("a.intoArray(acc, g);");
        s.line("}").line("}");
    }

    // ------------------------------------------------------------------------------------------
    // Flat int32 at 256 bits, narrow widths: each lane's W words unpacked straight into its run of 32
    // consecutive values in file order, no tile transpose. Output vector v of a lane holds its rows
    // 8v .. 8v+7, at bits b_k = (8v + k) W of the lane: every word the vector touches is broadcast from
    // memory and shifted right per lane (the counts b_k mod 32 serve every word), the lanes another
    // word owns cleared by an AND; a value straddling words j-1 and j takes word j shifted left by
    // 32 - b_k mod 32, where every other lane shifts by 31 and the width mask after the OR clears it.

    /**
     * Widest width that {@link #flatDirect} decodes. The tile transpose costs the same at every width
     * (about 9.4 vector ops a stored vector), the direct form about 2.5 ops per word a vector touches
     * (W / 4 of them, plus straddles), so it pays at narrow widths only: measured in
     * docs/measurements.md, "The 256-bit decode gaps".
     */
    private static final int DIRECT_MAX = 8;

    /**
     * Whether {@code op} at width {@code w} is {@link #flatDirect}'s lane loop: flat int32 at 256 bits,
     * widths 1..{@link #DIRECT_MAX} but those {@link #paired} (width 7, where the paired tile was faster).
     */
    private static boolean direct(FlOp op, Ty t, int vb, int w) {
        return op == FlOp.FLAT && t == Ty.INT && vb == 256 && w >= 1 && w <= DIRECT_MAX && !paired(op, t, vb, w);
    }

    /**
     * One term of output vector {@code v} at width {@code w}: word {@code j} shifted right by each lane's
     * bit offset (kept where the word owns the lane, {@code mask} null when it owns every lane) or, with
     * {@code left}, shifted left into the lane that straddles into it.
     */
    private record DirectTerm(int j, boolean left, int[] counts, int[] mask) {
    }

    /** The terms of output vector {@code v} (rows 8v .. 8v+7 of a lane) at width {@code w}, in word order; {@link #directMasks} says whether the width mask follows. */
    private static List<DirectTerm> directTerms(int w, int v) {
        int[] b = new int[8];
        for (int k = 0; k < 8; k++) b[k] = (8 * v + k) * w;
        int j0 = b[0] >> 5;
        int j1 = (b[7] + w - 1) >> 5;
        int[] counts = new int[8];
        for (int k = 0; k < 8; k++) counts[k] = b[k] & 31;
        List<DirectTerm> terms = new ArrayList<>();
        if (j0 == j1) {
            terms.add(new DirectTerm(j0, false, counts, null));
            return terms;
        }
        boolean straddles = false;
        for (int k = 0; k < 8; k++) straddles |= (b[k] & 31) + w > 32;
        for (int j = j0; j <= j1; j++) {
            int[] mask = new int[8];
            int[] left = new int[8];
            boolean owns = false;
            boolean into = false;
            for (int k = 0; k < 8; k++) {
                boolean own = b[k] >> 5 == j;
                owns |= own;
                mask[k] = own ? (straddles ? -1 : (1 << w) - 1) : 0;
                boolean in = b[k] >> 5 == j - 1 && (b[k] & 31) + w > 32;
                into |= in;
                left[k] = in ? 32 - (b[k] & 31) : 31;
            }
            if (owns) terms.add(new DirectTerm(j, false, counts, mask));
            if (into) terms.add(new DirectTerm(j, true, left, null));
        }
        return terms;
    }

    /** Whether output vector {@code v}'s terms leave bits above the width to clear: one word, or a straddle. */
    private static boolean directMasks(int w, int v) {
        List<DirectTerm> terms = directTerms(w, v);
        return terms.size() == 1 || terms.stream().anyMatch(DirectTerm::left);
    }

    /**
     * Declares {@code DIRECT}, every distinct lane constant of the {@link #flatDirect} widths (none for
     * other shapes), and returns each constant's offset in it, keyed by its lanes.
     */
    private static Map<String, Integer> directTable(Src s, Ty t, int vb) {
        Map<String, Integer> at = new LinkedHashMap<>();
        for (int w = 1; w <= DIRECT_MAX; w++) {
            if (!direct(FlOp.FLAT, t, vb, w)) continue;
            for (int v = 0; v < 4; v++) {
                for (DirectTerm term : directTerms(w, v)) {
                    at.putIfAbsent(Arrays.toString(term.counts()), 8 * at.size());
                    if (term.mask() != null) at.putIfAbsent(Arrays.toString(term.mask()), 8 * at.size());
                }
            }
        }
        if (at.isEmpty()) return at;
        StringBuilder sb = new StringBuilder();
        for (String k : at.keySet()) sb.append(sb.isEmpty() ? "" : ", ").append(k, 1, k.length() - 1);
        s.line("/** Shift counts and lane masks of the direct flat widths, 8 lanes each (see flatDirect in the generator). */");
        s.line("private static final int[] DIRECT = {" + sb + "};");
        // the var handle itself, not a helper around it: C2 left such a call out of the loop's inlining
        s.line("/** A little-endian int of a byte array, the word the direct widths broadcast. */");
        s.line("private static final java.lang.invoke.VarHandle WORD = java.lang.invoke.MethodHandles.byteArrayViewVarHandle(int[].class, java.nio.ByteOrder.LITTLE_ENDIAN);");
        return at;
    }

    /**
     * {@code flat} of int32 at 256 bits and width {@code w} as a loop over the lanes, each lane's words
     * unpacked straight into its run of file order (see {@link #DIRECT_MAX}); constants from
     * {@code DIRECT} loaded once a call, so Java's masking of vector shift counts runs once too.
     */
    private static void flatDirect(Src s, int w, Map<String, Integer> at) {
        s.line("");
        s.line("private static void flat" + w + "_0(byte[] in, int p, int[] out, int o, int frame) {");
        s.line("IntVector m = IntVector.broadcast(S, " + Ty.INT.mask(w) + ");");
        s.line("IntVector f = ZERO.add(frame);");
        Map<String, String> local = new LinkedHashMap<>();
        for (int v = 0; v < 4; v++) {
            for (DirectTerm term : directTerms(w, v)) {
                constant(s, at, local, term.counts());
                if (term.mask() != null) constant(s, at, local, term.mask());
            }
        }
        // lanes i and 16 + i hold the two halves of a 64-value run: one iteration stores both, so the
        // stores' index is linear in the loop and C2 checks its range once (a loop over the 32 lanes
        // checked every store and ran at 0.6-0.9 of this at widths 5-8)
        s.line("for (int i = 0; i < 16; i++) {");
        s.line("int r = o + 64 * i;");
        for (int h = 0; h < 2; h++) {
            int loaded = -1;
            for (int v = 0; v < 4; v++) {
                StringBuilder e = new StringBuilder();
                List<DirectTerm> terms = directTerms(w, v);
                for (DirectTerm term : terms) {
                    while (loaded < term.j()) {
                        loaded++;
                        s.line("IntVector b" + loaded + "_" + h + " = IntVector.broadcast(S, (int) WORD.get(in, p + 4 * i"
                                + (h == 0 ? "" : " + 64") + (loaded == 0 ? "" : " + " + 128 * loaded) + "));");
                    }
                    String x = "b" + term.j() + "_" + h + ".lanewise(" + (term.left() ? "LSHL" : "LSHR") + ", " + local.get(Arrays.toString(term.counts())) + ")";
                    if (term.mask() != null) x += ".and(" + local.get(Arrays.toString(term.mask())) + ")";
                    e.append(e.isEmpty() ? x : ".or(" + x + ")");
                }
                if (directMasks(w, v)) e.append(".and(m)");
                s.line(e + ".add(f).intoArray(out, r + " + (32 * h + 8 * v) + ");");
            }
        }
        s.line("}");
        s.line("}");
    }

    /** The local holding constant {@code lanes}, declared (loaded from {@code DIRECT}) on first use. */
    private static String constant(Src s, Map<String, Integer> at, Map<String, String> local, int[] lanes) {
        String key = Arrays.toString(lanes);
        String name = local.get(key);
        if (name == null) {
            name = "c" + local.size();
            local.put(key, name);
            s.line("IntVector " + name + " = IntVector.fromArray(S, DIRECT, " + at.get(key) + ");");
        }
        return name;
    }

    // ------------------------------------------------------------------------------------------
    // Flat int32 at 256 bits, widths up to 16: two rows in the 16-bit halves of one vector, so one 8x8
    // tile transpose restores file order for 128 values instead of 64. Tile h pairs row 16h + i (low
    // half) with row 16h + 8 + i (high half) for i < 8; after the transpose vector e holds lane e's rows
    // 16h .. 16h+7 in its low halves and 16h+8 .. 16h+15 in its high halves, two runs of 8 consecutive
    // values in file order, split by an AND and a shift.

    /**
     * Whether {@code op} at width {@code w} is {@link #flatPaired}: flat int32 at 256 bits, width 7 and
     * 9..16 (a value must fit 16 bits). Per width, alone in one JVM, it ran 1.14-1.31x the plain tile at
     * 9..16 and 1.2x {@link #flatDirect} at 7, tied it at 5 and 6 and lost at 8 (docs/measurements.md,
     * "The 256-bit decode gaps").
     */
    private static boolean paired(FlOp op, Ty t, int vb, int w) {
        return op == FlOp.FLAT && t == Ty.INT && vb == 256 && (w == 7 || w >= 9 && w <= 16);
    }

    /**
     * Whether {@code op}'s frame vector is {@code ZERO.add(frame)} rather than {@code broadcast(S, frame)}:
     * flat int32 at 256 bits. C2 rematerialises a broadcast of a register before every use, a
     * {@code vmovd} and a {@code vpbroadcastd} (two port-5 uops, the port every {@code vpermd} of the
     * transpose needs) per stored vector; the sum with a loaded zero it keeps in a register or spills.
     */
    private static boolean frameKept(FlOp op, Ty t, int vb) {
        return op == FlOp.FLAT && t == Ty.INT && vb == 256;
    }

    /**
     * Tile {@code h} of {@code flat} at width {@code w} (see {@link #paired}): per lane group, the
     * eight paired rows cut from the words, one transpose, then each vector's two halves stored with
     * the frame added.
     */
    private static void flatPaired(Src s, int w, int h) {
        s.line("");
        s.line("private static void flat" + w + "_" + h + "(byte[] in, int p, int[] out, int o, int frame) {");
        s.line("IntVector m = IntVector.broadcast(S, " + Ty.INT.mask(w) + ");");
        s.line("IntVector mh = IntVector.broadcast(S, " + String.format("0x%x", ((1 << w) - 1) << 16) + ");");
        s.line("IntVector lo = IntVector.broadcast(S, 0xffff);");
        s.line("IntVector f = ZERO.add(frame);");
        s.line("for (int g = 0; g < 32; g += 8) {");
        s.line("int q = p + 4 * g;");
        s.line("int r = o + (g & 15) * 64 + (g >> 4) * 32;");
        Set<Integer> words = new HashSet<>();
        for (int i = 0; i < 8; i++) {
            String low = pairedField(s, w, 16 * h + i, 0, words);
            String high = pairedField(s, w, 16 * h + 8 + i, 16, words);
            s.line("IntVector t" + i + " = " + low + ".or(" + high + ");");
        }
        String[] cur = transposeInRegisters(s, Ty.INT, 256, 0);
        for (int e = 0; e < 8; e++) {
            s.line(cur[e] + ".and(lo).add(f).intoArray(out, r + " + (64 * e + 16 * h) + ");");
            s.line(cur[e] + ".lanewise(LSHR, 16).add(f).intoArray(out, r + " + (64 * e + 16 * h + 8) + ");");
        }
        s.line("}");
        s.line("}");
    }

    /**
     * Row {@code row} at width {@code w} moved to bit {@code at} (0 or 16) of its lane, every other bit
     * clear; declares the words it reads ({@code w<k>}, once each).
     */
    private static String pairedField(Src s, int w, int row, int at, Set<Integer> words) {
        int b = row * w;
        int k = b >> 5;
        int sh = b & 31;
        boolean straddles = sh + w > 32;
        for (int j = k; j <= (straddles ? k + 1 : k); j++) {
            if (words.add(j)) s.line("IntVector w" + j + " = " + Ty.INT.load("in", j == 0 ? "q" : "q + " + 128 * j) + ";");
        }
        String x = "w" + k;
        if (sh > at) x += ".lanewise(LSHR, " + (sh - at) + ")";
        else if (sh < at) x += ".lanewise(LSHL, " + (at - sh) + ")";
        if (straddles) x += ".or(w" + (k + 1) + ".lanewise(LSHL, " + (32 - sh + at) + "))";
        // a top field shifted down, or at 16 bits a whole bottom half shifted up, leaves no stray bit
        boolean clean = at == 0 ? sh + w == 32 : sh == 0 && w == 16;
        return clean ? x : x + ".and(" + (at == 0 ? "m" : "mh") + ")";
    }
}
