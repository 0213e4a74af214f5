package io.lanes.workbench.codec.frame;

/**
 * How the full 1024-value blocks of a FOR page are bit-packed; the page records it in its layout
 * byte, so any FOR decoder reads any FOR page. A trailing partial block is always sequential.
 */
public enum ForLayout {
    /** Sequential LSB-first: value i at bits [i*w, (i+1)*w). */
    SEQUENTIAL(0, "for.seq", "sequential LSB-first packing"),
    /** FastLanes interleaved file order (value i in lane i % LANES): unpacking rows is file order. */
    INTERLEAVED(1, "for.fastlanes", "FastLanes interleaved file order"),
    /** FastLanes FL_ORDER (each lane a contiguous run), file order restored in registers on decode. */
    FL_ORDER(2, "for.fastlanes.flat-fused", "FastLanes FL_ORDER, file order restored in registers");

    private final int code;
    private final String codecName;
    private final String description;

    ForLayout(int code, String codecName, String description) {
        this.code = code;
        this.codecName = codecName;
        this.description = description;
    }

    /** The value of the page's layout byte. */
    public int code() {
        return code;
    }

    /** Registry name of the codec of {@code bits}-bit values (32 or 64) that writes this layout: the int64 name adds {@code 64}. */
    public String codecName(int bits) {
        return bits == 64 ? codecName + "64" : codecName;
    }

    /** How the blocks are packed, for {@link io.lanes.workbench.codec.Codec#description()}. */
    public String description() {
        return description;
    }

    /** The layout of a layout byte, or {@code null} if no layout has that code. */
    static ForLayout of(int code) {
        for (ForLayout l : values()) if (l.code == code) return l;
        return null;
    }
}
