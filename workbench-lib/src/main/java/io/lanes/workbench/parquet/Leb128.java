package io.lanes.workbench.parquet;

import io.lanes.workbench.codec.CorruptDataException;

/**
 * ULEB128 and zigzag varints as the Parquet encodings write them (7 bits a byte, least significant
 * group first, high bit set on every byte but the last). Readers validate: a varint that runs past
 * the end of its page or past the bytes its type can hold is a {@link CorruptDataException} naming
 * the field. Reads return the value; the caller advances by {@link #size(long)} of the bytes read,
 * which {@link #end} reports. Public for the peer adapters, which check pages before handing them to
 * another library. Stateless.
 */
public final class Leb128 {
    private Leb128() {
    }

    /**
     * Reads an unsigned varint of at most {@code maxBytes} bytes at {@code pos}; returns the value in
     * the low 63 bits and never a negative number for {@code maxBytes <= 9}, or the full 64 bits for
     * {@code maxBytes == 10}.
     */
    public static long read(byte[] in, int pos, int end, int maxBytes, String field) {
        long v = 0;
        for (int i = 0, shift = 0; i < maxBytes; i++, shift += 7) {
            if (pos + i >= end) throw new CorruptDataException(field, pos, "varint runs past the end of the page after " + i + " bytes");
            int b = in[pos + i];
            v |= (long) (b & 0x7F) << shift;
            if (b >= 0) return v;
        }
        throw new CorruptDataException(field, pos, "varint longer than " + maxBytes + " bytes");
    }

    /** Position just past the varint starting at {@code pos}; call only after {@link #read} accepted it. */
    public static int end(byte[] in, int pos) {
        while (in[pos] < 0) pos++;
        return pos + 1;
    }

    /** Reads a ULEB128 that must fit a non-negative int (at most 5 bytes). */
    public static int readInt(byte[] in, int pos, int end, String field) {
        long v = read(in, pos, end, 5, field);
        if (v > Integer.MAX_VALUE) throw new CorruptDataException(field, pos, "value " + v + " exceeds " + Integer.MAX_VALUE);
        return (int) v;
    }

    /** Reads a zigzag varint of up to 10 bytes (a zigzag int64; int32 streams truncate the result). */
    public static long readZigZag(byte[] in, int pos, int end, String field) {
        long u = read(in, pos, end, 10, field);
        return (u >>> 1) ^ -(u & 1);
    }

    /** Bytes the ULEB128 of the unsigned value {@code v} takes. */
    public static int size(long v) {
        int n = 1;
        while ((v & ~0x7FL) != 0) {
            v >>>= 7;
            n++;
        }
        return n;
    }

    /** Writes {@code v} as ULEB128 at {@code pos}; returns the position after it. */
    public static int write(long v, byte[] out, int pos) {
        while ((v & ~0x7FL) != 0) {
            out[pos++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out[pos++] = (byte) v;
        return pos;
    }

    /** Zigzag of a signed int64: small magnitudes become small unsigned numbers. */
    public static long zigzag(long v) {
        return (v << 1) ^ (v >> 63);
    }

    /** Zigzag of a signed int32, as an unsigned 32-bit number in a long (parquet-java's writeZigZagVarInt). */
    public static long zigzag(int v) {
        return ((v << 1) ^ (v >> 31)) & 0xFFFF_FFFFL;
    }
}
