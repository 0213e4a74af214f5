package io.lanes.workbench.codec;

/**
 * A codec of variable-length byte strings (Parquet BYTE_ARRAY pages), on the same contract as
 * {@link IntCodec}: pages are self-describing byte[]; encode never modifies its input; decoding
 * writes into caller-owned storage ({@link ByteArrays}: one arena plus offsets, never an object per
 * value), validates every field it reads and throws {@link CorruptDataException} naming field and
 * offset for bad bytes. Decoding goes through a {@link Decoder}, a reusable per-thread object that
 * owns the child decoders and batch buffers, built once per column chunk and re-pointed at each
 * page; the codec itself is stateless and thread-safe.
 */
public interface ByteArrayCodec extends Codec {
    /** Values are bytes: the unit of the arena. */
    @Override
    default int valueBits() {
        return 8;
    }

    /**
     * Not defined for byte strings: the bound needs their total length.
     *
     * @throws UnsupportedOperationException always; use {@link #maxEncodedBytes(int, long)}
     */
    @Override
    default int maxEncodedBytes(int n) {
        throw new UnsupportedOperationException(name() + ": a byte-array page's size depends on its bytes; use maxEncodedBytes(n, dataBytes)");
    }

    /** Exact worst-case page size for {@code n} values holding {@code dataBytes} bytes together. */
    int maxEncodedBytes(int n, long dataBytes);

    /**
     * Encodes values {@code [from, from+n)} of {@code values} into {@code out} at {@code outOff};
     * returns bytes written.
     *
     * @throws IllegalArgumentException if {@code out} has less room than the worst case
     */
    int encode(ByteArrays values, int from, int n, byte[] out, int outOff);

    /** Number of values the page holds, validated against the page's length where the format allows. */
    int decodedLength(byte[] in, int inOff, int inLen);

    /** A new decoder: reuse it for every page of a column chunk, one per thread. */
    Decoder newDecoder();

    /** Decodes pages of one codec. Not thread-safe; reusable across pages. */
    interface Decoder {
        /**
         * Appends the values of the page {@code in[inOff, inOff+inLen)} to {@code out}; returns how many.
         *
         * @throws CorruptDataException     if the page fails validation
         * @throws ByteArrays.LimitExceeded if {@code out}'s limits cannot take the page's values
         */
        int decode(byte[] in, int inOff, int inLen, ByteArrays out);
    }

    /**
     * A decoder that can also read only some rows of a page (a sparse read); see
     * {@link SelectiveIntCodec#decodeRows}. Not thread-safe; reusable across pages.
     */
    interface SelectiveDecoder extends Decoder {
        /**
         * Appends the rows {@code rows[0, nRows)} of the page to {@code out}, in row order, reading the
         * page no further than the last of them needs; returns {@code nRows}.
         *
         * @param rows row numbers, strictly ascending, each below the page's value count
         * @throws CorruptDataException     if the part of the page read fails validation
         * @throws IllegalArgumentException if {@code rows} is not strictly ascending within the page
         * @throws ByteArrays.LimitExceeded if {@code out}'s limits cannot take the rows
         */
        int decodeRows(byte[] in, int inOff, int inLen, int[] rows, int nRows, ByteArrays out);
    }
}
