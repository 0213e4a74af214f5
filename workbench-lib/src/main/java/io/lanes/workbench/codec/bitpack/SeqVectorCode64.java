package io.lanes.workbench.codec.bitpack;

/** The generated sequential Vector API int64 unpackers of one vector shape. Stateless. */
interface SeqVectorCode64 {
    /** Bytes, counted from a group's first byte, that the vector code of this width may load. */
    int readBytes(int width);

    /** Unpacks {@code groups} groups of 64 values; the caller guarantees every load is in bounds. */
    void unpack(int width, byte[] in, int p, long[] out, int o, int groups);

    /** The generated code for a vector shape of {@code bits} (128, 256 or 512). */
    static SeqVectorCode64 forBits(int bits) {
        return switch (VectorWidth.check(bits)) {
            case 128 -> new SeqVector64Gen128();
            case 256 -> new SeqVector64Gen256();
            default -> new SeqVector64Gen512();
        };
    }
}
