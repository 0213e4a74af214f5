package io.lanes.workbench.results;

import io.lanes.workbench.measure.Fingerprint;
import io.lanes.workbench.measure.Measurement;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The derived figures of a results.csv row, per value type. */
class ResultRecordTest {
    static final Fingerprint FP = new Fingerprint(Map.of("machine", "m", "timestamp", "t"));

    static Measurement m(String type, int values, long input, long output) {
        return new Measurement("arm", false, "col", "ds", type, "400KiB", values, input, output, new double[]{1000, 2000, 3000}, new double[]{4000});
    }

    @Test
    void integerRatiosAreToFourOrEightBytesAValue() {
        ResultRecord r = ResultRecord.of(FP, m("int32", 1000, 1000, 4000), null, "pass");
        assertEquals(4.0, r.ratio(), 1e-12);
        assertEquals(8.0, r.bitsPerValue(), 1e-12);
        assertEquals(8.0, ResultRecord.of(FP, m("int64", 1000, 1000, 8000), null, "pass").ratio(), 1e-12);
    }

    @Test
    void byteArrayRatiosAreToPlainBytesAndLengthsAndSpeedIsInValueBytes() {
        // 1000 values of 46 bytes each: PLAIN takes 46,000 bytes plus 4,000 of lengths
        ResultRecord r = ResultRecord.of(FP, m("byte-array", 1000, 10_000, 46_000), null, "pass");
        assertEquals(5.0, r.ratio(), 1e-12);
        assertEquals(80.0, r.bitsPerValue(), 1e-12);
        assertEquals(46_000 / 2000e-9 / (1L << 30), r.decodeGibS(), 1e-9, "GiB/s of the values' own bytes at the median sample");
        assertEquals(1000 / 2000e-9, r.decodeValuesPerS(), 1e-3);
    }
}
