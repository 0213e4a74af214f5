package io.lanes.workbench.codec.fastlanes;

import io.lanes.workbench.codec.FlOrder;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.CorruptDataException;

/**
 * The FastLanes delta page format {@link FlDeltaCodec32} and {@link FlDeltaCodec64} share (T = value
 * bytes, L = lanes = 1024 / (8T), integers little-endian; docs/formats.md has the byte-exact layout):
 * <pre>
 * page   := count:int32  lanes:u8 (1 FL_ORDER runs, 2 strided)  block[floor(count / 1024)]  [tail if count % 1024 != 0]
 * block  := deltaWidth:u8  anchorWidth:u8  exceptions:u16  base:T  frame:T  anchorFrame:T  anchors[L * anchorWidth / 8]
 *           deltas[128 * deltaWidth]  position[exceptions]:u16  high[exceptions]:T
 * tail   := width:u8  exceptions:u16  base:T  frame:T  deltas[ceil(len * width / 8)]  position[exceptions]:u16  high[exceptions]:T
 * </pre>
 * Every value of a block has a predecessor: the value before it in file order (FL_ORDER runs) or
 * LANES positions before it (strided); the page's first value (first LANES values, strided) has none
 * and counts as preceded by itself minus the frame, so its delta is the frame. {@code deltas} packs
 * {@code value - predecessor - frame} in FastLanes layout (FL_ORDER or interleaved file order), so each
 * lane is one chain. A lane's anchor is its first value's predecessor; in chain order (lanes by their
 * first value's index) anchor 0 is {@code base}, and anchor slot k &gt; 0 of {@code anchors}
 * (sequential, {@code anchorWidth} bits each; slot 0 holds 0) packs
 * {@code anchor[k] - anchor[k-1] - anchorFrame}. The tail packs {@code value - previous - frame}
 * sequentially, the previous value of its first being {@code base}. A delta whose difference from the
 * frame needs more than the width is an exception: {@code position} (file order within the block or
 * tail) and {@code high}, the bits the packing dropped ({@code delta - frame} with its low width bits
 * cleared), which decoding adds to that value and every later one of its chain. Stateless.
 */
final class FlDeltaPages {
    /** Values per block. */
    static final int BLOCK = FlOrder.BLOCK;
    /** Bytes before the first block. */
    static final int HEADER = 5;
    /** The lanes byte of FL_ORDER runs (contiguous lanes) and strided lanes. */
    static final int FL_ORDER = 1;
    static final int STRIDED = 2;

    private FlDeltaPages() {
    }

    /** Bytes of a block's header fields before its anchors. */
    static int blockHeader(int valueBytes) {
        return 4 + 3 * valueBytes;
    }

    /** Bytes of a tail's header fields before its deltas. */
    static int tailHeader(int valueBytes) {
        return 3 + 2 * valueBytes;
    }

    /** Bytes of one exception: a 16-bit position and the dropped high bits. */
    static int exceptionBytes(int valueBytes) {
        return 2 + valueBytes;
    }

    /** Bytes of a block's anchor slots at {@code width}: {@code lanes} slots of {@code width} bits. */
    static int anchorBytes(int lanes, int width) {
        return lanes * width / 8;
    }

    /** Exact worst case: every block and the tail at full width (exceptions only ever make a block smaller). */
    static int maxEncodedBytes(int n, int valueBytes, int lanes) {
        if (n < 0) throw new IllegalArgumentException("negative value count " + n);
        long full = n / BLOCK;
        int tail = n % BLOCK;
        long bytes = HEADER + full * (blockHeader(valueBytes) + anchorBytes(lanes, 8 * valueBytes) + 128L * 8 * valueBytes);
        if (tail > 0) bytes += tailHeader(valueBytes) + (long) tail * valueBytes;
        return Bytes.arraySize(bytes);
    }

    static void header(byte[] out, int at, int n, int lanesCode) {
        Bytes.putInt(out, at, n);
        out[at + 4] = (byte) lanesCode;
    }

    /**
     * Validated value count of the page: not negative, every block's and the tail's header fit, so a
     * caller may size a buffer from it; the lanes byte must be {@code lanesCode}.
     */
    static int count(byte[] in, int inOff, int inLen, int valueBytes, int lanesCode) {
        int end = inOff + inLen;
        Bytes.require(inOff, HEADER, end, "page header");
        int n = Bytes.getInt(in, inOff);
        if (n < 0) throw new CorruptDataException("value count", inOff, "negative count " + n);
        int lanes = in[inOff + 4] & 0xFF;
        if (lanes != lanesCode) {
            throw new CorruptDataException("lanes", inOff + 4, "lanes byte " + lanes + ", this decoder reads " + lanesCode
                    + " (" + (lanesCode == FL_ORDER ? "FL_ORDER runs" : "strided") + ")");
        }
        long need = (long) (n / BLOCK) * blockHeader(valueBytes) + (n % BLOCK > 0 ? tailHeader(valueBytes) : 0);
        Bytes.require(inOff + HEADER, need, end, "block headers");
        return n;
    }

    /** The most values a page of {@code pageBytes} bytes holds: every full block costs its header, the tail is shorter than a block. */
    static long maxDecodedLength(int pageBytes, int valueBytes) {
        return Math.max(0, pageBytes - HEADER) / blockHeader(valueBytes) * (long) BLOCK + BLOCK - 1;
    }

    /** The width byte at {@code at}, validated to be at most {@code maxWidth}. */
    static int width(byte[] in, int at, int maxWidth, String field) {
        int w = in[at] & 0xFF;
        if (w > maxWidth) throw new CorruptDataException(field, at, "width " + w + " > " + maxWidth);
        return w;
    }

    /** The exception count at {@code at} of a block or tail of {@code len} values, validated. */
    static int exceptions(byte[] in, int at, int len) {
        int e = u16(in, at);
        if (e > len) throw new CorruptDataException("exception count", at, e + " exceptions in " + len + " values");
        return e;
    }

    /** The exception position at {@code at}, validated to lie inside {@code len} values. */
    static int position(byte[] in, int at, int len) {
        int pos = u16(in, at);
        if (pos >= len) throw new CorruptDataException("exception position", at, "position " + pos + " outside " + len + " values");
        return pos;
    }

    /** The little-endian unsigned 16-bit field at {@code at}, unchecked. */
    static int u16(byte[] in, int at) {
        return (in[at] & 0xFF) | (in[at + 1] & 0xFF) << 8;
    }

    static void putU16(byte[] out, int at, int v) {
        out[at] = (byte) v;
        out[at + 1] = (byte) (v >>> 8);
    }

    /** Checks {@code bytes} more bytes at {@code p}; builds the message only on failure. */
    static void require(int p, long bytes, int end, String field) {
        if (p + bytes > end) Bytes.require(p, bytes, end, field);
    }

    /** Checks that the blocks ended exactly at the page's end. */
    static void requireEnd(int p, int end) {
        Bytes.requireEnd(p, end, "last block");
    }

    /**
     * Lane of each chain: chain k is the lane whose first value has the k-th smallest index in the
     * block. FL_ORDER: the lane holding the run that starts at {@code k * 1024 / lanes}; strided: lane k.
     */
    static int[] chainLanes(boolean strided, int typeBits) {
        int lanes = BLOCK / typeBits;
        int[] out = new int[lanes];
        for (int k = 0; k < lanes; k++) out[k] = strided ? k : FlOrder.toTransposed(k * (BLOCK / lanes), typeBits);
        return out;
    }

    /** Index within a block of chain k's first value. */
    static int chainFirst(boolean strided, int typeBits, int k) {
        return strided ? k : k * typeBits;
    }
}
