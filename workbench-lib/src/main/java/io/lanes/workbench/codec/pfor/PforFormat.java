package io.lanes.workbench.codec.pfor;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.CorruptDataException;

/**
 * The PFOR page format {@link PforCodec32} and {@link PforCodec64} share (T = value bytes, all
 * integers little-endian; docs/formats.md has the byte-exact layout with examples):
 * <pre>
 * page   := version:u8 (1)  valueBytes:u8 (4|8)  log2VectorSize:u8 (7..16)  reserved:u8 (0)  count:int32
 *           offset[ceil(count / 2^log2VectorSize)]:int32   vector...
 * vector := frame:T  flag:u8  coding:u8  exceptions:u16  [base:T if delta]  payload  position[exceptions]:u16  value[exceptions]:T
 * flag   := bits 0..6 width (0..8T; int32 widths leave bit 6 clear), bit 7 packing mode (0 sequential, 1 FastLanes FL_ORDER)
 * coding := 0 values, 1 delta
 * </pre>
 * Offsets count from the page's first byte and must be contiguous: vector v starts where vector v-1
 * ends, the last ends the page. The payload packs {@code value - frame} (or, for a delta vector,
 * {@code delta - frame}, slot 0 holding 0) in {@code width} bits, sequentially in
 * {@code ceil(len * width / 8)} bytes or FastLanes FL_ORDER in {@code 128 * width} bytes (FastLanes only
 * for vectors of exactly 1024 values, never with delta). Exceptions hold positions within the vector
 * (file order) and full values (deltas for a delta vector), written over the unpacked values; a delta
 * vector's values are then {@code base, base + d[1], ...}. Any value is a valid frame: one below the
 * frame wraps far above the window and is an exception (the encoder's frame search puts the frame above
 * low outliers that way).
 *
 * <p>The arithmetic and the checks a decoder runs before trusting a field. Stateless.
 */
final class PforFormat {
    /** The version this code writes and reads. */
    static final int VERSION = 1;
    /** Bytes before the offset array. */
    static final int HEADER = 8;
    /** Smallest and largest log2 vector size; positions are 16-bit, so vectors hold at most 65,536 values. */
    static final int MIN_LOG_VECTOR = 7;
    static final int MAX_LOG_VECTOR = 16;
    /** The default: vectors of 1024 values, one FastLanes block each. */
    static final int DEFAULT_LOG_VECTOR = 10;
    /** Values of a FastLanes-packed vector. */
    static final int FASTLANES_VECTOR = 1024;
    /** Flag bits: the width, and the packing mode bit. */
    static final int WIDTH_BITS = 0x7F;
    static final int FASTLANES = 0x80;
    /** Coding byte values. */
    static final int VALUES = 0;
    static final int DELTA = 1;
    /** Bytes of one exception position. */
    static final int POSITION_BYTES = 2;

    private PforFormat() {
    }

    /** Vectors of a page of {@code n} values. */
    static int vectors(int n, int log) {
        return (int) ((n + (1L << log) - 1) >>> log);
    }

    /** Bytes of a vector's info: frame, flag, coding, exception count. */
    static int infoBytes(int valueBytes) {
        return valueBytes + 4;
    }

    /** Payload bytes of a vector of {@code len} values at {@code width}, packed sequentially or FastLanes (len 1024). */
    static int payloadBytes(int len, int width) {
        return (int) (((long) len * width + 7) >>> 3);
    }

    /**
     * Exact worst case: every vector plain at the full width without exceptions. A vector's encoder
     * never writes more (the cost model's choice costs at most the full width, exceptions included,
     * and delta is taken only when smaller).
     */
    static int maxEncodedBytes(int n, int log, int valueBytes) {
        if (n < 0) throw new IllegalArgumentException("negative value count " + n);
        long nvec = vectors(n, log);
        return Bytes.arraySize(HEADER + nvec * (4 + infoBytes(valueBytes)) + (long) n * valueBytes);
    }

    static void writeHeader(byte[] out, int at, int valueBytes, int log, int n) {
        out[at] = VERSION;
        out[at + 1] = (byte) valueBytes;
        out[at + 2] = (byte) log;
        out[at + 3] = 0;
        Bytes.putInt(out, at + 4, n);
    }

