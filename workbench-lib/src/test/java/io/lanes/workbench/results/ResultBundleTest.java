package io.lanes.workbench.results;

import io.lanes.workbench.study.Recorder;

import io.lanes.workbench.corpus.Datasets;
import io.lanes.workbench.measure.Arm;
import io.lanes.workbench.measure.Harness;
import io.lanes.workbench.measure.WorkingSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tech.tablesaw.api.Table;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResultBundleTest {
    @Test
    void aRunWritesEveryContractColumnAndLoadsBack(@TempDir Path dir) throws Exception {
        List<String> log = new ArrayList<>();
        Recorder.run("test", List.of(Arm.storeOnly(), Arm.named("plain"), Arm.named("bitpack.seq.scalar")),
                List.of(Datasets.uniform(3, 4000, 1), Datasets.uniform(9, 4000, 1)), List.of(WorkingSet.parse("16KiB")),
                new Harness.Config(5, 0, 3, 50, true, 0), dir, log::add, Recorder.Options.none());
        String header = Files.readAllLines(dir.resolve("results.csv")).get(0);
        assertEquals(String.join(",", ResultRecord.COLUMNS), header);
        Table t = ResultBundle.load(dir);
        assertEquals(6, t.rowCount(), "3 arms x 2 columns; the control twin stays in raw.csv");
        assertEquals("test", t.name(), "named after the run's command, not the (temporary) folder");
        for (int i = 0; i < t.rowCount(); i++) {
            assertTrue(t.stringColumn("gate").get(i).startsWith("pass:") || t.stringColumn("gate").get(i).startsWith("fail:"));
            assertTrue(t.doubleColumn("decode_gib_s").getDouble(i) > 0);
            assertTrue(t.doubleColumn("store_only_gib_s").getDouble(i) > 0);
        }
        Table packed = t.where(t.stringColumn("codec").isEqualTo("bitpack.seq.scalar"));
        assertEquals(3.0 + 8.0 * (4 + 2) / 2048, packed.doubleColumn("bits_per_value").getDouble(0), 1e-9);
        assertTrue(Files.readString(dir.resolve("metadata.json")).contains("\"vector_preferred_bits\""));
        assertTrue(Files.readAllLines(dir.resolve("raw.csv")).size() > 1 + 3 * 2 * 3, "every repetition is kept");
        assertTrue(log.stream().anyMatch(l -> l.contains("validity gate at 16KiB")));
    }

    @Test
    void anInterruptedRunLeavesLoadableRowsMarkedPending(@TempDir Path dir) {
        Harness.Config c = new Harness.Config(5, 0, 3, 50, true, 0);
        ResultBundle b = new ResultBundle(dir, io.lanes.workbench.measure.Fingerprint.capture(), java.util.Map.of());
        b.add(new Harness(c).measure(List.of(Arm.named("plain")), Datasets.uniform(4, 3000, 1), WorkingSet.parse("16KiB")));
        // no gate(): the process died before the point finished
        Table t = ResultBundle.load(dir);
        assertEquals(1, t.rowCount());
        assertEquals("pending", t.stringColumn("gate").get(0));
        assertEquals(dir.getFileName().toString() + " (interrupted)", t.name(), "no command recorded: named after the folder, and unfinished");
    }

    @Test
    void aPagesRunLabelsRowsAsAWritersPagesAndListsThemInMetadata(@TempDir Path dir) throws Exception {
        List<Arm> arms = List.of(Arm.storeOnly(), Arm.named("parquet.delta.vscan"), Arm.named("peer.parquet.delta"));
        io.lanes.workbench.corpus.Pages pages = io.lanes.workbench.corpus.Pages.writtenByParquetJava(Datasets.load("syn.shape.sorted_narrow"),
                List.of(arms.get(1).codec(), arms.get(2).codec()));
        Harness.Config c = new Harness.Config(5, 0, 3, 50, true, 0);
        List<String> log = new ArrayList<>();
        Recorder.runPages("test", arms, List.of(pages), c, dir, log::add, Recorder.Options.none());
        Table t = ResultBundle.load(dir);
        assertEquals(3, t.rowCount());
        for (int i = 0; i < t.rowCount(); i++) {
            assertEquals("parquet-java(syn.shape.sorted_narrow)", t.stringColumn("column").get(i));
            assertEquals(Harness.PAGES, t.stringColumn("working_set").get(i));
            assertEquals(pages.values().size(), t.doubleColumn("values").getDouble(i));
            assertTrue(!t.stringColumn("gate").get(i).equals("pending"));
            assertTrue(Double.isNaN(t.doubleColumn("encode_ns_median").getDouble(i)), "nothing encoded");
        }
        assertEquals(pages.encodedBytes(), t.where(t.stringColumn("codec").isEqualTo("peer.parquet.delta")).doubleColumn("encoded_bytes").getDouble(0));
        String meta = Files.readString(dir.resolve("metadata.json"));
        assertTrue(meta.contains("\"pages\" : " + pages.pages().size()) && meta.contains("\"writer\" : \"parquet-java 1.18.1"), meta);
        assertTrue(log.stream().anyMatch(l -> l.contains("validity gate at pages")));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> Recorder.runPages("test", arms, List.of(pages), c,
                dir.resolve("ipv"), log::add, Recorder.Options.none().withIpv(true)));
    }
}
