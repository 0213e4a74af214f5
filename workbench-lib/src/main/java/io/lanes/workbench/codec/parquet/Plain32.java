package io.lanes.workbench.codec.parquet;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.IntCodec;

/**
 * {@code parquet.plain}: Parquet PLAIN for INT32. Page := {@code count:ULEB128} then the values
 * section exactly as in a data page, every value as 4 little-endian bytes. Parquet takes the count
 * from the page header; the prefix makes the page self-describing and a truncation detectable.
 * Stateless and thread-safe.
 */
public final class Plain32 implements IntCodec {
    @Override
    public String name() {
        return "parquet.plain";
    }

    @Override
    public int maxEncodedBytes(int n) {
        if (n < 0) throw new IllegalArgumentException("negative value count " + n);
        return Bytes.arraySize(Leb128.size(n) + 4L * n);
    }

    @Override
    public int encode(int[] values, int off, int n, byte[] out, int outOff) {
        Bytes.requireEncodeSpace(out.length, outOff, maxEncodedBytes(n));
        int start = outOff;
        outOff = Leb128.write(n, out, outOff);
        for (int i = 0; i < n; i++) Bytes.putInt(out, outOff + 4 * i, values[off + i]);
        return outOff + 4 * n - start;
    }

    @Override
    public int decodedLength(byte[] in, int inOff, int inLen) {
        int n = Leb128.readInt(in, inOff, inOff + inLen, "value count");
        int p = Leb128.end(in, inOff) - inOff;
        if (inLen - p != 4L * n) throw new CorruptDataException("values", p, n + " values need " + 4L * n + " bytes, the page has " + (inLen - p));
        return n;
    }

    @Override
    public int decode(byte[] in, int inOff, int inLen, int[] out, int outOff) {
        int n = decodedLength(in, inOff, inLen);
        Bytes.requireOutput(out.length, outOff, n);
        inOff = Leb128.end(in, inOff);
        for (int i = 0; i < n; i++) out[outOff + i] = Bytes.getInt(in, inOff + 4 * i);
        return n;
    }
}
