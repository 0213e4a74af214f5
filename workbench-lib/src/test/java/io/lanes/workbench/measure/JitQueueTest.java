package io.lanes.workbench.measure;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JitQueueTest {
    @Test
    void readsTheQueueOfThisHotSpotJvm() {
        assertTrue(JitQueue.available(), "HotSpot exposes Compiler.queue through the DiagnosticCommand MBean");
    }

    @Test
    void runningOrQueuedTasksMakeItBusy() {
        String idle = "Current compiles: \n\nC1 compile queue:\nEmpty\n\nC2 compile queue:\nEmpty\n";
        String running = "Current compiles: \nC2 CompilerThread0  1792       4       a.b.Parser::step (891 bytes)\n\n"
                + "C1 compile queue:\nEmpty\n\nC2 compile queue:\nEmpty\n";
        String queued = "Current compiles: \n\nC1 compile queue:\nEmpty\n\nC2 compile queue:\n1793       4       a.b.Parser::bqstr (462 bytes)\n";
        assertFalse(JitQueue.busy(idle));
        assertTrue(JitQueue.busy(running));
        assertTrue(JitQueue.busy(queued));
    }

    @Test
    void awaitIdleReturnsOnceTheQueueHasDrainedAndKeepsItsBound() {
        long sink = 0;
        for (int i = 0; i < 200_000; i++) sink += Long.toString(i).hashCode(); // give the JIT work
        long t0 = System.nanoTime();
        assertTrue(JitQueue.awaitIdle(60_000), "the compile queue drained within a minute (sink " + sink + ")");
        assertTrue(System.nanoTime() - t0 < 60_000_000_000L);
        long t1 = System.nanoTime();
        JitQueue.awaitIdle(0); // whatever the queue holds, a zero bound returns after one look
        assertTrue(System.nanoTime() - t1 < 1_000_000_000L, "awaitIdle(0) took " + (System.nanoTime() - t1) / 1e6 + " ms");
    }
}
