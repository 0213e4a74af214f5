package io.lanes.workbench.measure.ipv;

import io.lanes.workbench.measure.Arm;
import io.lanes.workbench.measure.WorkingSet;
import io.lanes.workbench.corpus.Datasets;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class CallgrindCounterTest {
    @Test
    void figuresSubtractTheShortBracketAndTheEmptyKernel() {
        // dumps: link, empty N=10 / 2N, kernel N=10 / 2N
        List<Long> dumps = List.of(999L, 1_000L, 1_500L, 10_000L, 10_000L + 10 * 4096 * 3 + 500);
        String out = "features UseAVX=2 MaxVectorSize=32\nkernel empty - 1 10\nkernel plain syn.uniform.w12 4096 10\n";
        IpvFigure f = CallgrindCounter.figures(List.of(new IpvRequest("plain", "syn.uniform.w12", 4096)), out, dumps).getFirst();
        // (10000+122880+500 - 10000)/10 = 12338 per call, minus 50 per call of the empty kernel, over 4096 values
        assertEquals((12338.0 - 50) / 4096, f.instructionsPerValue(), 1e-12);
        assertEquals(IpvFigure.EMULATED, f.backend());
        assertEquals("UseAVX=2 MaxVectorSize=32", f.jitFeatures());
    }

    @Test
    void aMissingDumpIsAnErrorNotAFigure() {
        String out = "kernel empty - 1 10\nkernel plain syn.uniform.w12 4096 10\n";
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> CallgrindCounter.figures(List.of(new IpvRequest("plain", "syn.uniform.w12", 4096)), out, List.of(1L, 2L, 3L, 4L)));
        assertTrue(e.getMessage().contains("4 bracket dumps"), e.getMessage());
    }

    @Test
    void aMissingValgrindSaysHowToInstallIt() {
        IpvProbe p = new CallgrindCounter("/nonexistent/valgrind").probe();
        assertFalse(p.available());
        assertTrue(p.reason().contains("apt-get install -y valgrind"), p.reason());
    }

    @Test
    void countsOneSmallKernelUnderValgrind() {
        CallgrindCounter cg = new CallgrindCounter();
        IpvProbe probe = cg.probe();
        assumeTrue(probe.available(), "valgrind absent, install it with apt-get install -y valgrind: " + probe.reason());
        IpvFigure f = cg.measure(List.of(new IpvRequest("plain", "syn.uniform.w12", 8192))).getFirst();
        // plain decode: a load, a store and loop overhead per value, vectorised by C2: well under 2, never 0
        assertTrue(f.instructionsPerValue() > 0.05 && f.instructionsPerValue() < 2, f.describe());
        assertEquals(IpvFigure.EMULATED, f.backend());
        assertTrue(f.jitFeatures().contains("UseAVX=2"), f.jitFeatures());
        assertTrue(f.describe().startsWith("plain on syn.uniform.w12: "), f.describe());
    }

    @Test
    void aRunNeedsOneRequestPerArmColumnAndPointOfMatchingType() {
        List<IpvRequest> rs = IpvRequest.forRun(List.of(Arm.named("plain"), Arm.storeOnly()), List.of(Datasets.load("syn.uniform.w3")),
                WorkingSet.parseList("16KiB,16KiB,64KiB"));
        assertEquals(List.of(new IpvRequest("plain", "syn.uniform.w3", 2048), new IpvRequest("store-only", "syn.uniform.w3", 2048),
                new IpvRequest("plain", "syn.uniform.w3", 8192), new IpvRequest("store-only", "syn.uniform.w3", 8192)), rs);
    }
}
