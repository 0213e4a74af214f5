package io.lanes.workbench.measure.sweep;

import io.lanes.workbench.codec.nativeref.NativeKernels;
import io.lanes.workbench.measure.Measurement;
import io.lanes.workbench.measure.WorkingSet;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class SimdSweepTest {
    @Test
    void parsesLevels() {
        assertEquals(new SimdSweep.JitLevel(3, 32), SimdSweep.JitLevel.parse("3:32"));
        assertEquals("avx3-v256", SimdSweep.JitLevel.parse("3:32").label());
        assertEquals(List.of("-XX:UseAVX=2"), SimdSweep.JitLevel.parse("2").flags());
        assertThrows(IllegalArgumentException.class, () -> SimdSweep.JitLevel.parse("4"));
        assertThrows(IllegalArgumentException.class, () -> SimdSweep.JitLevel.parse("avx2"));
    }

    @Test
    void readsEffectiveFlags() {
        String out = "     intx MaxVectorSize                            = 32                                     {C2 product} {command line}\n"
                + "      int UseAVX                                   = 2                                    {ARCH product} {default}\n";
        assertEquals(32, SimdSweep.flag(out, "MaxVectorSize"));
        assertEquals(2, SimdSweep.flag(out, "UseAVX"));
    }

    @Test
    void aLegWithTheSameEffectiveSettingsIsNotRunAndSpeciesBeyondTheJvmAreNotRun() {
        SimdSweep.Settings s = new SimdSweep.Settings(List.of("plain"), List.of("syn.uniform.w7"), WorkingSet.parseList("16KiB"), 3, true,
                List.of(SimdSweep.JitLevel.parse("2"), SimdSweep.JitLevel.parse("2:32")), List.of());
        SimdSweep.Result r = SimdSweep.run(s, line -> { });
        List<String> labels = r.legs().stream().map(SimdSweep.Leg::label).toList();
        assertEquals(List.of("s128", "s256", "s512", "avx2", "avx2-v256"), labels);
        SimdSweep.Leg dup = r.legs().get(4);
        assertFalse(dup.run());
        assertTrue(dup.reason().contains("same effective settings as avx2"), dup.reason());
        SimdSweep.Leg s512 = r.legs().get(2);
        assertEquals(SimdSweep.maxVectorBits() >= 512, s512.run(), s512.toString());
        List<String> arms = r.measurements().stream().map(Measurement::arm).toList();
        assertTrue(arms.containsAll(List.of("sweep.fl-unpack.s128", "sweep.fl-unpack.s256", "store-only",
                "plain@avx2", "sweep.fl-unpack.pref@avx2", "store-only@avx2")), arms.toString());
        assertTrue(arms.stream().noneMatch(a -> a.endsWith("@avx2-v256")), "a duplicate leg has no column");
        String table = SimdSweep.table(r);
        assertTrue(table.contains("avx2-v256: not run: same effective settings as avx2"), table);
    }

    @Test
    void aCFlagProfileIsBuiltInItsLegsChildAndSaysSo() {
        assumeTrue(!NativeKernels.describe().startsWith("none:"), "needs a C compiler");
        SimdSweep.Settings s = new SimdSweep.Settings(List.of("native.fastlanes.unpack.transposed"), List.of("syn.uniform.w7"),
                WorkingSet.parseList("16KiB"), 3, false, List.of(SimdSweep.JitLevel.parse("2")), List.of(NativeKernels.CFlags.O2));
        SimdSweep.Result r = SimdSweep.run(s, line -> { });
        SimdSweep.Leg leg = r.legs().getFirst();
        assertEquals("avx2+O2", leg.label());
        assertTrue(leg.run() && leg.flags().contains("-D" + NativeKernels.FLAGS_PROPERTY + "=O2"), leg.toString());
        assertTrue(leg.effective().contains("profile O2; int32: -O2 -shared") && !leg.effective().contains("-march"),
                "the child built the native arms with the profile's flags and no -march: " + leg.effective());
        assertTrue(r.measurements().stream().anyMatch(m -> m.arm().equals("native.fastlanes.unpack.transposed@avx2+O2") && m.decodeNanos().length > 0 && m.decodeNanos()[0] > 0));
    }
}
