package io.lanes.workbench.codec.pfor;

import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.OutputOrder;

import java.util.ArrayList;
import java.util.List;

/**
 * The PFOR codecs, vectors of 1024 values: {@code pfor.seq} (sequential packing),
 * {@code pfor.fastlanes} (FastLanes FL_ORDER packing, file order restored in registers),
 * {@code pfor.fastlanes.transposed} (the same pages decoded without restoring file order) and
 * {@code pfor.seq.delta} (sequential, delta allowed per vector; the others decline delta), and their
 * int64 twins with a {@code 64} suffix.
 */
public final class PforCodecs {
    private PforCodecs() {
    }

    /** The int32 codecs, then the int64 ones. */
    public static List<Codec> all() {
        int log = PforFormat.DEFAULT_LOG_VECTOR;
        List<Codec> out = new ArrayList<>();
        out.add(new PforCodec32("pfor.seq", PforPacking.SEQUENTIAL, false, OutputOrder.FLAT, log));
        out.add(new PforCodec32("pfor.fastlanes", PforPacking.FASTLANES, false, OutputOrder.FLAT, log));
        out.add(new PforCodec32("pfor.fastlanes.transposed", PforPacking.FASTLANES, false, OutputOrder.TRANSPOSED, log));
        out.add(new PforCodec32("pfor.seq.delta", PforPacking.SEQUENTIAL, true, OutputOrder.FLAT, log));
        out.add(new PforCodec64("pfor.seq64", PforPacking.SEQUENTIAL, false, OutputOrder.FLAT, log));
        out.add(new PforCodec64("pfor.fastlanes64", PforPacking.FASTLANES, false, OutputOrder.FLAT, log));
        out.add(new PforCodec64("pfor.fastlanes.transposed64", PforPacking.FASTLANES, false, OutputOrder.TRANSPOSED, log));
        out.add(new PforCodec64("pfor.seq.delta64", PforPacking.SEQUENTIAL, true, OutputOrder.FLAT, log));
        return out;
    }
}
