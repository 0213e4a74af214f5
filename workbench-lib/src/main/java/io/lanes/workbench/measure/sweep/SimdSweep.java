package io.lanes.workbench.measure.sweep;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.OutputOrder;
import io.lanes.workbench.codec.bitpack.BlockPageCodec32;
import io.lanes.workbench.codec.nativeref.NativeKernels;
import io.lanes.workbench.corpus.Datasets;
import io.lanes.workbench.measure.Arm;
import io.lanes.workbench.measure.ChildJvm;
import io.lanes.workbench.measure.Harness;
import io.lanes.workbench.measure.Measurement;
import io.lanes.workbench.measure.StoreOnly;
import io.lanes.workbench.measure.WorkingSet;
import io.lanes.workbench.measure.ipv.IpvProtocol;
import jdk.incubator.vector.IntVector;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Register-width sweeps. The species legs run the width-generic {@link SpeciesUnpackKernel} at
 * 128, 256 and 512 bits in this JVM, all arms alternating in one harness run. The JIT legs run
 * codecs in child JVMs with {@code -XX:UseAVX=N} and optionally {@code -XX:MaxVectorSize}, where
 * C2's auto-vectorisation and the Vector API's preferred species both follow the level. A width or
 * level the CPU lacks is reported as not run, and so is a leg whose effective settings equal an
 * earlier leg's: it would only print a duplicate column. Stateless.
 */
public final class SimdSweep {
    /** Name prefix of the width-generic probe kernel; {@code .s128}, {@code .s256}, {@code .s512} or {@code .pref} follows. */
    public static final String KERNEL = "sweep.fl-unpack";
    /** Vector widths the species legs try. */
    public static final List<Integer> SPECIES_BITS = List.of(128, 256, 512);
    /** JIT levels tried by default: UseAVX 0..3, and AVX-512 instructions on 256-bit vectors. */
    public static final List<JitLevel> DEFAULT_LEVELS = List.of(new JitLevel(0, 0), new JitLevel(1, 0), new JitLevel(2, 0),
            new JitLevel(3, 0), new JitLevel(3, 32));

    private static final Pattern KERNEL_NAME = Pattern.compile(Pattern.quote(KERNEL) + "\\.(s(\\d+)|pref)");
    private static final ObjectMapper JSON = new ObjectMapper();

    private SimdSweep() {
    }

    /**
     * A JIT level for a child JVM.
     *
     * @param useAvx        value of {@code -XX:UseAVX}
     * @param maxVectorSize value of {@code -XX:MaxVectorSize} in bytes, or 0 for the level's default
     */
    public record JitLevel(int useAvx, int maxVectorSize) {
        /** Parses {@code 2} or {@code 3:32} (UseAVX, then MaxVectorSize in bytes). */
        public static JitLevel parse(String s) {
            String[] p = s.trim().split(":");
            try {
                JitLevel l = new JitLevel(Integer.parseInt(p[0]), p.length > 1 ? Integer.parseInt(p[1]) : 0);
                if (p.length > 2 || l.useAvx < 0 || l.useAvx > 3 || l.maxVectorSize < 0) throw new NumberFormatException();
                return l;
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("JIT level '" + s + "' is not UseAVX 0..3 with an optional :MaxVectorSize, e.g. 2 or 3:32");
            }
        }

        /** Leg label, e.g. {@code avx2} or {@code avx3-v256}. */
        public String label() {
            return "avx" + useAvx + (maxVectorSize > 0 ? "-v" + maxVectorSize * 8 : "");
        }

        /** The child's JVM flags. */
        public List<String> flags() {
            List<String> f = new ArrayList<>(List.of("-XX:UseAVX=" + useAvx));
            if (maxVectorSize > 0) f.add("-XX:MaxVectorSize=" + maxVectorSize);
            return f;
        }
    }

    /**
     * One leg of a sweep.
     *
     * @param label     column label: {@code s128}.. for species legs, {@code avx2}.. for JIT legs
     * @param flags     child JVM flags (empty for in-process legs)
     * @param effective what the leg really ran with (effective flags, preferred species), or what it would have
     * @param run       whether it was measured
     * @param reason    why it was not run (empty when it was)
     */
    public record Leg(String label, List<String> flags, String effective, boolean run, String reason) {
    }

