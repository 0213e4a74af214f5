package io.lanes.workbench.codec.parquet;

/**
 * How a DELTA_BINARY_PACKED decoder walks a block: the three variants studies compare (seed 003).
 * All decode the same bytes to the same values; they differ only in how many values one unpack
 * call and one prefix-sum loop cover, and how the prefix sum runs.
 */
public enum DeltaVariant {
    /** One unpack call and one scalar prefix-sum loop per 32-value miniblock: the classic decoder. */
    MINIBLOCK("miniblock"),
    /** One unpack call per run of equal-width miniblocks in a block, then one scalar prefix sum over the block. */
    COALESCED("coalesced"),
    /**
     * Coalesced, then a log-step Vector API inclusive scan over the block: the frame (min delta) is
     * added before the scan, the running total is carried across registers in a vector register (broadcast of the last
     * lane by a shuffle), and the part of a run shorter than a register is finished one value at a
     * time. Seed 003: a vector-to-scalar round trip of the carry per register is slower than scalar.
     */
    VSCAN("vscan");

    private final String suffix;

    DeltaVariant(String suffix) {
        this.suffix = suffix;
    }

    /** The registry-name suffix, e.g. {@code miniblock} in {@code parquet.delta.miniblock}. */
    public String suffix() {
        return suffix;
    }
}
