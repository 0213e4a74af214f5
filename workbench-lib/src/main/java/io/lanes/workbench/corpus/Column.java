package io.lanes.workbench.corpus;

import java.util.Objects;

/**
 * One integer column: its registry id, the dataset it belongs to, its type, its values and where
 * they came from. Exactly one of {@code ints} / {@code longs} is non-null, matching {@code type}.
 * The arrays are shared, not copied: callers must not modify them.
 *
 * @param id         registry id, e.g. {@code syn.uniform.w12} or {@code clickbench.hits.EventTime}
 * @param dataset    the dataset the column belongs to, e.g. {@code syn.uniform} or {@code clickbench.hits}
 * @param type       physical type
 * @param ints       values when {@code type} is int32
 * @param longs      values when {@code type} is int64
 * @param provenance how the values were produced (generator and seed, file and sha256, ...)
 */
public record Column(String id, String dataset, ValueType type, int[] ints, long[] longs, String provenance) {
    public Column {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(type, "type");
        if ((type == ValueType.INT32) != (ints != null) || (type == ValueType.INT64) != (longs != null)) {
            throw new IllegalArgumentException("column " + id + ": values do not match type " + type.label());
        }
    }

    /** An int32 column. */
    public static Column ofInts(String id, String dataset, int[] values, String provenance) {
        return new Column(id, dataset, ValueType.INT32, values, null, provenance);
    }

    /** An int64 column. */
    public static Column ofLongs(String id, String dataset, long[] values, String provenance) {
        return new Column(id, dataset, ValueType.INT64, null, values, provenance);
    }

    /** Number of values. */
    public int size() {
        return ints != null ? ints.length : longs.length;
    }

    @Override
    public String toString() {
        return id + " (" + type.label() + ", " + size() + " values)";
    }
}
