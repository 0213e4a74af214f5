package io.lanes.workbench.codec.parquet;

/**
 * How a DELTA_BYTE_ARRAY decoder handles the three costs the Velox DELTA decoders thread removed
 * from its hot path: re-allocating the previous value on every value, building the child decoders
 * for every page, and handing out one value per call. {@link #DEFAULT} has all three fixes; each
 * other variant undoes exactly one, so timing it beside {@code parquet.delta-byte-array} on the same
 * pages shows what that one fix is worth. All decode the same pages to the same values.
 */
public enum DeltaByteArrayVariant {
    /**
     * The previous value read back from the output arena (a reusable raw buffer: nothing is
     * allocated per value), the two child length decoders built once per decoder and re-pointed at
     * each page, lengths decoded and values assembled {@link DeltaBatchReader#BATCH} at a time.
     */
    DEFAULT("", "previous value read from the arena, child decoders re-pointed per page, batches of " + DeltaBatchReader.BATCH, ""),
    /**
     * The previous value held in a new byte[] per value, as the pre-fix Velox decoder's
     * {@code std::string} was re-allocated and as parquet-java 1.18.1's reader still makes one per
     * value that shares a prefix: its prefix copied from the last one, its suffix from the page,
     * then the whole value copied into the arena. It allocates per value by design.
     */
    ALLOC_PER_VALUE("alloc-per-value", "previous value in a new byte[] per value (the pre-fix decoders' string), then copied into the arena", "a byte[] per value"),
    /**
     * The two child length decoders (each with its batch buffer) built anew for every page, as the
     * pre-fix Velox decoder made its child decoders per page. It allocates per page by design.
     */
    DECODERS_PER_PAGE("decoders-per-page", "child decoders and their batch buffers built for every page", "two child decoders per page"),
    /**
     * One value per step: its two lengths taken from the child decoders one at a time (each decoding
     * one DELTA block at a time, the smallest unit a stream decodes in), checked, the arena grown for
     * it and its bytes copied, as a reader's per-row {@code readString()} does.
     */
    VALUE_AT_A_TIME("value-at-a-time", "one value per step: lengths taken one at a time from one-block child batches, arena grown per value", "");

    private final String suffix;
    private final String description;
    private final String allocates;

    DeltaByteArrayVariant(String suffix, String description, String allocates) {
        this.suffix = suffix;
        this.description = description;
        this.allocates = allocates;
    }

    /** The registry-name suffix, e.g. {@code alloc-per-value}; empty for {@link #DEFAULT}, which is {@code parquet.delta-byte-array} itself. */
    public String suffix() {
        return suffix;
    }

    /** How this decoder handles the three costs, for {@link io.lanes.workbench.codec.Codec#description()}. */
    public String description() {
        return description;
    }

    /** What this variant's decode allocates by design, for {@link io.lanes.workbench.codec.Codec#allocatesByDesign()}; empty when nothing. */
    public String allocatesByDesign() {
        return allocates;
    }

    /** Whether the previous value lives in a new byte[] per value instead of the arena. */
    boolean freshPreviousValue() {
        return this == ALLOC_PER_VALUE;
    }

    /** Whether the child decoders are built for every page instead of once per decoder. */
    boolean decodersPerPage() {
        return this == DECODERS_PER_PAGE;
    }

    /** The child decoders' batch size before rounding up to whole blocks: one (a block), or {@link DeltaBatchReader#BATCH}. */
    int batch() {
        return this == VALUE_AT_A_TIME ? 1 : DeltaBatchReader.BATCH;
    }

    /** The most values assembled per step: one, or as many as both child batches hold. */
    int step() {
        return this == VALUE_AT_A_TIME ? 1 : Integer.MAX_VALUE;
    }
}
