package io.lanes.workbench.codec.nativeref;

import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.bitpack.BlockPageCodec32;
import io.lanes.workbench.codec.bitpack.BlockPageCodec64;
import io.lanes.workbench.codec.frame.ForCodec32;
import io.lanes.workbench.codec.frame.ForLayout;
import io.lanes.workbench.codec.kernel.FlVariant;

import java.util.List;

/**
 * The native reference arms: {@code native.fastlanes.unpack.transposed}, its int64 twin
 * {@code native.fastlanes.unpack.transposed64}, {@code native.fastlanes.unpack.flat-fused} (int32), and the
 * frame-of-reference twins {@code native.for.fastlanes} and {@code native.for.fastlanes.flat-fused} (int32).
 * Same pages and output order as the Java codecs of those names without {@code native.}; full
 * FastLanes blocks decode in C ({@link NativeKernels}), a FOR block's frame added in the same pass.
 */
public final class NativeCodecs {
    /** One kernel for both: which C entry point a block takes follows the page's layout byte, as in the Java codec. */
    private static final NativeForKernel32 FOR_BLOCKS = new NativeForKernel32();

    private NativeCodecs() {
    }

    /** The int32 unpack codecs, the int64 one, then the int32 FOR ones. */
    public static List<Codec> all() {
        return List.of(codec32(FlVariant.TRANSPOSED), codec32(FlVariant.FLAT_FUSED),
                new BlockPageCodec64("native." + FlVariant.TRANSPOSED.codecName() + "64", new NativeFlKernel64(FlVariant.TRANSPOSED),
                        FlVariant.TRANSPOSED.outputOrder(), description(FlVariant.TRANSPOSED)),
                forCodec(ForLayout.INTERLEAVED), forCodec(ForLayout.FL_ORDER));
    }

    private static Codec forCodec(ForLayout l) {
        return new ForCodec32("native." + l.codecName(32), l, FOR_BLOCKS,
                "native reference: the FOR pages of the Java codec, full FastLanes blocks unpacked in C with the frame added in the same pass (built on first decode): ");
    }

    private static Codec codec32(FlVariant v) {
        return new BlockPageCodec32("native." + v.codecName(), new NativeFlKernel32(v), v.outputOrder(), description(v));
    }

    private static String description(FlVariant v) {
        return "native reference: the FastLanes pages of the Java codec, full blocks unpacked in C (built on first decode): " + v.description();
    }
}
