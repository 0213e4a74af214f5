package io.lanes.workbench.measure;

import io.lanes.workbench.corpus.Column;

import org.junit.jupiter.api.Test;
import tech.tablesaw.api.Table;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class ColumnStatsTest {
    private static long[] hist(int length, int... widthAndCount) {
        long[] h = new long[length];
        for (int i = 0; i < widthAndCount.length; i += 2) h[widthAndCount[i]] += widthAndCount[i + 1];
        return h;
    }

    @Test
    void smallColumnByHand() {
        ColumnStats s = ColumnStats.of(Column.ofInts("t.a", "t", new int[] {5, 5, 6, 7, 7, 7, 3}, "test"));
        assertEquals(7, s.count());
        assertEquals(3, s.min());
        assertEquals(7, s.max());
        assertEquals(4, s.distinct());
        assertEquals(5.0 / 6, s.sorted(), 1e-12);
        assertEquals(4, s.runs());
        assertArrayEquals(hist(33, 3, 1), s.forWidths());         // range 7 - 3 = 4: 3 bits
        assertArrayEquals(hist(33, 3, 1), s.deltaWidths());       // deltas 0 1 1 0 0 -4 span 5: 3 bits
        assertEquals(3, s.pforWidth(), 0);                        // 2 2 3 4 4 4 0 above the frame: 3 bits, no exceptions
        assertEquals(0, s.pforExceptions(), 0);
        assertEquals(3, s.pforBits(), 1e-12);
    }

    @Test
    void vectorsOf1024AndExceptions() {
        int[] v = new int[2048];
        for (int i = 0; i < 2048; i++) v[i] = i % 16;              // 4 bits
        v[100] = 1 << 30;                                         // one outlier in the first vector
        ColumnStats s = ColumnStats.of(Column.ofInts("t.b", "t", v, "test"));
        assertArrayEquals(hist(33, 31, 1, 4, 1), s.forWidths());
        assertEquals(4, s.pforWidth(), 0);
        assertEquals(1.0 / 2048, s.pforExceptions(), 1e-15);
        assertEquals((4.0 * 2048 + 48) / 2048, s.pforBits(), 1e-12);
        assertEquals(2048, s.runs());                             // no two neighbours are equal
        assertEquals((2047.0 - 127 - 1) / 2047, s.sorted(), 1e-12); // 127 wrap-arounds 15 -> 0, and the drop after the outlier
    }

    @Test
    void extremesWrapLikeTheTypeDoes() {
        ColumnStats i32 = ColumnStats.of(Column.ofInts("t.c", "t", new int[] {Integer.MAX_VALUE, Integer.MIN_VALUE}, "test"));
        assertArrayEquals(hist(33, 32, 1), i32.forWidths());
        assertArrayEquals(hist(33, 0, 1), i32.deltaWidths());     // one delta (MIN - MAX wraps to 1): spans 0 bits
        ColumnStats i64 = ColumnStats.of(Column.ofLongs("t.d", "t", new long[] {Long.MIN_VALUE, 0, Long.MAX_VALUE}, "test"));
        assertArrayEquals(hist(65, 64, 1), i64.forWidths());
        // Above the frame MIN the values need 0, 64 and 64 bits: two exceptions (2 x 80 bits) beat packing 3 x 64.
        assertEquals(0, i64.pforWidth(), 0);
        assertEquals(2.0 / 3, i64.pforExceptions(), 1e-12);
        assertEquals(1.0, i64.sorted(), 0);
    }

    @Test
    void emptyColumn() {
        ColumnStats s = ColumnStats.of(Column.ofInts("t.e", "t", new int[0], "test"));
        assertEquals(0, s.count());
        assertEquals(0, s.distinct());
        assertEquals(0, s.runs());
        assertEquals(0, ColumnStats.mean(s.forWidths()), 0);
    }

    @Test
    void tableHasOneRowPerColumnAndTheDocumentedColumns() {
        Table t = ColumnStats.tableOf(List.of(Column.ofInts("t.a", "t", new int[] {1, 2, 3}, "x"),
                Column.ofLongs("t.b", "t", new long[] {1L << 40, 0}, "y")));
        assertEquals(2, t.rowCount());
        assertEquals(List.of("id", "type", "count", "min", "max", "distinct", "sorted", "runs", "for_w", "for_hist", "delta_w",
                "delta_hist", "pfor_w", "pfor_exc", "pfor_bpv"), t.columnNames());
        assertEquals("int64", t.stringColumn("type").get(1));
        assertEquals(1L << 40, t.longColumn("max").get(1));
        assertEquals("41:1", t.stringColumn("for_hist").get(1));
        assertEquals("1.0000", t.doubleColumn("sorted").getString(0));
        assertEquals("0.0000", t.doubleColumn("sorted").getString(1));
    }
}
