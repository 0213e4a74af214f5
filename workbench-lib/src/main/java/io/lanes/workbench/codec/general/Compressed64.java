package io.lanes.workbench.codec.general;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.LongCodec;

/**
 * The int64 twin of {@link Compressed32} ({@code zstd64}, {@code lz464}, {@code bss64.zstd}): a
 * fixed-size int64 layout ({@code parquet.plain64} or {@code parquet.bss64}) compressed whole.
 *
 * <pre>
 * page := count:ULEB128  compressed(inner page of count values)
 * </pre>
 * The inner page's size follows from the count, so decode decompresses into a reused per-thread
 * byte[] of exactly that size (the compressors' JNI and Java APIs write byte[], not int[]) and
 * the inner codec decodes it into the caller's buffer: that second pass is part of the baseline's
 * cost. Thread-safe.
 */
public final class Compressed64 implements LongCodec {
    /** Bytes of one value in the inner page, whose size is exactly the count times this. */
    private static final int VALUE_BYTES = 8;

    private final String name;
    /** The compressed frame's field name in errors, made once: a concatenation per decode allocated. */
    private final String frameField;
    private final Compressor compressor;
    private final LongCodec inner;

    Compressed64(String name, Compressor compressor, LongCodec inner) {
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
    public int encode(long[] values, int off, int n, byte[] out, int outOff) {
        Bytes.requireEncodeSpace(out.length, outOff, maxEncodedBytes(n));
        byte[] raw = new byte[inner.maxEncodedBytes(n)];
        int rawLen = inner.encode(values, off, n, raw, 0);
        int p = Compressed32.putCount(n, out, outOff);
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

    @Override
    public int decode(byte[] in, int inOff, int inLen, long[] out, int outOff) {
        int n = decodedLength(in, inOff, inLen);
        Bytes.requireOutput(out.length, outOff, n);
        int rawLen = inner.maxEncodedBytes(n);
        byte[] raw = Compressed32.scratch(rawLen);
        int c = Compressed32.countBytes(in, inOff);
        compressor.decompress(in, inOff + c, inLen - c, raw, 0, rawLen, frameField, c);
        inner.decode(raw, 0, rawLen, out, outOff);
        return n;
    }
}
