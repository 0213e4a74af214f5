package io.lanes.workbench.codec.parquet;

import io.lanes.workbench.codec.ByteArrayCodec;
import io.lanes.workbench.codec.ByteArrays;
import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.CorruptDataException;

import java.util.Arrays;

/**
 * {@code parquet.delta-byte-array}: Parquet DELTA_BYTE_ARRAY (incremental / front coding).
 *
 * <pre>
 * page := prefixLengths:DELTA_BINARY_PACKED(int32)  suffixes:DELTA_LENGTH_BYTE_ARRAY
 * </pre>
 * Value i is the first {@code prefixLengths[i]} bytes of value i-1 followed by suffix i; the first
 * value of a page has prefix length 0. Decoding (seed 002): values go into one arena plus offsets,
 * never an object per value; the previous value is read from the arena itself, a reusable raw
 * buffer, so nothing is re-allocated per value; the two child decoders are built once per
 * {@link Decoder} and re-pointed at each page; prefix and suffix lengths are decoded a batch of
 * {@link DeltaBatchReader#BATCH} at a time into int buffers and the values assembled from them with
 * no virtual call per value. Thread-safe; its decoders are not.
 */
public final class DeltaByteArray implements ByteArrayCodec {
    private final DeltaCodec32 lengths;

    /** @param lengths the int32 DELTA_BINARY_PACKED codec of both length streams */
    public DeltaByteArray(DeltaCodec32 lengths) {
        this.lengths = lengths;
    }

    @Override
    public String name() {
        return "parquet.delta-byte-array";
    }

    @Override
    public String description() {
        return "Parquet DELTA_BYTE_ARRAY (front coding): prefix lengths as DELTA_BINARY_PACKED, then suffixes as DELTA_LENGTH_BYTE_ARRAY";
    }

    @Override
    public int maxEncodedBytes(int n, long dataBytes) {
        return Bytes.arraySize(2L * lengths.maxEncodedBytes(n) + dataBytes);
    }

    @Override
    public int encode(ByteArrays values, int from, int n, byte[] out, int outOff) {
        int[] offs = values.offsets();
        byte[] data = values.data();
        Bytes.requireEncodeSpace(out.length, outOff, maxEncodedBytes(n, (long) offs[from + n] - offs[from]));
        int[] prefix = new int[n];
        int[] suffix = new int[n];
        for (int i = 0; i < n; i++) {
            int s = offs[from + i], len = values.length(from + i);
            int pre = 0;
            if (i > 0) {
                int ps = offs[from + i - 1];
                int max = Math.min(len, values.length(from + i - 1));
                int mm = Arrays.mismatch(data, ps, ps + max, data, s, s + max);
                pre = mm < 0 ? max : mm;
            }
            prefix[i] = pre;
            suffix[i] = len - pre;
        }
        int p = outOff + lengths.encode(prefix, 0, n, out, outOff);
        p += lengths.encode(suffix, 0, n, out, p);
        for (int i = 0; i < n; i++) {
            System.arraycopy(data, offs[from + i] + prefix[i], out, p, suffix[i]);
            p += suffix[i];
        }
        return p - outOff;
    }

    /** Values may be empty and their lengths' blocks cost two bytes at width 0: no bound below an int's. */
    @Override
    public long maxDecodedLength(int pageBytes) {
        return Integer.MAX_VALUE;
    }

    /** The count, validated against the lengths' blocks (not the value bytes, which only decoding sums). */
    @Override
    public int decodedLength(byte[] in, int inOff, int inLen) {
        return DeltaFormat.validatedCount(in, inOff, inOff + inLen);
    }

    @Override
    public Decoder newDecoder() {
        return new PrefixDecoder(lengths);
    }

    private static final class PrefixDecoder implements Decoder {
        private final DeltaBatchReader prefixes;
        private final DeltaBatchReader suffixes;
        private int[] pre = new int[0], suf = new int[0];

        PrefixDecoder(DeltaCodec32 lengths) {
            this.prefixes = new DeltaBatchReader(lengths);
            this.suffixes = new DeltaBatchReader(lengths);
        }

        @Override
        public int decode(byte[] in, int inOff, int inLen, ByteArrays out) {
            int end = inOff + inLen;
            int n = DeltaFormat.count(in, inOff, end);
            int suffixStart = DeltaFormat.streamEnd(in, inOff, end, n, 32);
            prefixes.reset(in, inOff, end);
            int ns = suffixes.reset(in, suffixStart, end);
            if (ns != n) throw new CorruptDataException("suffix count", suffixStart - inOff, ns + " suffix lengths for " + n + " prefix lengths");
            out.requireRoom(n);
            int sp = DeltaFormat.streamEnd(in, suffixStart, end, n, 32); // the suffix bytes
            if (pre.length < prefixes.batchCapacity()) pre = new int[prefixes.batchCapacity()];
            if (suf.length < suffixes.batchCapacity()) suf = new int[suffixes.batchCapacity()];
            int first = out.count();
            int i = first;
            int pk = 0, pi = 0, sk = 0, si = 0;
            int prevLen = 0;
            while (i < first + n) {
                if (pi == pk) { pk = prefixes.next(pre); pi = 0; }
                if (si == sk) { sk = suffixes.next(suf); si = 0; }
                // one batch: as many values as both buffers hold, checked and sized first, then copied
                int k = Math.min(pk - pi, sk - si);
                long bytes = 0, suffixBytes = 0;
                int prev = prevLen;
                for (int j = 0; j < k; j++) {
                    int a = pre[pi + j], b = suf[si + j];
                    if (a < 0 || a > prev) throw new CorruptDataException("prefix length", 0, "value " + (i - first + j) + " shares " + a + " bytes with a previous value of " + prev);
                    suffixBytes += b;
                    if (b < 0 || suffixBytes > end - sp) throw new CorruptDataException("suffix length", suffixStart - inOff, "value " + (i - first + j) + " has a suffix of " + b + " bytes, past the page");
                    prev = a + b;
                    bytes += prev;
                }
                out.reserve(k, bytes);
                byte[] data = out.data();
                int[] offs = out.offsets();
                int at = offs[i];
                for (int j = 0; j < k; j++) {
                    int a = pre[pi + j], b = suf[si + j];
                    System.arraycopy(data, at - prevLen, data, at, a); // the previous value, from the arena
                    System.arraycopy(in, sp, data, at + a, b);
                    sp += b;
                    prevLen = a + b;
                    at += prevLen;
                    offs[++i] = at;
                }
                out.commit(i);
                pi += k;
                si += k;
            }
            Bytes.requireEnd(sp, end, "last suffix");
            return n;
        }
    }
}
