package io.lanes.workbench.codec.parquet;

import io.lanes.workbench.parquet.Leb128;

import io.lanes.workbench.parquet.HybridRuns;

import io.lanes.workbench.codec.ByteArrayCodec;
import io.lanes.workbench.codec.ByteArrays;
import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.bitpack.BlockKernel32;

import java.util.Arrays;

/**
 * {@code parquet.dict-byte-array}: Parquet RLE_DICTIONARY for BYTE_ARRAY as one self-describing
 * page, and its decoder variant {@code parquet.dict-byte-array.indices-then-gather}.
 *
 * <pre>
 * page  := count:ULEB128  dictSize:ULEB128  entry[dictSize]  width:u8  run*
 * entry := length:int32 (little-endian, not negative)  bytes[length]
 * </pre>
 * The entries are the dictionary page's PLAIN BYTE_ARRAY values, {@code width run*} the data page's
 * indices as {@code parquet.rle} writes them ({@link DictFormat}). The encoder numbers distinct
 * values in order of first occurrence (parquet-java's and DuckDB's order) through an open-addressing
 * table of value numbers hashed over their bytes in the input's arena: no object per value.
 *
 * <p>Decoding walks the dictionary once per page, recording each entry's place in the page (the
 * page is the dictionary's arena: nothing is copied until a value is), then reads the runs: the
 * gather copies each value's bytes from the page into the output arena and writes its offset; an
 * RLE run repeats one entry. The default decodes and gathers run by run ({@link DictVariant#FUSED},
 * a bit-packed run {@link DictFormat#BATCH} indices at a time, sized, reserved and copied while in
 * L1); {@link DictVariant#INDICES_THEN_GATHER} decodes every index first. A vector gather has no
 * analogue for values of varying length, so there is no scalar-gather variant. Stateless and
 * thread-safe; its decoders are not.
 */
public final class DictByteArray implements ByteArrayCodec {
    /** The page format every variant reads, and the default decoder's name. */
    static final String FORMAT = "parquet.dict-byte-array";

    private final DictVariant variant;
    private final BlockKernel32 kernel;

    /**
     * @param variant {@link DictVariant#FUSED} or {@link DictVariant#INDICES_THEN_GATHER}
     * @param kernel  the sequential bit-unpacking kernel of the indices
     */
    public DictByteArray(DictVariant variant, BlockKernel32 kernel) {
        if (variant == DictVariant.SCALAR_GATHER) throw new IllegalArgumentException("byte arrays have no vector gather to compare with a scalar one");
        this.variant = variant;
        this.kernel = kernel;
    }

    @Override
    public String name() {
        return variant.name(FORMAT);
    }

    @Override
    public String description() {
        return "Parquet RLE_DICTIONARY BYTE_ARRAY: ULEB128 count and dictionary size, PLAIN dictionary, parquet.rle indices; "
                + (variant == DictVariant.FUSED ? "indices unpacked and values copied per run" : variant.description());
    }

    /** Every variant decodes {@code parquet.dict-byte-array} pages. */
    @Override
    public String pageFormat() {
        return FORMAT;
    }

    /** At most {@code n} distinct entries holding at most {@code dataBytes} bytes, and {@code n} indices. */
    @Override
    public int maxEncodedBytes(int n, long dataBytes) {
        if (n < 0 || dataBytes < 0) throw new IllegalArgumentException("negative value count " + n + " or byte count " + dataBytes);
        return Bytes.arraySize(2L * Leb128.size(n) + 4L * n + dataBytes + 1 + RleHybrid32.maxRunBytes(n));
    }

