package io.lanes.workbench.measure.jmh;

import io.lanes.workbench.measure.Measurement;
import io.lanes.workbench.measure.WorkingSet;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JmhBridgeTest {
    @Test
    void forkedRunMapsToMeasurements() {
        JmhBridge.Settings s = new JmhBridge.Settings(List.of("plain", "store-only"), List.of("syn.uniform.w9"), WorkingSet.parseList("16KiB"),
                1, 1, 2, Duration.ofMillis(100));
        List<Measurement> ms = JmhBridge.run(s, null);
        assertEquals(List.of("plain", "store-only"), ms.stream().map(Measurement::arm).toList());
        Measurement plain = ms.getFirst();
        assertEquals(2, plain.decodeNanos().length, "one sample per measurement iteration");
        assertTrue(plain.decodeMedian() > 0);
        assertEquals(2048, plain.values());
        assertEquals(4 + 4 * 2048, plain.inputBytes());
        assertEquals(4 * 2048, plain.outputBytes());
        assertEquals("syn.uniform", plain.dataset());
    }
}