    /**
     * What to sweep.
     *
     * @param codecs   codecs the JIT legs measure (the probe kernel at the preferred species and store-only are added)
     * @param datasets column ids
     * @param ladder   working-set points
     * @param reps     timed repetitions per arm
     * @param species  whether to run the species legs
     * @param levels   JIT levels for child JVMs (empty: none)
     * @param cFlags   C flag profiles of the native arms ({@link NativeKernels.CFlags}), each JIT level measured under
     *                 every one; empty: the configured profile alone
     */
    public record Settings(List<String> codecs, List<String> datasets, List<WorkingSet> ladder, int reps, boolean species,
                           List<JitLevel> levels, List<NativeKernels.CFlags> cFlags) {
        Harness.Config harness() {
            return harnessConfig(reps);
        }
    }

    /** Harness settings of every leg: no control twin, since legs are compared with each other, not gated. */
    static Harness.Config harnessConfig(int reps) {
        return new Harness.Config(200, 150, reps, 1000, false, 3000);
    }

    /**
     * The legs and everything they measured. Species-leg arms are named {@code sweep.fl-unpack.sN};
     * JIT-leg arms are named {@code ARM@LEG}, e.g. {@code plain@avx2}.
     */
    public record Result(List<Leg> legs, List<Measurement> measurements) {
    }

    /** The probe kernel as a codec at a vector width in bits. */
    public static IntCodec speciesCodec(int bits) {
        return new BlockPageCodec32(KERNEL + ".s" + bits, SpeciesUnpackKernel.forBits(bits), OutputOrder.FLAT,
                "sequential bit-packing, width-generic Vector API kernel on the " + bits + "-bit species (sweep legs only)");
    }

    /** Largest vector this JVM compiles to machine vectors (depends on the CPU, UseAVX and MaxVectorSize). */
    public static int maxVectorBits() {
        return IntVector.SPECIES_MAX.vectorBitSize();
    }

    /** Resolves {@code sweep.fl-unpack.sN}, {@code sweep.fl-unpack.pref} (this JVM's preferred width), a codec name or {@code store-only}. */
    public static Arm arm(String name) {
        Matcher m = KERNEL_NAME.matcher(name);
        if (!m.matches()) return Arm.named(name);
        int bits = m.group(2) == null ? IntVector.SPECIES_PREFERRED.vectorBitSize() : Integer.parseInt(m.group(2));
        return Arm.of(speciesCodec(bits));
    }

    /** Runs every leg; {@code log} receives a line as each leg starts or is skipped. */
    public static Result run(Settings s, Consumer<String> log) {
        List<Leg> legs = new ArrayList<>();
        List<Measurement> ms = new ArrayList<>();
        if (s.species()) speciesLegs(s, legs, ms, log);
        jitLegs(s, legs, ms, log);
        return new Result(List.copyOf(legs), List.copyOf(ms));
    }

    private static void speciesLegs(Settings s, List<Leg> legs, List<Measurement> ms, Consumer<String> log) {
        int max = maxVectorBits();
        List<Arm> arms = new ArrayList<>();
        for (int bits : SPECIES_BITS) {
            String label = "s" + bits;
            if (bits > max) {
                Leg leg = new Leg(label, List.of(), "in-process", false, "this JVM's vectors are at most " + max
                        + " bits (CPU and flags: " + jitFlags() + "); a " + bits + "-bit species would run in the Vector API's Java fallback, not in registers");
                legs.add(leg);
                log.accept("not run: " + label + ": " + leg.reason());
                continue;
            }
            legs.add(new Leg(label, List.of(), "in-process, " + jitFlags(), true, ""));
            arms.add(Arm.of(speciesCodec(bits)));
        }
        if (arms.isEmpty()) return;
        arms.add(Arm.storeOnly());
        log.accept("species legs in-process: " + arms.stream().map(Arm::name).toList());
        Harness h = new Harness(s.harness());
        for (WorkingSet ws : s.ladder()) {
            for (String id : s.datasets()) ms.addAll(h.measure(arms, Datasets.load(id), ws));
        }
    }

