package io.lanes.workbench.corpus;

import io.lanes.workbench.codec.ByteArrays;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ColumnSliceTest {
    @Test
    void aSliceCopiesItsRangeAndKeepsTheColumnsIdentity() {
        int[] v = {5, 6, 7, 8, 9};
        Column c = Column.ofInts("x.y.z", "x.y", v, "test");
        Column s = c.slice(1, 3);
        assertArrayEquals(new int[] {6, 7, 8}, s.ints());
        assertEquals("x.y.z", s.id());
        assertEquals("x.y", s.dataset());
        s.ints()[0] = -1;
        assertEquals(6, v[1], "the slice is a copy");
        assertArrayEquals(new long[] {9}, Column.ofLongs("l", "d", new long[] {1, 9}, "t").slice(1, 1).longs());
    }

    @Test
    void aStringSliceTakesItsValuesBytes() {
        Column c = Column.ofStrings("s", "d", ByteArrays.of("ab".getBytes(), "".getBytes(), "cde".getBytes(), "f".getBytes()), "t");
        Column s = c.slice(1, 2);
        assertEquals(2, s.size());
        assertEquals(0, s.strings().length(0));
        assertArrayEquals("cde".getBytes(), s.strings().get(1));
        assertEquals(3, s.valueBytes());
    }

    @Test
    void aRangeOutsideTheColumnIsRefused() {
        Column c = Column.ofInts("c", "d", new int[4], "t");
        assertThrows(IndexOutOfBoundsException.class, () -> c.slice(2, 3));
        assertThrows(IndexOutOfBoundsException.class, () -> c.slice(-1, 1));
    }
}
