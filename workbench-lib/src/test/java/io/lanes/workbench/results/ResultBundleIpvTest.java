package io.lanes.workbench.results;

import io.lanes.workbench.measure.Fingerprint;
import io.lanes.workbench.measure.Measurement;
import io.lanes.workbench.measure.ipv.IpvFigure;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tech.tablesaw.api.Table;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResultBundleIpvTest {
    private static Measurement m(String arm, int values) {
        return new Measurement(arm, false, "syn.uniform.w12", "syn.uniform", "int32", values == 2048 ? "16KiB" : "64KiB", values,
                4 + 4L * values, 4L * values, new double[] {100, 110, 120}, new double[] {200, 210, 220});
    }

    @Test
    void figuresFillTheRowsOfTheirCodecColumnAndValueCountBeforeAndAfter(@TempDir Path dir) throws Exception {
        ResultBundle b = new ResultBundle(dir, new Fingerprint(Map.of("machine", "m", "timestamp", "t")), Map.of());
        b.add(List.of(m("plain", 2048), m("bitpack.seq.scalar", 2048)));
        b.ipv(List.of(new IpvFigure("plain", "syn.uniform.w12", 2048, 0.4119, IpvFigure.EMULATED, "valgrind callgrind", "jdk", "UseAVX=2", 10, 84_000, 57, List.of()),
                new IpvFigure("plain", "syn.uniform.w12", 8192, 0.4, IpvFigure.EMULATED, "valgrind callgrind", "jdk", "UseAVX=2", 10, 330_000, 57, List.of())));
        b.add(List.of(m("plain", 8192)));
        Table t = ResultBundle.load(dir);
        assertEquals(3, t.rowCount());
        assertEquals(0.4119, t.doubleColumn("ipv").get(0), 1e-12);
        assertEquals("emulated", t.stringColumn("ipv_backend").get(0));
        assertTrue(t.doubleColumn("ipv").isMissing(1), "bitpack.seq.scalar was not counted");
        assertEquals("not-measured", t.stringColumn("ipv_backend").get(1));
        assertEquals(0.4, t.doubleColumn("ipv").get(2), 1e-12);
        String md = Files.readString(dir.resolve("metadata.json"));
        assertTrue(md.contains("\"tool\" : \"valgrind callgrind\"") && md.contains("\"kernel_delta\" : 84000"), md);
    }
}
