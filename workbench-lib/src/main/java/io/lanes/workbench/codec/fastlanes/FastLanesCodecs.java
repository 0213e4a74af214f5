package io.lanes.workbench.codec.fastlanes;

import io.lanes.workbench.codec.kernel.FlKernel32;
import io.lanes.workbench.codec.kernel.FlKernel64;

import io.lanes.workbench.codec.kernel.FlVariant;

import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.bitpack.BlockPageCodec32;
import io.lanes.workbench.codec.bitpack.BlockPageCodec64;

import java.util.ArrayList;
import java.util.List;

/**
 * The FastLanes bit-packing codecs, one per {@link FlVariant} and value type, framed by
 * {@link BlockPageCodec32} / {@link BlockPageCodec64}: {@code fastlanes.unpack.interleaved},
 * {@code .transposed}, {@code .flat-gather}, {@code .flat-fused}, and the int64 twins with a
 * {@code 64} suffix. The three FL_ORDER codecs write identical pages and differ only in decoding.
 */
public final class FastLanesCodecs {
    private FastLanesCodecs() {
    }

    /** The int32 codecs, then the int64 ones, in {@link FlVariant} order. */
    public static List<Codec> all() {
        List<Codec> out = new ArrayList<>();
        for (FlVariant v : FlVariant.values()) out.add(new BlockPageCodec32(v.codecName(), new FlKernel32(v), v.outputOrder(), description(v)));
        for (FlVariant v : FlVariant.values()) out.add(new BlockPageCodec64(v.codecName() + "64", new FlKernel64(v), v.outputOrder(), description(v)));
        return out;
    }

    private static String description(FlVariant v) {
        return "FastLanes bit-packing, 1024-value blocks of 128*W bytes at width W: " + v.description();
    }
}
