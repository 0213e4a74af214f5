package io.lanes.workbench.codec.parquet;

import io.lanes.workbench.parquet.Leb128;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.SelectiveIntCodec;
import io.lanes.workbench.codec.bitpack.BlockKernel32;

/**
 * DELTA_BINARY_PACKED for int32 ({@code parquet.delta} and its decoder variants), byte-compatible
 * with parquet-java in both directions; the layout is in {@link DeltaFormat}. The encoder writes
 * the widths of unused miniblocks as zero and pads the last miniblock with zero bits (the spec's
 * "should"; parquet-java leaves stale bytes there, which readers must accept). The decoder variant
 * ({@link DeltaVariant}) changes only how a block is walked. Thread-safe: holds only configuration
 * and a stateless kernel.
 */
public final class DeltaCodec32 implements SelectiveIntCodec {
    private final String name;
    private final DeltaVariant variant;
    private final BlockKernel32 kernel;
    private final int blockSize;
    private final int miniblocks;

    /**
     * @param name       registry name
     * @param variant    how the decoder walks a block
     * @param kernel     bit-unpacking kernel for the miniblocks
     * @param blockSize  values per block the encoder writes (a multiple of 128)
     * @param miniblocks miniblocks per block the encoder writes (leaving multiples of 32 values)
     */
    public DeltaCodec32(String name, DeltaVariant variant, BlockKernel32 kernel, int blockSize, int miniblocks) {
        DeltaFormat.checkConfig(blockSize, miniblocks);
        this.name = name;
        this.variant = variant;
        this.kernel = kernel;
        this.blockSize = blockSize;
        this.miniblocks = miniblocks;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return "Parquet DELTA_BINARY_PACKED (zigzag ULEB128 header, blocks of bit-packed miniblocks); decoder: " + variant.description();
    }

    @Override
    public String pageFormat() {
        return "parquet.delta"; // every variant and block layout reads the same DELTA_BINARY_PACKED stream
    }

    /** The decoder variant. */
    public DeltaVariant variant() {
        return variant;
    }

    @Override
    public int maxEncodedBytes(int n) {
        return DeltaFormat.maxBytes(n, blockSize, miniblocks, 32);
    }

    @Override
    public int encode(int[] values, int off, int n, byte[] out, int outOff) {
        Bytes.requireEncodeSpace(out.length, outOff, maxEncodedBytes(n));
        int p = DeltaFormat.writeHeader(blockSize, miniblocks, n, Leb128.zigzag(n == 0 ? 0 : values[off]), out, outOff);
        int miniSize = blockSize / miniblocks;
        int[] deltas = new int[blockSize];
        for (int start = 1; start < n; start += blockSize) {
            int len = Math.min(blockSize, n - start);
            int min = Integer.MAX_VALUE;
            for (int i = 0; i < len; i++) {
                int d = values[off + start + i] - values[off + start + i - 1];
                deltas[i] = d;
                min = Math.min(min, d);
            }
            p = Leb128.write(Leb128.zigzag(min), out, p);
            int widths = p;
            p += miniblocks;
            for (int mb = 0; mb < miniblocks; mb++) {
                int from = mb * miniSize;
                if (from >= len) {
                    out[widths + mb] = 0;
                    continue;
                }
                int k = Math.min(miniSize, len - from);
                int or = 0;
                for (int i = from; i < from + k; i++) {
                    deltas[i] -= min;
                    or |= deltas[i];
                }
                int w = 32 - Integer.numberOfLeadingZeros(or);
                out[widths + mb] = (byte) w;
                int full = (int) DeltaFormat.miniblockBytes(miniSize, w);
                int wrote = kernel.pack(deltas, from, k, w, out, p);
                java.util.Arrays.fill(out, p + wrote, p + full, (byte) 0);
                p += full;
            }
        }
        return p - outOff;
    }

    /** A block of any multiple of 128 values costs two bytes at width 0: no bound below an int's. */
    @Override
    public long maxDecodedLength(int pageBytes) {
        return Integer.MAX_VALUE;
    }

    @Override
    public int decodedLength(byte[] in, int inOff, int inLen) {
        return DeltaFormat.validatedCount(in, inOff, inOff + inLen);
    }

