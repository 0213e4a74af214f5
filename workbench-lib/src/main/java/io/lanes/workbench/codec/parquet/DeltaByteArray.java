package io.lanes.workbench.codec.parquet;

import io.lanes.workbench.codec.ByteArrayCodec;
import io.lanes.workbench.codec.ByteArrays;
import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.CorruptDataException;

import java.util.Arrays;

/**
 * {@code parquet.delta-byte-array}: Parquet DELTA_BYTE_ARRAY (incremental / front coding), and its
 * decoder variants {@code parquet.delta-byte-array.<variant>} ({@link DeltaByteArrayVariant}).
 *
 * <pre>
 * page := prefixLengths:DELTA_BINARY_PACKED(int32)  suffixes:DELTA_LENGTH_BYTE_ARRAY
 * </pre>
 * Value i is the first {@code prefixLengths[i]} bytes of value i-1 followed by suffix i; the first
 * value of a page has prefix length 0. Decoding follows the Velox DELTA decoders thread: values go
 * into one arena plus offsets, never an object per value; the previous value is read from the arena
 * itself, a reusable raw buffer, so nothing is re-allocated per value; the two child decoders are
 * built once per {@link Decoder} and re-pointed at each page; prefix and suffix lengths are decoded
 * a batch of {@link DeltaBatchReader#BATCH} at a time into int buffers and the values assembled from
 * them with no virtual call per value. A variant other than {@link DeltaByteArrayVariant#DEFAULT}
 * undoes one of those choices in the same decoder. Every variant reads the same pages
 * ({@link #pageFormat()}); its decoders also check a page without decoding it
 * ({@link ValidatingDecoder}). Thread-safe; its decoders are not.
 */
public final class DeltaByteArray implements ByteArrayCodec {
    /** The name of the default decoder, and the page format every variant reads. */
    static final String NAME = "parquet.delta-byte-array";

    private final DeltaCodec32 lengths;
    private final DeltaByteArrayVariant variant;

    /**
     * @param lengths the int32 DELTA_BINARY_PACKED codec of both length streams
     * @param variant how the decoder handles the previous value, its child decoders and batches
     */
    public DeltaByteArray(DeltaCodec32 lengths, DeltaByteArrayVariant variant) {
        this.lengths = lengths;
        this.variant = variant;
    }

    @Override
    public String name() {
        return variant.suffix().isEmpty() ? NAME : NAME + "." + variant.suffix();
    }

    @Override
    public String description() {
        return "Parquet DELTA_BYTE_ARRAY (front coding): prefix lengths as DELTA_BINARY_PACKED, then suffixes as DELTA_LENGTH_BYTE_ARRAY; " + variant.description();
    }

    /** Every variant decodes {@code parquet.delta-byte-array} pages. */
    @Override
    public String pageFormat() {
        return NAME;
    }

    @Override
    public String allocatesByDesign() {
        return variant.allocatesByDesign();
    }

