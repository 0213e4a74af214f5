package io.lanes.workbench.codec.bitpack;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.CorruptDataException;

import java.util.function.IntBinaryOperator;

/**
 * The block-page framing {@link BlockPageCodec32} and {@link BlockPageCodec64} share: the header
 * arithmetic and the checks a decoder runs before trusting a field. Stateless.
 */
final class BlockPages {
    /** Values per block. */
    static final int BLOCK = 1024;

    private BlockPages() {
    }

    /** Exact worst case of a page of {@code n} values whose blocks are all at {@code maxWidth}. */
    static int maxEncodedBytes(int n, int maxWidth, IntBinaryOperator packedBytes) {
        if (n < 0) throw new IllegalArgumentException("negative value count " + n);
        long blocks = (n + (long) BLOCK - 1) / BLOCK;
        long payload = (long) (n / BLOCK) * packedBytes.applyAsInt(BLOCK, maxWidth);
        int tail = n % BLOCK;
        if (tail > 0) payload += packedBytes.applyAsInt(tail, maxWidth);
        return Bytes.arraySize(4 + blocks + payload);
    }

    /** Validated value count of the page at {@code in[inOff, inOff+inLen)}. */
    static int decodedLength(byte[] in, int inOff, int inLen) {
        int end = inOff + inLen;
        Bytes.require(inOff, 4, end, "value count");
        int n = Bytes.getInt(in, inOff);
        if (n < 0) throw new CorruptDataException("value count", inOff, "negative count " + n);
        // every block costs at least its width byte, so the count is bounded by the page length
        Bytes.require(inOff + 4, blocks(n), end, "block widths");
        return n;
    }

    /** The most values a page of {@code pageBytes} bytes holds: every block costs at least its width byte. */
    static long maxDecodedLength(int pageBytes) {
        return Math.min(Integer.MAX_VALUE, Math.max(0, pageBytes - 4) * (long) BLOCK);
    }

    /** Number of blocks of a page of {@code n} values. */
    static int blocks(int n) {
        return (int) ((n + (long) BLOCK - 1) / BLOCK);
    }

    /**
     * Checks that the payload of {@code bytes} bytes at {@code p}, starting with block {@code b}'s, ends
     * by {@code end}; the message is built only on failure, since this runs once per block or run.
     */
    static void requirePayload(int p, long bytes, int end, int b) {
        if (p + bytes > end) Bytes.require(p, bytes, end, "block " + b + " payload");
    }

    /** The width byte at {@code at}, checked to be at most {@code maxWidth}. */
    static int width(byte[] in, int at, int maxWidth) {
        int width = in[at] & 0xFF;
        if (width > maxWidth) throw new CorruptDataException("block width", at, "width " + width + " > " + maxWidth);
        return width;
    }
}