    @Override
    public int decode(byte[] in, int inOff, int inLen, int[] out, int outOff) {
        int end = inOff + inLen;
        int n = DeltaFormat.count(in, inOff, end);
        // a corrupt page reports its corruption, not the buffer's size: the full check only on this path
        if (outOff < 0 || n > out.length - outOff) decodedLength(in, inOff, inLen);
        Bytes.requireOutput(out.length, outOff, n);
        Bytes.requireEnd(decodeStream(in, inOff, end, n, out, outOff), end, "last miniblock");
        return n;
    }

    /** Each thread's batch reader for {@link #decodeRows}: the codec stays stateless and thread-safe. */
    private final ThreadLocal<DeltaBatchReader> rowReaders = ThreadLocal.withInitial(() -> new DeltaBatchReader(this, DeltaBatchReader.BATCH));

    /**
     * Decodes whole blocks a batch of {@link DeltaBatchReader#BATCH} values at a time into the
     * thread's buffer and copies the selected rows out, as a reader walks a selection vector over a
     * decoded batch (deltas chain, so no row is reached without decoding those before it); stops
     * after the block holding the last selected row. The variant's block walk decodes the batches.
     */
    @Override
    public int decodeRows(byte[] in, int inOff, int inLen, int[] rows, int nRows, int[] out, int outOff) {
        DeltaBatchReader r = rowReaders.get();
        int n = r.reset(in, inOff, inOff + inLen);
        SelectiveIntCodec.requireRows(rows, nRows, n);
        Bytes.requireOutput(out.length, outOff, nRows);
        int k = 0;
        for (int at = 0; k < nRows; ) {
            int len = r.next();
            int[] v = r.values();
            int stop = at + len;
            while (k < nRows && rows[k] < stop) {
                out[outOff + k] = v[rows[k] - at];
                k++;
            }
            at = stop;
        }
        return nRows;
    }

    /**
     * Decodes the stream at {@code off} whose header {@link DeltaFormat#count} has accepted with
     * count {@code n} into {@code out[o, o+n)}; returns the offset just past the stream's last
     * miniblock (DELTA_BYTE_ARRAY pages hold more after it).
     */
    int decodeStream(byte[] in, int off, int end, int n, int[] out, int o) {
        int blockPos = off;
        int mPos = Leb128.end(in, blockPos);
        int firstPos = Leb128.end(in, Leb128.end(in, mPos));
        int p = Leb128.end(in, firstPos);
        if (n == 0) return p;
        int first = (int) Leb128.readZigZag(in, firstPos, end, "first value");
        out[o] = first;
        return decodeBlocks(in, off, p, end, Leb128.readInt(in, blockPos, end, "block size"), Leb128.readInt(in, mPos, end, "miniblocks per block"), n - 1, first, out, o + 1);
    }

