package io.lanes.workbench.measure;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProgressTest {
    private static Measurement m(String col) {
        return new Measurement("plain", false, col, "syn.uniform", "int32", "16KiB", 2048, 8196, 8192, new double[] {1}, new double[] {1});
    }

    @Test
    void textStatesCountStepsAndPassCallbacksOn() {
        List<Progress.State> states = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        Harness.Listener inner = new Harness.Listener() {
            @Override
            public void measured(List<Measurement> point) {
                seen.add(point.getFirst().columnId());
            }

            @Override
            public void pointDone(String point, ValidityGate.Verdict verdict) {
                seen.add("done " + point);
            }
        };
        try (Progress p = Progress.text(inner, Progress.steps(2, 1), states::add)) {
            p.measured(List.of(m("a")));
            p.measured(List.of(m("b")));
            p.pointDone("16KiB", null);
        }
        assertEquals(List.of("a", "b", "done 16KiB"), seen);
        assertEquals(2, states.size());
        assertEquals(0.5, states.getFirst().fraction());
        assertTrue(states.getFirst().text().startsWith("1/2 (50%), 0:00 elapsed, ETA 0:00 - a @ 16KiB"), states.getFirst().text());
        assertEquals(Duration.ZERO, states.get(1).eta());
    }

    @Test
    void consoleBarAppearsOnlyForLongRuns() {
        ByteArrayOutputStream shortRun = new ByteArrayOutputStream();
        try (Progress p = Progress.console(point -> { }, 2, "bench", new PrintStream(shortRun, true, StandardCharsets.UTF_8))) {
            p.measured(List.of(m("a")));
        }
        assertEquals("", shortRun.toString(StandardCharsets.UTF_8));
        ByteArrayOutputStream longRun = new ByteArrayOutputStream();
        try (Progress p = Progress.console(point -> { }, 2, "bench", new PrintStream(longRun, true, StandardCharsets.UTF_8), Duration.ZERO)) {
            p.measured(List.of(m("a")));
            p.measured(List.of(m("b")));
        }
        String out = longRun.toString(StandardCharsets.UTF_8);
        assertTrue(out.contains("bench") && out.contains("100%") && out.contains("2/2"), out);
    }
}
