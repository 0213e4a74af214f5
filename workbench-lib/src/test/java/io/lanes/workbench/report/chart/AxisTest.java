package io.lanes.workbench.report.chart;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Tick generation: labels over the whole data range, at its bottom and top. */
class AxisTest {
    @Test
    void aLogAxisOverFewDecadesHasOneTwoFiveTicksFromBelowTheSmallestToAboveTheLargest() {
        Axis a = Axis.log(0.3, 170);
        assertEquals(List.of(0.2, 0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0), a.ticks());
        assertEquals(0.2, a.lo());
        assertEquals(200.0, a.hi(), "store-only at 170 sits below a labelled tick");
        assertEquals(List.of("0.2", "0.5", "1", "2", "5", "10", "20", "50", "100", "200"), a.ticks().stream().map(Axis::label).toList());
    }

    @Test
    void aLogAxisOverManyDecadesTicksDecadesAndANarrowOneStillHasTwoTicks() {
        assertEquals(List.of(1.0, 10.0, 100.0, 1000.0, 1e4, 1e5, 1e6, 1e7), Axis.log(3, 5e6).ticks());
        assertEquals(List.of(1.0, 3.0, 10.0, 30.0, 100.0, 300.0, 1000.0, 3000.0, 10000.0, 30000.0), Axis.log(1.5, 2e4).ticks());
        Axis narrow = Axis.log(0.9, 1.3);
        assertEquals(List.of(0.7, 1.0, 1.5), narrow.ticks(), "under a decade: 1-1.5-2-3-5-7");
        assertEquals(List.of(70.0, 100.0, 150.0, 200.0), Axis.log(77, 155).ticks());
        Axis one = Axis.log(4, 4);
        assertTrue(one.lo() <= 2 && one.hi() >= 8, "a single value gets a range around it");
        assertThrows(IllegalArgumentException.class, () -> Axis.log(0, 10));
    }

    @Test
    void aLinearAxisHasNiceTicksAndBarsGetZero() {
        assertEquals(List.of(0.0, 5.0, 10.0, 15.0, 20.0, 25.0, 30.0, 35.0), Axis.linear(1, 32, false).ticks());
        assertEquals(List.of(0.0, 0.2, 0.4, 0.6, 0.8, 1.0, 1.2), Axis.linear(0.1, 1.1, true).ticks());
        Axis flat = Axis.linear(3, 3, false);
        assertTrue(flat.lo() < 3 && flat.hi() > 3);
        assertEquals(0.0, Axis.linear(5, 9, true).lo());
    }

    @Test
    void aLogAxisRefusesWhatItCannotShow() {
        Axis a = Axis.log(1, 100);
        assertFalse(a.accepts(0));
        assertFalse(a.accepts(-1));
        assertFalse(a.accepts(Double.NaN));
        assertTrue(a.accepts(5));
        assertEquals(0.5, a.fraction(10), 1e-12);
    }

    @Test
    void figuresHaveFourSignificantDigitsInPlainNotationBelowTenMillion() {
        assertEquals("12350", Svg.figure(12345.6, 4));
        assertEquals("0.0001235", Svg.figure(0.000123456, 4));
        assertEquals("1.5", Svg.figure(1.5, 4));
        assertEquals("1.235e+07", Svg.figure(12345678.9, 4));
        assertEquals("", Svg.figure(Double.NaN, 4));
    }
}
