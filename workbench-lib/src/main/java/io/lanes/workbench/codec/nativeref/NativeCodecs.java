package io.lanes.workbench.codec.nativeref;

import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.bitpack.BlockPageCodec32;
import io.lanes.workbench.codec.bitpack.BlockPageCodec64;
import io.lanes.workbench.codec.kernel.FlVariant;

import java.util.List;

/**
 * The native reference arms: {@code native.fastlanes.unpack.transposed}, its int64 twin
 * {@code native.fastlanes.unpack.transposed64}, and {@code native.fastlanes.unpack.flat-fused} (int32).
 * Same pages and output order as the Java codecs of those names without {@code native.}; full
 * blocks decode in C ({@link NativeKernels}).
 */
public final class NativeCodecs {
    private NativeCodecs() {
    }

    /** The int32 codecs, then the int64 one. */
    public static List<Codec> all() {
        return List.of(codec32(FlVariant.TRANSPOSED), codec32(FlVariant.FLAT_FUSED),
                new BlockPageCodec64("native." + FlVariant.TRANSPOSED.codecName() + "64", new NativeFlKernel64(FlVariant.TRANSPOSED),
                        FlVariant.TRANSPOSED.outputOrder(), description(FlVariant.TRANSPOSED)));
    }

    private static Codec codec32(FlVariant v) {
        return new BlockPageCodec32("native." + v.codecName(), new NativeFlKernel32(v), v.outputOrder(), description(v));
    }

    private static String description(FlVariant v) {
        return "native reference: the FastLanes pages of the Java codec, full blocks unpacked in C (built on first decode): " + v.description();
    }
}
