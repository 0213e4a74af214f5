package io.lanes.workbench.codec;

/**
 * An int64 codec; the same contract as {@link IntCodec} with {@code long} values.
 */
public interface LongCodec extends Codec {
    @Override
    default int valueBits() {
        return 64;
    }

    /** Encodes {@code values[off, off+n)}; returns bytes written. See {@link IntCodec#encode}. */
    int encode(long[] values, int off, int n, byte[] out, int outOff);

    /** Validated value count of a page. See {@link IntCodec#decodedLength}. */
    int decodedLength(byte[] in, int inOff, int inLen);

    /** Decodes a page into {@code out}; returns values written. See {@link IntCodec#decode}. */
    int decode(byte[] in, int inOff, int inLen, long[] out, int outOff);
}
