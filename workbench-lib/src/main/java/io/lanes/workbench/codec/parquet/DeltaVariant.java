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
     * The prefix sum in vector registers (seed 003), the running total carried from register to
     * register in a vector register (a vector-to-scalar round trip per register is slower than
     * scalar). int32: each 32-value chunk is unpacked in registers by one width-generic routine
     * (per-lane word shuffle and shift from a table row for the width) and summed there, so values
     * are stored once; whole blocks queue and decode in one loop ({@link DeltaVectorScan32}), and
     * the rest (a page's partial last block) is unpacked coalesced and scanned in place.
     * int64: coalesced unpacking, then a log-step scan over the block, the frame added before it.
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
