package io.lanes.workbench.corpus;

import io.lanes.workbench.codec.ByteArrays;

import java.nio.charset.StandardCharsets;

/**
 * Byte-array values read row by row into one arena plus offsets ({@link ByteArrays}), so a column
 * of strings costs no object per value once read. Not thread-safe.
 */
final class TextBuffer implements ValueBuffer {
    private final ByteArrays values = new ByteArrays();

    /** Appends a value (copied). */
    void add(byte[] value) {
        values.add(value, 0, value.length);
    }

    /** Appends the UTF-8 bytes of a text value. */
    void add(String value) {
        add(value.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public int size() {
        return values.count();
    }

    @Override
    public Column toColumn(String id, String dataset, String provenance) {
        return Column.ofStrings(id, dataset, values, provenance);
    }
}
