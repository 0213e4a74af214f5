package io.lanes.workbench.codec.bitpack;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntFunction;
import java.util.function.IntUnaryOperator;
import java.util.regex.Matcher;

/**
 * What both kernel generators ({@link KernelGenerator} and {@code codec.frame.FrameKernelGenerator})
 * write alike: the value types, indented source text, the cut of a width's work into bands, the cost
 * of a FastLanes row, and the in-register transpose of a tile of rows. Uses only the JDK, so the
 * generators still run as source files (the launcher compiles this class from the same tree).
 * Stateless apart from {@link Src}, which one generator thread fills.
 */
public final class KernelSource {
    /**
     * Largest estimated cost of one generated method. C1 (tier 3) gives up on a method of a few hundred
     * Vector API calls ("out of virtual registers"), and a method C1 gives up on is never promoted to
     * C2: it stays interpreted, about 1000x slower. So each width's work is cut into bands whose
     * estimated cost stays under this (units: one per lanewise op, store, rearrange or blend; two per
     * load or two-source select; measured failures started near 250). Band methods take one block and
     * are called block by block, which costs a few percent against looping inside them but makes each
     * one hot 50x sooner: HotSpot wants 600 invocations before C2, and until then they run as C1 code.
     */
    public static final int BUDGET = 150;
    /** Vector shapes a kernel is generated for. */
    public static final int[] VECTOR_BITS = {128, 256, 512};

    private KernelSource() {
    }

    /** The value type a kernel is generated for: its names, literals and word size. */
    public enum Ty {
        INT(32, "int", "Integer", "IntVector", "Int", ""),
        LONG(64, "long", "Long", "LongVector", "Long", "L");

        /** Bits of a value. */
        public final int bits;
        /** The primitive type, {@code int} or {@code long}. */
        public final String prim;
        /** The boxed type a species names. */
        public final String box;
        /** The Vector API class. */
        public final String vec;
        /** The capitalised name in {@code reinterpretAsInts} and the like. */
        public final String cap;
        /** Suffix of a literal of this type. */
        public final String suffix;

        Ty(int bits, String prim, String box, String vec, String cap, String suffix) {
            this.bits = bits;
            this.prim = prim;
            this.box = box;
            this.vec = vec;
            this.cap = cap;
            this.suffix = suffix;
        }

        /** Bytes of a value. */
        public int bytes() {
            return bits / 8;
        }

        /** Hex literal of the low {@code w} bits set. */
        public String mask(int w) {
            long m = w >= 64 ? -1L : (1L << w) - 1;
            return bits == 32 ? String.format("0x%x", (int) m) : String.format("0x%xL", m);
        }

        /**
         * A vector of words loaded from byte array {@code array} at {@code offset}: the Vector API call
         * itself, so C2 force-inlines it (the generated code has {@code B}, the byte species).
         */
        public String load(String array, String offset) {
            return "ByteVector.fromArray(B, " + array + ", " + offset + ").reinterpretAs" + cap + "s()";
        }
    }

    /** Source text with indentation: a line ending in an open brace indents the next, one starting with a close brace dedents. */
    public static final class Src {
        private final StringBuilder sb;
        private int indent;

        /** Text that starts with {@code header} (the generated file's first line). */
        public Src(String header) {
            sb = new StringBuilder(header);
        }

        /** Appends one line. */
        public Src line(String s) {
            if (s.startsWith("}")) indent--;
            if (!s.isEmpty()) sb.append("    ".repeat(Math.max(0, indent))).append(s);
            sb.append('\n');
            if (s.endsWith("{")) indent++;
            return this;
        }

        /** Appends each line of a text block. */
        public Src lines(String block) {
            for (String s : block.stripTrailing().split("\n", -1)) line(s);
            return this;
        }

        @Override
        public String toString() {
            return sb.toString();
        }
    }


