package io.lanes.workbench.codec.fastlanes;

import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.OutputOrder;

import java.util.List;

/**
 * The FastLanes delta codecs: {@code fastlanes.delta.flat} and {@code fastlanes.delta.transposed}
 * (FL_ORDER runs, the same pages decoded into file order or left transposed),
 * {@code fastlanes.delta.strided} (strided lanes, for the size comparison), and their int64 twins with a
 * {@code 64} suffix; and, on the pages of {@code fastlanes.delta.flat}, the grid routes of the thread's
 * order-restoration ladder ({@link FlDeltaRoute}): {@code fastlanes.delta.flat.separate},
 * {@code fastlanes.delta.flat.fused-grid} and {@code fastlanes.delta.grid-roundtrip} (int32 only: the
 * ladder was measured on int32 columns).
 */
public final class FlDeltaCodecs {
    private FlDeltaCodecs() {
    }

    /** The int32 codecs, then the int64 ones. */
    public static List<Codec> all() {
        return List.of(
                new FlDeltaCodec32("fastlanes.delta.flat", false, OutputOrder.FLAT),
                new FlDeltaCodec32("fastlanes.delta.transposed", false, OutputOrder.TRANSPOSED),
                new FlDeltaCodec32("fastlanes.delta.strided", true, OutputOrder.FLAT),
                new FlDeltaCodec32("fastlanes.delta.flat.separate", FlDeltaRoute.SEPARATE),
                new FlDeltaCodec32("fastlanes.delta.flat.fused-grid", FlDeltaRoute.FUSED_GRID),
                new FlDeltaCodec32("fastlanes.delta.grid-roundtrip", FlDeltaRoute.GRID_ROUNDTRIP),
                new FlDeltaCodec64("fastlanes.delta.flat64", false, OutputOrder.FLAT),
                new FlDeltaCodec64("fastlanes.delta.transposed64", false, OutputOrder.TRANSPOSED),
                new FlDeltaCodec64("fastlanes.delta.strided64", true, OutputOrder.FLAT));
    }
}
