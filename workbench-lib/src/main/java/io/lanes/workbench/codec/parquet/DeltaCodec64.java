package io.lanes.workbench.codec.parquet;

import io.lanes.workbench.parquet.Leb128;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.LongCodec;
import io.lanes.workbench.codec.bitpack.BlockKernel64;

/**
 * DELTA_BINARY_PACKED for int64 ({@code parquet.delta64} and its decoder variants), byte-compatible
 * with parquet-java in both directions; the layout is in {@link DeltaFormat}. The encoder writes
 * the widths of unused miniblocks as zero and pads the last miniblock with zero bits (the spec's
 * "should"; parquet-java leaves stale bytes there, which readers must accept). The decoder variant
 * ({@link DeltaVariant}) changes only how a block is walked. Thread-safe: holds only configuration
 * and a stateless kernel.
 */
public final class DeltaCodec64 implements LongCodec {
    private final String name;
    private final DeltaVariant variant;
    private final BlockKernel64 kernel;
    private final int blockSize;
    private final int miniblocks;

    /**
     * @param name       registry name
     * @param variant    how the decoder walks a block (not {@link DeltaVariant#FUSED})
     * @param kernel     bit-unpacking kernel for the miniblocks
     * @param blockSize  values per block the encoder writes (a multiple of 128)
     * @param miniblocks miniblocks per block the encoder writes (leaving multiples of 32 values)
     */
    public DeltaCodec64(String name, DeltaVariant variant, BlockKernel64 kernel, int blockSize, int miniblocks) {
        DeltaFormat.checkConfig(blockSize, miniblocks);
        if (variant == DeltaVariant.FUSED) throw new IllegalArgumentException(name + ": the fused decoder is int32 only");
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
        return "parquet.delta64"; // every variant and block layout reads the same DELTA_BINARY_PACKED stream
    }

    /** The decoder variant. */
    public DeltaVariant variant() {
        return variant;
    }

    @Override
    public int maxEncodedBytes(int n) {
        return DeltaFormat.maxBytes(n, blockSize, miniblocks, 64);
    }

    @Override
    public int encode(long[] values, int off, int n, byte[] out, int outOff) {
        Bytes.requireEncodeSpace(out.length, outOff, maxEncodedBytes(n));
        int p = DeltaFormat.writeHeader(blockSize, miniblocks, n, Leb128.zigzag(n == 0 ? 0 : values[off]), out, outOff);
        int miniSize = blockSize / miniblocks;
        long[] deltas = new long[blockSize];
        for (int start = 1; start < n; start += blockSize) {
            int len = Math.min(blockSize, n - start);
            long min = Long.MAX_VALUE;
            for (int i = 0; i < len; i++) {
                long d = values[off + start + i] - values[off + start + i - 1];
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
                long or = 0;
                for (int i = from; i < from + k; i++) {
                    deltas[i] -= min;
                    or |= deltas[i];
                }
                int w = 64 - Long.numberOfLeadingZeros(or);
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
    public int decode(byte[] in, int inOff, int inLen, long[] out, int outOff) {
        int end = inOff + inLen;
        int n = DeltaFormat.count(in, inOff, end);
        // a corrupt page reports its corruption, not the buffer's size: the full check only on this path
        if (outOff < 0 || n > out.length - outOff) decodedLength(in, inOff, inLen);
        Bytes.requireOutput(out.length, outOff, n);
        Bytes.requireEnd(decodeStream(in, inOff, end, n, out, outOff), end, "last miniblock");
        return n;
    }

    /**
     * Decodes the stream at {@code off} whose header {@link DeltaFormat#count} has accepted with
     * count {@code n} into {@code out[o, o+n)}; returns the offset just past the stream's last
     * miniblock (DELTA_BYTE_ARRAY pages hold more after it).
     */
    int decodeStream(byte[] in, int off, int end, int n, long[] out, int o) {
        int blockPos = off;
        int mPos = Leb128.end(in, blockPos);
        int firstPos = Leb128.end(in, Leb128.end(in, mPos));
        int p = Leb128.end(in, firstPos);
        if (n == 0) return p;
        long first = Leb128.readZigZag(in, firstPos, end, "first value");
        out[o] = first;
        return decodeBlocks(in, off, p, end, Leb128.readInt(in, blockPos, end, "block size"), Leb128.readInt(in, mPos, end, "miniblocks per block"), n - 1, first, out, o + 1);
    }

    /**
     * Decodes {@code deltas} values from the blocks starting at {@code p} (block-aligned: whole
     * blocks, the last one possibly partial), continuing from the value {@code last}, into
     * {@code out[o, o+deltas)}; returns the offset after the last block read. {@code base} is the
     * page start, for error offsets.
     */
    int decodeBlocks(byte[] in, int base, int p, int end, int block, int m, int deltas, long last, long[] out, int o) {
        int miniSize = block / m;
        while (deltas > 0) {
            int mdPos = p;
            long minDelta;
            if (p < end && in[p] >= 0) { // a one-byte min delta, the common case for narrow columns
                int b = in[p++];
                minDelta = (b >>> 1) ^ -(b & 1);
            } else {
                minDelta = Leb128.readZigZag(in, p, end, "min delta");
                p = Leb128.end(in, p);
            }
            if (m > end - p) throw new CorruptDataException("miniblock widths", p - base, m + " width bytes, " + (end - p) + " remain");
            int widths = p;
            p += m;
            int inBlock = Math.min(block, deltas);
            int needed = (inBlock + miniSize - 1) / miniSize;
            int widthsOr = 0;
            for (int i = 0; i < needed; i++) {
                int w = in[widths + i] & 0xFF;
                if (w > 64) throw new CorruptDataException("miniblock width", widths + i - base, "width " + w + " > 64 in the block whose min delta is at " + (mdPos - base));
                widthsOr |= w;
            }
            if (widthsOr == 0) {
                // every delta is the frame: an arithmetic sequence, the same code in every variant
                last = DeltaScan.arithmetic(out, o, inBlock, minDelta, last);
                o += inBlock;
                deltas -= inBlock;
                continue;
            }
            int blockStart = o;
            for (int i = 0; i < needed; ) {
                int w = in[widths + i] & 0xFF;
                int j = i + 1;
                if (variant != DeltaVariant.MINIBLOCK) while (j < needed && (in[widths + j] & 0xFF) == w) j++;
                long bytes = (j - i) * DeltaFormat.miniblockBytes(miniSize, w);
                if (bytes > end - p) throw DeltaCodec32.missing(base, p, end, i, bytes);
                int len = Math.min((j - i) * miniSize, inBlock - i * miniSize);
                kernel.unpack(in, p, len, w, out, o);
                // the classic decoder sums each miniblock as it goes; the others sum the whole block once
                if (variant == DeltaVariant.MINIBLOCK) last = DeltaScan.scalar(out, o, len, minDelta, last);
                p += (int) bytes;
                o += len;
                i = j;
            }
            if (variant == DeltaVariant.COALESCED) last = DeltaScan.scalar(out, blockStart, inBlock, minDelta, last);
            else if (variant == DeltaVariant.VSCAN) last = DeltaScan.vector(out, blockStart, inBlock, minDelta, last);
            deltas -= inBlock;
        }
        return p;
    }
}