    /** Splits {@code units} consecutive units into bands of at most {@link #BUDGET} total cost (at least one unit each). */
    public static List<int[]> bands(int units, IntUnaryOperator cost) {
        List<int[]> out = new ArrayList<>();
        int from = 0;
        int sum = 0;
        for (int u = 0; u < units; u++) {
            int c = cost.applyAsInt(u);
            if (u > from && sum + c > BUDGET) {
                out.add(new int[] {from, u});
                from = u;
                sum = 0;
            }
            sum += c;
        }
        out.add(new int[] {from, units});
        return out;
    }

    /** Calls every band method of one width with the same arguments. */
    public static String calls(String prefix, int w, int nBands, String args) {
        if (nBands == 1) return prefix + w + "_0" + args + ";";
        StringBuilder sb = new StringBuilder("{");
        for (int b = 0; b < nBands; b++) sb.append(' ').append(prefix).append(w).append('_').append(b).append(args).append(';');
        return sb.append(" }").toString();
    }

    /** Estimated cost of computing FastLanes row {@code r} at width {@code w} (without using or storing it), loads included. */
    public static int rowCost(Ty t, int w, int r) {
        if (w == 0) return 0;
        int b = r * w;
        int sh = b % t.bits;
        int c = (sh > 0 ? 1 : 0) + (sh + w < t.bits ? 1 : 0);
        if (sh == 0) c += 2; // a new word starts here
        if (sh + w > t.bits) c += 2 + 2; // the next word: a load, a shift and an OR
        return c;
    }

    /** Greatest common divisor. */
    public static int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    /**
     * Whether the tile transpose uses two-source lane selects ({@code vpermt2d}, AVX-512 only, which the
     * 512-bit shape implies) rather than a rearrange and a blend per vector.
     */
    public static boolean twoSource(int vb) {
        return vb == 512;
    }

    /**
     * Whether the tile transpose swaps lanes by XOR and AND (int32 at 256 bits) rather than a rearrange
     * and a blend per vector. C2 lowers a constant-mask {@code blend} at AVX2 to {@code vpblendvb}
     * (three uops on the project's VM) where the swap costs two rearranges and four one-uop bit
     * operations per pair. Ints only: the stage on bit 1 as 64-bit shifts on {@code reinterpretAsLongs}
     * was as fast in C2 but left C1's code so slow that a column's rare widths were still in C1 when
     * timed (docs/measurements.md, "The 256-bit decode gaps").
     */
    public static boolean swapTranspose(Ty t, int vb) {
        return vb == 256 && t == Ty.INT;
    }

    /** How one butterfly stage is done, for a class comment. */
    public static String butterflyOp(Ty t, int vb) {
        if (twoSource(vb)) return "one two-source lane select";
        if (swapTranspose(t, vb)) return "half a delta swap of a pair: a rearrange, XOR and AND";
        return "a lane rearrange and a blend";
    }

    /**
     * Declares the constants of the VLxVL tile transpose at {@code vb} bits: per butterfly stage the
     * two-source lane indices {@code P<st>}, {@code Q<st>}, or the lane swap {@code X<st>} and its
     * blend mask {@code M<st>} (the class imports {@code VectorShuffle} and {@code VectorMask} then),
     * or for {@link #swapTranspose} the lane swap and its keep mask {@code K<st>}.
     */
    public static void transposeConstants(Src s, Ty t, int vb) {
        int vl = vb / t.bits;
        for (int st = vl / 2; st >= 1; st /= 2) {
            if (swapTranspose(t, vb)) {
                s.line("/** Swaps lanes whose indices differ in bit " + st + "; K" + st + " is all ones in lanes with that bit clear. */");
                s.line("private static final VectorShuffle<" + t.box + "> X" + st + " = VectorShuffle.fromOp(S, i -> i ^ " + st + ");");
                s.line("private static final " + t.vec + " K" + st + " = " + t.vec + ".fromArray(S, new " + t.prim + "[] {" + clearLanes(vl, st) + "}, 0);");
            } else if (twoSource(vb)) {
                s.line("/** Two-source lane indices of the butterfly on bit " + st + ": the new row a, the new row b. */");
                s.line("private static final " + t.vec + " P" + st + " = " + t.vec + ".fromArray(S, new " + t.prim + "[] {" + butterfly(vl, st, true) + "}, 0);");
                s.line("private static final " + t.vec + " Q" + st + " = " + t.vec + ".fromArray(S, new " + t.prim + "[] {" + butterfly(vl, st, false) + "}, 0);");
            } else {
                s.line("/** Swaps lanes whose indices differ in bit " + st + "; the mask selects lanes with that bit set. */");
                s.line("private static final VectorShuffle<" + t.box + "> X" + st + " = VectorShuffle.fromOp(S, i -> i ^ " + st + ");");
                s.line("private static final VectorMask<" + t.box + "> M" + st + " = VectorMask.fromLong(S, " + xorMask(vl, st) + "L);");
            }
        }
    }

