package io.lanes.workbench.codec.frame;

import io.lanes.workbench.codec.bitpack.VectorWidth;

/**
 * The generated sequential long unpackers with a frame of reference added, of one vector shape. The
 * bytes are those of {@link io.lanes.workbench.codec.bitpack.SeqScalarKernel64}: a group of 64 values
 * at width W is exactly W little-endian 64-bit words. Kernels trust their arguments. Stateless.
 */
interface SeqFrameCode64 {
    /**
     * Bytes, counted from a group's first byte, that the vector code of this width may load: more
     * than the group's own {@code 8 * width} bytes, since a load covers a whole vector of words.
     */
    int readBytes(int width);

    /**
     * Unpacks {@code groups} groups of 64 values from {@code in[p...]}, adds {@code frame} to each
     * (wrapping) and writes them to {@code out[o...]}; the caller guarantees every load is in bounds.
     */
    void unpack(int width, byte[] in, int p, long[] out, int o, int groups, long frame);

    /** The generated code for a vector shape of {@code bits} (128, 256 or 512). */
    static SeqFrameCode64 forBits(int bits) {
        return switch (VectorWidth.check(bits)) {
            case 128 -> new SeqFrame64Gen128();
            case 256 -> new SeqFrame64Gen256();
            default -> new SeqFrame64Gen512();
        };
    }
}
