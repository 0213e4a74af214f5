package io.lanes.workbench.measure.ipv;

import io.lanes.workbench.measure.Arm;
import io.lanes.workbench.measure.WorkingSet;
import io.lanes.workbench.corpus.Datasets;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class CallgrindCounterTest {
    /** Dumps: the linking call, then the empty kernel's rounds of N and 2N brackets, then the kernel's. */
    private static List<Long> dumps(long[] empty, long[] kernel) {
        List<Long> d = new ArrayList<>();
        d.add(999L);
        for (long c : empty) d.add(c);
        for (long c : kernel) d.add(c);
        return d;
    }

    /** The child's lines: the empty kernel counted in 2 rounds, the kernel in {@code rounds}, settled or not. */
    private static String out(int rounds, boolean settled) {
        return "features UseAVX=2 MaxVectorSize=32\nkernel empty - 1 10 2 true\nkernel plain syn.uniform.w12 4096 10 " + rounds + " " + settled + "\n";
    }

    private static final List<IpvRequest> PLAIN = List.of(new IpvRequest("plain", "syn.uniform.w12", 4096));
    /** The empty kernel: 50 instructions a call over markers of 500, the same in both rounds. */
    private static final long[] EMPTY = {1_000, 1_500, 1_000, 1_500};
    /** N = 10 calls of 12338 instructions each over markers of 10000. */
    private static final long N = 10_000 + 10 * 12_338, N2 = 10_000 + 20 * 12_338;

    @Test
    void figuresSubtractTheShortBracketAndTheEmptyKernel() {
        IpvFigure f = CallgrindCounter.figures(PLAIN, out(2, true), dumps(EMPTY, new long[] {N, N2, N, N2})).getFirst();
        // 123380 instructions over N = 10 calls, minus 50 per call of the empty kernel, over 4096 values
        assertEquals((12_338.0 - 50) / 4096, f.instructionsPerValue(), 1e-12);
        assertEquals(123_380, f.kernelDelta());
        assertEquals(IpvFigure.EMULATED, f.backend());
        assertEquals("UseAVX=2 MaxVectorSize=32", f.jitFeatures());
        assertTrue(f.detail().contains("(the last 2 of 2 rounds, the JIT idle in them: N, 2N [" + N + ", " + N2 + ", "), f.detail());
    }

    @Test
    void onlyTheLastRoundsCountTheRoundsTheJitCompiledInDoNot() {
        // the rounds before ran while the JIT was at work, counting more (interpreted calls), less
        // (code replaced mid-bracket) or a slower kernel than the steady state: any of them would
        // have given a figure off by the JIT's work, the second round's even negative
        long[] kernel = {N + 3_000_000, N2, N + 9_000_000, N2 - 9_000_000, 3 * N, 3 * N2, N, N2 + 100, N, N2};
        IpvFigure f = CallgrindCounter.figures(PLAIN, out(5, true), dumps(EMPTY, kernel)).getFirst();
        assertEquals((12_338.0 - 50) / 4096, f.instructionsPerValue(), 1e-12);
        assertEquals(N2 - N, f.kernelDelta());
    }

    @Test
    void aKernelTheJitNeverSettledOnIsRefused() {
        long[] kernel = new long[20];
        for (int r = 0; r < 10; r++) {
            kernel[2 * r] = N;
            kernel[2 * r + 1] = N2;
        }
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> CallgrindCounter.figures(PLAIN, out(10, false), dumps(EMPTY, kernel)));
        assertTrue(e.getMessage().startsWith("plain on syn.uniform.w12: the JIT was still compiling after 10 rounds of brackets"), e.getMessage());
    }

    @Test
    void lastRoundsThatDisagreeAreRefusedNotAveraged() {
        long[] kernel = {N, N2, N + 2_000_000, N2, N, N2};
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> CallgrindCounter.figures(PLAIN, out(3, true), dumps(EMPTY, kernel)));
        assertTrue(e.getMessage().startsWith("plain on syn.uniform.w12: the last two rounds disagree"), e.getMessage());
        assertTrue(e.getMessage().contains("(N, 2N brackets in order: " + List.of(N, N2, N + 2_000_000, N2, N, N2) + ")"), e.getMessage());
    }

    @Test
    void aLongBracketNoLargerThanTheShortOneGivesNoFigure() {
        long[] kernel = {N, N, N, N};
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> CallgrindCounter.figures(PLAIN, out(2, true), dumps(EMPTY, kernel)));
        assertTrue(e.getMessage().contains("the 2N bracket counted no more than the N bracket"), e.getMessage());
    }

    @Test
    void jitterWithinTheAllowanceIsSteady() {
        // a safepoint poll's worth of difference between the last rounds: still one steady state, the smaller counts taken
        long[] kernel = {N + 700, N2, N + 990, N2 + 905, N + 300, N2};
        IpvFigure f = CallgrindCounter.figures(PLAIN, out(3, true), dumps(EMPTY, kernel)).getFirst();
        assertEquals(N2 - N - 300, f.kernelDelta());
    }

    @Test
    void aMissingDumpIsAnErrorNotAFigure() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> CallgrindCounter.figures(PLAIN, out(2, true), List.of(1L, 2L, 3L, 4L)));
        assertTrue(e.getMessage().contains("4 bracket dumps") && e.getMessage().contains("expected 9"), e.getMessage());
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
