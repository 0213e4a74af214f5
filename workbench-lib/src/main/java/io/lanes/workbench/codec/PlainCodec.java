package io.lanes.workbench.codec;

/**
 * {@code plain}: a 4-byte little-endian value count, then every value as 4 little-endian bytes.
 * The uncompressed reference every ratio is taken against. Stateless and thread-safe.
 */
public final class PlainCodec implements IntCodec {
    @Override
    public String name() {
        return "plain";
    }

    @Override
    public String description() {
        return "uncompressed reference: int32 count, then every value as 4 little-endian bytes";
    }

    @Override
    public int maxEncodedBytes(int n) {
        if (n < 0) throw new IllegalArgumentException("negative value count " + n);
        return Bytes.arraySize(4L + 4L * n);
    }

    @Override
    public int encode(int[] values, int off, int n, byte[] out, int outOff) {
        Bytes.requireEncodeSpace(out.length, outOff, maxEncodedBytes(n));
        Bytes.putInt(out, outOff, n);
        int p = outOff + 4;
        for (int i = 0; i < n; i++, p += 4) {
            Bytes.putInt(out, p, values[off + i]);
        }
        return p - outOff;
    }

    @Override
    public long maxDecodedLength(int pageBytes) {
        return Math.max(0, pageBytes - 4) / 4;
    }

    @Override
    public int decodedLength(byte[] in, int inOff, int inLen) {
        int end = inOff + inLen;
        Bytes.require(inOff, 4, end, "value count");
        int n = Bytes.getInt(in, inOff);
        if (n < 0) throw new CorruptDataException("value count", inOff, "negative count " + n);
        Bytes.require(inOff + 4, 4L * n, end, "values");
        Bytes.requireEnd(inOff + 4 + 4 * n, end, "last value");
        return n;
    }

    @Override
    public int decode(byte[] in, int inOff, int inLen, int[] out, int outOff) {
        int n = decodedLength(in, inOff, inLen);
        Bytes.requireOutput(out.length, outOff, n);
        int p = inOff + 4;
        for (int i = 0; i < n; i++, p += 4) {
            out[outOff + i] = Bytes.getInt(in, p);
        }
        return n;
    }
}
