package io.lanes.workbench.measure;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ValidityGateTest {
    static Measurement m(String arm, boolean control, String col, double ns) {
        return new Measurement(arm, control, col, "d", "int32", "16KiB", 1024, 100, 4096, new double[] {ns}, new double[] {ns});
    }

    static List<Measurement> point(double... controlOverArm) {
        List<Measurement> ms = new ArrayList<>();
        for (int i = 0; i < controlOverArm.length; i++) {
            ms.add(m("store-only", false, "c" + i, 50));
            ms.add(m("x", false, "c" + i, 100));
            ms.add(m("x", true, "c" + i, 100 * controlOverArm[i]));
        }
        return ms;
    }

    @Test
    void tyingControlPasses() {
        ValidityGate.Verdict v = ValidityGate.evaluate(point(1.0, 1.01, 0.99, 1.0, 1.02));
        assertTrue(v.passed(), v.label());
        assertEquals("pass: control pair 0.4% apart after 1 reps", v.label());
        assertEquals(5, v.tyingColumns());
    }

    @Test
    void aSkewedAggregateFailsAndNamesTheCriterion() {
        ValidityGate.Verdict v = ValidityGate.evaluate(point(1.03, 1.03, 1.03, 1.03, 1.03));
        assertFalse(v.passed());
        assertTrue(v.label().startsWith("fail: control pair 3.0% apart after 1 reps (the gate allows 1.5%)"), v.label());
        // x takes twice store-only's time: 100% apart, far beyond the pair's 3%
        assertTrue(v.label().endsWith("the compared arms are 2.00x apart, beyond that noise"), v.label());
    }

    @Test
    void theHeadlineNeverDividesADecoderByAnEngineQuery() {
        List<Measurement> ms = new ArrayList<>();
        ms.add(m(EngineScan.SCAN, false, "c", 5000));
        ms.add(m("x", false, "c", 100));
        ms.add(m("x", true, "c", 100));
        assertTrue(Double.isNaN(ValidityGate.evaluate(ms).headline()), "no decoder or wall to compare with: " + ValidityGate.evaluate(ms).label());
        ms.add(m("y", false, "c", 200));
        assertEquals(0.5, ValidityGate.evaluate(ms).headline(), 1e-12, "x over the next decoder, past the engine arm");
    }

    @Test
    void tooFewTyingColumnsFail() {
        ValidityGate.Verdict v = ValidityGate.evaluate(point(1.0, 1.0, 1.0, 1.2, 0.8));
        assertFalse(v.passed());
        assertTrue(v.label().contains("3 of 5 columns tie within 5% (the gate needs 80% of them)"), v.label());
    }

    @Test
    void columnsOfDifferentTypesArePairedWithTheirOwnTwins() {
        List<Measurement> ms = new ArrayList<>(point(1.0, 1.0, 1.0, 1.0));
        // an int64 column whose first codec arm (and so its twin) is another codec, skewed by 30%
        ms.add(m("y64", false, "c64", 100));
        ms.add(m("y64", true, "c64", 130));
        ValidityGate.Verdict v = ValidityGate.evaluate(ms);
        assertEquals(5, v.columns(), "every column with a twin is judged, whatever the twin's name");
        assertEquals(4, v.tyingColumns());
        assertTrue(v.label().contains("control pair 5.4% apart"), v.label());
    }

    @Test
    void armsWithinTheNoiseAreToldNotToBeRead() {
        List<Measurement> ms = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            ms.add(m("x", false, "c" + i, 100));
            ms.add(m("y", false, "c" + i, 101));
            ms.add(m("x", true, "c" + i, 103));
        }
        ValidityGate.Verdict v = ValidityGate.evaluate(ms);
        assertFalse(v.passed());
        assertEquals(0.99, v.headline(), 0.001);
        assertTrue(v.label().endsWith("the compared arms differ by 1.0%, within that noise: do not read a difference"), v.label());
    }

    @Test
    void withoutAControlThereIsNoVerdict() {
        ValidityGate.Verdict v = ValidityGate.evaluate(List.of(m("x", false, "c", 1)));
        assertEquals("no control", v.label());
    }
}