    /**
     * Transposes the tile of rows {@code r0 .. r0+VL-1}, held in locals {@code t<r>}, in registers and
     * stores it: after log2(VL) butterfly stages vector e holds lane e's run of VL values, stored at
     * {@code out[r + 64 e + r0]} (where {@code r} is the tile's lane group's first index in file order).
     */
    public static void transposeTile(Src s, Ty t, int vb, int r0) {
        String[] cur = transposeInRegisters(s, t, vb, r0);
        for (int e = 0; e < cur.length; e++) s.line(cur[e] + ".intoArray(out, r + " + (64 * e + r0) + ");");
    }

    /**
     * Transposes the VLxVL tile held in locals {@code t<r0>} .. {@code t<r0+VL-1>} in registers and
     * returns the names of the transposed vectors: name e holds lane e of every input vector. The
     * transpose is its own inverse, so the same stages serve unpacking (rows to lane runs) and packing
     * (lane runs to rows).
     */
    public static String[] transposeInRegisters(Src s, Ty t, int vb, int r0) {
        return transposeInRegisters(s, t, vb, r0, 0, vb / t.bits);
    }

    /**
     * As {@link #transposeInRegisters(Src, Ty, int, int)}, computing only the transposed vectors
     * {@code from .. to-1} (an aligned run of a power of two; the other names are null): every input is
     * still read, but each stage computes only the vectors those outputs depend on, so a tile can be
     * split into parts that each stay within C1's budget, for the price of the inputs' loads again.
     */
    public static String[] transposeInRegisters(Src s, Ty t, int vb, int r0, int from, int to) {
        int vl = vb / t.bits;
        String[] cur = new String[vl];
        for (int i = 0; i < vl; i++) cur[i] = "t" + (r0 + i);
        int stage = 0;
        for (int st = vl / 2; st >= 1; st /= 2, stage++) {
            String[] next = new String[vl];
            // output e of the tile depends on the vectors of this stage that agree with e in the bits
            // the later stages (st/2 .. 1) do not touch, i.e. in every bit from st up
            int keep = ~(st - 1);
            if (swapTranspose(t, vb)) {
                for (int i = 0; i < vl; i++) {
                    if ((i & st) != 0) continue;
                    boolean needA = (i & keep) >= (from & keep) && (i & keep) <= ((to - 1) & keep);
                    boolean needB = ((i | st) & keep) >= (from & keep) && ((i | st) & keep) <= ((to - 1) & keep);
                    if (needA || needB) swapPair(s, st, cur[i], cur[i | st], stage + "_" + (r0 + i), stage + "_" + (r0 + (i | st)), needA, needB);
                    if (needA) next[i] = "s" + stage + "_" + (r0 + i);
                    if (needB) next[i | st] = "s" + stage + "_" + (r0 + (i | st));
                }
                cur = next;
                continue;
            }
            for (int i = 0; i < vl; i++) {
                if ((i & keep) < (from & keep) || (i & keep) > ((to - 1) & keep)) continue;
                String a = cur[i & ~st];
                String b = cur[i | st];
                next[i] = "s" + stage + "_" + (r0 + i);
                boolean isA = (i & st) == 0;
                if (twoSource(vb)) {
                    s.line(t.vec + " " + next[i] + " = " + (isA ? "P" : "Q") + st + ".selectFrom(" + a + ", " + b + ");");
                } else if (isA) {
                    s.line(t.vec + " " + next[i] + " = " + a + ".blend(" + b + ".rearrange(X" + st + "), M" + st + ");");
                } else {
                    s.line(t.vec + " " + next[i] + " = " + a + ".rearrange(X" + st + ").blend(" + b + ", M" + st + ");");
                }
            }
            cur = next;
        }
        return cur;
    }

