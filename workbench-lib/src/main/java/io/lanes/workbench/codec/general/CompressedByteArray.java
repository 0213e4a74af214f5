package io.lanes.workbench.codec.general;

import io.lanes.workbench.codec.ByteArrayCodec;
import io.lanes.workbench.codec.ByteArrays;
import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.CorruptDataException;

/**
 * A general-purpose baseline for byte strings: a {@code count:ULEB128}-prefixed byte-array page
 * ({@code parquet.plain-byte-array}) whose section after the count is compressed whole by zstd or
 * lz4 ({@code zstd.plain-byte-array}, {@code lz4.plain-byte-array}), as a Parquet data page
 * compresses its values section.
 *
 * <pre>
 * page := count:ULEB128  sectionBytes:ULEB128  compressed(the inner page's section after its count: sectionBytes bytes)
 * </pre>
 * Unlike {@link Compressed32}'s fixed-size values, the section's size does not follow from the
 * count, so the page records it; it is checked against what the count needs and what the frame can
 * hold before anything is sized from it. The count is said once: decoding writes it into the
 * decoder's reused byte[], decompresses the section after it, and the inner codec's reused decoder
 * validates that inner page and appends its values to the caller's output. That second pass is part
 * of the baseline's cost. Thread-safe; its decoders are not.
 */
public final class CompressedByteArray implements ByteArrayCodec {
    private final String name;
    /** The compressed frame's field name in errors, made once: a concatenation per decode allocated. */
    private final String frameField;
    private final Compressor compressor;
    private final ByteArrayCodec inner;

    /**
     * @param inner a byte-array codec whose pages are {@code count:ULEB128} then a section (the
     *              section is what is compressed)
     */
    CompressedByteArray(String name, Compressor compressor, ByteArrayCodec inner) {
        this.name = name;
        this.frameField = name + " frame";
        this.compressor = compressor;
        this.inner = inner;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String family() {
        return "general";
    }

    @Override
    public String description() {
        return "general-purpose baseline: the " + inner.name() + " page after its count compressed whole by " + compressor.label();
    }

    @Override
    public int maxEncodedBytes(int n, long dataBytes) {
        return Bytes.arraySize(10 + compressor.bound(inner.maxEncodedBytes(n, dataBytes)));
    }

    @Override
    public int encode(ByteArrays values, int from, int n, byte[] out, int outOff) {
        int[] offs = values.offsets();
        int max = maxEncodedBytes(n, (long) offs[from + n] - offs[from]);
        Bytes.requireEncodeSpace(out.length, outOff, max);
        byte[] raw = new byte[inner.maxEncodedBytes(n, (long) offs[from + n] - offs[from])];
        int rawLen = inner.encode(values, from, n, raw, 0);
        int c = CompressedPage.countBytes(raw, 0);
        int p = CompressedPage.putCount(n, out, outOff);
        p = CompressedPage.putCount(rawLen - c, out, p);
        // the compressor may use all the room it is given: give it only the bound, so encode writes nothing past maxEncodedBytes
        return p - outOff + compressor.compress(raw, c, rawLen - c, out, p, outOff + max - p);
    }

    /** The inner page's bound for the most bytes the frame can decompress to, its count's bytes included. */
    @Override
    public long maxDecodedLength(int pageBytes) {
        long raw = 5 + (long) compressor.maxExpansion() * Math.max(0, pageBytes - 2);
        return inner.maxDecodedLength((int) Math.min(Integer.MAX_VALUE, raw));
    }

    /**
     * The count, checked against the section it needs (an inner page of the count and the section's
     * bytes must be able to hold it) and the section's size against the frame (the compressor's
     * expansion, a zstd frame's declared content size).
     */
    @Override
    public int decodedLength(byte[] in, int inOff, int inLen) {
        int n = CompressedPage.count(in, inOff, inLen);
        int c = CompressedPage.countBytes(in, inOff);
        int section = CompressedPage.varint(in, inOff, c, inLen, "section bytes");
        int h = c + CompressedPage.countBytes(in, inOff + c);
        if ((long) c + section > Integer.MAX_VALUE - 16) throw new CorruptDataException("section bytes", c, section + " bytes and the count's " + c + " exceed an array");
        if (inner.maxDecodedLength(c + section) < n) {
            throw new CorruptDataException("value count", 0, n + " values cannot fit a section of " + section + " bytes");
        }
        compressor.checkSize(in, inOff + h, inLen - h, section, frameField, h);
        return n;
    }

    @Override
    public Decoder newDecoder() {
        return new FrameDecoder();
    }

    /** Holds the reused inner page and the inner codec's decoder. */
    private final class FrameDecoder implements Decoder {
        private final Decoder innerDecoder = inner.newDecoder();
        private byte[] raw = new byte[0];

        @Override
        public int decode(byte[] in, int inOff, int inLen, ByteArrays out) {
            int n = decodedLength(in, inOff, inLen);
            int c = CompressedPage.countBytes(in, inOff);
            int section = CompressedPage.varint(in, inOff, c, inLen, "section bytes");
            int h = c + CompressedPage.countBytes(in, inOff + c);
            // decodedLength bounded the section by the frame's bytes, so the frame's bytes bound this array
            if (raw.length < c + section) raw = new byte[c + section];
            System.arraycopy(in, inOff, raw, 0, c); // the count, said once in the page
            compressor.decompress(in, inOff + h, inLen - h, raw, c, section, frameField, h);
            try {
                return innerDecoder.decode(raw, 0, c + section, out);
            } catch (CorruptDataException e) { // the offset is the inner page's: say so
                throw new CorruptDataException(frameField, h, "its " + inner.name() + " page: " + e.getMessage());
            }
        }
    }
}
