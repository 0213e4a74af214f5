package io.lanes.workbench.codec;

/**
 * Thrown when encoded input fails validation: the one exception type every decoder throws for bad
 * bytes. The message names the field and the byte offset at which the problem was found.
 */
public final class CorruptDataException extends RuntimeException {
    private final String field;
    private final long offset;

    /**
     * @param field  the format field that failed validation (e.g. {@code "block width"})
     * @param offset byte offset of that field within the encoded buffer
     * @param detail what was wrong, including the offending value
     */
    public CorruptDataException(String field, long offset, String detail) {
        super(field + " at byte offset " + offset + ": " + detail);
        this.field = field;
        this.offset = offset;
    }

    /** The format field that failed validation. */
    public String field() {
        return field;
    }

    /** Byte offset of the field in the encoded buffer. */
    public long offset() {
        return offset;
    }
}