    private static void jitLegs(Settings s, List<Leg> legs, List<Measurement> ms, Consumer<String> log) {
        Map<String, String> seen = new LinkedHashMap<>();
        List<NativeKernels.CFlags> profiles = s.cFlags().isEmpty() ? java.util.Collections.singletonList(null) : s.cFlags();
        for (JitLevel level : s.levels()) {
            Effective eff = effective(level);
            String reason = "";
            if (eff.useAvx() < level.useAvx()) {
                reason = "the CPU lacks UseAVX=" + level.useAvx() + " (the JVM falls back to UseAVX=" + eff.useAvx() + ")";
            } else if (level.maxVectorSize() > 0 && eff.maxVectorSize() != level.maxVectorSize()) {
                reason = "MaxVectorSize=" + level.maxVectorSize() + " is not available at UseAVX=" + level.useAvx()
                        + " (the JVM uses " + eff.maxVectorSize() + ")";
            } else if (seen.containsKey(eff.key())) {
                reason = "same effective settings as " + seen.get(eff.key()) + " (" + eff.describe() + "): a duplicate column";
            }
            for (NativeKernels.CFlags profile : profiles) {
                String label = level.label() + (profile == null ? "" : "+" + profile.id());
                List<String> flags = new ArrayList<>(level.flags());
                if (profile != null) flags.add("-D" + NativeKernels.FLAGS_PROPERTY + "=" + profile.id());
                if (!reason.isEmpty()) {
                    legs.add(new Leg(label, flags, eff.describe(), false, reason));
                    log.accept("not run: " + label + ": " + reason);
                    continue;
                }
                log.accept("leg " + label + " in a child JVM (" + String.join(" ", flags) + "; " + eff.describe() + ")");
                ChildOutput out = child(s, label, flags);
                ms.addAll(out.measurements());
                legs.add(new Leg(label, flags, eff.describe() + (profile == null ? "" : "; C: " + out.nativeCompiler()), true, ""));
            }
            if (reason.isEmpty()) seen.put(eff.key(), level.label());
        }
    }

    /** Effective JIT settings of a child started with a level's flags. */
    record Effective(int useAvx, int maxVectorSize) {
        String key() {
            return useAvx + "/" + maxVectorSize;
        }

        String describe() {
            return "UseAVX=" + useAvx + " MaxVectorSize=" + maxVectorSize + " (int vectors up to " + Math.min(maxVectorSize * 8, 512) + " bits)";
        }
    }

    /** Asks a JVM started with the level's flags what it really uses (it clamps levels the CPU lacks). */
    static Effective effective(JitLevel level) {
        List<String> cmd = new ArrayList<>(List.of(ChildJvm.javaBinary()));
        cmd.addAll(level.flags());
        cmd.addAll(List.of("-XX:+PrintFlagsFinal", "-version"));
        ChildJvm.Result r = ChildJvm.run(cmd, 60);
        if (r.exitCode() != 0) throw new IllegalStateException("java " + String.join(" ", level.flags()) + " failed: " + r.stderrTail(5));
        return new Effective(flag(r.stdout(), "UseAVX"), flag(r.stdout(), "MaxVectorSize"));
    }

    static int flag(String printFlagsFinal, String name) {
        Matcher m = Pattern.compile("(?m)^\\s*\\S+\\s+" + name + "\\s+=\\s+(\\d+)").matcher(printFlagsFinal);
        if (!m.find()) throw new IllegalStateException("-XX:+PrintFlagsFinal did not list " + name);
        return Integer.parseInt(m.group(1));
    }

    private static String jitFlags() {
        return IpvProtocol.jitFeatures();
    }

    /** What a leg's child printed: its measurements and how it built the native arms ({@link NativeKernels#describe()}). */
    private record ChildOutput(List<Measurement> measurements, String nativeCompiler) {
    }

