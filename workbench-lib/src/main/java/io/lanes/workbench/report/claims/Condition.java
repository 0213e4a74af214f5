package io.lanes.workbench.report.claims;

import io.lanes.workbench.codec.nativeref.NativeKernels;
import io.lanes.workbench.measure.Fingerprint;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * A condition a claim is measured under on this machine: {@link #NATIVE} (this JVM as it runs); a
 * child JVM whose flags narrow the Vector API and the JIT to a published register width; or, for
 * a claim about compiled C or C++ whose two arms have C reference twins ({@code native.*}), those
 * twins built with the claim's optimisation level at its width. Which conditions a claim gets
 * follows from its {@link PublishedCondition} and the machine ({@link #toMeasure}); what no
 * condition can bring here (another instruction set, the source's compiler, its caches) is named
 * by {@link #notEmulated}. Immutable.
 *
 * @param id        stable id, part of a bundle folder's name ({@code native}, {@code avx2}, {@code vec128},
 *                  {@code vec256}, {@code c-O3-native-avx2}, ...)
 * @param label     what the condition is, for tables
 * @param jvmFlags  flags of the child JVM that measures it; empty for {@link #NATIVE}
 * @param armPrefix prefixed to both arms' names: {@code native.} for the C twins, else empty
 */
public record Condition(String id, String label, List<String> jvmFlags, String armPrefix) {
    /** This machine and JVM as they run. */
    public static final Condition NATIVE = new Condition("native", "this machine as it runs", List.of(), "");
    /** Prefix of the C reference arms' names. */
    public static final String C_ARMS = "native.";

    public Condition {
        jvmFlags = List.copyOf(jvmFlags);
    }

    /** The arm this condition measures for a claim's arm (its C twin under a C condition). */
    public String arm(String claimArm) {
        return armPrefix + claimArm;
    }

    /**
     * The machine facts conditions depend on.
     *
     * @param x86        whether this is an x86-64 machine
     * @param vectorBits the Vector API's preferred width here
     * @param avx2       whether the CPU has AVX2
     */
    public record Machine(boolean x86, int vectorBits, boolean avx2) {
        /** The facts of a fingerprint ({@code os}, {@code vector_preferred_bits}, {@code cpu_simd_flags}). */
        public static Machine of(Fingerprint fp) {
            String os = fp.get("os");
            return new Machine(os.endsWith("amd64") || os.endsWith("x86_64"), Integer.parseInt(fp.get("vector_preferred_bits")),
                    List.of(fp.get("cpu_simd_flags").split(" ")).contains("avx2"));
        }
    }

    /**
     * The conditions to measure a claim under, {@link #NATIVE} first: the native one always; the
     * published register width when it is narrower than this machine's and the JVM can be held to
     * it; and the C twins of both arms, where {@code armExists} knows them and the source's code was
     * compiled C or C++ ({@link #cArms}). A size claim gets the native condition only: no machine
     * changes a size.
     */
    public static List<Condition> toMeasure(Claim c, Machine m, Predicate<String> armExists) {
        List<Condition> out = new ArrayList<>(List.of(NATIVE));
        Condition p = published(c, m);
        if (p != null && !p.equals(NATIVE)) out.add(p);
        Condition cc = cArms(c, m, armExists);
        if (cc != null) out.add(cc);
        return out;
    }

    /**
     * The C twins of a claim's arms built as its source built its code: the optimisation level the
     * source names ({@code -O2} or {@code -O3}, else the arms' release flags) with
     * {@code -march=native}, at the published width where this machine can be held to it, else at
     * its own. {@code null} for a size claim, a source whose compiler is not a C or C++ one, or arms
     * without C twins.
     */
    static Condition cArms(Claim c, Machine m, Predicate<String> armExists) {
        PublishedCondition p = c.publishedCondition();
        if (c.metric().equals("size") || !p.compiler().matches("(?i).*\\b(gcc|clang|g\\+\\+).*")) return null;
        if (!armExists.test(C_ARMS + c.numerator()) || !armExists.test(C_ARMS + c.denominator())) return null;
        NativeKernels.CFlags profile = p.compiler().contains("-O2") ? NativeKernels.CFlags.O2_NATIVE
                : p.compiler().contains("-O3") ? NativeKernels.CFlags.O3_NATIVE : NativeKernels.CFlags.RELEASE;
        Condition width = published(c, m);
        List<String> flags = new ArrayList<>(width == null ? List.of() : width.jvmFlags());
        flags.add("-D" + NativeKernels.FLAGS_PROPERTY + "=" + profile.id());
        String at = width == null || width.equals(NATIVE) ? "native" : width.id();
        return new Condition("c-" + profile.id() + "-" + at, "the arms' C twins, gcc profile " + profile.id() + " at the "
                + (width == null || width.equals(NATIVE) ? "native width" : width.label()), flags, C_ARMS);
    }

    /**
     * The condition nearest the published one that this machine can run: {@link #NATIVE} for a size
     * claim or when the widths agree; a narrowed child JVM for a narrower published width;
     * {@code null} when the published width is wider than this machine's, not stated, or the code was
     * scalar (no JVM flag turns the workbench's kernels into the source's scalar code).
     */
    public static Condition published(Claim c, Machine m) {
        PublishedCondition p = c.publishedCondition();
        if (c.metric().equals("size")) return NATIVE;
        if (p.vectorBits() <= 0 || p.vectorBits() > m.vectorBits()) return null;
        if (p.vectorBits() == m.vectorBits()) return NATIVE;
        if (p.vectorBits() == 256 && m.x86() && m.avx2()) {
            return new Condition("avx2", "256-bit vectors, AVX2 instructions (-XX:UseAVX=2)", List.of("-XX:UseAVX=2"), "");
        }
        int bytes = p.vectorBits() / 8;
        return new Condition("vec" + p.vectorBits(), p.vectorBits() + "-bit vectors (-XX:MaxVectorSize=" + bytes + ")",
                List.of("-XX:MaxVectorSize=" + bytes), "");
    }

    /** What of the published condition no condition here reproduces, as one sentence; empty when nothing. */
    public static String notEmulated(Claim c, Machine m) {
        PublishedCondition p = c.publishedCondition();
        if (c.metric().equals("size")) return "";
        List<String> parts = new ArrayList<>();
        if (p.isa().equals("aarch64") && m.x86()) parts.add("the aarch64 instruction set (" + p.simd() + ")");
        if (p.isa().equals("x86-64") && !m.x86()) parts.add("the x86-64 instruction set (" + p.simd() + ")");
        if (p.vectorBits() == PublishedCondition.NOT_STATED) parts.add("a register width the source does not state");
        else if (p.vectorBits() == 0) parts.add("scalar code (the arms here use the Vector API)");
        else if (p.vectorBits() > m.vectorBits()) parts.add(p.vectorBits() + "-bit registers (this machine's widest is " + m.vectorBits() + ")");
        // a Java source ran under a JIT as the arms here do; a C or C++ one under its compiler, which nothing here is
        if (stated(p.compiler()) && !p.compiler().matches("(?s).*\\b(JDK|Java)\\b.*")) {
            parts.add("the source's compiler (" + p.compiler() + "; the arms here are Java under C2)");
        }
        if (stated(p.machine())) parts.add("the source's machine and caches (" + p.machine() + ")");
        return parts.isEmpty() ? "" : "not emulated: " + String.join("; ", parts);
    }

    private static boolean stated(String field) {
        return !field.startsWith("not stated") && !field.startsWith("not applicable");
    }
}
