package io.lanes.workbench.codec.pfor;

/** How a PFOR encoder packs the vectors it can: the flag byte's bit 7 records the choice per vector. */
public enum PforPacking {
    /** Sequential LSB-first bit-packing for every vector. */
    SEQUENTIAL,
    /**
     * FastLanes FL_ORDER for every vector of exactly 1024 values; other vectors (a page's tail, or
     * every vector when the vector size is not 1024) fall back to sequential.
     */
    FASTLANES
}
