package io.lanes.workbench.measure;

import io.lanes.workbench.corpus.Column;

import io.lanes.workbench.codec.ByteArrays;
import org.junit.jupiter.api.Test;
import tech.tablesaw.api.Table;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StringStatsTest {
    private static Column strings(String id, String... values) {
        ByteArrays v = new ByteArrays();
        for (String s : values) {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            v.add(b, 0, b.length);
        }
        return Column.ofStrings(id, "t", v, "test");
    }

    @Test
    void lengthsDistinctAndSharedPrefixesAreExact() {
        StringStats s = StringStats.of(strings("t.a", "apple", "applesauce", "apricot", "apple", "", "banana"));
        assertEquals(6, s.count());
        assertEquals(5 + 10 + 7 + 5 + 0 + 6, s.bytes());
        assertEquals(0, s.minLength());
        assertEquals(10, s.maxLength());
        assertEquals(33 / 6.0, s.meanLength(), 1e-12);
        assertEquals(5, s.distinct());
        // prefixes with the previous value: first 0, apple|applesauce 5, applesauce|apricot 2, apricot|apple 2, then 0, 0
        assertEquals(9 / 6.0, s.meanPrefix(), 1e-12);
    }

    @Test
    void distinctComparesBytesNotHashes() {
        // "Aa" and "BB" have the same 31-polynomial hash; a value and its prefix are different values
        assertEquals(2, StringStats.of(strings("t.b", "Aa", "BB", "Aa", "BB")).distinct());
        assertEquals(3, StringStats.of(strings("t.c", "ab", "abc", "a", "abc")).distinct());
        String[] many = new String[50_000];
        for (int i = 0; i < many.length; i++) many[i] = "key-" + (i * 7919 % 4099);
        assertEquals(4099, StringStats.of(strings("t.d", many)).distinct());
        // UTF-8 bytes count, not characters
        StringStats utf8 = StringStats.of(strings("t.e", "héllo", "hé"));
        assertEquals(6, utf8.maxLength());
        assertEquals(3 / 2.0, utf8.meanPrefix(), 1e-12);
    }

    @Test
    void anEmptyColumnHasZeros() {
        StringStats s = StringStats.of(strings("t.f"));
        assertEquals(new StringStats("t.f", 0, 0, 0, 0, 0, 0, 0), s);
    }

    @Test
    void eachStatisticsRecordRefusesTheOtherKindNamingTheColumn() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ColumnStats.of(strings("t.g", "x")));
        assertTrue(e.getMessage().contains("t.g") && e.getMessage().contains("byte-array"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> StringStats.of(Column.ofInts("t.h", "t", new int[] {1}, "test")));
        assertTrue(e.getMessage().contains("t.h") && e.getMessage().contains("int32"), e.getMessage());
    }

    @Test
    void theTableHasOneRowPerColumn() {
        Table t = StringStats.tableOf(List.of(strings("t.a", "ab", "ac"), strings("t.b", "x")));
        assertEquals(List.of("id", "count", "bytes", "distinct", "len_min", "len_mean", "len_max", "prefix_mean", "suffix_mean"), t.columnNames());
        assertEquals(2, t.rowCount());
        assertEquals("0.50", t.column("prefix_mean").getString(0));
        assertEquals("1.50", t.column("suffix_mean").getString(0));
    }
}
