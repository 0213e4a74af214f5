package io.lanes.workbench.codec.parquet;

/**
 * How a DELTA_BINARY_PACKED decoder walks a block: the variants studies compare (the Arrow DELTA vector-scan thread, see docs/sources.md, and one
 * step further).
 * All decode the same bytes to the same values; they differ only in how many values one unpack
 * call and one prefix-sum loop cover, and how the prefix sum runs.
 */
public enum DeltaVariant {
    /** One unpack call and one scalar prefix-sum loop per 32-value miniblock: the classic decoder. */
    MINIBLOCK("miniblock", "one unpack and one scalar prefix sum per 32-value miniblock"),
    /** One unpack call per run of equal-width miniblocks in a block, then one scalar prefix sum over the block. */
    COALESCED("coalesced", "one unpack per run of equal-width miniblocks, one scalar prefix sum per block"),
    /**
     * Coalesced, then the prefix sum in vector registers over the block (the Arrow DELTA vector-scan thread): the frame added
     * before a log-step scan, the running total carried from register to register in a vector
     * register, advanced by the scan's last lane broadcast with a shuffle (the route the thread
     * kept), the part shorter than a register finished one value at a time.
     */
    VSCAN("vscan", "coalesced unpack, prefix sum with the running total carried by a last-lane shuffle, all in vector registers"),
    /**
     * {@link #VSCAN} with the other carry route the Arrow DELTA vector-scan thread measured and
     * rejected: after each register's scan the running total is read out of the last lane into a
     * general-purpose register and broadcast back for the next register, so a vector-to-scalar
     * round trip sits on the dependency chain between registers. Kept as an arm to price that
     * round trip, not to be used.
     */
    VSCAN_CARRY_GPR("vscan.carry-gpr", "coalesced unpack, prefix sum in vector registers, running total carried through a scalar register (last lane extracted, re-broadcast per register)"),
    /**
     * int32 only: each 32-value chunk is unpacked in vector registers by one width-generic routine
     * (a table row per width gives each lane its word and shift) and summed there by the vscan
     * scan, so values are stored once and never read back, with no call per miniblock; whole blocks
     * queue and decode in one loop ({@link DeltaVectorScan32}). A page's partial last block decodes
     * as vscan. Compared with vscan it shows what fusing the unpack into the scan buys.
     */
    FUSED("fused", "unpack and prefix sum fused in vector registers, 32 values at a time");

    private final String suffix;
    private final String description;

    DeltaVariant(String suffix, String description) {
        this.suffix = suffix;
        this.description = description;
    }

    /** How this decoder walks a block, for {@link io.lanes.workbench.codec.Codec#description()}. */
    public String description() {
        return description;
    }

    /** The registry-name suffix, e.g. {@code miniblock} in {@code parquet.delta.miniblock}. */
    public String suffix() {
        return suffix;
    }
}