    /**
     * Validates the header of the page at {@code in[inOff, inOff+inLen)} and returns its element
     * count, bounded by the page length (every vector costs at least its offset and info bytes), so a
     * caller may size a buffer from it.
     */
    static int count(byte[] in, int inOff, int inLen, int valueBytes) {
        int end = inOff + inLen;
        Bytes.require(inOff, HEADER, end, "page header");
        int version = in[inOff] & 0xFF;
        if (version != VERSION) throw new CorruptDataException("version", inOff, "version " + version + ", this reader knows " + VERSION);
        int vb = in[inOff + 1] & 0xFF;
        if (vb != valueBytes) throw new CorruptDataException("value byte width", inOff + 1, vb + " bytes, this codec decodes " + valueBytes);
        int log = in[inOff + 2] & 0xFF;
        if (log < MIN_LOG_VECTOR || log > MAX_LOG_VECTOR) {
            throw new CorruptDataException("log2 vector size", inOff + 2, log + " outside " + MIN_LOG_VECTOR + ".." + MAX_LOG_VECTOR);
        }
        int reserved = in[inOff + 3] & 0xFF;
        if (reserved != 0) throw new CorruptDataException("reserved", inOff + 3, "reserved byte is " + reserved + ", must be 0");
        int n = Bytes.getInt(in, inOff + 4);
        if (n < 0) throw new CorruptDataException("element count", inOff + 4, "negative count " + n);
        Bytes.require(inOff + HEADER, (long) vectors(n, log) * (4 + infoBytes(valueBytes)), end, "vector offsets");
        return n;
    }

    /**
     * The most values a page of {@code pageBytes} bytes holds: every vector costs at least its offset
     * and info bytes and holds at most {@code 2^MAX_LOG_VECTOR} values.
     */
    static long maxDecodedLength(int pageBytes, int valueBytes) {
        return Math.min(Integer.MAX_VALUE, (long) Math.max(0, pageBytes - HEADER) / (4 + infoBytes(valueBytes)) << MAX_LOG_VECTOR);
    }

    /** The validated header's log2 vector size. */
    static int logVector(byte[] in, int inOff) {
        return in[inOff + 2];
    }

    /** Checks that offset {@code v} points at {@code expected}, the end of the previous vector (or of the offsets). */
    static void checkOffset(byte[] in, int inOff, int v, int expected) {
        int at = inOff + HEADER + 4 * v;
        int off = Bytes.getInt(in, at);
        if (off != expected - inOff) {
            throw new CorruptDataException("vector offset", at, "vector " + v + " at byte " + Integer.toUnsignedString(off)
                    + ", but the previous one ends at " + (expected - inOff) + " (offsets are contiguous and inside the page)");
        }
    }

    /**
     * The validated flag byte at {@code at} of a vector of {@code len} values: width at most
     * {@code valueBits}; FastLanes only for a 1024-value vector.
     */
    static int flag(byte[] in, int at, int len, int valueBits) {
        int flag = in[at] & 0xFF;
        int width = flag & WIDTH_BITS;
        if (width > valueBits) throw new CorruptDataException("vector width", at, "width " + width + " > " + valueBits);
        if ((flag & FASTLANES) != 0 && len != FASTLANES_VECTOR) {
            throw new CorruptDataException("packing mode", at, "FastLanes packing needs a vector of " + FASTLANES_VECTOR + " values, this one has " + len);
        }
        return flag;
    }

    /** Whether the validated coding byte at {@code at} says delta; FastLanes vectors ({@code flag}) are never delta-coded. */
    static boolean delta(byte[] in, int at, int flag) {
        int coding = in[at] & 0xFF;
        if (coding > DELTA) throw new CorruptDataException("coding", at, "coding " + coding + " (0 values, 1 delta)");
        if (coding == DELTA && (flag & FASTLANES) != 0) throw new CorruptDataException("coding", at, "a FastLanes vector cannot be delta-coded");
        return coding == DELTA;
    }

    /** The validated exception count at {@code at} of a vector of {@code len} values. */
    static int exceptions(byte[] in, int at, int len) {
        int e = u16(in, at);
        if (e > len) throw new CorruptDataException("exception count", at, e + " exceptions in a vector of " + len);
        return e;
    }

    /** The exception position at {@code at}, validated to lie inside a vector of {@code len} values. */
    static int position(byte[] in, int at, int len) {
        int pos = u16(in, at);
        if (pos >= len) throw new CorruptDataException("exception position", at, "position " + pos + " outside a vector of " + len);
        return pos;
    }

    /** Checks that the vectors ended exactly at the page's end. */
    static void requireEnd(int p, int end) {
        Bytes.requireEnd(p, end, "last vector");
    }

    /** Checks {@code bytes} more bytes at {@code p}; builds the message only on failure. */
    static void require(int p, long bytes, int end, String field) {
        if (p + bytes > end) Bytes.require(p, bytes, end, field);
    }

    static int u16(byte[] in, int at) {
        return (in[at] & 0xFF) | (in[at + 1] & 0xFF) << 8;
    }

    static void putU16(byte[] out, int at, int v) {
        out[at] = (byte) v;
        out[at + 1] = (byte) (v >>> 8);
    }
}
