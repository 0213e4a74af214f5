package io.lanes.workbench.measure;

import io.lanes.workbench.codec.ByteArrayCodec;
import io.lanes.workbench.codec.ByteArrays;
import io.lanes.workbench.codec.registry.CodecRegistry;
import io.lanes.workbench.codec.SelectiveIntCodec;
import io.lanes.workbench.corpus.Column;
import io.lanes.workbench.corpus.Datasets;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Sparse reads: selections, the codecs' row reads against a full decode, and the arms the harness times. */
class SparseReadsTest {
    @Test
    void selectionsAreDeterministicAscendingAndSizedAsDocumented() {
        Selection s = Selection.parse("select=0.1");
        int[] rows = s.rows(100_000);
        assertArrayEquals(rows, s.rows(100_000), "the same rows every time");
        assertTrue(Math.abs(rows.length - 10_000) < 400, rows.length + " rows of 100,000 at 0.1");
        for (int i = 1; i < rows.length; i++) assertTrue(rows[i] > rows[i - 1]);
        assertEquals(1, Selection.parse("select=0.000001").rows(1000).length, "at least one row");
        assertEquals(1024, Selection.parse("select=1").rows(1024).length);
        int[] head = Selection.parse("head=0.5").rows(2048);
        assertEquals(1024 + 16, head.length, "ends in the middle of a miniblock");
        assertEquals(head.length - 1, head[head.length - 1]);
        assertEquals("select=0.1", s.label());
        assertEquals("head=1", Selection.parse("head=1").label());
        assertThrows(IllegalArgumentException.class, () -> Selection.parse("select=0"));
        assertThrows(IllegalArgumentException.class, () -> Selection.parse("every=0.5"));
    }

    @Test
    void deltaRowReadsEqualTheSelectedRowsOfAFullDecodeAtEveryVariantAndStopEarly() {
        int[] v = Datasets.load("syn.shape.sorted_narrow").ints();
        for (var c : CodecRegistry.match("parquet.delta*")) {
            if (!(c instanceof SelectiveIntCodec d)) continue;
            byte[] page = new byte[d.maxEncodedBytes(v.length)];
            int len = d.encode(v, 0, v.length, page, 0);
            for (String sel : List.of("select=0.01", "select=0.5", "head=0.1", "head=1")) {
                int[] rows = Selection.parse(sel).rows(v.length);
                int[] out = new int[rows.length];
                assertEquals(rows.length, d.decodeRows(page, 0, len, rows, rows.length, out, 0));
                for (int i = 0; i < rows.length; i++) assertEquals(v[rows[i]], out[i], c.name() + " " + sel + " row " + rows[i]);
            }
            // a read that stops early never looks at the bytes after its last block: a truncated tail is not its business
            int[] first = {0, 5, 31};
            int[] out = new int[3];
            d.decodeRows(page, 0, len - 1, first, 3, out, 0);
            assertArrayEquals(new int[] {v[0], v[5], v[31]}, out, c.name());
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> d.decodeRows(page, 0, len, new int[] {3, 3}, 2, new int[2], 0));
            assertTrue(e.getMessage().contains("row 3 at selection index 1 does not follow row 3"), e.getMessage());
        }
    }

    @Test
    void frontCodedRowReadsEqualTheSelectedValues() {
        Column col = HarnessByteArrayTest.urls();
        ByteArrays v = col.strings();
        ByteArrayCodec c = (ByteArrayCodec) CodecRegistry.get("parquet.delta-byte-array");
        byte[] page = new byte[c.maxEncodedBytes(v.count(), v.bytes())];
        int len = c.encode(v, 0, v.count(), page, 0);
        var d = (ByteArrayCodec.SelectiveDecoder) c.newDecoder();
        ByteArrays out = new ByteArrays();
        for (String sel : List.of("select=0.01", "select=0.3", "head=0.2", "select=1")) {
            int[] rows = Selection.parse(sel).rows(v.count());
            out.clear();
            assertEquals(rows.length, d.decodeRows(page, 0, len, rows, rows.length, out));
            for (int i = 0; i < rows.length; i++) assertArrayEquals(v.get(rows[i]), out.get(i), sel + " row " + rows[i]);
        }
    }

    @Test
    void armsOfSelectionsAreNamedResolvedByGlobAndMeasuredAgainstTheFullDecode() {
        List<Arm> arms = Arm.resolve(List.of("parquet.delta", "parquet.delta*@select=0.1", "parquet.delta-byte-array@head=0.5"));
        List<String> names = arms.stream().map(Arm::name).toList();
        assertTrue(names.containsAll(List.of("parquet.delta", "parquet.delta@select=0.1", "parquet.delta.vscan@select=0.1", "parquet.delta-byte-array@head=0.5")), names.toString());
        assertTrue(names.stream().noneMatch(n -> n.startsWith("parquet.delta64") && n.contains("@")), "int64 DELTA reads no selected rows: " + names);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Arm.named("bitpack.seq.scalar@select=0.1"));
        assertTrue(e.getMessage().contains("cannot read selected rows") && e.getMessage().contains("parquet.delta-byte-array"), e.getMessage());

        Column col = Datasets.load("syn.shape.sorted_narrow");
        List<Measurement> ms = new Harness(HarnessTest.TINY).measure(
                List.of(Arm.named("parquet.delta"), Arm.named("parquet.delta@select=0.1"), Arm.named("parquet.delta@head=0.01")), col, WorkingSet.parse("400KiB"));
        Measurement full = ms.get(0), sel = ms.get(1), head = ms.get(2);
        assertEquals(full.values(), sel.values(), "values are the rows the page holds, as for the full decode");
        assertEquals(full.inputBytes(), sel.inputBytes(), "the same page");
        int selected = Selection.parse("select=0.1").rows(full.values()).length;
        assertEquals(4L * selected, sel.outputBytes());
        assertEquals(4L * (Math.floor(0.01 * full.values() / 32) * 32 + 16), head.outputBytes(), 0.0);
    }
}
