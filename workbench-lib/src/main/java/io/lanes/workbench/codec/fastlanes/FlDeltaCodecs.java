package io.lanes.workbench.codec.fastlanes;

import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.OutputOrder;

import java.util.List;

/**
 * The FastLanes delta codecs: {@code fastlanes.delta.flat} and {@code fastlanes.delta.transposed}
 * (FL_ORDER runs, the same pages decoded into file order or left transposed),
 * {@code fastlanes.delta.strided} (strided lanes, for the size comparison), and their int64 twins with a
 * {@code 64} suffix.
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
                new FlDeltaCodec64("fastlanes.delta.flat64", false, OutputOrder.FLAT),
                new FlDeltaCodec64("fastlanes.delta.transposed64", false, OutputOrder.TRANSPOSED),
                new FlDeltaCodec64("fastlanes.delta.strided64", true, OutputOrder.FLAT));
    }
}
