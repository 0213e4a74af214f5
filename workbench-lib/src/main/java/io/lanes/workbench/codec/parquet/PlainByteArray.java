package io.lanes.workbench.codec.parquet;

import io.lanes.workbench.parquet.Leb128;

import io.lanes.workbench.codec.ByteArrayCodec;
import io.lanes.workbench.codec.ByteArrays;
import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.CorruptDataException;

/**
 * {@code parquet.plain-byte-array}: Parquet PLAIN for BYTE_ARRAY.
 *
 * <pre>
 * page  := count:ULEB128  value[count]
 * value := length:int32 (little-endian, not negative)  bytes[length]
 * </pre>
 * After the count the page is byte for byte a Parquet data page's values section; Parquet takes
 * the count from the page header, the prefix (as {@code parquet.plain}'s) makes the page
 * self-describing and a truncation detectable. Decoding walks the lengths once, checking each
 * against what is left of the page and writing the offsets, then copies each value's bytes into the
 * arena. Stateless and thread-safe; so are its decoders, which hold nothing.
 */
public final class PlainByteArray implements ByteArrayCodec {
    private static final Decoder DECODER = PlainByteArray::decodePage;

    @Override
    public String name() {
        return "parquet.plain-byte-array";
    }

    @Override
    public String description() {
        return "Parquet PLAIN BYTE_ARRAY: ULEB128 count, then every value as a 4-byte little-endian length and its bytes";
    }

    @Override
    public int maxEncodedBytes(int n, long dataBytes) {
        if (n < 0 || dataBytes < 0) throw new IllegalArgumentException("negative value count " + n + " or byte count " + dataBytes);
        return Bytes.arraySize(Leb128.size(n) + 4L * n + dataBytes);
    }

    @Override
    public int encode(ByteArrays values, int from, int n, byte[] out, int outOff) {
        int[] offs = values.offsets();
        byte[] data = values.data();
        Bytes.requireEncodeSpace(out.length, outOff, maxEncodedBytes(n, (long) offs[from + n] - offs[from]));
        int p = Leb128.write(n, out, outOff);
        for (int i = from; i < from + n; i++) {
            int len = offs[i + 1] - offs[i];
            Bytes.putInt(out, p, len);
            System.arraycopy(data, offs[i], out, p + 4, len);
            p += 4 + len;
        }
        return p - outOff;
    }

    /** Every value costs at least its 4-byte length after the count's byte. */
    @Override
    public long maxDecodedLength(int pageBytes) {
        return Math.max(0, pageBytes - 1) / 4;
    }

    /** The count, validated against every length: the values must end exactly at the page's end. */
    @Override
    public int decodedLength(byte[] in, int inOff, int inLen) {
        int end = inOff + inLen;
        int n = count(in, inOff, end);
        int p = Leb128.end(in, inOff);
        for (int i = 0; i < n; i++) p = next(in, inOff, p, end, i);
        Bytes.requireEnd(p, end, "last value");
        return n;
    }

    @Override
    public Decoder newDecoder() {
        return DECODER;
    }

    /** The page's count, bounded by its bytes: every value has its 4-byte length. */
    private static int count(byte[] in, int inOff, int end) {
        int n = Leb128.readInt(in, inOff, end, "value count");
        int p = Leb128.end(in, inOff);
        if (4L * n > end - p) throw new CorruptDataException("value count", 0, n + " values need at least " + 4L * n + " bytes of lengths, the page has " + (end - p) + " after the count");
        return n;
    }

    /** Offset after value {@code i}, whose length is at {@code p}: the length present, not negative and inside the page. */
    private static int next(byte[] in, int inOff, int p, int end, int i) {
        if (end - p < 4) throw new CorruptDataException("value length", p - inOff, "value " + i + "'s length needs 4 bytes, " + (end - p) + " remain");
        int len = Bytes.getInt(in, p);
        if (len < 0 || len > end - p - 4) throw new CorruptDataException("value length", p - inOff, "value " + i + " has length " + len + ", " + (end - p - 4) + " bytes remain");
        return p + 4 + len;
    }

    private static int decodePage(byte[] in, int inOff, int inLen, ByteArrays out) {
        int end = inOff + inLen;
        int n = count(in, inOff, end);
        int start = Leb128.end(in, inOff);
        out.requireRoom(n);
        // offsets first, written ahead of the count: the values become visible once their bytes are copied
        out.reserve(n, 0);
        int[] offs = out.offsets();
        int first = out.count();
        long at = offs[first], total = 0;
        int p = start;
        for (int i = 0; i < n; i++) {
            int q = next(in, inOff, p, end, i);
            total += q - p - 4;
            offs[first + i + 1] = (int) (at + total); // past an int only if reserve below refuses the bytes
            p = q;
        }
        Bytes.requireEnd(p, end, "last value");
        out.reserve(0, total);
        byte[] data = out.data();
        p = start;
        for (int i = first; i < first + n; i++) {
            int len = offs[i + 1] - offs[i];
            System.arraycopy(in, p + 4, data, offs[i], len);
            p += 4 + len;
        }
        out.commit(first + n);
        return n;
    }
}