    /**
     * One butterfly on bit {@code st} of the int32 tile at 256 bits ({@link #swapTranspose}) as a delta
     * swap: from the pair (a, b) the new a ({@code s<na>}: a where bit st of the lane is clear, else
     * b's lane with it clear) and the new b ({@code s<nb>}), each only where asked for. {@code d} =
     * (a's lanes moved across bit st) XOR b, kept where the bit is clear, so b XOR d takes a's lanes
     * into b and a XOR (d moved back) takes b's into a.
     */
    private static void swapPair(Src s, int st, String a, String b, String na, String nb, boolean needA, boolean needB) {
        s.line("IntVector d" + na + " = " + a + ".rearrange(X" + st + ").lanewise(XOR, " + b + ").and(K" + st + ");");
        if (needA) s.line("IntVector s" + na + " = " + a + ".lanewise(XOR, d" + na + ".rearrange(X" + st + "));");
        if (needB) s.line("IntVector s" + nb + " = " + b + ".lanewise(XOR, d" + na + ");");
    }

    /** Lane literals of {@code K<st>}: -1 where bit {@code st} of the lane index is clear, else 0. */
    private static String clearLanes(int vl, int st) {
        StringBuilder sb = new StringBuilder();
        for (int c = 0; c < vl; c++) sb.append(c == 0 ? "" : ", ").append((c & st) == 0 ? "-1" : "0");
        return sb.toString();
    }

    /**
     * Lane indices into the pair (a, b) of the butterfly on bit {@code st}: lane c of the new a is a[c]
     * where bit st of c is clear, else b[c ^ st]; lane c of the new b is a[c ^ st] where it is clear,
     * else b[c]. Index VL + k names b[k].
     */
    private static String butterfly(int vl, int st, boolean newA) {
        StringBuilder sb = new StringBuilder();
        for (int c = 0; c < vl; c++) {
            boolean set = (c & st) != 0;
            int idx = newA ? (set ? vl + (c ^ st) : c) : (set ? vl + c : c ^ st);
            sb.append(c == 0 ? "" : ", ").append(idx);
        }
        return sb.toString();
    }

    /**
     * Largest generated file, in characters: a class above it is split by width range ({@link #split}),
     * so no single source file is a few megabytes for an editor, a diff or a review to open.
     */
    public static final int MAX_FILE = 900_000;

    /** A per-width method: {@code <family><width>} or {@code <family><width>_<band>}. */
    private static final java.util.regex.Pattern WIDTH_METHOD = java.util.regex.Pattern.compile("^    private static void [a-zA-Z]+?(\\d+)(?:_\\d+)?\\(.*");

