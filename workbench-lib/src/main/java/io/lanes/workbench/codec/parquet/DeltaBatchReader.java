package io.lanes.workbench.codec.parquet;

import io.lanes.workbench.parquet.Leb128;

/**
 * Reads one int32 DELTA_BINARY_PACKED stream a batch at a time (the child decoder of the byte-array
 * encodings). Built once, re-pointed at each page by {@link #reset}; a batch is whole blocks, at
 * least the reader's batch size in values when the stream has them, decoded into the reader's own
 * buffer ({@link #values()}) by the same block walk as {@link DeltaCodec32}. The buffer grows to the
 * largest batch of the pages read and then stays. Not thread-safe.
 */
final class DeltaBatchReader {
    /** Values per batch by default, rounded up to whole blocks. */
    static final int BATCH = 1024;

    private final DeltaCodec32 codec;
    private final int batch;
    private int[] buf = new int[0];
    private byte[] in;
    private int base, p, end, block, m, remaining, last;
    private boolean firstPending;

    /**
     * @param codec the int32 DELTA_BINARY_PACKED codec whose block walk decodes the stream
     * @param batch values per batch before rounding up to whole blocks: {@link #BATCH}, or 1 for one
     *              block at a time (the smallest unit a DELTA stream decodes in)
     */
    DeltaBatchReader(DeltaCodec32 codec, int batch) {
        if (batch < 1) throw new IllegalArgumentException("batch of " + batch + " values");
        this.codec = codec;
        this.batch = batch;
    }

    /**
     * Points the reader at the stream {@code in[off, end)}; validates its header; returns its value
     * count. Grows the buffer to a batch of this stream: its rounding to whole blocks never exceeds
     * the stream's values, which the header check bounded by the page, so a huge block size cannot
     * size it.
     */
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
        int capacity = (int) Math.min(batchValues(), n) + 1; // the first value rides with the first batch
        if (buf.length < capacity) buf = new int[capacity];
        return n;
    }

    /** Values one batch decodes: the batch size rounded up to whole blocks. */
    private long batchValues() {
        return (batch + (long) block - 1) / block * block;
    }

    /** Decodes the next batch into {@link #values()}; returns its length, 0 at the end. */
    int next() {
        int k = 0;
        if (firstPending) {
            buf[k++] = last;
            firstPending = false;
            remaining--;
        }
        int take = (int) Math.min(remaining, batchValues());
        if (take > 0) {
            p = codec.decodeBlocks(in, base, p, end, block, m, take, last, buf, k);
            k += take;
            last = buf[k - 1];
            remaining -= take;
        }
        return k;
    }

    /** The buffer the last {@link #next} decoded into; replaced only by {@link #reset}. */
    int[] values() {
        return buf;
    }

    /** Offset after the stream; valid once {@link #next} has returned 0. */
    int end() {
        return p;
    }
}
