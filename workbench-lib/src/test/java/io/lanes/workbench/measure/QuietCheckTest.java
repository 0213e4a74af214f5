package io.lanes.workbench.measure;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QuietCheckTest {
    private static final QuietCheck.Config C = QuietCheck.Config.defaults();

    @Test
    void readsCpuTimeAfterANameWithSpacesAndParentheses() {
        String stat = "4242 (my (odd) name) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 75 0 0 20 0 3 0 1000 0 0";
        assertEquals(325, QuietCheck.cpuTicks(stat));
        assertEquals("my (odd) name", QuietCheck.processName(stat));
    }

    @Test
    void quietWhenIdleUnloadedAndNoProcessBusy() {
        var a = new QuietCheck.Sample(1000, 900, Map.of(1, 10L), Map.of(1, "sshd"));
        var b = new QuietCheck.Sample(1200, 1095, Map.of(1, 11L), Map.of(1, "sshd"));
        QuietCheck.Outcome o = QuietCheck.evaluate(C, a, b, 0.2, 2, Duration.ZERO);
        assertTrue(o.quiet(), o.summary());
        assertEquals(0.025, o.busy(), 1e-9);
    }

    @Test
    void namesEveryConditionThatFails() {
        // 200 ticks over 2 cores = 100 per core; pid 7 used 80 of them, another 40% busy on top
        var a = new QuietCheck.Sample(1000, 900, Map.of(7, 100L, 8, 5L), Map.of(7, "javac", 8, "idle"));
        var b = new QuietCheck.Sample(1200, 980, Map.of(7, 180L, 8, 5L, 9, 50L), Map.of(7, "javac", 8, "idle", 9, "new"));
        QuietCheck.Outcome o = QuietCheck.evaluate(C, a, b, 3.5, 2, Duration.ofSeconds(60));
        assertFalse(o.quiet());
        assertEquals(2, o.failed().size(), o.failed().toString());
        assertTrue(o.failed().get(0).startsWith("CPU 60% busy"), o.failed().toString());
        assertEquals("process 7 (javac) used 80% of a core", o.failed().get(1));
        assertTrue(o.summary().contains("load 3.50 on 2 cores"), "the load average is reported: " + o.summary());
        assertTrue(o.summary().startsWith("WARNING: machine not quiet after waiting 60.0 s"), o.summary());
        assertEquals(false, o.toMap().get("quiet"));
    }

    @Test
    void aHighLoadAverageAloneIsNotNoise() {
        // this JVM's own last minute of work keeps the load average up on an idle machine
        var a = new QuietCheck.Sample(1000, 900, Map.of(1, 10L), Map.of(1, "sshd"));
        var b = new QuietCheck.Sample(1200, 1095, Map.of(1, 11L), Map.of(1, "sshd"));
        assertTrue(QuietCheck.evaluate(C, a, b, 1.9, 2, Duration.ZERO).quiet());
    }

    @Test
    void aRealCheckReadsThisMachine() {
        QuietCheck.Outcome o = QuietCheck.once(new QuietCheck.Config(0.1, 0.1, Duration.ofMillis(100), Duration.ZERO));
        assertTrue(o.checked(), o.summary());
        assertTrue(o.busy() >= 0 && o.busy() <= 1, o.summary());
        assertTrue(o.busiest().stream().noneMatch(p -> p.pid() == ProcessHandle.current().pid()), "this JVM is excluded");
    }
}