    /**
     * Decodes {@code deltas} values from the blocks starting at {@code p} (block-aligned: whole
     * blocks, the last one possibly partial), continuing from the value {@code last}, into
     * {@code out[o, o+deltas)}; returns the offset after the last block read. {@code base} is the
     * page start, for error offsets.
     */
    int decodeBlocks(byte[] in, int base, int p, int end, int block, int m, int deltas, int last, int[] out, int o) {
        int miniSize = block / m;
        // the fused decoder queues whole blocks (its scan taken when the first one is queued, so pages of equal
        // deltas or of one partial block cost nothing extra); while any is queued, last is stale and
        // scan.flush(last) brings it up to date
        boolean fused = variant == DeltaVariant.FUSED;
        DeltaVectorScan32 scan = null;
        try {
            while (deltas > 0) {
                int mdPos = p;
                int minDelta;
                if (p < end && in[p] >= 0) { // a one-byte min delta, the common case for narrow columns
                    int b = in[p++];
                    minDelta = (b >>> 1) ^ -(b & 1);
                } else {
                    minDelta = (int) Leb128.readZigZag(in, p, end, "min delta");
                    p = Leb128.end(in, p);
                }
                if (m > end - p) throw new CorruptDataException("miniblock widths", p - base, m + " width bytes, " + (end - p) + " remain");
                int widths = p;
                p += m;
                int inBlock = Math.min(block, deltas);
                int needed = inBlock == block ? m : (inBlock + miniSize - 1) / miniSize; // no division for whole blocks
                // one pass over the widths: whether one exceeds 32, and their sum
                int over = 0, widthSum = 0, k = 0;
                for (; k + 4 <= needed; k += 4) {
                    // four at once: a byte b plus 0x5F, its top bit cleared first (no carry out), reaches
                    // bit 7 exactly when b >= 33; four valid widths sum to at most 128, so the byte sums
                    // of the multiply do not carry either
                    int w4 = Bytes.getInt(in, widths + k);
                    over |= ((w4 & 0x7F7F7F7F) + 0x5F5F5F5F | w4) & 0x80808080;
                    widthSum += (w4 * 0x01010101) >>> 24;
                }
                for (; k < needed; k++) {
                    int w = in[widths + k] & 0xFF;
                    over |= (32 - w) >>> 31;
                    widthSum += w;
                }
                if (over != 0) throw badWidth(in, widths, base, mdPos);
                if (widthSum == 0) {
                    // every delta is the frame: an arithmetic sequence (queued only behind other blocks)
                    if (scan != null && scan.pending() && inBlock == block) scan.queueArithmetic(o, minDelta);
                    else last = DeltaScan.arithmetic(out, o, inBlock, minDelta, scan == null ? last : scan.flush(last));
                    o += inBlock;
                    deltas -= inBlock;
                    continue;
                }
                if (fused) {
                    // a miniblock is a whole number of bytes per width bit, so the block's data is that times the width sum
                    long bytes = DeltaFormat.miniblockBytes(miniSize, 1) * widthSum;
                    if (inBlock == block && bytes <= end - p && DeltaVectorScan32.fits(in, p + (int) bytes)) {
                        if (scan == null) scan = DeltaVectorScan32.start(in, out, block, m);
                        scan.queue(o, last, p, widths, minDelta);
                        p += (int) bytes;
                        o += inBlock;
                        deltas -= inBlock;
                        continue;
                    }
                    // the partial last block, data too near the array's end for register loads, or data
                    // missing (found and reported below): as vscan
                    if (scan != null) last = scan.flush(last);
                }
                int blockStart = o;
                for (int i = 0; i < needed; ) {
                    int w = in[widths + i] & 0xFF;
                    int j = i + 1;
                    if (variant != DeltaVariant.MINIBLOCK) while (j < needed && (in[widths + j] & 0xFF) == w) j++;
                    long bytes = (j - i) * DeltaFormat.miniblockBytes(miniSize, w);
                    if (bytes > end - p) throw missing(base, p, end, i, bytes);
                    int len = Math.min((j - i) * miniSize, inBlock - i * miniSize);
                    kernel.unpack(in, p, len, w, out, o);
                    // the classic decoder sums each miniblock as it goes; the others sum the whole block once
                    if (variant == DeltaVariant.MINIBLOCK) last = DeltaScan.scalar(out, o, len, minDelta, last);
                    p += (int) bytes;
                    o += len;
                    i = j;
                }
                if (variant == DeltaVariant.VSCAN) last = DeltaVectorScan32.scanInPlace(out, blockStart, inBlock, minDelta, last);
                // fused: the few blocks it cannot queue (a page's partial last block, one near the page end)
                // take the scalar sum; a vector scan called that seldom stayed in C1, whose Vector API
                // code allocates (1,920 bytes a call on a DELTA_BYTE_ARRAY page of one repeated value)
                else if (variant != DeltaVariant.MINIBLOCK) last = DeltaScan.scalar(out, blockStart, inBlock, minDelta, last); // coalesced, fused
                deltas -= inBlock;
            }
            if (scan != null) scan.flush(last);
            return p;
        } finally {
            if (scan != null) scan.release();
        }
    }

    /** The error for the first width over 32 at {@code in[widths...]} (off the hot path, as {@link #missing}). */
    static CorruptDataException badWidth(byte[] in, int widths, int base, int minDeltaPos) {
        int i = widths;
        while ((in[i] & 0xFF) <= 32) i++;
        return new CorruptDataException("miniblock width", i - base, "width " + (in[i] & 0xFF) + " > 32 in the block whose min delta is at " + (minDeltaPos - base));
    }

    /** The error for miniblock data running past the page (built off the hot path: no string work per run). */
    static CorruptDataException missing(int base, int p, int end, int miniblock, long bytes) {
        return new CorruptDataException("miniblock data", p - base, "miniblock " + miniblock + " of its block needs " + bytes + " bytes, " + (end - p) + " remain");
    }
}
