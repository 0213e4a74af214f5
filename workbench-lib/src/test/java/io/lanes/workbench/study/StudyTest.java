package io.lanes.workbench.study;

import io.lanes.workbench.report.Results;
import io.lanes.workbench.report.StudyChart;

import io.lanes.workbench.codec.registry.CodecRegistry;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.PlainCodec;
import io.lanes.workbench.corpus.Datasets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The notebook-first study builder: named options, a codec object beside registry names, results that display. */
class StudyTest {
    @TempDir
    Path dir;

    /** A user's codec as a notebook cell would define it: here, the plain layout under another name. */
    record Renamed(String name, IntCodec inner) implements IntCodec {
        @Override
        public int maxEncodedBytes(int n) {
            return inner.maxEncodedBytes(n);
        }

        @Override
        public int encode(int[] values, int off, int n, byte[] out, int outOff) {
            return inner.encode(values, off, n, out, outOff);
        }

        @Override
        public int decodedLength(byte[] in, int inOff, int inLen) {
            return inner.decodedLength(in, inOff, inLen);
        }

        @Override
        public int decode(byte[] in, int inOff, int inLen, int[] out, int outOff) {
            return inner.decode(in, inOff, inLen, out, outOff);
        }
    }

    private Study tiny(String name) {
        return Study.of(name).quick().reps(3).warmup(Duration.ZERO).out(dir.resolve(name));
    }

    @Test
    void aCodecObjectIsMeasuredBesideRegistryCodecsAndTheStoreOnlyWall() {
        Results r = tiny("mine").codecs("bitpack.seq.scalar").codec(new Renamed("my.plain", new PlainCodec()))
                .datasets("syn.uniform.w3", "syn.uniform.w12", "syn.uniform.w20").ladder("16KiB").run();
        assertEquals(List.of("bitpack.seq.scalar", "my.plain", "store-only"), r.table().stringColumn("codec").unique().asList().stream().sorted().toList());
        assertEquals(9, r.table().rowCount());
        assertEquals("complete", r.status());
        assertEquals(List.of("16KiB"), List.copyOf(r.gates().keySet()));
        assertEquals("not checked", r.quiet());
        // three columns that name their widths at one working set: speed against bit width
        assertEquals(StudyChart.SPEED_BY_WIDTH, r.defaultKind());
        String html = r.toHtml();
        assertTrue(html.contains("validity gate: 16KiB " + r.gates().get("16KiB")), html.substring(0, 400));
        assertTrue(html.contains("<svg class=\"wb-chart\" role=\"img\" aria-label=\"mine: decode speed (16KiB)\""), "the default chart is inline");
        assertTrue(r.toString().contains("bundle: " + dir.resolve("mine")), r.toString());
        assertTrue(r.summary().stringColumn("codec").asList().contains("my.plain"));
    }

    @Test
    void severalWorkingSetsChartSpeedAcrossTheLadderAndWithoutTheWallTheStoreOnlyArmIsAbsent() {
        Results r = tiny("ladder").withoutStoreOnly().codecs("plain").datasets("syn.uniform.w5").ladder("16KiB", "64KiB").run();
        assertEquals(List.of("plain"), r.table().stringColumn("codec").unique().asList());
        assertEquals(StudyChart.SPEED_BY_WORKING_SET, r.defaultKind());
        assertEquals(1, r.charts(StudyChart.SPEED_BY_WORKING_SET).size());
        assertEquals(2, r.charts(StudyChart.SPEED_BY_CODEC).size(), "one bar chart per working set");
    }

    @Test
    void mistakesFailAtTheLineThatMakesThem() {
        assertThrows(IllegalArgumentException.class, () -> Study.of("has space"));
        assertThrows(IllegalArgumentException.class, () -> Study.of("x").codecs("no.such.codec"));
        assertThrows(IllegalArgumentException.class, () -> Study.of("x").reps(0));
        assertThrows(IllegalArgumentException.class, () -> Study.of("x").ladder());
        IllegalArgumentException twice = assertThrows(IllegalArgumentException.class, () -> Study.of("x").codecs("plain").codec(new PlainCodec()));
        assertTrue(twice.getMessage().contains("two codecs are named 'plain'"), twice.getMessage());
        assertEquals(CodecRegistry.get("plain"), CodecRegistry.get("plain")); // the registry's own object is the same one twice: no clash
        Study.of("x").codecs("plain").codecs("plain");
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> Study.of("x").datasets("syn.uniform.w5").run());
        assertTrue(none.getMessage().contains("no codecs"), none.getMessage());
        IllegalArgumentException cols = assertThrows(IllegalArgumentException.class, () -> Study.of("x").codecs("plain").run());
        assertTrue(cols.getMessage().contains("no columns"), cols.getMessage());
        IllegalArgumentException both = assertThrows(IllegalArgumentException.class,
                () -> Study.of("x").codecs("plain").columns(Datasets.load("syn.uniform.w5")).pages(List.of(io.lanes.workbench.corpus.Pages.writtenByParquetJava(
                        Datasets.load("syn.uniform.w5"), List.of(CodecRegistry.get("parquet.delta"))))).run());
        assertTrue(both.getMessage().contains("run two studies"), both.getMessage());
    }
}
