package io.lanes.workbench.codec;

/**
 * An int32 codec. The encoded form is self-describing: it records its own value count.
 *
 * <p>Contract: {@code encode} never modifies its input; {@code decode} writes into the caller's
 * buffer, allocates nothing per call, validates every field it reads and throws
 * {@link CorruptDataException} (naming field and offset) for bad bytes, never an index exception.
 */
public interface IntCodec extends Codec {
    @Override
    default int valueBits() {
        return 32;
    }

    /**
     * Encodes {@code values[off, off+n)} into {@code out} starting at {@code outOff}.
     *
     * @return the number of bytes written, at most {@link #maxEncodedBytes(int) maxEncodedBytes(n)}
     * @throws IllegalArgumentException if {@code out} has less than {@code maxEncodedBytes(n)} bytes
     *                                  after {@code outOff}
     */
    int encode(int[] values, int off, int n, byte[] out, int outOff);

    /**
     * Number of values the page {@code in[inOff, inOff+inLen)} decodes to, validated against the
     * page's length so a caller may size a buffer from it.
     */
    int decodedLength(byte[] in, int inOff, int inLen);

    /**
     * Decodes the page {@code in[inOff, inOff+inLen)} into {@code out} starting at {@code outOff}.
     *
     * @return the number of values written
     * @throws CorruptDataException     if the page fails validation
     * @throws IllegalArgumentException if {@code out} cannot hold the page's values
     */
    int decode(byte[] in, int inOff, int inLen, int[] out, int outOff);
}
