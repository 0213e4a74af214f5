package io.lanes.workbench.codec.parquet;

import io.lanes.workbench.codec.ByteArrayCodec;
import io.lanes.workbench.codec.ByteArrays;
import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.CorruptDataException;

/**
 * {@code parquet.delta-length-byte-array}: Parquet DELTA_LENGTH_BYTE_ARRAY.
 *
 * <pre>
 * page := lengths:DELTA_BINARY_PACKED(int32)  bytes:concatenation of every value
 * </pre>
 * The page is self-describing: the lengths stream carries the count. Decoding turns lengths into
 * offsets a batch of {@link DeltaBatchReader#BATCH} at a time, checking every length and the running
 * total against the page, then copies all bytes into the arena in one call; its decoders also check
 * a page without decoding it ({@link ValidatingDecoder}). Thread-safe; its {@link Decoder}s are not.
 */
public final class DeltaLengthByteArray implements ByteArrayCodec {
    private final DeltaCodec32 lengths;

    /** @param lengths the int32 DELTA_BINARY_PACKED codec of the lengths (its decoder variant decodes them) */
    public DeltaLengthByteArray(DeltaCodec32 lengths) {
        this.lengths = lengths;
    }

    @Override
    public String name() {
        return "parquet.delta-length-byte-array";
    }

    @Override
    public String description() {
        return "Parquet DELTA_LENGTH_BYTE_ARRAY: lengths as DELTA_BINARY_PACKED, then every value's bytes concatenated";
    }

    @Override
    public int maxEncodedBytes(int n, long dataBytes) {
        return Bytes.arraySize(lengths.maxEncodedBytes(n) + dataBytes);
    }

    @Override
    public int encode(ByteArrays values, int from, int n, byte[] out, int outOff) {
        int[] offs = values.offsets();
        long dataBytes = (long) offs[from + n] - offs[from];
        Bytes.requireEncodeSpace(out.length, outOff, maxEncodedBytes(n, dataBytes));
        int[] len = new int[n];
        for (int i = 0; i < n; i++) len[i] = values.length(from + i);
        int p = outOff + lengths.encode(len, 0, n, out, outOff);
        System.arraycopy(values.data(), offs[from], out, p, (int) dataBytes);
        return p + (int) dataBytes - outOff;
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
        return new LengthsDecoder(lengths);
    }

    /** Decodes DELTA_LENGTH_BYTE_ARRAY pages; its child lengths reader is built once and re-pointed per page. */
    static final class LengthsDecoder implements ValidatingDecoder {
        private final DeltaBatchReader reader;

        LengthsDecoder(DeltaCodec32 lengths) {
            this.reader = new DeltaBatchReader(lengths, DeltaBatchReader.BATCH);
        }

        @Override
        public int decode(byte[] in, int inOff, int inLen, ByteArrays out) {
            int before = out.count();
            Bytes.requireEnd(decodeSection(in, inOff, inOff, inOff + inLen, out), inOff + inLen, "last value's bytes");
            return out.count() - before;
        }

        @Override
        public int validate(byte[] in, int inOff, int inLen) {
            int end = inOff + inLen;
            Bytes.requireEnd(decodeSection(in, inOff, inOff, end, null), end, "last value's bytes");
            return DeltaFormat.count(in, inOff, end); // the header the section's walk accepted
        }

        /**
         * Decodes one DELTA_LENGTH_BYTE_ARRAY section at {@code off} into {@code out}, or only checks
         * it when {@code out} is null; returns the offset after its bytes.
         */
        int decodeSection(byte[] in, int base, int off, int end, ByteArrays out) {
            int n = reader.reset(in, off, end);
            if (out != null) out.requireRoom(n);
            int first = out == null ? 0 : out.count();
            int start = out == null ? 0 : out.bytes();
            long total = 0;
            int i = first;
            for (int k; (k = reader.next()) > 0; ) {
                int[] batch = reader.values();
                // offsets are written ahead of the count; the values become visible once their bytes are copied
                int[] offs = null;
                if (out != null) {
                    out.reserve(i + k - first, 0);
                    offs = out.offsets();
                }
                for (int j = 0; j < k; j++) {
                    int len = batch[j];
                    total += len;
                    // the bytes follow the lengths, so the total can never exceed what is left of the page
                    if (len < 0 || total > end - off) throw new CorruptDataException("value length", off - base, "value " + (i - first) + " has length " + len + ", " + total + " bytes in all, the page has " + (end - off));
                    if (offs != null) offs[i + 1] = start + (int) total;
                    i++;
                }
            }
            int data = reader.end();
            Bytes.require(data - base, total, end - base, "value bytes");
            if (out != null) {
                out.reserve(0, total);
                System.arraycopy(in, data, out.data(), start, (int) total);
                out.commit(first + n);
            }
            return data + (int) total;
        }
    }
}