    /** How this codec's decoder works. */
    public DeltaByteArrayVariant variant() {
        return variant;
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
    public ValidatingDecoder newDecoder() {
        return new PrefixDecoder(lengths, variant);
    }

    private static final class PrefixDecoder implements ValidatingDecoder, SelectiveDecoder {
        private static final byte[] EMPTY = {};

        private final DeltaCodec32 lengths;
        private final DeltaByteArrayVariant variant;
        private DeltaBatchReader prefixes, suffixes;
        /**
         * {@link DeltaByteArrayVariant#ALLOC_PER_VALUE}: the previous value, a new array per value,
         * held in a field as the pre-fix decoder held its string: the array escapes, so the JIT
         * cannot elide its allocation.
         */
        private byte[] previous = EMPTY;

        PrefixDecoder(DeltaCodec32 lengths, DeltaByteArrayVariant variant) {
            this.lengths = lengths;
            this.variant = variant;
            children();
        }

        private void children() {
            prefixes = new DeltaBatchReader(lengths, variant.batch());
            suffixes = new DeltaBatchReader(lengths, variant.batch());
        }

        @Override
        public int decode(byte[] in, int inOff, int inLen, ByteArrays out) {
            return run(in, inOff, inLen, out);
        }

        @Override
        public int validate(byte[] in, int inOff, int inLen) {
            return run(in, inOff, inLen, null);
        }

        /**
         * Front coding chains every value to the one before, so each row up to the last selected one
         * is built, in a reusable raw buffer that keeps the previous value in place (a row costs the
         * copy of its suffix); a selected row is then appended to {@code out}. The lengths are read a
         * batch at a time; the read stops after the last selected row. Variants share this path.
         */
        @Override
        public int decodeRows(byte[] in, int inOff, int inLen, int[] rows, int nRows, ByteArrays out) {
            int end = inOff + inLen;
            int n = DeltaFormat.count(in, inOff, end);
            int suffixStart = DeltaFormat.streamEnd(in, inOff, end, n, 32);
            prefixes.reset(in, inOff, end);
            int ns = suffixes.reset(in, suffixStart, end);
            if (ns != n) throw new CorruptDataException("suffix count", suffixStart - inOff, ns + " suffix lengths for " + n + " prefix lengths");
            io.lanes.workbench.codec.SelectiveIntCodec.requireRows(rows, nRows, n);
            out.requireRoom(nRows);
            int sp = DeltaFormat.streamEnd(in, suffixStart, end, n, 32);
            int[] pre = prefixes.values(), suf = suffixes.values();
            int last = nRows == 0 ? -1 : rows[nRows - 1];
            int pk = 0, pi = 0, sk = 0, si = 0, prevLen = 0, k = 0;
            for (int row = 0; row <= last; row++) {
                if (pi == pk) { pk = prefixes.next(); pi = 0; }
                if (si == sk) { sk = suffixes.next(); si = 0; }
                int a = pre[pi++], b = suf[si++];
                if (a < 0 || a > prevLen) throw new CorruptDataException("prefix length", 0, "value " + row + " shares " + a + " bytes with a previous value of " + prevLen);
                if (b < 0 || b > end - sp) throw new CorruptDataException("suffix length", suffixStart - inOff, "value " + row + " has a suffix of " + b + " bytes, past the page");
                int len = a + b;
                if (len > rolling.length) rolling = Arrays.copyOf(rolling, Math.max(len, rolling.length * 2));
                System.arraycopy(in, sp, rolling, a, b); // the prefix is already in place: it is the previous value's
                sp += b;
                prevLen = len;
                if (rows[k] == row) {
                    out.add(rolling, 0, len);
                    k++;
                }
            }
            return nRows;
        }

        /** The previous value for {@link #decodeRows}, grown to the longest value read and then kept. */
        private byte[] rolling = new byte[64];

        /** Decodes the page into {@code out}, or only checks it when {@code out} is null; returns its count. */
        private int run(byte[] in, int inOff, int inLen, ByteArrays out) {
            int end = inOff + inLen;
            int n = DeltaFormat.count(in, inOff, end);
            int suffixStart = DeltaFormat.streamEnd(in, inOff, end, n, 32);
            if (variant.decodersPerPage()) children();
            prefixes.reset(in, inOff, end);
            int ns = suffixes.reset(in, suffixStart, end);
            if (ns != n) throw new CorruptDataException("suffix count", suffixStart - inOff, ns + " suffix lengths for " + n + " prefix lengths");
            if (out != null) out.requireRoom(n);
            int sp = DeltaFormat.streamEnd(in, suffixStart, end, n, 32); // the suffix bytes
            int[] pre = prefixes.values(), suf = suffixes.values();
            boolean fresh = variant.freshPreviousValue();
            int step = variant.step();
            int first = out == null ? 0 : out.count();
            int i = first;
            int pk = 0, pi = 0, sk = 0, si = 0;
            int prevLen = 0;
            while (i < first + n) {
                if (pi == pk) { pk = prefixes.next(); pi = 0; }
                if (si == sk) { sk = suffixes.next(); si = 0; }
                // one step: as many values as both buffers hold (one value at a time: one), checked and sized first, then copied
                int k = Math.min(step, Math.min(pk - pi, sk - si));
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
                if (out == null) { // checking only: the next step needs only where the suffixes and the last value end
                    sp += (int) suffixBytes;
                    prevLen = prev;
                    i += k;
                    pi += k;
                    si += k;
                    continue;
                }
                out.reserve(k, bytes);
                byte[] data = out.data();
                int[] offs = out.offsets();
                int at = offs[i];
                for (int j = 0; j < k; j++) {
                    int a = pre[pi + j], b = suf[si + j];
                    if (fresh) {
                        byte[] v = new byte[a + b];
                        System.arraycopy(previous, 0, v, 0, a);
                        System.arraycopy(in, sp, v, a, b);
                        System.arraycopy(v, 0, data, at, a + b);
                        previous = v;
                    } else {
                        System.arraycopy(data, at - prevLen, data, at, a); // the previous value, from the arena
                        System.arraycopy(in, sp, data, at + a, b);
                    }
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
