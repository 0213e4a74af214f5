package io.lanes.workbench.measure;

import io.lanes.workbench.corpus.Column;


import io.lanes.workbench.codec.ByteArrays;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

import java.util.Arrays;
import java.util.List;

/**
 * What a compression study wants to know about a byte-array column: lengths (what
 * DELTA_LENGTH_BYTE_ARRAY packs), distinct values (what a dictionary holds) and the prefix each value
 * shares with the previous one (what DELTA_BYTE_ARRAY's front coding saves). Lengths are in bytes.
 * Immutable.
 *
 * @param id         column id
 * @param count      values
 * @param bytes      bytes of all values
 * @param minLength  shortest value (0 when empty)
 * @param meanLength mean length (0 when empty)
 * @param maxLength  longest value (0 when empty)
 * @param distinct   distinct values (exact)
 * @param meanPrefix mean length of the prefix each value shares with the previous one, the first
 *                   value counting 0 as DELTA_BYTE_ARRAY encodes it (0 when empty); {@code meanLength
 *                   - meanPrefix} is the mean suffix front coding stores
 */
public record StringStats(String id, int count, long bytes, int minLength, double meanLength, int maxLength, long distinct,
                          double meanPrefix) {
    /**
     * Statistics of one byte-array column, with no object per value. Reads the column, never
     * modifies it.
     *
     * @throws IllegalArgumentException for an int32 or int64 column ({@link ColumnStats#of} takes those)
     */
    public static StringStats of(Column c) {
        if (c.type().integer()) throw new IllegalArgumentException("column " + c.id() + " is " + c.type().label() + ": its statistics are ColumnStats.of");
        ByteArrays v = c.strings();
        byte[] data = v.data();
        int[] off = v.offsets();
        int n = v.count();
        int min = n == 0 ? 0 : Integer.MAX_VALUE, max = 0;
        long prefixes = 0;
        for (int i = 0; i < n; i++) {
            int len = v.length(i);
            min = Math.min(min, len);
            max = Math.max(max, len);
            if (i > 0) {
                int m = Arrays.mismatch(data, off[i - 1], off[i], data, off[i], off[i + 1]);
                prefixes += m < 0 ? len : m;
            }
        }
        return new StringStats(c.id(), n, v.bytes(), min, n == 0 ? 0 : (double) v.bytes() / n, max, distinct(v),
                n == 0 ? 0 : (double) prefixes / n);
    }

    /**
     * Exact distinct count: an open-addressing table of value indexes keyed by a hash of each byte
     * range, compared byte by byte on a hash match, so no value becomes an object.
     */
    private static long distinct(ByteArrays v) {
        int n = v.count();
        int[] slots = new int[Integer.highestOneBit(Math.max(1, n) * 2 - 1) << 1]; // index + 1; 0 is empty; load under 1/2
        int mask = slots.length - 1;
        int shift = Integer.numberOfLeadingZeros(mask);
        byte[] data = v.data();
        int[] off = v.offsets();
        long distinct = 0;
        for (int i = 0; i < n; i++) {
            int h = 1;
            for (int k = off[i]; k < off[i + 1]; k++) h = 31 * h + data[k];
            int slot = h * 0x9E3779B9 >>> shift; // Fibonacci hashing: the product's top bits mix every bit of h
            while (true) {
                int j = slots[slot] - 1;
                if (j < 0) {
                    slots[slot] = i + 1;
                    distinct++;
                    break;
                }
                if (Arrays.equals(data, off[j], off[j + 1], data, off[i], off[i + 1])) break;
                slot = (slot + 1) & mask;
            }
        }
        return distinct;
    }

    /**
     * One row per column: id, count, bytes, distinct, len_min, len_mean, len_max, prefix_mean (mean
     * shared prefix with the previous value), suffix_mean (what front coding stores per value).
     */
    public static Table table(List<StringStats> stats) {
        StringColumn id = StringColumn.create("id");
        IntColumn count = IntColumn.create("count");
        LongColumn bytes = LongColumn.create("bytes");
        LongColumn distinct = LongColumn.create("distinct");
        IntColumn minLen = IntColumn.create("len_min");
        DoubleColumn meanLen = DoubleColumn.create("len_mean");
        IntColumn maxLen = IntColumn.create("len_max");
        DoubleColumn prefix = DoubleColumn.create("prefix_mean");
        DoubleColumn suffix = DoubleColumn.create("suffix_mean");
        for (StringStats s : stats) {
            id.append(s.id());
            count.append(s.count());
            bytes.append(s.bytes());
            distinct.append(s.distinct());
            minLen.append(s.minLength());
            meanLen.append(s.meanLength());
            maxLen.append(s.maxLength());
            prefix.append(s.meanPrefix());
            suffix.append(s.meanLength() - s.meanPrefix());
        }
        for (DoubleColumn d : List.of(meanLen, prefix, suffix)) d.setPrintFormatter(ColumnStats.fixed("0.00"));
        return Table.create("string column statistics", id, count, bytes, distinct, minLen, meanLen, maxLen, prefix, suffix);
    }

    /** Statistics of byte-array columns as a table ({@link #table(List)}). */
    public static Table tableOf(List<Column> columns) {
        return table(columns.stream().map(StringStats::of).toList());
    }
}
