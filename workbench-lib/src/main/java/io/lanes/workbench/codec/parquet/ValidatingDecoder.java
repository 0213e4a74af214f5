package io.lanes.workbench.codec.parquet;

import io.lanes.workbench.codec.ByteArrayCodec;

/**
 * A byte-array decoder that can also check a page without decoding it: for the peer adapters, which
 * hand a page to a library that trusts every length in it. Not thread-safe, like any decoder.
 */
public interface ValidatingDecoder extends ByteArrayCodec.Decoder {
    /**
     * Checks the page {@code in[inOff, inOff+inLen)} exactly as {@link #decode} does, every length
     * stream decoded and every length checked against the page, and writes no value; returns the
     * page's value count.
     *
     * @throws io.lanes.workbench.codec.CorruptDataException if the page fails validation, naming the
     *                                                       field decode would name
     */
    int validate(byte[] in, int inOff, int inLen);
}
