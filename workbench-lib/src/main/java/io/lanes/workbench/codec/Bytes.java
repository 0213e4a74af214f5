package io.lanes.workbench.codec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Little-endian loads and stores on byte arrays, and the shared checks codecs run before trusting a
 * length. The var handles compile to single unaligned moves.
 */
public final class Bytes {
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private Bytes() {
    }

    public static int getInt(byte[] b, int off) {
        return (int) INT.get(b, off);
    }

    public static void putInt(byte[] b, int off, int v) {
        INT.set(b, off, v);
    }

    public static long getLong(byte[] b, int off) {
        return (long) LONG.get(b, off);
    }

    public static void putLong(byte[] b, int off, long v) {
        LONG.set(b, off, v);
    }

    /** Checks that {@code need} bytes are readable at {@code pos} before {@code end}. */
    public static void require(int pos, long need, int end, String field) {
        if (need < 0 || pos + need > end) {
            throw new CorruptDataException(field, pos, "needs " + need + " bytes but only " + Math.max(0, end - pos) + " remain");
        }
    }

    /**
     * Checks that a page's last field ended exactly at the page's end ({@code p == end}): bytes after
     * a complete page are corruption, never silently ignored. One comparison; the message is built
     * only on failure.
     */
    public static void requireEnd(int p, int end, String last) {
        if (p != end) throw new CorruptDataException("page length", p, (end - p) + " bytes after the " + last);
    }

    /** Checks the caller's output buffer can take {@code n} values at {@code off}. */
    public static void requireOutput(int arrayLength, int off, int n) {
        if (off < 0 || n > arrayLength - off) {
            throw new IllegalArgumentException("output buffer holds " + Math.max(0, arrayLength - off) + " values after offset " + off + ", page has " + n);
        }
    }

    /** Checks the caller's encode buffer can take the codec's worst case. */
    public static void requireEncodeSpace(int arrayLength, int off, int maxBytes) {
        if (off < 0 || maxBytes > arrayLength - off) {
            throw new IllegalArgumentException("encode buffer has " + Math.max(0, arrayLength - off) + " bytes after offset " + off + ", worst case needs " + maxBytes);
        }
    }

    /** {@code a + b} as an int array size, or an IllegalArgumentException naming the bound. */
    public static int arraySize(long bytes) {
        if (bytes < 0 || bytes > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException("worst-case size " + bytes + " bytes exceeds a Java array");
        }
        return (int) bytes;
    }
}
