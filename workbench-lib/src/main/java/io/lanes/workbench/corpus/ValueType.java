package io.lanes.workbench.corpus;

/** Physical integer type of a column, as it appears in results ({@code int32}, {@code int64}). */
public enum ValueType {
    INT32(4), INT64(8);

    private final int bytes;

    ValueType(int bytes) {
        this.bytes = bytes;
    }

    /** Bytes per value. */
    public int bytes() {
        return bytes;
    }

    /** The label used in results and on the command line. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** Parses {@code int32} / {@code int64}, case-insensitively. */
    public static ValueType parse(String s) {
        for (ValueType t : values()) if (t.label().equalsIgnoreCase(s)) return t;
        throw new IllegalArgumentException("unknown type '" + s + "'; use int32 or int64");
    }
}
