package io.lanes.workbench.results;

import io.lanes.workbench.study.Recorder;

import io.lanes.workbench.corpus.Datasets;
import io.lanes.workbench.measure.Arm;
import io.lanes.workbench.measure.Fingerprint;
import io.lanes.workbench.measure.Harness;
import io.lanes.workbench.measure.WorkingSet;
import io.lanes.workbench.report.CompareReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A bundle says whether its run finished: {@code interrupted} from its first write until the run
 * completes, {@code failed} with the error when it stops on one; compare warns about unfinished
 * bundles; temporaries a killed writer left are removed before the folder is written again.
 */
class BundleStatusTest {
    private static final Harness.Config TINY = new Harness.Config(5, 0, 3, 50, true, 0);

    @Test
    void aBundleIsInterruptedUntilItsRunCompletes(@TempDir Path dir) {
        ResultBundle b = new ResultBundle(dir, Fingerprint.capture(), Map.of());
        assertEquals(ResultBundle.INTERRUPTED, ResultBundle.status(dir), "a process killed now leaves a bundle that says so");
        b.complete();
        assertEquals(ResultBundle.COMPLETE, ResultBundle.status(dir));
    }

    @Test
    void aRunThatFinishesIsCompleteAndOneThatThrowsIsFailedWithTheError(@TempDir Path tmp) throws Exception {
        Path done = tmp.resolve("done");
        Recorder.run("test", List.of(Arm.named("plain")), List.of(Datasets.uniform(3, 2048, 1)), List.of(WorkingSet.parse("16KiB")), TINY, done,
                s -> { }, Recorder.Options.none());
        assertEquals(ResultBundle.COMPLETE, ResultBundle.status(done));

        Path broken = tmp.resolve("broken");
        // a codec whose decode breaks stands for any failure inside the measurement
        io.lanes.workbench.codec.IntCodec breaks = new io.lanes.workbench.codec.IntCodec() {
            @Override
            public String name() {
                return "test.breaks";
            }

            @Override
            public int maxEncodedBytes(int n) {
                return 4 * n + 4;
            }

            @Override
            public int encode(int[] values, int off, int n, byte[] out, int outOff) {
                return 0;
            }

            @Override
            public int decodedLength(byte[] in, int inOff, int inLen) {
                throw new IllegalStateException("test.breaks always breaks");
            }

            @Override
            public int decode(byte[] in, int inOff, int inLen, int[] out, int outOff) {
                throw new IllegalStateException("test.breaks always breaks");
            }
        };
        assertThrows(RuntimeException.class, () -> Recorder.run("test", List.of(Arm.of(breaks)), List.of(Datasets.uniform(3, 2048, 1)),
                List.of(WorkingSet.parse("16KiB")), TINY, broken, s -> { }, Recorder.Options.none()));
        assertEquals(ResultBundle.FAILED, ResultBundle.status(broken));
        assertTrue(Files.readString(broken.resolve("metadata.json")).contains("test.breaks always breaks"));
    }

    @Test
    void compareWarnsAboutAnUnfinishedBundle(@TempDir Path tmp) {
        Path a = tmp.resolve("a");
        Path b = tmp.resolve("b");
        Recorder.run("test", List.of(Arm.named("plain")), List.of(Datasets.uniform(3, 2048, 1)), List.of(WorkingSet.parse("16KiB")), TINY, a,
                s -> { }, Recorder.Options.none());
        ResultBundle cut = new ResultBundle(b, Fingerprint.capture(), Map.of());
        cut.add(new Harness(TINY).measure(List.of(Arm.named("plain")), Datasets.uniform(3, 2048, 1), WorkingSet.parse("16KiB")));
        List<String> w = CompareReport.unfinished(List.of(a, b));
        assertEquals(1, w.size(), w.toString());
        assertTrue(w.getFirst().contains(b.toString()) && w.getFirst().contains("interrupted") && w.getFirst().contains("partial"), w.getFirst());
    }

    @Test
    void temporariesAKilledWriterLeftAreRemovedAndWritesLeaveNone(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("results.csv.tmp"), "half a fi");
        Files.writeString(dir.resolve("metadata.json.tmp"), "{");
        ResultBundle b = new ResultBundle(dir, Fingerprint.capture(), Map.of());
        b.add(new Harness(TINY).measure(List.of(Arm.named("plain")), Datasets.uniform(3, 2048, 1), WorkingSet.parse("16KiB")));
        b.complete();
        try (var s = Files.list(dir)) {
            List<String> names = s.map(p -> p.getFileName().toString()).sorted().toList();
            assertEquals(List.of("metadata.json", "raw.csv", "results.csv"), names);
        }
    }
}
