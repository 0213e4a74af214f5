package io.lanes.workbench.codec.parquet;

/**
 * Reads one int32 DELTA_BINARY_PACKED stream a batch at a time (the child decoder of the byte-array
 * encodings). Built once, re-pointed at each page by {@link #reset}; a batch is whole blocks, at
 * least {@link #BATCH} values when the stream has them, decoded into the caller's buffer by the
 * same block walk as {@link DeltaCodec32}. Not thread-safe.
 */
final class DeltaBatchReader {
    /** Values per batch, rounded up to whole blocks. */
    static final int BATCH = 1024;

    private final DeltaCodec32 codec;
    private byte[] in;
    private int base, p, end, block, m, remaining, last;
    private boolean firstPending;

    DeltaBatchReader(DeltaCodec32 codec) {
        this.codec = codec;
    }

    /** Points the reader at the stream {@code in[off, end)}; validates its header; returns its value count. */
    int reset(byte[] in, int off, int end) {
        int n = DeltaFormat.count(in, off, end);
        this.in = in;
        this.base = off;
        this.end = end;
        this.block = Leb128.readInt(in, off, end, "block size");
        this.m = Leb128.readInt(in, Leb128.end(in, off), end, "miniblocks per block");
        int firstPos = Leb128.end(in, Leb128.end(in, Leb128.end(in, off)));
        this.p = Leb128.end(in, firstPos);
        this.remaining = n;
        this.firstPending = n > 0;
        if (n > 0) last = (int) Leb128.readZigZag(in, firstPos, end, "first value");
        return n;
    }

    /**
     * A buffer large enough for any batch of this stream: {@link #BATCH} rounded up to whole blocks
     * but never more than the stream's values, plus the first value. Call after {@link #reset}; the
     * caller has bounded the count, so a huge block size cannot size the buffer.
     */
    int batchCapacity() {
        return (int) Math.min((BATCH + (long) block - 1) / block * block, remaining) + 1;
    }

    /** Decodes the next batch into {@code buf} (at least {@link #batchCapacity()} long); returns its length, 0 at the end. */
    int next(int[] buf) {
        int k = 0;
        if (firstPending) {
            buf[k++] = last;
            firstPending = false;
            remaining--;
        }
        int take = (int) Math.min(remaining, (BATCH + (long) block - 1) / block * block);
        if (take > 0) {
            p = codec.decodeBlocks(in, base, p, end, block, m, take, last, buf, k);
            k += take;
            last = buf[k - 1];
            remaining -= take;
        }
        return k;
    }

    /** Offset after the stream; valid once {@link #next} has returned 0. */
    int end() {
        return p;
    }
}