    private static ChildOutput child(Settings s, String label, List<String> legFlags) {
        List<String> args = new ArrayList<>();
        args.add(Integer.toString(s.reps()));
        args.add(String.join(",", s.ladder().stream().map(WorkingSet::label).toList()));
        args.add(String.join(",", s.datasets()));
        Set<String> arms = new LinkedHashSet<>(s.codecs());
        arms.add(KERNEL + ".pref");
        arms.add(StoreOnly.NAME);
        args.add(String.join(",", arms));
        List<String> flags = new ArrayList<>(legFlags);
        flags.add("-Xmx2g");
        ChildJvm.Result r = ChildJvm.run(ChildJvm.command(List.of(), flags, SweepChild.class, args), 900);
        if (r.exitCode() != 0) throw new IllegalStateException("sweep leg " + label + " failed (exit " + r.exitCode() + "):\n" + r.stderrTail(15));
        List<Measurement> out = new ArrayList<>();
        String nativeCompiler = "not reported";
        for (String line : r.stdout().split("\n")) {
            if (line.startsWith(SweepChild.NATIVE_PREFIX)) nativeCompiler = line.substring(SweepChild.NATIVE_PREFIX.length());
            if (!line.startsWith(SweepChild.PREFIX)) continue;
            Measurement m = parse(line.substring(SweepChild.PREFIX.length()));
            String base = m.arm().startsWith(KERNEL + ".s") ? KERNEL + ".pref" : m.arm();
            out.add(new Measurement(base + "@" + label, m.control(), m.columnId(), m.dataset(), m.type(), m.workingSet(),
                    m.values(), m.inputBytes(), m.outputBytes(), m.decodeNanos(), m.encodeNanos()));
        }
        if (out.isEmpty()) throw new IllegalStateException("sweep leg " + label + " printed no measurements:\n" + r.stdout() + r.stderrTail(10));
        return new ChildOutput(out, nativeCompiler);
    }

    static String format(Measurement m) {
        try {
            return JSON.writeValueAsString(m);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Measurement parse(String json) {
        try {
            return JSON.readValue(json, Measurement.class);
        } catch (IOException e) {
            throw new UncheckedIOException("unreadable measurement from a sweep child: " + json, e);
        }
    }

    /** A readable table: decode GiB/s per leg, then every leg's settings and every leg not run with its reason. */
    public static String table(Result r) {
        StringBuilder b = new StringBuilder();
        List<String> ran = r.legs().stream().filter(Leg::run).map(Leg::label).toList();
        Map<String, Map<String, Double>> rows = new LinkedHashMap<>();
        for (Measurement m : r.measurements()) {
            String arm = m.arm();
            String leg;
            int at = arm.lastIndexOf('@');
            if (at >= 0) {
                leg = arm.substring(at + 1);
                arm = arm.substring(0, at);
            } else {
                Matcher k = KERNEL_NAME.matcher(arm);
                leg = k.matches() ? k.group(1) : "in-process";
                if (k.matches()) arm = KERNEL;
            }
            rows.computeIfAbsent(String.format(Locale.ROOT, "%-22s %-20s %-8s", arm, m.columnId(), m.workingSet()), x -> new LinkedHashMap<>())
                    .put(leg, m.decodeGibPerSecond());
        }
        List<String> cols = new ArrayList<>(ran);
        if (rows.values().stream().anyMatch(v -> v.containsKey("in-process"))) cols.add("in-process");
        b.append(String.format(Locale.ROOT, "%-22s %-20s %-8s", "arm", "column", "ws"));
        for (String c : cols) b.append(String.format(Locale.ROOT, " %10s", c));
        b.append("   (decode GiB/s)\n");
        for (Map.Entry<String, Map<String, Double>> e : rows.entrySet()) {
            b.append(e.getKey());
            for (String c : cols) {
                Double v = e.getValue().get(c);
                b.append(v == null ? String.format(Locale.ROOT, " %10s", "-") : String.format(Locale.ROOT, " %10.2f", v));
            }
            b.append('\n');
        }
        b.append("legs:\n");
        for (Leg l : r.legs()) {
            b.append("  ").append(l.label()).append(": ");
            if (l.run()) b.append(l.flags().isEmpty() ? "" : String.join(" ", l.flags()) + "; ").append(l.effective());
            else b.append("not run: ").append(l.reason());
            b.append('\n');
        }
        return b.toString();
    }
}
