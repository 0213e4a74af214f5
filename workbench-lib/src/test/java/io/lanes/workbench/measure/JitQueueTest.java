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
}