    /**
     * The generated class {@code src} to be written at {@code path}, split where it exceeds
     * {@link #MAX_FILE}: the per-width methods (named {@code <family><width>[_<band>]}) move, whole widths
     * at a time in ascending order, into part classes {@code <Class>W<first width>} of the same package,
     * each under the limit. The class keeps its constants (package-private then), entry points and
     * width-generic methods and imports each part's methods statically, as each part imports the
     * class's constants: the same code and calls, only in more files (a static call to another class
     * of the package compiles and inlines as one within the class).
     */
    public static Map<String, String> split(String path, String src) {
        Map<String, String> out = new LinkedHashMap<>();
        if (src.length() <= MAX_FILE) {
            out.put(path, src);
            return out;
        }
        String cls = path.substring(path.lastIndexOf('/') + 1, path.length() - ".java".length());
        String dir = path.substring(0, path.lastIndexOf('/') + 1);
        String[] lines = src.split("\n", -1);
        String header = lines[0];
        String pkg = null;
        List<String> imports = new ArrayList<>();
        StringBuilder main = new StringBuilder();
        TreeMap<Integer, StringBuilder> byWidth = new TreeMap<>();
        for (int i = 0; i < lines.length; i++) {
            String l = lines[i];
            Matcher m = WIDTH_METHOD.matcher(l);
            if (m.matches()) {
                StringBuilder sb = byWidth.computeIfAbsent(Integer.parseInt(m.group(1)), w -> new StringBuilder());
                sb.append('\n');
                for (; !lines[i].equals("    }"); i++) sb.append(lines[i].replace("    private static void ", "    static void ")).append('\n');
                sb.append("    }\n");
                // drop the blank line written before the method
                if (main.length() >= 2 && main.charAt(main.length() - 2) == '\n') main.setLength(main.length() - 1);
                continue;
            }
            if (l.startsWith("package ")) pkg = l.substring("package ".length(), l.length() - 1);
            if (l.startsWith("import ")) imports.add(l);
            if (l.startsWith("    private static final ")) l = l.replaceFirst("private ", "");
            main.append(l).append(i == lines.length - 1 ? "" : "\n");
        }
        List<String> parts = new ArrayList<>();
        StringBuilder part = null;
        int first = -1;
        int last = -1;
        for (Map.Entry<Integer, StringBuilder> e : byWidth.entrySet()) {
            if (part != null && part.length() + e.getValue().length() > MAX_FILE - 4096) {
                parts.add(part(out, dir, header, pkg, imports, cls, first, last, part));
                part = null;
            }
            if (part == null) {
                part = new StringBuilder();
                first = e.getKey();
            }
            part.append(e.getValue());
            last = e.getKey();
        }
        if (part != null) parts.add(part(out, dir, header, pkg, imports, cls, first, last, part));
        String lastImport = imports.get(imports.size() - 1);
        StringBuilder statics = new StringBuilder(lastImport);
        for (String p : parts) statics.append("\nimport static ").append(pkg).append('.').append(p).append(".*;");
        String mainSrc = main.toString().replace(lastImport + "\n", statics + "\n");
        LinkedHashMap<String, String> all = new LinkedHashMap<>();
        all.put(path, mainSrc);
        all.putAll(out);
        return all;
    }

    /** Writes one part class of {@link #split} into {@code out}; returns its name. */
    private static String part(Map<String, String> out, String dir, String header, String pkg, List<String> imports,
                               String cls, int first, int last, StringBuilder methods) {
        String name = cls + "W" + first;
        StringBuilder sb = new StringBuilder(header).append('\n');
        sb.append("package ").append(pkg).append(";\n\n");
        for (String i : imports) sb.append(i).append('\n');
        sb.append("import static ").append(pkg).append('.').append(cls).append(".*;\n\n");
        sb.append("/** The methods of widths ").append(first).append("..").append(last).append(" of {@link ").append(cls)
                .append("}, which dispatches to them: a part of a class too big for one file. */\n");
        sb.append("final class ").append(name).append(" {\n");
        sb.append("    private ").append(name).append("() {\n    }\n");
        sb.append(methods);
        sb.append("}\n");
        out.put(dir + name + ".java", sb.toString());
        return name;
    }

    /** Hex literal of the lanes whose index has bit {@code st} set. */
    private static String xorMask(int vl, int st) {
        long m = 0;
        for (int i = 0; i < vl; i++) if ((i & st) != 0) m |= 1L << i;
        return "0x" + Long.toHexString(m);
    }

