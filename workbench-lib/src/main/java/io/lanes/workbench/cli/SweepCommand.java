package io.lanes.workbench.cli;

import io.lanes.workbench.codec.nativeref.NativeKernels;
import io.lanes.workbench.measure.Arm;
import io.lanes.workbench.measure.Fingerprint;
import io.lanes.workbench.measure.Measurement;
import io.lanes.workbench.measure.ValidityGate;
import io.lanes.workbench.measure.WorkingSet;
import io.lanes.workbench.measure.sweep.SimdSweep;
import io.lanes.workbench.results.ResultBundle;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code workbench sweep}: register-width sweeps. Vector API species 128/256/512 of a width-generic
 * kernel in this JVM, and codecs in child JVMs at {@code -XX:UseAVX} levels (optionally with
 * {@code -XX:MaxVectorSize}). Widths and levels the CPU lacks, and legs that would duplicate another,
 * are listed as not run; {@code --c-flags} measures every JIT level under each C flag profile of the
 * native arms (the compiler-flag matrix). Prints a table of decode GiB/s; {@code --out} also writes a result bundle
 * whose rows are named {@code ARM@LEG}.
 */
@Command(name = "sweep", mixinStandardHelpOptions = true,
        description = "Register-width sweep: Vector API species in-process and JIT levels (-XX:UseAVX, -XX:MaxVectorSize) in child JVMs. "
                + "Without --codec the JIT legs measure plain and bitpack.seq.scalar; without --dataset, syn.uniform.w12.")
public final class SweepCommand implements Callable<Integer> {
    @Mixin
    CodecOptions codecOptions;

    @Mixin
    DatasetOptions columnOptions;

    @Option(names = "--reps", defaultValue = "9", description = "timed repetitions per arm (default: ${DEFAULT-VALUE})")
    int reps;

    @Option(names = "--levels", paramLabel = "LIST", defaultValue = "0,1,2,3,3:32",
            description = "UseAVX levels for child JVMs, each optionally :MaxVectorSize in bytes; 'none' for no child legs (default: ${DEFAULT-VALUE})")
    String levels;

    @Option(names = "--c-flags", paramLabel = "LIST", split = ",",
            description = "C flag profiles for the native.* arms, each JIT level measured under every one (the compiler-flag matrix): "
                    + "release (the default build), O2, O3 (the ISA's baseline, no -march), O2-native, O3-native (-march=native at the leg's width)")
    List<String> cFlags = new ArrayList<>();

    @Option(names = "--no-species", description = "skip the in-process Vector API species legs")
    boolean noSpecies;

    @Option(names = "--out", paramLabel = "DIR", description = "also write a result bundle (results.csv, raw.csv, metadata.json)")
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        List<String> datasets = columnOptions.or(List.of("syn.uniform.w12"));
        codecOptions.plugins.install();
        List<String> codecs = Arm.resolve(codecOptions.or(List.of("plain", "bitpack.seq.scalar"))).stream().map(Arm::name).toList();
        PrintWriter pw = spec.commandLine().getOut();
        List<SimdSweep.JitLevel> ls = new ArrayList<>();
        if (!levels.equals("none")) for (String l : levels.split(",")) ls.add(SimdSweep.JitLevel.parse(l));
        List<WorkingSet> points = WorkingSet.parseList(columnOptions.ladder());
        List<NativeKernels.CFlags> profiles = cFlags.stream().map(NativeKernels.CFlags::parse).toList();
        if (!profiles.isEmpty() && ls.isEmpty()) throw new IllegalArgumentException("--c-flags needs JIT levels (--levels): each profile is built in a leg's child JVM");
        SimdSweep.Settings s = new SimdSweep.Settings(codecs, datasets, points, reps, !noSpecies, ls, profiles);
        SimdSweep.Result r = SimdSweep.run(s, line -> {
            pw.println(line);
            pw.flush();
        });
        pw.println();
        pw.print(SimdSweep.table(r));
        if (out != null) {
            writeBundle(s, r, points);
            pw.println("bundle: " + out.toAbsolutePath());
        }
        pw.flush();
        return r.measurements().isEmpty() ? 1 : 0;
    }

    private void writeBundle(SimdSweep.Settings s, SimdSweep.Result r, List<WorkingSet> points) {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("command", "sweep");
        settings.put("reps", s.reps());
        settings.put("datasets", s.datasets());
        List<Map<String, Object>> legs = new ArrayList<>();
        for (SimdSweep.Leg l : r.legs()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("label", l.label());
            m.put("flags", l.flags());
            m.put("effective", l.effective());
            m.put("run", l.run());
            m.put("reason", l.reason());
            legs.add(m);
        }
        settings.put("legs", legs);
        ResultBundle bundle = new ResultBundle(out, Fingerprint.capture(), settings);
        // one group per column and point; JIT-leg rows keep their @LEG names (their store-only reference
        // is the store-only@LEG row, not the store_only_gib_s column, which holds the in-process wall)
        Map<String, List<Measurement>> groups = new LinkedHashMap<>();
        for (Measurement m : r.measurements()) groups.computeIfAbsent(m.columnId() + "|" + m.workingSet(), k -> new ArrayList<>()).add(m);
        for (List<Measurement> g : groups.values()) bundle.add(g);
        for (WorkingSet ws : points) bundle.gate(ws.label(), ValidityGate.evaluate(r.measurements().stream().filter(m -> m.workingSet().equals(ws.label())).toList()));
    }
}
