package io.lanes.workbench.corpus;

import io.lanes.workbench.measure.ColumnStats;

import io.lanes.workbench.corpus.Catalog.ColumnEntry;
import io.lanes.workbench.corpus.Catalog.DatasetEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GeneratorsTest {
    @TempDir
    Path cache;

    private Registry registry() {
        return TestCorpus.project(cache, new ArrayList<>());
    }

    private static String sha(int[] v) {
        ByteBuffer b = ByteBuffer.allocate(v.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        b.asIntBuffer().put(v);
        return Sha256.of(b.array());
    }

    @Test
    void uniformColumnsAreExactlyWhatTheKernelBenchmarksHaveAlwaysUsed() {
        // Digests of the values the first version of Datasets.load("syn.uniform.wN") produced.
        Registry r = registry();
        assertEquals("8a39d2abd3999ab73c34db2476849cddf303ce389b35826850f9a700589b4a90", sha(r.column("syn.uniform.w0").ints()));
        assertEquals("557f4da69750a16179e28dedc08da4d6a4739a04dabe574e677111ca58a5ae5b", sha(r.column("syn.uniform.w1").ints()));
        assertEquals("ee5c043cd30c2727811736f691e9f3714915b6ebaa0a59e79a11acca4b87720f", sha(r.column("syn.uniform.w12").ints()));
        assertEquals("bb3c0b43031b002f29b3635c72b974fb14de323c0446ebbbd91a00afa13027a0", sha(r.column("syn.uniform.w31").ints()));
        assertEquals("128a11993d12fe173b3c9953acdd9dae9b5e3dd990e2d8f7ad253eab29dc4fa8", sha(r.column("syn.uniform.w32").ints()));
    }

    @Test
    void uniform64HasEveryWidthExactlyAndMatchesUniformUpTo32() {
        Registry r = registry();
        for (int w = 0; w <= 64; w++) {
            Column c = r.column("syn.uniform64.w" + w);
            assertEquals(ValueType.INT64, c.type());
            assertEquals(65_536, c.size());
            long[] v = c.longs();
            for (int off = 0; off < v.length; off += 64) {
                long or = 0;
                for (int i = off; i < off + 64; i++) or |= v[i];
                assertEquals(w, 64 - Long.numberOfLeadingZeros(or), "w=" + w + " block at " + off);
            }
            if (w <= 32) {
                int[] ints = Datasets.uniform(w, 65_536, 20_261_129L).ints();
                assertArrayEquals(Arrays.stream(ints).mapToLong(x -> x & 0xFFFF_FFFFL).toArray(), v, "w=" + w);
            }
        }
    }

    @Test
    void everyGeneratedColumnIsDeterministicAndOfItsType() {
        Catalog cat = Catalog.load(TestCorpus.PROJECT.catalog());
        for (DatasetEntry d : cat.datasets()) {
            if (!d.kind().equals("generator")) continue;
            for (ColumnEntry c : d.columns()) {
                Column a = Generators.generate(d, c), b = Generators.generate(d, c);
                assertEquals(c.type(), a.type(), c.id());
                assertEquals(d.values(), a.size(), c.id());
                assertEquals(c.id(), a.id());
                assertEquals(d.id(), a.dataset());
                if (a.type() == ValueType.INT32) assertArrayEquals(a.ints(), b.ints(), c.id());
                else assertArrayEquals(a.longs(), b.longs(), c.id());
            }
        }
    }

    @Test
    void shapesHaveTheirShape() {
        Registry r = registry();
        ColumnStats constant = ColumnStats.of(r.column("syn.shape.constant"));
        assertEquals(1, constant.distinct());
        ColumnStats seq = ColumnStats.of(r.column("syn.shape.sequential"));
        assertEquals(0, seq.min());
        assertEquals(65_535, seq.max());
        assertEquals(1.0, seq.sorted());
        int[] narrow = r.column("syn.shape.sorted_narrow").ints();
        for (int i = 1; i < narrow.length; i++) assertTrue(narrow[i] - narrow[i - 1] >= 0 && narrow[i] - narrow[i - 1] <= 3);
        ColumnStats runs = ColumnStats.of(r.column("syn.shape.runs"));
        double meanRun = (double) runs.count() / runs.runs();
        // Adjacent runs can draw the same value (1 in 1000), so the measured mean sits a hair above 16.
        assertTrue(meanRun > 14 && meanRun < 18, "mean run " + meanRun);
        int[] outliers = r.column("syn.shape.outliers").ints();
        long wide = Arrays.stream(outliers).filter(x -> x > 127).count();
        assertTrue(wide > 65_536 * 0.007 && wide < 65_536 * 0.013, "outliers " + wide);
        assertTrue(Arrays.stream(outliers).allMatch(x -> x >= 0));
        int[] low = r.column("syn.shape.outliers_low").ints();
        long below = Arrays.stream(low).filter(x -> x < 0).count();
        assertTrue(below > 65_536 * 0.007 && below < 65_536 * 0.013, "low outliers " + below);
        assertTrue(Arrays.stream(low).allMatch(x -> x <= 127), "the outliers are all below the 7-bit values");
        ColumnStats ts = ColumnStats.of(r.column("syn.shape.timestamp"));
        assertTrue(ts.min() >= 1_700_000_000L && ts.max() <= 1_700_086_399L);
        for (String key : List.of("tpcds_store:1:12", "tpcds_quantity:1:100", "tpcds_item:1:18000", "tpcds_date:2450815:2452642")) {
            String[] p = key.split(":");
            ColumnStats s = ColumnStats.of(r.column("syn.shape." + p[0]));
            assertEquals(Long.parseLong(p[1]), s.min(), key);
            assertEquals(Long.parseLong(p[2]), s.max(), key);
        }
        ColumnStats random64 = ColumnStats.of(r.column("syn.shape64.random"));
        assertTrue(random64.min() < Long.MIN_VALUE / 2 && random64.max() > Long.MAX_VALUE / 2);
    }
}
