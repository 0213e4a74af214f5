package io.lanes.workbench.measure.sweep;

import io.lanes.workbench.codec.nativeref.NativeKernels;
import io.lanes.workbench.codec.registry.CodecPlugins;
import io.lanes.workbench.corpus.Datasets;
import io.lanes.workbench.measure.Arm;
import io.lanes.workbench.measure.Harness;
import io.lanes.workbench.measure.Measurement;
import io.lanes.workbench.measure.WorkingSet;

import java.util.ArrayList;
import java.util.List;

/**
 * The child JVM of a JIT-level sweep leg ({@link SimdSweep}): installs the parent's plugin jars
 * ({@link CodecPlugins#installFromProperty()}), then measures arms on columns with the
 * harness under the JIT flags it was started with and prints every measurement as one line of
 * JSON after {@link #PREFIX}, then how it builds the native arms after {@link #NATIVE_PREFIX}. Arguments: {@code REPS LADDER DATASETS ARMS}, the last three
 * comma-separated.
 */
public final class SweepChild {
    /** Marks measurement lines on standard output. */
    public static final String PREFIX = "measurement ";
    /** Marks the line saying how this JVM builds the native arms ({@link NativeKernels#describe()}). */
    public static final String NATIVE_PREFIX = "native_compiler ";

    private SweepChild() {
    }

    public static void main(String[] args) {
        if (args.length != 4) {
            System.err.println("usage: SweepChild REPS LADDER DATASETS ARMS");
            System.exit(2);
        }
        CodecPlugins.installFromProperty();
        List<Arm> arms = new ArrayList<>();
        for (String a : args[3].split(",")) arms.add(SimdSweep.arm(a));
        Harness h = new Harness(SimdSweep.harnessConfig(Integer.parseInt(args[0])));
        for (WorkingSet ws : WorkingSet.parseList(args[1])) {
            for (String id : args[2].split(",")) {
                for (Measurement m : h.measure(arms, Datasets.load(id), ws)) System.out.println(PREFIX + SimdSweep.format(m));
            }
        }
        System.out.println(NATIVE_PREFIX + NativeKernels.describe());
        System.out.flush();
    }
}
