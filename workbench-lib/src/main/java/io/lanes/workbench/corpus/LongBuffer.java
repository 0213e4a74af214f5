package io.lanes.workbench.corpus;

import java.util.Arrays;

/**
 * A growable {@code long[]} for integer values read row by row, checked against the column's type
 * (int32 or int64) as they arrive (where the source row is known). Not thread-safe.
 */
final class LongBuffer implements ValueBuffer {
    private final ValueType type;
    private long[] values = new long[1024];
    private int size;

    /** @throws IllegalArgumentException for {@code byte-array}: those go to a {@link TextBuffer} */
    LongBuffer(ValueType type) {
        if (!type.integer()) throw new IllegalArgumentException("a LongBuffer holds int32 or int64 values, not " + type.label());
        this.type = type;
    }

    /**
     * Appends {@code v}, the value of 1-based source row {@code row}.
     *
     * @param what names the source and column in the error when an int32 column gets a value that
     *             does not fit
     */
    void add(long v, String what, long row) {
        if (type == ValueType.INT32 && v != (int) v) {
            throw new CorpusException(what + " row " + row + ": value " + v + " does not fit int32 (use int64)");
        }
        if (size == values.length) values = Arrays.copyOf(values, values.length * 2);
        values[size++] = v;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public Column toColumn(String id, String dataset, String provenance) {
        if (type == ValueType.INT64) return Column.ofLongs(id, dataset, Arrays.copyOf(values, size), provenance);
        int[] ints = new int[size];
        for (int i = 0; i < size; i++) ints[i] = (int) values[i];
        return Column.ofInts(id, dataset, ints, provenance);
    }
}
