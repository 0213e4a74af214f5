package io.lanes.workbench.codec.frame;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.CorruptDataException;

/**
 * The FOR page framing {@link ForCodec32} and {@link ForCodec64} share:
 * <pre>
 * page  := count:int32le  layout:u8  block[ceil(count / 1024)]
 * block := width:u8  frame:T (little-endian, T = value bytes)  payload
 * payload := 128 * width bytes for a full block (in the page's layout), ceil(len * width / 8) sequential bytes for a tail
 * </pre>
 * The header arithmetic and the checks a decoder runs before trusting a field. Stateless.
 */
final class ForPages {
    /** Values per block. */
    static final int BLOCK = 1024;
    /** Bytes before the first block: count and layout. */
    static final int HEADER = 5;

    private ForPages() {
    }

    static int blocks(int n) {
        return (int) ((n + (long) BLOCK - 1) / BLOCK);
    }

    /** Exact worst case of a page of {@code n} values of {@code valueBytes} bytes: every block at full width. */
    static int maxEncodedBytes(int n, int valueBytes) {
        if (n < 0) throw new IllegalArgumentException("negative value count " + n);
        return Bytes.arraySize(HEADER + (long) blocks(n) * (1 + valueBytes) + (long) n * valueBytes);
    }

    /** Writes the page header. */
    static void header(byte[] out, int at, int n, ForLayout layout) {
        Bytes.putInt(out, at, n);
        out[at + 4] = (byte) layout.code();
    }

    /**
     * Validated value count: not negative, and small enough that every block's header fits in the
     * page, so a caller may size a buffer from it.
     */
    static int count(byte[] in, int inOff, int inLen, int valueBytes) {
        int end = inOff + inLen;
        Bytes.require(inOff, HEADER, end, "page header");
        int n = Bytes.getInt(in, inOff);
        if (n < 0) throw new CorruptDataException("value count", inOff, "negative count " + n);
        Bytes.require(inOff + HEADER, (long) blocks(n) * (1 + valueBytes), end, "block headers");
        return n;
    }

    /** The most values a page of {@code pageBytes} bytes holds: every block costs at least its header. */
    static long maxDecodedLength(int pageBytes, int valueBytes) {
        return Math.max(0, pageBytes - HEADER) / (1 + valueBytes) * (long) BLOCK;
    }

    /** The page's layout, validated. */
    static ForLayout layout(byte[] in, int inOff) {
        int code = in[inOff + 4] & 0xFF;
        ForLayout l = ForLayout.of(code);
        if (l == null) throw new CorruptDataException("layout", inOff + 4, "unknown layout " + code + " (0 sequential, 1 interleaved, 2 FL_ORDER)");
        return l;
    }

    /** The block header's width at {@code at}, validated to be at most {@code maxWidth}. */
    static int width(byte[] in, int at, int maxWidth) {
        int w = in[at] & 0xFF;
        if (w > maxWidth) throw new CorruptDataException("block width", at, "width " + w + " > " + maxWidth);
        return w;
    }

    /** Payload bytes of a block of {@code len} values at {@code width}. */
    static int payloadBytes(int len, int width) {
        return (int) (((long) len * width + 7) >>> 3);
    }

    /** Checks that a payload of {@code bytes} at {@code p} ends by {@code end}; builds the message only on failure. */
    static void requirePayload(int p, int bytes, int end, int block) {
        if (p + (long) bytes > end) Bytes.require(p, bytes, end, "block " + block + " payload");
    }

    /** Checks that the blocks ended exactly at the page's end. */
    static void requireEnd(int p, int end) {
        Bytes.requireEnd(p, end, "last block");
    }
}
