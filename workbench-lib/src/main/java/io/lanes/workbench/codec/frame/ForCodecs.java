package io.lanes.workbench.codec.frame;

import io.lanes.workbench.codec.Codec;

import java.util.ArrayList;
import java.util.List;

/**
 * The frame-of-reference codecs, one per {@link ForLayout} and value type: {@code for.seq},
 * {@code for.fastlanes} (interleaved file order), {@code for.fastlanes.flat-fused} (FL_ORDER, file order
 * restored in registers), and their int64 twins with a {@code 64} suffix.
 */
public final class ForCodecs {
    private ForCodecs() {
    }

    /** The int32 codecs, then the int64 ones, in {@link ForLayout} order. */
    public static List<Codec> all() {
        List<Codec> out = new ArrayList<>();
        for (ForLayout l : ForLayout.values()) out.add(new ForCodec32(l));
        for (ForLayout l : ForLayout.values()) out.add(new ForCodec64(l));
        return out;
    }
}
