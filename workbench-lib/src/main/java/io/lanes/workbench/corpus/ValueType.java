package io.lanes.workbench.corpus;

/**
 * Physical type of a column, as it appears in results ({@code int32}, {@code int64},
 * {@code byte-array}).
 */
public enum ValueType {
    INT32(4, "int32"), INT64(8, "int64"),
    /**
     * Variable-length byte strings (Parquet BYTE_ARRAY, SQL VARCHAR), held as one arena plus
     * offsets; {@link #bytes()} is 1, the arena's unit, as {@link io.lanes.workbench.codec.ByteArrayCodec#valueBits()} is 8.
     */
    BYTE_ARRAY(1, "byte-array");

    private final int bytes;
    private final String label;

    ValueType(int bytes, String label) {
        this.bytes = bytes;
        this.label = label;
    }

    /** Bytes per value; for {@link #BYTE_ARRAY}, 1: the unit of its arena, not a value's length. */
    public int bytes() {
        return bytes;
    }

    /** Whether values are integers of a fixed width (int32, int64). */
    public boolean integer() {
        return this != BYTE_ARRAY;
    }

    /** The label used in results and on the command line. */
    public String label() {
        return label;
    }

    /** Parses {@code int32} / {@code int64} / {@code byte-array}, case-insensitively. */
    public static ValueType parse(String s) {
        for (ValueType t : values()) if (t.label().equalsIgnoreCase(s)) return t;
        throw new IllegalArgumentException("unknown type '" + s + "'; use int32, int64 or byte-array");
    }
}
