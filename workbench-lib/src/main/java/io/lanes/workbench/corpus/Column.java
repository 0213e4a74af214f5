package io.lanes.workbench.corpus;

import io.lanes.workbench.codec.ByteArrays;

import java.util.Arrays;
import java.util.Objects;

/**
 * One column: its registry id, the dataset it belongs to, its type, its values and where they came
 * from. Exactly one of {@code ints} / {@code longs} / {@code strings} is non-null, matching
 * {@code type}. The values are shared, not copied: callers must not modify them.
 *
 * @param id         registry id, e.g. {@code syn.uniform.w12} or {@code clickbench.hits.EventTime}
 * @param dataset    the dataset the column belongs to, e.g. {@code syn.uniform} or {@code clickbench.hits}
 * @param type       physical type
 * @param ints       values when {@code type} is int32
 * @param longs      values when {@code type} is int64
 * @param strings    values when {@code type} is byte-array: one arena plus offsets, no object per value
 * @param provenance how the values were produced (generator and seed, file and sha256, ...)
 */
public record Column(String id, String dataset, ValueType type, int[] ints, long[] longs, ByteArrays strings, String provenance) {
    public Column {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(type, "type");
        if ((type == ValueType.INT32) != (ints != null) || (type == ValueType.INT64) != (longs != null)
                || (type == ValueType.BYTE_ARRAY) != (strings != null)) {
            throw new IllegalArgumentException("column " + id + ": values do not match type " + type.label());
        }
    }

    /** An int32 column. */
    public static Column ofInts(String id, String dataset, int[] values, String provenance) {
        return new Column(id, dataset, ValueType.INT32, values, null, null, provenance);
    }

    /** An int64 column. */
    public static Column ofLongs(String id, String dataset, long[] values, String provenance) {
        return new Column(id, dataset, ValueType.INT64, null, values, null, provenance);
    }

    /** A byte-array column; {@code values} becomes the column's and must not be modified after. */
    public static Column ofStrings(String id, String dataset, ByteArrays values, String provenance) {
        return new Column(id, dataset, ValueType.BYTE_ARRAY, null, null, values, provenance);
    }

    /** Number of values. */
    public int size() {
        return switch (type) {
            case INT32 -> ints.length;
            case INT64 -> longs.length;
            case BYTE_ARRAY -> strings.count();
        };
    }

    /**
     * Bytes the values take decoded: the values' own bytes ({@code size() * type().bytes()} for
     * integers; for byte arrays the arena's bytes, lengths and offsets not counted).
     */
    public long valueBytes() {
        return type == ValueType.BYTE_ARRAY ? strings.bytes() : (long) size() * type.bytes();
    }

    /**
     * The values {@code [from, from+len)}, copied, as a column of the same id, dataset and provenance
     * (a sample of this column, not a new registry column).
     *
     * @throws IndexOutOfBoundsException if the range is not within the column
     */
    public Column slice(int from, int len) {
        Objects.checkFromIndexSize(from, len, size());
        return switch (type) {
            case INT32 -> ofInts(id, dataset, Arrays.copyOfRange(ints, from, from + len), provenance);
            case INT64 -> ofLongs(id, dataset, Arrays.copyOfRange(longs, from, from + len), provenance);
            case BYTE_ARRAY -> {
                ByteArrays out = new ByteArrays(Math.max(len, 1), strings.offsets()[from + len] - strings.offsets()[from]);
                for (int i = from; i < from + len; i++) out.add(strings.data(), strings.offsets()[i], strings.length(i));
                yield ofStrings(id, dataset, out, provenance);
            }
        };
    }

    @Override
    public String toString() {
        return id + " (" + type.label() + ", " + size() + " values)";
    }
}
