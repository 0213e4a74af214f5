package io.lanes.workbench.codec.general;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.IntCodec;

/**
 * A general-purpose baseline: a fixed-size int32 layout ({@code parquet.plain} or
 * {@code parquet.bss}) compressed whole by zstd or lz4 ({@code zstd}, {@code lz4}, {@code bss.zstd}).
 *
 * <pre>
 * page := count:ULEB128  compressed(inner page of count values)
 * </pre>
 * The inner page's size follows from the count, so decode decompresses into a reused per-thread
 * byte[] of exactly that size (the compressors' JNI and Java APIs write byte[], not int[]) and
 * the inner codec decodes it into the caller's buffer: that second pass is part of the baseline's
 * cost. Thread-safe.
 */
public final class Compressed32 implements IntCodec {
    private static final ThreadLocal<byte[][]> SCRATCH = ThreadLocal.withInitial(() -> new byte[1][0]);

    /** Bytes of one value in the inner page, whose size is exactly the count times this. */
    private static final int VALUE_BYTES = 4;

    private final String name;
    /** The compressed frame's field name in errors, made once: a concatenation per decode allocated. */
    private final String frameField;
    private final Compressor compressor;
    private final IntCodec inner;

    Compressed32(String name, Compressor compressor, IntCodec inner) {
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
        return "general-purpose baseline: the " + inner.name() + " page compressed whole by " + compressor.label();
    }

    @Override
    public int maxEncodedBytes(int n) {
        return Bytes.arraySize(5 + compressor.bound(inner.maxEncodedBytes(n)));
    }

    @Override
    public int encode(int[] values, int off, int n, byte[] out, int outOff) {
        Bytes.requireEncodeSpace(out.length, outOff, maxEncodedBytes(n));
        byte[] raw = new byte[inner.maxEncodedBytes(n)];
        int rawLen = inner.encode(values, off, n, raw, 0);
        int p = putCount(n, out, outOff);
        // the compressor may use all the room it is given: give it only the bound, so encode writes nothing past maxEncodedBytes
        return p - outOff + compressor.compress(raw, 0, rawLen, out, p, outOff + maxEncodedBytes(n) - p);
    }

    @Override
    public long maxDecodedLength(int pageBytes) {
        return Compressed32.maxDecodedLength(compressor, pageBytes, VALUE_BYTES);
    }

    @Override
    public int decodedLength(byte[] in, int inOff, int inLen) {
        return Compressed32.checkedCount(compressor, inner, in, inOff, inLen, frameField);
    }

    static int count(byte[] in, int inOff, int inLen) {
        return varint(in, inOff, 0, inLen, "value count");
    }

    /** The ULEB128 int at {@code in[inOff + at]} of a page of {@code inLen} bytes; errors name {@code field} and offsets from {@code inOff}. */
    static int varint(byte[] in, int inOff, int at, int inLen, String field) {
        long v = 0;
        for (int i = 0; i < 5; i++) {
            if (at + i >= inLen) throw new CorruptDataException(field, at + i, "varint runs past the page");
            int b = in[inOff + at + i];
            v |= (long) (b & 0x7F) << (7 * i);
            if (b >= 0) {
                if (v > Integer.MAX_VALUE) throw new CorruptDataException(field, at, v + " is more than an int");
                return (int) v;
            }
        }
        throw new CorruptDataException(field, at, "varint longer than 5 bytes");
    }

    /** Writes {@code v} as ULEB128 at {@code p}; returns the offset after it. */
    static int putCount(long v, byte[] out, int p) {
        while ((v & ~0x7FL) != 0) {
            out[p++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out[p++] = (byte) v;
        return p;
    }

    /** The most values a page of {@code pageBytes} holds: the count's byte, then at most the compressor's expansion. */
    static long maxDecodedLength(Compressor compressor, int pageBytes, int valueBytes) {
        return Math.min(Integer.MAX_VALUE, (long) compressor.maxExpansion() * Math.max(0, pageBytes - 1) / valueBytes);
    }

    /**
     * The page's count, checked against what its frame can hold before anything is sized from it:
     * the inner page of that count must fit an array, the compressor's expansion of the frame and a
     * zstd frame's declared content size.
     */
    static int checkedCount(Compressor compressor, Codec inner, byte[] in, int inOff, int inLen, String frameField) {
        int n = count(in, inOff, inLen);
        int c = countBytes(in, inOff);
        long rawLen;
        try {
            rawLen = inner.maxEncodedBytes(n);
        } catch (IllegalArgumentException e) { // the count's inner page would exceed an array
            throw new CorruptDataException("value count", 0, n + " values: " + e.getMessage());
        }
        compressor.checkSize(in, inOff + c, inLen - c, rawLen, frameField, c);
        return n;
    }

    static int countBytes(byte[] in, int inOff) {
        int p = inOff;
        while (in[p] < 0) p++;
        return p + 1 - inOff;
    }

    static byte[] scratch(int n) {
        byte[][] s = SCRATCH.get();
        if (s[0].length < n) s[0] = new byte[n];
        return s[0];
    }

    @Override
    public int decode(byte[] in, int inOff, int inLen, int[] out, int outOff) {
        int n = decodedLength(in, inOff, inLen);
        Bytes.requireOutput(out.length, outOff, n);
        int rawLen = inner.maxEncodedBytes(n);
        byte[] raw = scratch(rawLen);
        int c = countBytes(in, inOff);
        compressor.decompress(in, inOff + c, inLen - c, raw, 0, rawLen, frameField, c);
        inner.decode(raw, 0, rawLen, out, outOff);
        return n;
    }
}
