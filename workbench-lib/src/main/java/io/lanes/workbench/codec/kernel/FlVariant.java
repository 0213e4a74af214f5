package io.lanes.workbench.codec.kernel;

import io.lanes.workbench.codec.OutputOrder;

/**
 * The four FastLanes decoders: which value order a block is packed in, and in which order decode
 * hands the values out.
 */
public enum FlVariant {
    /** Interleaved file order (value i in lane i % LANES, row i / LANES): unpacking rows is file order. */
    INTERLEAVED("interleaved", OutputOrder.FLAT, false, "interleaved file order (value i in lane i % LANES), unpacked rows are file order"),
    /** FL_ORDER, values handed out as unpacked (FL_ORDER within each full block, no restore). */
    TRANSPOSED("transposed", OutputOrder.TRANSPOSED, true, "FL_ORDER, values handed out transposed (no file-order restore)"),
    /** FL_ORDER, unpacked to a 4 KiB grid and gathered back to file order by scalar loads: the slow baseline. */
    FLAT_GATHER("flat-gather", OutputOrder.FLAT, true, "FL_ORDER, file order restored by scalar gathers (the slow baseline)"),
    /** FL_ORDER, file order restored in registers by transposing tiles of unpacked vectors. */
    FLAT_FUSED("flat-fused", OutputOrder.FLAT, true, "FL_ORDER, file order restored in registers");

    private final String label;
    private final OutputOrder outputOrder;
    private final boolean flOrder;
    private final String description;

    FlVariant(String label, OutputOrder outputOrder, boolean flOrder, String description) {
        this.label = label;
        this.outputOrder = outputOrder;
        this.flOrder = flOrder;
        this.description = description;
    }

    /** Registry name of the int32 codec; the int64 twin adds {@code 64}. */
    public String codecName() {
        return "fastlanes.unpack." + label;
    }

    /** Order of the decoded values. */
    public OutputOrder outputOrder() {
        return outputOrder;
    }

    /** The packing order and how decode hands values out, for {@link io.lanes.workbench.codec.Codec#description()}. */
    public String description() {
        return description;
    }

    /** Whether blocks are packed in FL_ORDER (else interleaved file order). */
    public boolean flOrder() {
        return flOrder;
    }
}
