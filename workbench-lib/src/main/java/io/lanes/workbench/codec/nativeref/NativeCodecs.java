package io.lanes.workbench.codec.nativeref;

import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.OutputOrder;
import io.lanes.workbench.codec.bitpack.BlockPageCodec32;
import io.lanes.workbench.codec.bitpack.BlockPageCodec64;

import java.util.List;

/**
 * The native reference arms: {@code native.fastlanes.unpack.transposed} and its int64 twin
 * {@code native.fastlanes.unpack.transposed64}. Same pages and output order as the Java
 * {@code fastlanes.unpack.transposed(64)}; full blocks decode in C ({@link NativeKernels}).
 */
public final class NativeCodecs {
    private NativeCodecs() {
    }

    /** The int32 codec, then the int64 one. */
    public static List<Codec> all() {
        return List.of(new BlockPageCodec32("native.fastlanes.unpack.transposed", new NativeFlKernel32(), OutputOrder.TRANSPOSED),
                new BlockPageCodec64("native.fastlanes.unpack.transposed64", new NativeFlKernel64(), OutputOrder.TRANSPOSED));
    }
}
