package io.lanes.workbench.codec.fastlanes;

import io.lanes.workbench.codec.bitpack.VectorWidth;

/**
 * The generated FastLanes int32 kernels of one vector shape, for full 1024-value blocks at a
 * width 0..32 (exactly {@code 128 * width} bytes). Kernels trust their arguments. Stateless.
 */
interface FlCode32 {
    /** Unpacks {@code blocks} consecutive blocks; row r of lane l of a block goes to {@code out[o + 32 * r + l]}. */
    void unpack(int width, byte[] in, int p, int[] out, int o, int blocks);

    /** Unpacks {@code blocks} consecutive blocks of FL_ORDER data into file order (transposing in registers). */
    void unpackFlat(int width, byte[] in, int p, int[] out, int o, int blocks);

    /** Packs a block whose row r of lane l is {@code in[i + r * rowStride + laneMap[l]]}. */
    void pack(int width, int[] in, int i, int rowStride, int[] laneMap, byte[] out, int p);

    /** The generated code for a vector shape of {@code bits} (128, 256 or 512). */
    static FlCode32 forBits(int bits) {
        return switch (VectorWidth.check(bits)) {
            case 128 -> new Fl32Gen128();
            case 256 -> new Fl32Gen256();
            default -> new Fl32Gen512();
        };
    }
}
