package io.lanes.workbench.codec.fastlanes;

import io.lanes.workbench.codec.OutputOrder;

/**
 * How a FastLanes delta codec decodes a full FL_ORDER block: the order-restoration ladder of the Arrow
 * PFOR/FastLanes thread (docs/sources.md), on the same pages (only the decode route differs). The grid
 * routes unpack a block's deltas into a 1024-value grid in row order (row r of lane l at
 * {@code LANES * r + l}), patch its exceptions there and read it back; the registers route never
 * materialises a grid. Immutable.
 */
public enum FlDeltaRoute {
    /**
     * Unpack, prefix sum and (for flat output) order restoration in registers in one pass per block, no
     * grid: the thread's kFusedUnpack ({@code fastlanes.delta.flat}); also the route of strided lanes and
     * of row-order output ({@code fastlanes.delta.transposed}).
     */
    REGISTERS(null),
    /** Unpack into the grid, prefix sum in the grid, then a separate transpose pass out: kSeparate. */
    SEPARATE(OutputOrder.FLAT),
    /** Unpack into the grid, then one pass that prefix-sums and transposes out of it: kFused. */
    FUSED_GRID(OutputOrder.FLAT),
    /**
     * Unpack into the grid, then one pass that prefix-sums out of it in row (FL) order, order not
     * restored: the thread's order-agnostic arm that still writes and re-reads a grid.
     */
    GRID_ROUNDTRIP(OutputOrder.TRANSPOSED);

    private final OutputOrder order;

    FlDeltaRoute(OutputOrder order) {
        this.order = order;
    }

    /** The output order this route produces, or null when it follows the codec's (registers). */
    OutputOrder order() {
        return order;
    }
}