    /**
     * Lane tables of output vector {@code j} of a sequential group at width {@code w}: the group's
     * first word {@code k0}; per lane the word {@code idx} holding the value's first bit, the right
     * shift {@code shr} of that bit, and the left shift {@code shl} of the next word where the value
     * straddles two words (else T-1: the stray bit lands at T-1 >= W and the final mask clears it).
     */
    public record Pattern(int k0, int[] idx, int[] shr, int[] shl, boolean straddles) {
        /** The tables of output vector {@code j} of {@code vl} lanes at width {@code w}. */
        public static Pattern of(Ty t, int vl, int w, int j) {
            long bit = (long) j * vl * w;
            int k0 = (int) (bit / t.bits);
            int s0 = (int) (bit % t.bits);
            int[] idx = new int[vl];
            int[] shr = new int[vl];
            int[] shl = new int[vl];
            boolean any = false;
            for (int e = 0; e < vl; e++) {
                int b = s0 + e * w;
                idx[e] = b / t.bits;
                shr[e] = b % t.bits;
                boolean st = shr[e] + w > t.bits;
                shl[e] = st ? t.bits - shr[e] : t.bits - 1;
                any |= st;
            }
            return new Pattern(k0, idx, shr, shl, any);
        }

        /** Equal keys mean equal lane tables at one width. */
        public String key() {
            return Arrays.toString(idx) + Arrays.toString(shr) + (straddles ? Arrays.toString(shl) : "");
        }

        /** Whether lane e reads word e (no rearrangement needed). */
        public boolean identity() {
            for (int e = 0; e < idx.length; e++) if (idx[e] != e) return false;
            return true;
        }

        /** Whether no lane shifts its first word. */
        public boolean noShift() {
            for (int v : shr) if (v != 0) return false;
            return true;
        }

        /** Vector operations this output vector costs, for cutting bands under {@link #BUDGET}. */
        public int cost() {
            return 2 + (identity() ? 0 : 1) + (noShift() ? 0 : 1) + 3 + (straddles ? 2 + (identity() ? 0 : 1) + 2 : 0);
        }
    }

    /**
     * The package line and imports of a FastLanes kernel class; {@code shuffles} adds the mask and
     * shuffle types (a two-source rearrange needs neither).
     */
    public static void flImports(Src s, Ty t, int vb, boolean shuffles) {
        s.line("package io.lanes.workbench.codec.kernel;").line("");
        s.line("import jdk.incubator.vector.ByteVector;");
        s.line("import jdk.incubator.vector." + t.vec + ";");
        if (shuffles) s.line("import jdk.incubator.vector.VectorMask;").line("import jdk.incubator.vector.VectorShuffle;");
        s.line("import jdk.incubator.vector.VectorSpecies;").line("");
        s.line("import java.util.Arrays;").line("");
        s.line("import static jdk.incubator.vector.VectorOperators.LSHL;");
        s.line("import static jdk.incubator.vector.VectorOperators.LSHR;");
        if (swapTranspose(t, vb)) s.line("import static jdk.incubator.vector.VectorOperators.XOR;");
        s.line("");
    }

    /**
     * The body of a width dispatch: {@code switch (width)} with {@code zero} as width 0's arm (null: width
     * 0 is called like the others; {@code "{}"}: nothing to do), {@code call.apply(w)} as each width's
     * arm, an {@link IllegalArgumentException} beyond T, then the switch and the method closed.
     */
    public static void widthSwitch(Src s, Ty t, String zero, IntFunction<String> call) {
        s.line("switch (width) {");
        if ("{}".equals(zero)) s.line("case 0 -> {").line("}");
        else if (zero != null) s.line("case 0 -> " + zero);
        for (int w = zero == null ? 0 : 1; w <= t.bits; w++) s.line("case " + w + " -> " + call.apply(w));
        s.line("default -> throw new IllegalArgumentException(\"width \" + width + \" outside 0.." + t.bits + "\");");
        s.line("}").line("}");
    }
}
