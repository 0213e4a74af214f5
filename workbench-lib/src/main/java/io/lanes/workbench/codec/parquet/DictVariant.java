package io.lanes.workbench.codec.parquet;

/**
 * How a dictionary decoder ({@code parquet.dict*}) turns indices into values: the variants studies
 * compare, each undoing one choice of the default. All read the same pages to the same values.
 */
public enum DictVariant {
    /**
     * Indices decoded and gathered run by run: an RLE run fills its values with one dictionary entry,
     * bit-packed runs are unpacked into a reused buffer of {@link DictFormat#BATCH} indices, checked
     * and gathered while it is in L1, with vectors: a register permute when the dictionary fits two
     * vectors, else the Vector API gather.
     */
    FUSED("", "indices unpacked and gathered per run, vector permute or gather"),
    /** As {@link #FUSED}, the lookup one value at a time: what the vector permute and gather are worth. */
    SCALAR_GATHER("scalar-gather", "indices unpacked and gathered per run, scalar gather"),
    /**
     * The naive two-pass reader: every index of the page decoded into a buffer by
     * {@code parquet.rle}'s run decoder (an RLE run as repeated indices), checked, then one gather
     * pass over them (the default's gather).
     */
    INDICES_THEN_GATHER("indices-then-gather", "all indices decoded first, then one gather pass");

    private final String suffix;
    private final String description;

    DictVariant(String suffix, String description) {
        this.suffix = suffix;
        this.description = description;
    }

    /** The registry-name suffix, empty for the default. */
    public String suffix() {
        return suffix;
    }

    /** How this decoder works, for {@link io.lanes.workbench.codec.Codec#description()}. */
    public String description() {
        return description;
    }

    /** The codec name of this variant of {@code format}, e.g. {@code parquet.dict64.scalar-gather}. */
    String name(String format) {
        return suffix.isEmpty() ? format : format + "." + suffix;
    }
}
