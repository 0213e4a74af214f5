package io.lanes.workbench.codec.parquet;

import io.lanes.workbench.parquet.Leb128;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.LongCodec;

/**
 * {@code parquet.bss64}: Parquet BYTE_STREAM_SPLIT for INT64. Page := {@code count:ULEB128} then 8
 * streams of n bytes, stream k holding byte k of every value (see {@link ByteStreamSplit32}).
 * Stateless and thread-safe.
 */
public final class ByteStreamSplit64 implements LongCodec {
    @Override
    public String name() {
        return "parquet.bss64";
    }

    @Override
    public String description() {
        return "Parquet BYTE_STREAM_SPLIT: ULEB128 count, then 8 byte streams, stream k holding byte k of every value";
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
        for (int k = 0; k < 8; k++) {
            int s = outOff + k * n;
            for (int i = 0; i < n; i++) out[s + i] = (byte) (values[off + i] >>> (8 * k));
        }
        return outOff + 8 * n - start;
    }

    @Override
    public long maxDecodedLength(int pageBytes) {
        return Math.max(0, pageBytes - 1) / 8;
    }

    @Override
    public int decodedLength(byte[] in, int inOff, int inLen) {
        int n = Leb128.readInt(in, inOff, inOff + inLen, "value count");
        int p = Leb128.end(in, inOff) - inOff;
        if (inLen - p != 8L * n) throw new CorruptDataException("byte streams", p, n + " values need " + 8L * n + " bytes, the page has " + (inLen - p));
        return n;
    }

    @Override
    public int decode(byte[] in, int inOff, int inLen, long[] out, int outOff) {
        int n = decodedLength(in, inOff, inLen);
        Bytes.requireOutput(out.length, outOff, n);
        inOff = Leb128.end(in, inOff);
        for (int i = 0; i < n; i++) {
            long v = 0;
            for (int k = 0; k < 8; k++) v |= (in[inOff + k * n + i] & 0xFFL) << (8 * k);
            out[outOff + i] = v;
        }
        return n;
    }
}
