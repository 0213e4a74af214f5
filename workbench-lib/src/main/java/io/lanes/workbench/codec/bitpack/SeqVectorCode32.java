package io.lanes.workbench.codec.bitpack;

/** The generated sequential Vector API int32 unpackers of one vector shape. Stateless. */
interface SeqVectorCode32 {
    /**
     * Bytes, counted from a group's first byte, that the vector code of this width may load: more
     * than the group's own {@code 4 * width} bytes, since a load covers a whole vector of words.
     */
    int readBytes(int width);

    /** Unpacks {@code groups} groups of 32 values; the caller guarantees every load is in bounds. */
    void unpack(int width, byte[] in, int p, int[] out, int o, int groups);

    /** The generated code for a vector shape of {@code bits} (128, 256 or 512). */
    static SeqVectorCode32 forBits(int bits) {
        return switch (VectorWidth.check(bits)) {
            case 128 -> new SeqVector32Gen128();
            case 256 -> new SeqVector32Gen256();
            default -> new SeqVector32Gen512();
        };
    }
}
