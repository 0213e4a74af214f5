package io.lanes.workbench.corpus;

/**
 * The values of one column as a source reads them, row by row, then the column: a
 * {@link LongBuffer} for int32/int64, a {@link TextBuffer} for byte arrays. Sources switch on the
 * two permitted kinds, so a byte-array column can never be fed integers or the other way round.
 * Not thread-safe.
 */
sealed interface ValueBuffer permits LongBuffer, TextBuffer {
    /** An empty buffer for values of {@code type}. */
    static ValueBuffer of(ValueType type) {
        return type.integer() ? new LongBuffer(type) : new TextBuffer();
    }

    /** Values added so far. */
    int size();

    /** The values as a column; the buffer must not be used after. */
    Column toColumn(String id, String dataset, String provenance);
}
