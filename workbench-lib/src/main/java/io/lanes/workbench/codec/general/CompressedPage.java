package io.lanes.workbench.codec.general;

import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.CorruptDataException;

/**
 * The page frame the general-purpose baselines share ({@link Compressed32}, {@link Compressed64},
 * {@link CompressedByteArray}): a ULEB128 count, then the compressed inner page, and each decoding
 * thread's reused byte[] for the decompressed inner page. Stateless but for that per-thread buffer,
 * which a caller may use only until its next {@link #scratch} call on the same thread.
 */
final class CompressedPage {
    private static final ThreadLocal<byte[][]> SCRATCH = ThreadLocal.withInitial(() -> new byte[1][0]);

    private CompressedPage() {
    }

    /** The page's ULEB128 value count at {@code in[inOff]}. */
    static int count(byte[] in, int inOff, int inLen) {
        return varint(in, inOff, 0, inLen, "value count");
    }

    /** The ULEB128 int at {@code in[inOff + at]} of a page of {@code inLen} bytes; errors name {@code field} and offsets from {@code inOff}. */
    static int varint(byte[] in, int inOff, int at, int inLen, String field) {
        long v = 0;
        for (int i = 0; i < 5; i++) {
            if (at + i >= inLen) throw new CorruptDataException(field, at + i, "varint runs past the page");
            int b = in[inOff + at + i];
            v |= (long) (b & 0x7F) << (7 * i);
            if (b >= 0) {
                if (v > Integer.MAX_VALUE) throw new CorruptDataException(field, at, v + " is more than an int");
                return (int) v;
            }
        }
        throw new CorruptDataException(field, at, "varint longer than 5 bytes");
    }

    /** Writes {@code v} as ULEB128 at {@code p}; returns the offset after it. */
    static int putCount(long v, byte[] out, int p) {
        while ((v & ~0x7FL) != 0) {
            out[p++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out[p++] = (byte) v;
        return p;
    }

    /** The most values a page of {@code pageBytes} holds: the count's byte, then at most the compressor's expansion. */
    static long maxDecodedLength(Compressor compressor, int pageBytes, int valueBytes) {
        return Math.min(Integer.MAX_VALUE, (long) compressor.maxExpansion() * Math.max(0, pageBytes - 1) / valueBytes);
    }

    /**
     * The page's count, checked against what its frame can hold before anything is sized from it:
     * the inner page of that count must fit an array, the compressor's expansion of the frame and a
     * zstd frame's declared content size.
     */
    static int checkedCount(Compressor compressor, Codec inner, byte[] in, int inOff, int inLen, String frameField) {
        int n = count(in, inOff, inLen);
        int c = countBytes(in, inOff);
        long rawLen;
        try {
            rawLen = inner.maxEncodedBytes(n);
        } catch (IllegalArgumentException e) { // the count's inner page would exceed an array
            throw new CorruptDataException("value count", 0, n + " values: " + e.getMessage());
        }
        compressor.checkSize(in, inOff + c, inLen - c, rawLen, frameField, c);
        return n;
    }

    /** Bytes of the ULEB128 count at {@code in[inOff]}. */
    static int countBytes(byte[] in, int inOff) {
        int p = inOff;
        while (in[p] < 0) p++;
        return p + 1 - inOff;
    }

    /** This thread's buffer of at least {@code n} bytes, its content undefined; valid until the thread's next call. */
    static byte[] scratch(int n) {
        byte[][] s = SCRATCH.get();
        if (s[0].length < n) s[0] = new byte[n];
        return s[0];
    }
}
