package io.lanes.workbench.codec.parquet;

import io.lanes.workbench.parquet.Leb128;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.IntCodec;

/**
 * {@code parquet.bss}: Parquet BYTE_STREAM_SPLIT for INT32. Page := {@code count:ULEB128} then the
 * values section as in a data page: 4 streams of n bytes, stream k holding byte k (little-endian)
 * of every value, so {@code section[k*n + i]} is byte k of value i. The count prefix stands in for
 * the page header's. Stateless and thread-safe.
 */
public final class ByteStreamSplit32 implements IntCodec {
    @Override
    public String name() {
        return "parquet.bss";
    }

    @Override
    public String description() {
        return "Parquet BYTE_STREAM_SPLIT: ULEB128 count, then 4 byte streams, stream k holding byte k of every value";
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
        for (int i = 0; i < n; i++) {
            int v = values[off + i];
            out[outOff + i] = (byte) v;
            out[outOff + n + i] = (byte) (v >>> 8);
            out[outOff + 2 * n + i] = (byte) (v >>> 16);
            out[outOff + 3 * n + i] = (byte) (v >>> 24);
        }
        return outOff + 4 * n - start;
    }

    @Override
    public long maxDecodedLength(int pageBytes) {
        return Math.max(0, pageBytes - 1) / 4;
    }

    @Override
    public int decodedLength(byte[] in, int inOff, int inLen) {
        int n = Leb128.readInt(in, inOff, inOff + inLen, "value count");
        int p = Leb128.end(in, inOff) - inOff;
        if (inLen - p != 4L * n) throw new CorruptDataException("byte streams", p, n + " values need " + 4L * n + " bytes, the page has " + (inLen - p));
        return n;
    }

    @Override
    public int decode(byte[] in, int inOff, int inLen, int[] out, int outOff) {
        int n = decodedLength(in, inOff, inLen);
        Bytes.requireOutput(out.length, outOff, n);
        inOff = Leb128.end(in, inOff);
        int s0 = inOff, s1 = inOff + n, s2 = inOff + 2 * n, s3 = inOff + 3 * n;
        for (int i = 0; i < n; i++) {
            out[outOff + i] = (in[s0 + i] & 0xFF) | (in[s1 + i] & 0xFF) << 8 | (in[s2 + i] & 0xFF) << 16 | in[s3 + i] << 24;
        }
        return n;
    }
}