    @Override
    public int encode(ByteArrays values, int from, int n, byte[] out, int outOff) {
        int[] offs = values.offsets();
        byte[] data = values.data();
        Bytes.requireEncodeSpace(out.length, outOff, maxEncodedBytes(n, (long) offs[from + n] - offs[from]));
        int[] idx = new int[n];
        // dict[k]: the input value that first had entry k; slots hold entry + 1 (0: empty), at most half full
        int[] dict = new int[16];
        int[] slots = new int[32];
        int d = 0;
        for (int i = 0; i < n; i++) {
            int v = from + i;
            int mask = slots.length - 1;
            int h = hash(data, offs[v], offs[v + 1]) & mask;
            while (slots[h] != 0 && !same(data, offs, dict[slots[h] - 1], v)) h = (h + 1) & mask;
            if (slots[h] != 0) {
                idx[i] = slots[h] - 1;
                continue;
            }
            if (d == dict.length) dict = Arrays.copyOf(dict, 2 * d);
            dict[d] = v;
            idx[i] = d++;
            slots[h] = d;
            if (2 * d > slots.length) slots = rehash(data, offs, dict, d, 2 * slots.length);
        }
        int p = Leb128.write(n, out, outOff);
        p = Leb128.write(d, out, p);
        for (int k = 0; k < d; k++) {
            int v = dict[k], len = offs[v + 1] - offs[v];
            Bytes.putInt(out, p, len);
            System.arraycopy(data, offs[v], out, p + 4, len);
            p += 4 + len;
        }
        int w = DictFormat.indexWidth(d);
        out[p++] = (byte) w;
        return RleHybrid32.encodeRuns(kernel, idx, 0, n, w, out, p) - outOff;
    }

    private static boolean same(byte[] data, int[] offs, int a, int b) {
        return Arrays.equals(data, offs[a], offs[a + 1], data, offs[b], offs[b + 1]);
    }

    /** A multiplicative hash of {@code data[from, to)}, eight bytes a step. */
    private static int hash(byte[] data, int from, int to) {
        long h = to - from;
        int i = from;
        for (; i + 8 <= to; i += 8) h = (h + Bytes.getLong(data, i)) * 0x9E37_79B9_7F4A_7C15L;
        for (; i < to; i++) h = (h + data[i]) * 0x9E37_79B9_7F4A_7C15L;
        return (int) (h >>> 32);
    }

    private static int[] rehash(byte[] data, int[] offs, int[] dict, int d, int size) {
        int[] slots = new int[size];
        int mask = size - 1;
        for (int k = 0; k < d; k++) {
            int h = hash(data, offs[dict[k]], offs[dict[k] + 1]) & mask;
            while (slots[h] != 0) h = (h + 1) & mask;
            slots[h] = k + 1;
        }
        return slots;
    }

    /** An RLE run of indices takes a few bytes for any count, and entries may be empty: no bound below an int's. */
    @Override
    public long maxDecodedLength(int pageBytes) {
        return Integer.MAX_VALUE;
    }

    /** The count, validated against the header, every dictionary entry and the runs (walked without unpacking). */
    @Override
    public int decodedLength(byte[] in, int inOff, int inLen) {
        return new DictDecoder(variant, kernel).check(in, inOff, inLen);
    }

    @Override
    public Decoder newDecoder() {
        return new DictDecoder(variant, kernel);
    }

    private static final class DictDecoder implements Decoder {
        private final DictVariant variant;
        private final BlockKernel32 kernel;
        private final HybridRuns cursor = new HybridRuns();
        private final int[] batch = new int[DictFormat.BATCH];
        /** Entry k of the current page: bytes {@code in[start[k], start[k] + length[k])}. */
        private int[] start = new int[0], length = new int[0];
        private int[] indices = new int[0];
        /** The current page's count, dictionary size, index width and first run. */
        private int n, d, width, runs;

        DictDecoder(DictVariant variant, BlockKernel32 kernel) {
            this.variant = variant;
            this.kernel = kernel;
        }

        /** Reads and checks the header and every dictionary entry of the page {@code in[base, end)} into the fields. */
        private void header(byte[] in, int base, int end) {
            n = Leb128.readInt(in, base, end, "value count");
            int dPos = Leb128.end(in, base);
            d = DictFormat.dictionarySize(in, base, dPos, end, n);
            int p = Leb128.end(in, dPos);
            if (4L * d >= end - p) throw new CorruptDataException("dictionary size", dPos - base, d + " entries need at least " + 4L * d + " bytes of lengths and the width byte; the page has " + (end - p) + " after the size");
            if (start.length < d) {
                start = new int[Math.max(d, 2 * start.length)];
                length = new int[start.length];
            }
            for (int k = 0; k < d; k++) {
                int len = Bytes.getInt(in, p); // in the page: 4 bytes per entry checked above, and each entry's bytes below
                if (len < 0 || len > end - p - 4 - 4 * (d - 1 - k) - 1) {
                    throw new CorruptDataException("dictionary entry length", p - base, "entry " + k + " has length " + len + ", " + (end - p - 4) + " bytes remain");
                }
                start[k] = p + 4;
                length[k] = len;
                p += 4 + len;
            }
            width = DictFormat.width(in, base, p, end, d);
            runs = p + 1;
        }

