package io.lanes.workbench.codec.parquet;

import io.lanes.workbench.parquet.Leb128;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.CorruptDataException;

/**
 * The DELTA_BINARY_PACKED layout (Parquet Encodings.md), shared by the int32 and int64 codecs:
 *
 * <pre>
 * page   := header block*
 * header := blockSize:ULEB128  miniblocksPerBlock:ULEB128  totalCount:ULEB128  first:zigzag-ULEB128
 * block  := minDelta:zigzag-ULEB128  width[miniblocksPerBlock]:uint8  miniblock*
 * </pre>
 * blockSize is a positive multiple of 128, miniblocksPerBlock divides it and leaves a multiple of 32
 * values per miniblock. Values 1.. are stored as deltas from their predecessor minus the block's
 * minDelta, bit-packed LSB-first at the miniblock's width; every miniblock that holds a value is
 * written in full (padded), miniblocks past the last value are absent and their widths are ignored.
 * Arithmetic wraps in the value type. Stateless helpers; thread-safe.
 */
final class DeltaFormat {
    /** Parquet's and parquet-java's defaults. */
    static final int DEFAULT_BLOCK = 128, DEFAULT_MINIBLOCKS = 4;

    private DeltaFormat() {
    }

    /** Throws IllegalArgumentException unless (blockSize, miniblocks) is a legal encoder configuration. */
    static void checkConfig(int blockSize, int miniblocks) {
        if (blockSize <= 0 || blockSize % 128 != 0) throw new IllegalArgumentException("block size " + blockSize + " is not a positive multiple of 128");
        if (miniblocks <= 0 || blockSize % miniblocks != 0 || (blockSize / miniblocks) % 32 != 0) {
            throw new IllegalArgumentException("miniblock count " + miniblocks + " must divide block size " + blockSize + " into multiples of 32 values");
        }
    }

    /**
     * Validates the header at {@code off} and returns its value count. Checks the block size and
     * miniblock count, and bounds the count by the page: every block costs at least its min delta
     * byte and its width bytes.
     */
    static int count(byte[] in, int off, int end) {
        int p = off;
        int block = Leb128.readInt(in, p, end, "block size");
        if (block == 0 || block % 128 != 0) throw new CorruptDataException("block size", p - off, "block size " + block + " is not a positive multiple of 128");
        p = Leb128.end(in, p);
        int mPos = p;
        int m = Leb128.readInt(in, p, end, "miniblocks per block");
        if (m == 0 || block % m != 0 || (block / m) % 32 != 0) {
            throw new CorruptDataException("miniblocks per block", mPos - off, m + " miniblocks do not divide block size " + block + " into multiples of 32 values");
        }
        p = Leb128.end(in, p);
        int cPos = p;
        int n = Leb128.readInt(in, p, end, "total value count");
        p = Leb128.end(in, p);
        Leb128.read(in, p, end, 10, "first value");
        p = Leb128.end(in, p);
        if (n > 1) {
            long blocks = ((long) n - 1 + block - 1) / block;
            if (blocks * (1L + m) > end - p) {
                throw new CorruptDataException("total value count", cPos - off, n + " values need " + blocks + " blocks of at least " + (1 + m) + " bytes but " + (end - p) + " bytes remain");
            }
        }
        return n;
    }

    /**
     * The count of the stream at {@code off}, validated against its blocks, not only its header: a
     * block of any size costs a few bytes at width 0, so the header alone cannot bound the count.
     * Walks the block headers without unpacking (a fraction of a decode's cost); for callers that
     * size a buffer from the count. Widths up to 64 pass the walk whatever the value type, so one
     * check serves int32 and int64 streams alike (an adapter checks int64 pages with the int32
     * codec's); the int32 decoder rejects a width over 32 when it meets it. Decoders validate as
     * they go and skip this walk.
     */
    static int validatedCount(byte[] in, int off, int end) {
        int n = count(in, off, end);
        streamEnd(in, off, end, n, 64);
        return n;
    }

    /**
     * Offset just past the stream of {@code valueBits}-bit values at {@code off} whose header
     * {@link #count} accepted with count {@code n}, found by walking block headers without
     * unpacking, with the same checks as decoding. DELTA_BYTE_ARRAY needs it to find the stream that
     * follows.
     */
    static int streamEnd(byte[] in, int off, int end, int n, int valueBits) {
        int block = Leb128.readInt(in, off, end, "block size");
        int m = Leb128.readInt(in, Leb128.end(in, off), end, "miniblocks per block");
        int miniSize = block / m;
        int p = dataStart(in, off);
        for (long deltas = Math.max(0, n - 1L); deltas > 0; deltas -= block) {
            Leb128.read(in, p, end, 10, "min delta");
            p = Leb128.end(in, p);
            Bytes.require(p - off, m, end - off, "miniblock widths");
            int widths = p;
            p += m;
            int needed = (int) ((Math.min(block, deltas) + miniSize - 1) / miniSize);
            for (int i = 0; i < needed; i++) {
                int w = in[widths + i] & 0xFF;
                if (w > valueBits) throw new CorruptDataException("miniblock width", widths + i - off, "width " + w + " > " + valueBits);
                long bytes = miniblockBytes(miniSize, w);
                if (bytes > end - p) throw DeltaCodec32.missing(off, p, end, i, bytes);
                p += (int) bytes;
            }
        }
        return p;
    }

    /** Offset just past the header at {@code off}; call after {@link #count} accepted it. */
    static int dataStart(byte[] in, int off) {
        int p = off;
        for (int f = 0; f < 4; f++) p = Leb128.end(in, p);
        return p;
    }

    /** Bytes a miniblock of {@code miniSize} values takes at {@code width} bits. */
    static long miniblockBytes(int miniSize, int width) {
        return (long) miniSize * width >>> 3;
    }

    /** Exact worst-case page size for {@code n} values with {@code valueBits}-bit values. */
    static int maxBytes(int n, int blockSize, int miniblocks, int valueBits) {
        if (n < 0) throw new IllegalArgumentException("negative value count " + n);
        int zz = valueBits == 32 ? 5 : 10;
        long bytes = Leb128.size(blockSize) + Leb128.size(miniblocks) + Leb128.size(n) + zz;
        if (n > 1) {
            long deltas = n - 1L;
            long blocks = (deltas + blockSize - 1) / blockSize;
            int miniSize = blockSize / miniblocks;
            long minis = (deltas + miniSize - 1) / miniSize;
            bytes += blocks * (zz + miniblocks) + minis * miniblockBytes(miniSize, valueBits);
        }
        return Bytes.arraySize(bytes);
    }

    /** Writes the header; returns the position after it. */
    static int writeHeader(int blockSize, int miniblocks, int n, long zigzagFirst, byte[] out, int p) {
        p = Leb128.write(blockSize, out, p);
        p = Leb128.write(miniblocks, out, p);
        p = Leb128.write(n, out, p);
        return Leb128.write(zigzagFirst, out, p);
    }
}
