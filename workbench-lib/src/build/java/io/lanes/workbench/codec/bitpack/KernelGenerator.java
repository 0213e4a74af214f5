package io.lanes.workbench.codec.bitpack;

import io.lanes.workbench.codec.GenerateSources;
import io.lanes.workbench.codec.bitpack.KernelSource.Src;
import io.lanes.workbench.codec.bitpack.KernelSource.Ty;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static io.lanes.workbench.codec.bitpack.KernelSource.*;

/**
 * Writes the per-width bit-packing kernels: sequential scalar (int32 and int64), sequential Vector
 * API and FastLanes (both per vector shape 128/256/512 bits). Every width 0..T gets its own
 * unrolled code whose shifts, masks and word loads are constants, as FastLanes generates its C
 * kernels, except where a small loop body runs faster than the unrolled code: FastLanes unpack loops
 * over a block's periods of rows where the width allows ({@link #periodLoop}), and over words with a
 * run-time row shift where a word holds 16 or more rows ({@link #wordLoop}). The width itself stays a
 * run-time argument that a {@code switch} dispatches on.
 *
 * <p>Two HotSpot facts shape the output. C1 gives up on a method of a few hundred Vector API calls
 * and such a method is never promoted to C2 (it stays interpreted), so each width's work is cut into
 * bands under a size budget; and C2 arrives only after hundreds of invocations, so band methods take
 * one block and are called block by block. Vector API calls are written out, not wrapped in helper
 * methods: C2 stops inlining non-forced helpers in big methods, and a vector crossing a call that is
 * not inlined is boxed.
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
public final class KernelGenerator {
    private static final String HEADER = GenerateSources.header(KernelGenerator.class, "");
    private static final String BITPACK = "io/lanes/workbench/codec/bitpack/";
    private static final String FASTLANES = "io/lanes/workbench/codec/kernel/";

    private KernelGenerator() {
    }


    /** Every generated file: path relative to the source root, mapped to its content. */
    public static Map<String, String> generate() {
        Map<String, String> files = new TreeMap<>();
        for (Ty t : List.of(Ty.INT, Ty.LONG)) {
            files.putAll(split(BITPACK + "SeqScalar" + t.bits + "Gen.java", seqScalar(t)));
            for (int vb : VECTOR_BITS) {
                files.putAll(split(BITPACK + "SeqVector" + t.bits + "Gen" + vb + ".java", seqVector(t, vb)));
                files.putAll(split(FASTLANES + "Fl" + t.bits + "Gen" + vb + ".java", fastLanes(t, vb)));
            }
        }
        return files;
    }

    // ------------------------------------------------------------------------------------------
    // Sequential scalar: groups of T values occupy exactly W words of T bits.

    private static String seqScalar(Ty t) {
        String cls = "SeqScalar" + t.bits + "Gen";
        int g = t.bits;
        Src s = new Src(HEADER);
        s.line("package io.lanes.workbench.codec.bitpack;").line("");
        s.line("import io.lanes.workbench.codec.Bytes;").line("");
        s.line("import java.util.Arrays;").line("");
        s.lines("""
                /**
                 * Sequential LSB-first bit-packing of %s values, one unrolled method per width: a group of
                 * %d values at width W is exactly W little-endian %d-bit words, so every shift, mask and word
                 * index below is a constant. Callers pass whole groups; tails are theirs. Stateless.
                 */
                """.formatted(t.prim, g, t.bits));
        s.line("final class " + cls + " {");
        s.line("/** Values per group. */");
        s.line("static final int GROUP = " + g + ";").line("");
        s.line("private " + cls + "() {").line("}").line("");
        s.line("/** Unpacks {@code groups} groups of width {@code width} from {@code in[p...]} into {@code out[o...]}. */");
        s.line("static void unpack(int width, byte[] in, int p, " + t.prim + "[] out, int o, int groups) {");
        widthSwitch(s, t, "Arrays.fill(out, o, o + GROUP * groups, 0);", w -> "unpack" + w + "(in, p, out, o, groups);");
        s.line("");
        s.line("/** Packs {@code groups} groups of {@code in[i...]} at width {@code width} (values masked to it) into {@code out[p...]}. */");
        s.line("static void pack(int width, " + t.prim + "[] in, int i, byte[] out, int p, int groups) {");
        widthSwitch(s, t, "{}", w -> "pack" + w + "(in, i, out, p, groups);");
        for (int w = 1; w <= t.bits; w++) {
            s.line("");
            s.line("private static void unpack" + w + "(byte[] in, int p, " + t.prim + "[] out, int o, int groups) {");
            s.line("for (int g = 0; g < groups; g++, p += " + w * t.bytes() + ", o += " + g + ") {");
            int loaded = -1;
            for (int v = 0; v < g; v++) {
                int b = v * w;
                int k = b / t.bits;
                int sh = b % t.bits;
                int last = sh + w > t.bits ? k + 1 : k;
                while (loaded < last) {
                    loaded++;
                    s.line(t.prim + " w" + loaded + " = Bytes.get" + t.cap + "(in, p + " + loaded * t.bytes() + ");");
                }
                String e;
                if (sh + w <= t.bits) {
                    e = "w" + k;
                    if (sh > 0) e = "(" + e + " >>> " + sh + ")";
                    if (sh + w < t.bits) e = e + " & " + t.mask(w);
                } else {
                    int lowBits = t.bits - sh;
                    e = "(w" + k + " >>> " + sh + ") | ((w" + (k + 1) + " & " + t.mask(w - lowBits) + ") << " + lowBits + ")";
                }
                s.line("out[o + " + v + "] = " + e + ";");
            }
            s.line("}").line("}");
            s.line("");
            s.line("private static void pack" + w + "(" + t.prim + "[] in, int i, byte[] out, int p, int groups) {");
            s.line("for (int g = 0; g < groups; g++, i += " + g + ", p += " + w * t.bytes() + ") {");
            for (int k = 0; k < w; k++) {
                List<String> terms = new ArrayList<>();
                for (int v = 0; v < g; v++) {
                    int b = v * w;
                    String val = w == t.bits ? "in[i + " + v + "]" : "(in[i + " + v + "] & " + t.mask(w) + ")";
                    int sh = b % t.bits;
                    if (b / t.bits == k) terms.add(sh == 0 ? val : "(" + val + " << " + sh + ")");
                    else if (b / t.bits == k - 1 && sh + w > t.bits) terms.add("(" + val + " >>> " + (t.bits - sh) + ")");
                }
                s.line("Bytes.put" + t.cap + "(out, p + " + k * t.bytes() + ", " + String.join(" | ", terms) + ");");
            }
            s.line("}").line("}");
        }
        s.line("}");
        return s.toString();
    }

    // ------------------------------------------------------------------------------------------
    // Sequential Vector API: output vector j of a group (values j*VL .. j*VL+VL-1) is cut from the
    // VL words starting at word k0(j): lane e takes word IDX[e] >>> SHR[e], OR-ed with the next word
    // << SHL[e] where the value straddles two words (the next words come from a second load one word
    // further, rearranged by the same IDX). Where a value does not straddle, SHL is T-1: the stray
    // bit lands at position T-1 >= W and the final mask clears it.

    /**
     * Whether width {@code w} cuts values from half-lanes (16-bit for int32, 32-bit for int64): a permute
     * of half-lanes builds each lane's window from the half-lane holding the value's first bit and the
     * next one, so one permute, one shift and one mask make a vector, where the whole-lane path needs
     * two of each and an OR. Holds while the shift (under T/2) plus W fits T bits. For int32 only at
     * 512 bits, where AVX-512 (implied) has a 16-bit permute ({@code vpermw}); AVX2 has none.
     */
    private static boolean halfwords(Ty t, int vb, int w) {
        return w >= 1 && w <= t.bits / 2 + 1 && (t == Ty.LONG || vb == 512);
    }

    /** The half-lane pattern of output vector {@code j} at width {@code w}: first byte, half-lane indices, shifts. */
    private record HalfPattern(int byteOff, int[] idx, int[] shr) {
        static HalfPattern of(Ty t, int vl, int w, int j) {
            int h = t.bits / 2;
            long bit = (long) j * vl * w;
            int hb = (int) (bit / h);
            int[] idx = new int[2 * vl];
            int[] shr = new int[vl];
            for (int e = 0; e < vl; e++) {
                int b = (int) (bit % h) + e * w;
                idx[2 * e] = b / h;
                idx[2 * e + 1] = b / h + 1;
                shr[e] = b % h;
            }
            return new HalfPattern(hb * h / 8, idx, shr);
        }

        String key() {
            return Arrays.toString(idx) + Arrays.toString(shr);
        }
    }

    private static String seqVector(Ty t, int vb) {
        int vl = vb / t.bits;
        int groupOut = t.bits / vl; // output vectors per group
        String cls = "SeqVector" + t.bits + "Gen" + vb;
        String iface = "SeqVectorCode" + t.bits;
        Src s = new Src(HEADER);
        s.line("package io.lanes.workbench.codec.bitpack;").line("");
        s.line("import jdk.incubator.vector.ByteVector;");
        boolean anyHalf = halfwords(t, vb, 1);
        String halfVec = t == Ty.INT ? "ShortVector" : "IntVector";
        String halfBox = t == Ty.INT ? "Short" : "Integer";
        String halfPrim = t == Ty.INT ? "short" : "int";
        if (anyHalf && t == Ty.LONG) s.line("import jdk.incubator.vector.IntVector;");
        s.line("import jdk.incubator.vector." + t.vec + ";");
        if (anyHalf && t == Ty.INT) s.line("import jdk.incubator.vector.ShortVector;");
        s.line("import jdk.incubator.vector.VectorSpecies;").line("");
        s.line("import java.util.Arrays;").line("");
        s.line("import static jdk.incubator.vector.VectorOperators.LSHL;");
        s.line("import static jdk.incubator.vector.VectorOperators.LSHR;").line("");
        s.lines("""
                /**
                 * Sequential LSB-first unpacking of %s values with %d-bit vectors (%d lanes), one unrolled
                 * method per width. Output vector j of a %d-value group is cut from the words at its first
                 * word: a lane rearrange picks each value's word, a variable shift aligns it, and where a value
                 * straddles two words the next word (a second load one word on, same rearrange) supplies its
                 * high bits.%s Lane tables are built once at class initialisation and loaded once per
                 * call. Stateless and thread-safe.
                 */
                """.formatted(t.prim, vb, vl, t.bits, anyHalf ? " Widths 1.." + (t.bits / 2 + 1) + " instead permute half-lanes: lane e takes the two half-lanes\n * from the one holding its first bit (one permute, one shift, one mask per vector)." : ""));
        s.line("final class " + cls + " implements " + iface + " {");
        s.line("private static final VectorSpecies<" + t.box + "> S = " + t.vec + ".SPECIES_" + vb + ";");
        s.line("private static final VectorSpecies<Byte> B = ByteVector.SPECIES_" + vb + ";");
        s.line("private static final int VL = " + vl + ";");
        s.line("private static final int PER_GROUP = " + groupOut + ";");
        s.line("/** Per (width, output vector j, lane): the lane's word, right shift and left shift. */");
        s.line("private static final " + t.prim + "[] IDX = new " + t.prim + "[" + (t.bits + 1) + " * PER_GROUP * VL];");
        s.line("private static final " + t.prim + "[] SHR = new " + t.prim + "[IDX.length];");
        s.line("private static final " + t.prim + "[] SHL = new " + t.prim + "[IDX.length];");
        if (anyHalf) {
            s.line("private static final VectorSpecies<" + halfBox + "> H = " + halfVec + ".SPECIES_" + vb + ";");
            s.line("/** Per (width 1.." + (t.bits / 2 + 1) + ", output vector j): the half-lane each half-lane takes, and each lane's right shift. */");
            s.line("private static final " + halfPrim + "[] HIDX = new " + halfPrim + "[" + (t.bits / 2 + 2) + " * PER_GROUP * 2 * VL];");
            s.line("private static final " + t.prim + "[] HSHR = new " + t.prim + "[" + (t.bits / 2 + 2) + " * PER_GROUP * VL];");
        }
        int[] read = new int[t.bits + 1];
        for (int w = 1; w <= t.bits; w++) {
            int max = 0;
            for (int j = 0; j < groupOut; j++) {
                Pattern pt = Pattern.of(t, vl, w, j);
                max = Math.max(max, (pt.k0() + vl + (pt.straddles() ? 1 : 0)) * t.bytes());
            }
            read[w] = w == t.bits ? w * t.bytes() : halfwords(t, vb, w) ? HalfPattern.of(t, vl, w, groupOut - 1).byteOff + vb / 8 : max;
        }
        StringBuilder rb = new StringBuilder();
        for (int w = 0; w <= t.bits; w++) rb.append(w == 0 ? "" : ", ").append(read[w]);
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
        s.line("}").line("}").line("}");
        if (anyHalf) {
            int h = t.bits / 2;
            s.line("for (int w = 1; w <= " + (h + 1) + "; w++) {");
            s.line("for (int j = 0; j < PER_GROUP; j++) {");
            s.line("long bit = (long) j * VL * w;");
            s.line("for (int e = 0; e < VL; e++) {");
            s.line("int b = (int) (bit % " + h + ") + e * w;");
            s.line("int at = (w * PER_GROUP + j) * VL + e;");
            s.line("HIDX[2 * at] = (" + halfPrim + ") (b / " + h + ");");
            s.line("HIDX[2 * at + 1] = (" + halfPrim + ") (b / " + h + " + 1);");
            s.line("HSHR[at] = b % " + h + ";");
            s.line("}").line("}").line("}");
        }
        s.line("}").line("");
        s.line("@Override");
        s.line("public int readBytes(int width) {");
        s.line("return READ[width];");
        s.line("}").line("");
        List<List<int[]>> bandsOf = new ArrayList<>();
        for (int w = 0; w <= t.bits; w++) {
            int fw = w;
            bandsOf.add(bands(groupOut, j -> {
                Pattern pt = Pattern.of(t, vl, fw, j);
                return 2 + (pt.identity() ? 0 : 1) + (pt.noShift() ? 0 : 1) + 2 + (pt.straddles() ? 2 + (pt.identity() ? 0 : 1) + 2 : 0);
            }));
        }
        s.line("@Override");
        s.line("public void unpack(int width, byte[] in, int p, " + t.prim + "[] out, int o, int groups) {");
        s.line("switch (width) {");
        s.line("case 0 -> Arrays.fill(out, o, o + " + t.bits + " * groups, 0);");
        for (int w = 1; w <= t.bits; w++) {
            int nb = w == t.bits ? 1 : halfwords(t, vb, w) ? bands(groupOut, j -> 6).size() : bandsOf.get(w).size();
            s.line("case " + w + " -> " + calls("unpack", w, nb, "(in, p, out, o, groups)"));
        }
        s.line("default -> throw new IllegalArgumentException(\"width \" + width + \" outside 0.." + t.bits + "\");");
        s.line("}").line("}");
        for (int w = 1; w <= t.bits; w++) {
            if (w == t.bits) {
                s.line("");
                s.line("private static void unpack" + w + "_0(byte[] in, int p, " + t.prim + "[] out, int o, int groups) {");
                s.line("for (int g = 0; g < groups; g++, p += " + w * t.bytes() + ", o += " + t.bits + ") {");
                for (int j = 0; j < groupOut; j++) s.line(t.load("in", "p + " + j * vl * t.bytes()) + ".intoArray(out, o + " + j * vl + ");");
                s.line("}").line("}");
                continue;
            }
            if (halfwords(t, vb, w)) {
                List<int[]> hb = bands(groupOut, j -> 6);
                for (int band = 0; band < hb.size(); band++) {
                    int[] range = hb.get(band);
                    s.line("");
                    s.line("private static void unpack" + w + "_" + band + "(byte[] in, int p, " + t.prim + "[] out, int o, int groups) {");
                    Map<String, Integer> constOf = new LinkedHashMap<>();
                    for (int j = range[0]; j < range[1]; j++) {
                        HalfPattern hp = HalfPattern.of(t, vl, w, j);
                        if (constOf.containsKey(hp.key())) continue;
                        int c = constOf.size();
                        constOf.put(hp.key(), c);
                        int at = (w * groupOut + j) * vl;
                        s.line(halfVec + " x" + c + " = " + halfVec + ".fromArray(H, HIDX, " + 2 * at + ");");
                        s.line(t.vec + " r" + c + " = " + t.vec + ".fromArray(S, HSHR, " + at + ");");
                    }
                    maskVar(s, t, w);
                    s.line("for (int g = 0; g < groups; g++, p += " + w * t.bytes() + ", o += " + t.bits + ") {");
                    for (int j = range[0]; j < range[1]; j++) {
                        HalfPattern hp = HalfPattern.of(t, vl, w, j);
                        int c = constOf.get(hp.key());
                        String src = "ByteVector.fromArray(B, in, p + " + hp.byteOff + ").reinterpretAs" + (t == Ty.INT ? "Shorts" : "Ints") + "()";
                        s.line("x" + c + ".selectFrom(" + src + ").reinterpretAs" + t.cap + "s().lanewise(LSHR, r" + c + ").and(m).intoArray(out, o + " + j * vl + ");");
                    }
                    s.line("}").line("}");
                }
                continue;
            }
            List<int[]> bs = bandsOf.get(w);
            for (int band = 0; band < bs.size(); band++) {
                int[] range = bs.get(band);
                s.line("");
                s.line("private static void unpack" + w + "_" + band + "(byte[] in, int p, " + t.prim + "[] out, int o, int groups) {");
                Map<String, Integer> constOf = new LinkedHashMap<>();
                List<Pattern> pats = new ArrayList<>();
                for (int j = range[0]; j < range[1]; j++) {
                    Pattern pt = Pattern.of(t, vl, w, j);
                    pats.add(pt);
                    if (!constOf.containsKey(pt.key())) {
                        int c = constOf.size();
                        constOf.put(pt.key(), c);
                        int at = (w * groupOut + j) * vl;
                        if (!pt.identity()) s.line(t.vec + " x" + c + " = " + t.vec + ".fromArray(S, IDX, " + at + ");");
                        if (!pt.noShift()) s.line(t.vec + " r" + c + " = " + t.vec + ".fromArray(S, SHR, " + at + ");");
                        if (pt.straddles()) s.line(t.vec + " l" + c + " = " + t.vec + ".fromArray(S, SHL, " + at + ");");
                    }
                }
                maskVar(s, t, w);
                s.line("for (int g = 0; g < groups; g++, p += " + w * t.bytes() + ", o += " + t.bits + ") {");
                for (int j = range[0]; j < range[1]; j++) {
                    Pattern pt = pats.get(j - range[0]);
                    int c = constOf.get(pt.key());
                    String lo = t.load("in", "p + " + pt.k0() * t.bytes());
                    if (!pt.identity()) lo = "x" + c + ".selectFrom(" + lo + ")";
                    if (!pt.noShift()) lo += ".lanewise(LSHR, r" + c + ")";
                    if (pt.straddles()) {
                        String hi = t.load("in", "p + " + (pt.k0() + 1) * t.bytes());
                        lo += ".or(" + (pt.identity() ? hi : "x" + c + ".selectFrom(" + hi + ")") + ".lanewise(LSHL, l" + c + "))";
                    }
                    s.line(lo + ".and(m).intoArray(out, o + " + j * vl + ");");
                }
                s.line("}").line("}");
            }
        }
        s.line("}");
        return s.toString();
    }

    /**
     * A method calling the band methods of one width block by block over a run (a block at width w is
     * 128 * w bytes); kept out of the dispatcher so that stays far below HotSpot's 8000-byte limit.
     */
    private static void blockLoop(Src s, Ty t, String prefix, int w, int nBands) {
        s.line("");
        s.line("private static void " + prefix + w + "(byte[] in, int p, " + t.prim + "[] out, int o, int blocks) {");
        s.line("for (int end = o + 1024 * blocks; o < end; o += 1024, p += " + 128 * w + ") " + calls(prefix, w, nBands, "(in, p, out, o)"));
        s.line("}");
    }

    // ------------------------------------------------------------------------------------------
    // FastLanes: a 1024-value block is T rows of 1024/T lanes; lane l's rows are packed LSB-first
    // into W words of T bits, word k of lane l at word index LANES*k + l (byte 128*k + l*T/8). A band
    // method handles some rows of every group of VL adjacent lanes, for every block of a run.

    private static String fastLanes(Ty t, int vb) {
        int vl = vb / t.bits;
        int lanes = 1024 / t.bits;
        int rows = t.bits;
        String cls = "Fl" + t.bits + "Gen" + vb;
        String iface = "FlCode" + t.bits;
        Src s = new Src(HEADER);
        flImports(s, t, vb, !twoSource(vb));
        s.lines("""
                /**
                 * FastLanes packing of 1024-value blocks of %s values with %d-bit vectors: %d lanes of %d rows,
                 * %d lanes per vector. Per width, unrolled bands of rows or a loop over periods of rows or over
                 * words: each row is %s of the current word, with the next word loaded where a
                 * value straddles. {@code unpackFlat}
                 * restores file order from FL_ORDER data in registers: every %dx%d tile of rows is transposed by
                 * %d butterfly stages (%s per vector and stage), so each stored vector is a run of
                 * consecutive values of one lane. Stateless and thread-safe.
                 */
                """.formatted(t.prim, vb, lanes, rows, vl, shiftFields(t, vb) ? "two shifts (a shift and a mask\n * in the word loops and unpackFlat)" : "a shift and a mask",
                vl, vl, Integer.numberOfTrailingZeros(vl), butterflyOp(t, vb)));
        s.line("final class " + cls + " implements " + iface + " {");
        s.line("private static final VectorSpecies<" + t.box + "> S = " + t.vec + ".SPECIES_" + vb + ";");
        s.line("private static final VectorSpecies<Byte> B = ByteVector.SPECIES_" + vb + ";");
        transposeConstants(s, t, vb);
        int groups = lanes / vl;
        List<List<int[]>> unpackBands = new ArrayList<>();
        List<List<int[]>> flatBands = new ArrayList<>();
        List<List<int[]>> packBands = new ArrayList<>();
        List<List<int[]>> packFlatBands = new ArrayList<>();
        for (int w = 0; w <= t.bits; w++) {
            int fw = w;
            // unpack: a unit is a row across every lane group, so loads and stores run in address order;
            // with a run-time loop over groups (groupLoop) a unit is one group's row
            // a run after a fence that starts inside a word loads that word again
            int fr = fenceRows(t, vb, w);
            unpackBands.add(bands(rows, r -> (groupLoop(groups) ? 1 : groups) * (rowCost(t, fw, r) + 1 + (fr > 0 && r % fr == 0 && r * fw % t.bits != 0 ? 2 : 0))));
            // flat: a unit is a row of tiles (VL rows), the code of one tile run for each lane group in turn
            int tileCost = Integer.numberOfTrailingZeros(vl) * vl * 2 + vl;
            flatBands.add(bands(rows / vl, u -> {
                int c = tileCost;
                for (int r = u * vl; r < (u + 1) * vl; r++) c += rowCost(t, fw, r);
                return c;
            }));
            // a load, the OR into the word and its store
            packBands.add(bands(rows, r -> rowCost(t, fw, r) + 3));
            int parts = flatPackParts(t, vb);
            int part = vl / parts;
            packFlatBands.add(bands(rows / part, u -> {
                int c = vl + Integer.numberOfTrailingZeros(vl) * part * 2; // the loads, then each stage's part (as tileCost)
                for (int r = u * part; r < (u + 1) * part; r++) c += rowCost(t, fw, r) + 2;
                return c;
            }));
        }
        s.line("");
        s.line("@Override");
        s.line("public void unpack(int width, byte[] in, int p, " + t.prim + "[] out, int o, int blocks) {");
        widthSwitch(s, t, "Arrays.fill(out, o, o + 1024 * blocks, 0);", w -> "unpack" + w + "(in, p, out, o, blocks);");
        s.line("");
        s.line("@Override");
        s.line("public void unpackFlat(int width, byte[] in, int p, " + t.prim + "[] out, int o, int blocks) {");
        widthSwitch(s, t, "Arrays.fill(out, o, o + 1024 * blocks, 0);", w -> "flat" + w + "(in, p, out, o, blocks);");
        s.line("");
        s.line("@Override");
        s.line("public void pack(int width, " + t.prim + "[] in, int i, byte[] out, int p) {");
        widthSwitch(s, t, "{}", w -> calls("pack", w, packBands.get(w).size(), "(in, i, out, p)"));
        s.line("");
        s.line("@Override");
        s.line("public void packFlat(int width, " + t.prim + "[] in, int i, byte[] out, int p) {");
        widthSwitch(s, t, "{}", w -> calls("packFlat", w, packFlatBands.get(w).size(), "(in, i, out, p)"));
        for (int w = 1; w <= t.bits; w++) {
            boolean banded = false;
            if (wordLoop(t, vb, w)) flUnpackWords(s, t, vb, w);
            else if (periodLoop(t, vb, w)) flUnpackPeriods(s, t, vb, w);
            else {
                blockLoop(s, t, "unpack", w, unpackBands.get(w).size());
                banded = true;
            }
            blockLoop(s, t, "flat", w, flatBands.get(w).size());
            List<int[]> ub = unpackBands.get(w);
            if (banded) for (int b = 0; b < ub.size(); b++) flUnpack(s, t, vb, w, b, ub.get(b));
            List<int[]> fb = flatBands.get(w);
            for (int b = 0; b < fb.size(); b++) flFlat(s, t, vb, w, b, fb.get(b));
            List<int[]> pb = packBands.get(w);
            for (int b = 0; b < pb.size(); b++) flPack(s, t, vl, lanes, w, b, pb.get(b));
            List<int[]> pfb = packFlatBands.get(w);
            for (int b = 0; b < pfb.size(); b++) flPackFlat(s, t, vb, w, b, pfb.get(b));
        }
        s.line("}");
        return s.toString();
    }

    /** Declares the width's mask vector {@code m} (not needed at the full width). */
    private static void maskVar(Src s, Ty t, int w) {
        if (w < t.bits) s.line(t.vec + " m = " + t.vec + ".broadcast(S, " + t.mask(w) + ");");
    }

    /**
     * Expression of row {@code r} at width {@code w} for the lanes whose word 0 is at byte
     * {@code base + off}; loads their words into locals {@code w<k><suffix>} as needed
     * ({@code loaded[slot]} is the last loaded).
     */
    private static String row(Src s, Ty t, int w, int r, String base, String suffix, int[] loaded, int off) {
        return row(s, t, w, r, base, suffix, loaded, off, false);
    }

    /**
     * As {@link #row(Src, Ty, int, int, String, String, int[], int)}; with {@code shifts} the field is
     * cut by two immediate shifts ({@code x << (T - sh - W) >>> (T - W)}, the top field by one) instead of
     * a shift and an AND with the width mask {@code m}, which C2 reloads from the constant table before
     * every AND at AVX2.
     */
    private static String row(Src s, Ty t, int w, int r, String base, String suffix, int[] loaded, int off, boolean shifts) {
        int b = r * w;
        int k = b / t.bits;
        int sh = b % t.bits;
        int last = sh + w > t.bits ? k + 1 : k;
        int slot = suffix.isEmpty() ? 0 : Integer.parseInt(suffix.substring(1));
        if (loaded[slot] < k - 1) loaded[slot] = k - 1; // a band starts mid-block: earlier words are not needed
        while (loaded[slot] < last) {
            loaded[slot]++;
            s.line(t.vec + " w" + loaded[slot] + suffix + " = " + t.load("in", base + " + " + (128 * loaded[slot] + off)) + ";");
        }
        String wk = "w" + k + suffix;
        if (shifts) {
            if (sh + w > t.bits) {
                // the high part's h bits of the next word go to bit T - sh: up to the top, then down
                int h = sh + w - t.bits;
                return wk + ".lanewise(LSHR, " + sh + ").or(w" + (k + 1) + suffix + ".lanewise(LSHL, " + (t.bits - h) + ").lanewise(LSHR, " + (t.bits - w) + "))";
            }
            String e = wk;
            if (sh + w < t.bits) e += ".lanewise(LSHL, " + (t.bits - sh - w) + ")";
            if (t.bits - w > 0) e += ".lanewise(LSHR, " + (sh + w < t.bits ? t.bits - w : sh) + ")";
            return e;
        }
        if (sh + w <= t.bits) {
            String e = wk;
            if (sh > 0) e += ".lanewise(LSHR, " + sh + ")";
            if (sh + w < t.bits) e += ".and(m)";
            return e;
        }
        // the low part has T - sh < W bits, so one mask after the OR clears the high part's excess
        return wk + ".lanewise(LSHR, " + sh + ").or(w" + (k + 1) + suffix + ".lanewise(LSHL, " + (t.bits - sh) + ")).and(m)";
    }

    /**
     * Whether unpack runs the lane groups of a row in a run-time loop rather than unrolled: where a row
     * is eight or more vectors (the 128-bit shapes, used only without AVX2), unrolling them made
     * Fl64Gen128 6.7 MB of source for the least-used shape.
     */
    private static boolean groupLoop(int groups) {
        return groups >= 8;
    }

    /**
     * Whether unpack at width {@code w} runs as a loop over the block's periods: where w shares a
     * factor with T, every T/gcd(w, T) rows start on a word boundary and repeat the same shifts, and a
     * loop over those periods (within the C1 budget, rows unrolled across lane groups) lets C2 keep a few
     * words live per iteration. Straight-line code over a whole band made C2 hoist every load and spill:
     * at width 4, 512 bits, 400 KiB, the loop ran at 0.72-0.79 of store-only against 0.58-0.66.
     */
    private static boolean periodLoop(Ty t, int vb, int w) {
        int groups = 1024 / t.bits / (vb / t.bits);
        int g = w == 0 ? 0 : gcd(w, t.bits);
        // at most 32 stores a period: in the nested loop that preceded the single run loop, 32-store
        // periods ran slower than straight-line bands (width 2: 0.47 against 0.60); in the run loop
        // they run faster (0.65 against 0.51), and the C1 budget below still bounds the body
        if (g < 2 || groupLoop(groups) || t.bits / g * groups > 32) return false;
        int cost = 0;
        for (int r = 0; r < t.bits / g; r++) cost += groups * (rowCost(t, w, r) + 1);
        return cost <= BUDGET;
    }

    /**
     * Whether unpack at width {@code w} runs as a loop over words whose rows are a run-time loop
     * shifting by {@code w * i}: where w divides T and a word holds 16 or more rows. Unrolled, such a
     * word is 16 to 64 stores across the lane groups, and C2's straight-line code for it ran well
     * below the same work in a small loop body (C2 unrolls the row loop four times, with the shift
     * count in a register): at 400 KiB, width 1 went from 0.66 to 0.79 of store-only at 512 bits and
     * from 0.63 to 0.98 at 256 bits; width 2 from 0.65 to 0.77 and from 0.61 to 0.85.
     */
    private static boolean wordLoop(Ty t, int vb, int w) {
        int groups = 1024 / t.bits / (vb / t.bits);
        return w > 0 && t.bits % w == 0 && t.bits / w >= 16 && !groupLoop(groups);
    }

    /** Unpack at width {@code w} as a loop over every word of the run (see {@link #wordLoop}). */
    private static void flUnpackWords(Src s, Ty t, int vb, int w) {
        int vl = vb / t.bits;
        int lanes = 1024 / t.bits;
        int rowsPerWord = t.bits / w;
        s.line("");
        s.line("private static void unpack" + w + "(byte[] in, int p, " + t.prim + "[] out, int o, int blocks) {");
        maskVar(s, t, w);
        s.line("for (int k = 0, words = " + w + " * blocks; k < words; k++) {");
        s.line("int q = p + 128 * k;");
        s.line("int r = o + " + lanes * rowsPerWord + " * k;");
        for (int gr = 0; gr < lanes / vl; gr++) s.line(t.vec + " w_" + gr + " = " + t.load("in", "q + " + t.bytes() * vl * gr) + ";");
        s.line("for (int i = 0; i < " + rowsPerWord + "; i++) {");
        for (int gr = 0; gr < lanes / vl; gr++) {
            s.line("w_" + gr + ".lanewise(LSHR, " + (w == 1 ? "i" : w + " * i") + ").and(m).intoArray(out, r + " + lanes + " * i + " + gr * vl + ");");
        }
        s.line("}").line("}").line("}");
    }

    /**
     * Whether unpack cuts each field by two immediate shifts rather than a shift and the width mask
     * (int32 at 256 bits): C2 at AVX2 does not keep the broadcast mask in a register but reloads it
     * ({@code vpbroadcastd} from the constant table) before every AND.
     */
    private static boolean shiftFields(Ty t, int vb) {
        return vb == 256 && t == Ty.INT;
    }

    /**
     * Rows between compiler fences in a band of unpack at width {@code w}, 0 for none. C2 schedules
     * every load and field of a band ahead of its stores (the stores form one memory chain, the fields
     * do not) and spills what does not fit in 16 registers: 45 vector stack moves for 44 stores in
     * {@code unpack5_0}. A {@code VarHandle.releaseFence()} (no instruction on x86) every four rows, with
     * the words loaded again after it, pins each run of rows behind the previous run's stores, and no
     * spill is left. For int32 at 256 bits below width 16: at 3, 5 and 9 the fenced bands measured
     * 0.93-0.98 of the C arm against 0.71-0.85 without; at 23, where most rows need two words, the
     * loads again cost more than the spills (docs/measurements.md, "The 256-bit decode gaps"). The period
     * loops of those widths ({@link #flUnpackPeriods}) whose period has more rows than that, 4 and 12,
     * are fenced the same way: 0.74-0.95 of the C arm before, 0.99-1.02 after.
     */
    private static int fenceRows(Ty t, int vb, int w) {
        return shiftFields(t, vb) && w < 16 ? 4 : 0;
    }

    /** Fewest stores in the body of a period loop (see {@link #flUnpackPeriods}). */
    private static final int MIN_PERIOD_STORES = 8;

    /** Unpack at width {@code w} as a loop over blocks and their periods (see {@link #periodLoop}). */
    private static void flUnpackPeriods(Src s, Ty t, int vb, int w) {
        int vl = vb / t.bits;
        int lanes = 1024 / t.bits;
        int g = gcd(w, t.bits);
        // a body of fewer than MIN_PERIOD_STORES stores is left to C2 to unroll, which it did badly (width
        // 16 at 512 bits: 0.45 of store-only, against 0.66 with two periods unrolled here)
        while (g > 1 && t.bits / g * (lanes / vl) < MIN_PERIOD_STORES) g /= 2;
        int periodRows = t.bits / g;
        s.line("");
        s.line("private static void unpack" + w + "(byte[] in, int p, " + t.prim + "[] out, int o, int blocks) {");
        boolean shifts = shiftFields(t, vb);
        if (!shifts) maskVar(s, t, w);
        // blocks are contiguous and hold whole periods, so one loop runs over every period of the run:
        // a nest whose inner loop had a constant trip count ran slower (width 32, a copy: 0.42 of
        // store-only against 0.49, and 0.73 against 0.90 at width 4)
        s.line("for (int k = 0, periods = " + g + " * blocks; k < periods; k++) {");
        s.line("int q = p + " + 128 * (w / g) + " * k;");
        s.line("int r = o + " + lanes * periodRows + " * k;");
        // a period of more rows than fenceRows is fenced like a band (C2 hoisted its loads the same way)
        int groups = lanes / vl;
        int fr = fenceRows(t, vb, w);
        int[] loaded = new int[groups * (fr == 0 ? 1 : periodRows / fr + 1)];
        Arrays.fill(loaded, -1);
        for (int row = 0; row < periodRows; row++) {
            int run = fr == 0 ? 0 : row / fr;
            if (fr > 0 && row > 0 && row % fr == 0) s.line("java.lang.invoke.VarHandle.releaseFence();");
            for (int gr = 0; gr < groups; gr++) s.line(row(s, t, w, row, "q", "_" + (gr + groups * run), loaded, t.bytes() * vl * gr, shifts) + ".intoArray(out, r + " + (row * lanes + gr * vl) + ");");
        }
        s.line("}").line("}");
    }

    /** Rows {@code rowsOf[0] .. rowsOf[1]-1} of every lane group, row by row: row r of lane l to {@code out[o + LANES*r + l]}. */
    private static void flUnpack(Src s, Ty t, int vb, int w, int band, int[] rowsOf) {
        int vl = vb / t.bits;
        int lanes = 1024 / t.bits;
        s.line("");
        s.line("private static void unpack" + w + "_" + band + "(byte[] in, int p, " + t.prim + "[] out, int o) {");
        boolean shifts = shiftFields(t, vb);
        if (!shifts) maskVar(s, t, w);
        if (groupLoop(lanes / vl)) {
            s.line("for (int g = 0; g < " + lanes + "; g += " + vl + ") {");
            s.line("int q = p + " + t.bytes() + " * g;");
            int[] loaded = {-1};
            for (int r = rowsOf[0]; r < rowsOf[1]; r++) s.line(row(s, t, w, r, "q", "", loaded, 0, shifts) + ".intoArray(out, o + g + " + r * lanes + ");");
            s.line("}").line("}");
            return;
        }
        // past a fence each run of rows loads its words again, as locals of their own (slot g + groups * run)
        int fr = fenceRows(t, vb, w);
        int groups = lanes / vl;
        int[] loaded = new int[groups * (fr == 0 ? 1 : t.bits / fr)];
        Arrays.fill(loaded, -1);
        for (int r = rowsOf[0]; r < rowsOf[1]; r++) {
            int run = fr == 0 ? 0 : r / fr;
            if (fr > 0 && r > rowsOf[0] && r % fr == 0) s.line("java.lang.invoke.VarHandle.releaseFence();");
            for (int g = 0; g < groups; g++) s.line(row(s, t, w, r, "p", "_" + (g + groups * run), loaded, t.bytes() * vl * g, shifts) + ".intoArray(out, o + " + (r * lanes + g * vl) + ");");
        }
        s.line("}");
    }

    /**
     * Tile rows {@code unitsOf[0] .. unitsOf[1]-1} (rows VL*u .. +VL) of FL_ORDER data, for each lane group
     * in turn (a run-time loop: the tile code is the same for every group), each tile transposed in
     * registers so vector e holds lane e's run of VL values.
     */
    private static void flFlat(Src s, Ty t, int vb, int w, int band, int[] unitsOf) {
        int vl = vb / t.bits;
        int lanes = 1024 / t.bits;
        s.line("");
        s.line("private static void flat" + w + "_" + band + "(byte[] in, int p, " + t.prim + "[] out, int o) {");
        maskVar(s, t, w);
        s.line("for (int g = 0; g < " + lanes + "; g += " + vl + ") {");
        s.line("int q = p + " + t.bytes() + " * g;");
        // FL_ORDER flat index of row 0 of lane g; lanes of a group never cross 16, so lane g + e starts 64 * e further
        s.line("int r = o + " + (t.bits == 32 ? "(g & 15) * 64 + (g >> 4) * 32" : "g * 64") + ";");
        int[] loaded = {-1};
        for (int u = unitsOf[0]; u < unitsOf[1]; u++) {
            int r0 = u * vl;
            for (int i = 0; i < vl; i++) s.line(t.vec + " t" + (r0 + i) + " = " + row(s, t, w, r0 + i, "q", "", loaded, 0) + ";");
            transposeTile(s, t, vb, r0);
        }
        s.line("}").line("}");
    }

    /**
     * Packs rows {@code rowsOf[0] .. rowsOf[1]-1} of interleaved file order (row r of lane l is
     * {@code in[i + LANES*r + l]}), for each lane group in turn: each row is one contiguous load.
     */
    private static void flPack(Src s, Ty t, int vl, int lanes, int w, int band, int[] rowsOf) {
        s.line("");
        s.line("private static void pack" + w + "_" + band + "(" + t.prim + "[] in, int i, byte[] out, int p) {");
        maskVar(s, t, w);
        s.line("for (int g = 0; g < " + lanes + "; g += " + vl + ") {");
        s.line("int q = p + " + t.bytes() + " * g;");
        for (int r = rowsOf[0]; r < rowsOf[1]; r++) {
            s.line(t.vec + " v" + r + " = " + t.vec + ".fromArray(S, in, i + g" + (r == 0 ? "" : " + " + r * lanes) + ");");
            packRow(s, t, w, r, rowsOf);
        }
        s.line("}").line("}");
    }

    /**
     * Parts each VLxVL tile of {@link #flPackFlat} is split into: a whole 16x16 tile (the int32 shape
     * at 512 bits) with its rows' packing overran C1, which failed to compile every such method
     * (BitPackingHarnessTest's JIT watch), so there each half of the tile is computed on its own.
     */
    private static int flatPackParts(Ty t, int vb) {
        return vb / t.bits >= 16 ? 2 : 1;
    }

    /**
     * Packs the rows {@code unitsOf[0] * P .. unitsOf[1] * P - 1} of an FL_ORDER block (units of
     * P = VL / {@link #flatPackParts} rows), for each lane group in turn: the inverse of
     * {@link #flFlat}. Lane g+e's rows are a run of consecutive values in file order, so a tile is VL
     * contiguous loads (vector e: lane e's VL rows), transposed in registers into VL rows across the
     * group's lanes. This replaces a gathering load per row through a lane map (docs/measurements.md,
     * the FastLanes pack row).
     */
    private static void flPackFlat(Src s, Ty t, int vb, int w, int band, int[] unitsOf) {
        int vl = vb / t.bits;
        int lanes = 1024 / t.bits;
        int part = vl / flatPackParts(t, vb);
        s.line("");
        s.line("private static void packFlat" + w + "_" + band + "(" + t.prim + "[] in, int i, byte[] out, int p) {");
        maskVar(s, t, w);
        s.line("for (int g = 0; g < " + lanes + "; g += " + vl + ") {");
        s.line("int q = p + " + t.bytes() + " * g;");
        // FL_ORDER flat index of row 0 of lane g, as in flFlat: lane g + e starts 64 * e further
        s.line("int r = i + " + (t.bits == 32 ? "(g & 15) * 64 + (g >> 4) * 32" : "g * 64") + ";");
        int[] rowsOf = {unitsOf[0] * part, unitsOf[1] * part};
        int loadedTile = -1;
        for (int u = unitsOf[0]; u < unitsOf[1]; u++) {
            int r0 = u * part / vl * vl;
            int from = u * part - r0;
            if (r0 != loadedTile) {
                for (int e = 0; e < vl; e++) s.line(t.vec + " t" + (r0 + e) + " = " + t.vec + ".fromArray(S, in, r + " + (64 * e + r0) + ");");
                loadedTile = r0;
            }
            String[] rows = transposeInRegisters(s, t, vb, r0, from, from + part);
            for (int j = from; j < from + part; j++) {
                s.line(t.vec + " v" + (r0 + j) + " = " + rows[j] + ";");
                packRow(s, t, w, r0 + j, rowsOf);
            }
        }
        s.line("}").line("}");
    }

    /**
     * ORs row {@code r}, in local {@code v<r>}, into the lane group's accumulator {@code acc} at its bit
     * offset and stores each word as it completes; {@code rowsOf} is the band, whose first row declares
     * {@code acc} (re-reading the word a previous band left half filled) and whose last stores it.
     */
    private static void packRow(Src s, Ty t, int w, int r, int[] rowsOf) {
        int b = r * w;
        int k = b / t.bits;
        int sh = b % t.bits;
        boolean first = r == rowsOf[0];
        String name = "v" + r;
        // bits above the width must not reach the next row's bits; where the row ends exactly at the
        // word's top the shift drops them
        if (w < t.bits && sh + w != t.bits) s.line(name + " = " + name + ".and(m);");
        String decl = first ? t.vec + " " : "";
        if (sh == 0) {
            s.line(decl + "acc = " + name + ";");
        } else if (first) {
            // the band starts inside word k: the previous band stored its low bits
            s.line(decl + "acc = " + t.load("out", "q + " + 128 * k) + ".or(" + name + ".lanewise(LSHL, " + sh + "));");
        } else {
            s.line("acc = acc.or(" + name + ".lanewise(LSHL, " + sh + "));");
        }
        boolean lastOfBand = r == rowsOf[1] - 1;
        if (sh + w >= t.bits || lastOfBand) {
            s.line("acc.reinterpretAsBytes().intoArray(out, q + " + 128 * k + ");");
            if (sh + w > t.bits) {
                s.line("acc = " + name + ".lanewise(LSHR, " + (t.bits - sh) + ");");
                if (lastOfBand) s.line("acc.reinterpretAsBytes().intoArray(out, q + " + 128 * (k + 1) + ");");
            }
        }
    }
}
