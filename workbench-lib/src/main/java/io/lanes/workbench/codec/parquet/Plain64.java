package io.lanes.workbench.codec.parquet;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.LongCodec;

/**
 * {@code parquet.plain64}: Parquet PLAIN for INT64. Page := {@code count:ULEB128} then the values
 * section exactly as in a data page, every value as 8 little-endian bytes (see {@link Plain32}).
 * Stateless and thread-safe.
 */
public final class Plain64 implements LongCodec {
    @Override
    public String name() {
        return "parquet.plain64";
    }

    @Override
    public int maxEncodedBytes(int n) {
        if (n < 0) throw new IllegalArgumentException("negative value count " + n);
        return Bytes.arraySize(Leb128.size(n) + 8L * n);
    }

    @Override
    public int encode(long[] values, int off, int n, byte[] out, int outOff) {
        Bytes.requireEncodeSpace(out.length, outOff, maxEncodedBytes(n));
        int start = outOff;
        outOff = Leb128.write(n, out, outOff);
        for (int i = 0; i < n; i++) Bytes.putLong(out, outOff + 8 * i, values[off + i]);
        return outOff + 8 * n - start;
    }

    @Override
    public int decodedLength(byte[] in, int inOff, int inLen) {
        int n = Leb128.readInt(in, inOff, inOff + inLen, "value count");
        int p = Leb128.end(in, inOff) - inOff;
        if (inLen - p != 8L * n) throw new CorruptDataException("values", p, n + " values need " + 8L * n + " bytes, the page has " + (inLen - p));
        return n;
    }

    @Override
    public int decode(byte[] in, int inOff, int inLen, long[] out, int outOff) {
        int n = decodedLength(in, inOff, inLen);
        Bytes.requireOutput(out.length, outOff, n);
        inOff = Leb128.end(in, inOff);
        for (int i = 0; i < n; i++) out[outOff + i] = Bytes.getLong(in, inOff + 8 * i);
        return n;
    }
}