        /** The page's count, every field but the indices' values checked. */
        int check(byte[] in, int inOff, int inLen) {
            int end = inOff + inLen;
            header(in, inOff, end);
            Bytes.requireEnd(HybridRuns.decodeRuns(null, in, inOff, runs, end, width, n, null, 0), end, "last run");
            return n;
        }

        @Override
        public int decode(byte[] in, int inOff, int inLen, ByteArrays out) {
            int end = inOff + inLen;
            header(in, inOff, end);
            out.requireRoom(n);
            int p;
            if (variant == DictVariant.INDICES_THEN_GATHER) {
                if (indices.length < n) indices = new int[Math.max(n, 2 * indices.length)]; // at most the values the output takes
                p = HybridRuns.decodeRuns(kernel, in, inOff, runs, end, width, n, indices, 0);
                if (DictFormat.anyOutside(indices, n, d)) fused(in, inOff, end, null); // finds and names the first bad index
                copy(in, indices, n, out);
            } else {
                p = fused(in, inOff, end, out);
            }
            Bytes.requireEnd(p, end, "last run");
            return n;
        }

        /** Decodes the runs run by run into {@code out}, or, when {@code out} is null, only checks every index; returns the offset after the last run. */
        private int fused(byte[] in, int base, int end, ByteArrays out) {
            boolean checked = d == 1 << width; // a dictionary of 2^w entries holds every w-bit index
            HybridRuns r = cursor.reset(in, base, runs, end, width, n);
            while (r.next()) {
                int len = r.length();
                if (r.rle()) {
                    int v = r.value();
                    DictFormat.checkIndex(v, d, base, r.position(), width);
                    if (out != null) repeat(in, v, len, out);
                } else {
                    for (int k = 0; k < len; k += DictFormat.BATCH) {
                        int take = Math.min(DictFormat.BATCH, len - k);
                        kernel.unpack(in, r.data() + k / 8 * width, take, width, batch, 0);
                        if (!checked) DictFormat.checkIndices(batch, take, d, base, r.data(), k, width);
                        if (out != null) copy(in, batch, take, out);
                    }
                }
            }
            return r.position();
        }

        /** Appends entry {@code v} {@code times} times. */
        private void repeat(byte[] in, int v, int times, ByteArrays out) {
            int len = length[v], from = start[v];
            out.reserve(times, (long) times * len);
            byte[] data = out.data();
            int[] offs = out.offsets();
            int i = out.count(), at = offs[i];
            for (int t = 0; t < times; t++) {
                put(in, from, len, data, at);
                at += len;
                offs[++i] = at;
            }
            out.commit(i);
        }

        /** Appends the entries {@code idx[0, k)}, already checked against the dictionary: sized, reserved, then copied. */
        private void copy(byte[] in, int[] idx, int k, ByteArrays out) {
            long bytes = 0;
            for (int j = 0; j < k; j++) bytes += length[idx[j]];
            out.reserve(k, bytes);
            byte[] data = out.data();
            int[] offs = out.offsets();
            int i = out.count(), at = offs[i];
            for (int j = 0; j < k; j++) {
                int v = idx[j], len = length[v];
                put(in, start[v], len, data, at);
                at += len;
                offs[++i] = at;
            }
            out.commit(i);
        }

        /**
         * Copies a value of {@code len} bytes from {@code in[from]} to {@code data[at]}. A value of at
         * most 32 bytes moves as four 8-byte words when both arrays have 32 bytes there: the words
         * past its end land where the next value goes or past the arena's values, and the call to
         * {@code System.arraycopy} costs more than a short value's bytes (in a loop here, columns of 1,
         * 8 and 17 bytes a value decode in 0.71-0.74 of PLAIN's time, against 0.82-1.09 with a call a
         * value). One bound for every short value, so a column of mixed short lengths takes one path.
         */
        private static void put(byte[] in, int from, int len, byte[] data, int at) {
            if (len <= 32 && from <= in.length - 32 && at <= data.length - 32) {
                Bytes.putLong(data, at, Bytes.getLong(in, from));
                Bytes.putLong(data, at + 8, Bytes.getLong(in, from + 8));
                Bytes.putLong(data, at + 16, Bytes.getLong(in, from + 16));
                Bytes.putLong(data, at + 24, Bytes.getLong(in, from + 24));
            } else {
                System.arraycopy(in, from, data, at, len);
            }
        }
    }
}
