package io.lanes.workbench.codec.peer;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.CorruptDataException;
import org.apache.lucene.util.Version;
import org.apache.lucene.util.packed.DirectWriter;
import org.apache.lucene.util.packed.PackedInts;

/**
 * The packed layouts of Apache Lucene the {@code peer.lucene.*} arms run, and the page frame they
 * share:
 *
 * <pre>
 * page := count:int32le  bitsPerValue:uint8  data[*]   (data: exactly what Lucene writes for count values at that width)
 * </pre>
 *
 * <p>Lucene keeps the count and the width outside its packed data (in a segment's metadata file),
 * and its readers trust them: they read whatever bytes the count and width point at. So every field
 * is checked here before Lucene sees the page: a count from 0, a width the layout supports and no
 * wider than the value type, and a data section of exactly the bytes Lucene's writer produces for
 * them, nothing more (bytes after the data would be ignored, not decoded). Every byte of a data
 * section that passes decodes to some value: a corrupt page past the header is a page of other
 * values, as it is for Lucene.
 *
 * <p>Immutable, thread-safe.
 */
enum LuceneLayout {
    /** {@link PackedInts.Format#PACKED}: values back to back, big-endian bits, any width 1 to 64. */
    PACKED {
        @Override
        boolean supports(int bits) {
            return bits >= 1 && bits <= 64;
        }

        @Override
        long dataBytes(int n, int bits) {
            return PackedInts.Format.PACKED.byteCount(PackedInts.VERSION_CURRENT, n, bits);
        }
    },
    /**
     * {@link PackedInts.Format#PACKED_SINGLE_BLOCK} (deprecated in Lucene 10, still read and written):
     * as many values as fit in each 64-bit block, none straddling two; the widths it offers only.
     */
    @SuppressWarnings("deprecation")
    PACKED_SINGLE_BLOCK {
        @Override
        boolean supports(int bits) {
            return bits >= 1 && bits <= 64 && PackedInts.Format.PACKED_SINGLE_BLOCK.isSupported(bits);
        }

        @Override
        long dataBytes(int n, int bits) {
            return PackedInts.Format.PACKED_SINGLE_BLOCK.byteCount(PackedInts.VERSION_CURRENT, n, bits);
        }
    },
    /**
     * {@link DirectWriter}: little-endian packing at the widths doc values use, read back by
     * {@link org.apache.lucene.util.packed.DirectReader}, with the padding its writer appends so the
     * reader's last word-sized read stays inside the data.
     */
    DIRECT {
        @Override
        boolean supports(int bits) {
            // DirectWriter rounds a width up to the next one it supports: a supported width is its own rounding
            return bits >= 1 && bits <= 64 && DirectWriter.unsignedBitsRequired(PackedInts.maxValue(bits)) == bits;
        }

        @Override
        long dataBytes(int n, int bits) {
            // DirectWriter.finish pads by the bytes its reader may read past the last value: it reads
            // widths above 32 as longs, above 16 as ints, above 8 as shorts
            int readBits = bits > 32 ? 64 : bits > 16 ? 32 : bits > 8 ? 16 : bits;
            return ((long) n * bits + 7) / 8 + (readBits - bits + 7) / 8;
        }
    };

    /** The frame's header: the count and the width. */
    static final int HEADER = 5;

    /** Lucene's version, as the library names itself (the dependency in the pom). */
    static final String LIBRARY = "Apache Lucene " + Version.LATEST;

    /** Whether this layout packs values at {@code bits} bits (1 to 64). */
    abstract boolean supports(int bits);

    /** The data bytes Lucene's writer produces for {@code n} values at a supported width. */
    abstract long dataBytes(int n, int bits);

    /** The narrowest width this layout supports that holds {@code bits} bits. */
    int widthFor(int bits) {
        for (int w = bits; w <= 64; w++) if (supports(w)) return w;
        throw new IllegalArgumentException(this + " packs no values of " + bits + " bits");
    }

    /** The width for int32 values {@code values[off, off + n)}, taken as unsigned: what their OR needs. */
    int widthOf(int[] values, int off, int n) {
        int or = 0;
        for (int i = 0; i < n; i++) or |= values[off + i];
        return widthFor(PackedInts.unsignedBitsRequired(Integer.toUnsignedLong(or)));
    }

    /** The width for int64 values {@code values[off, off + n)}, taken as unsigned: what their OR needs. */
    int widthOf(long[] values, int off, int n) {
        long or = 0;
        for (int i = 0; i < n; i++) or |= values[off + i];
        return widthFor(PackedInts.unsignedBitsRequired(or));
    }

    /** Exact worst-case page bytes for {@code n} values of {@code valueBits} bits: at the widest width that holds them. */
    int maxPageBytes(int n, int valueBits) {
        if (n < 0) throw new IllegalArgumentException("negative value count " + n);
        long most = 0;
        for (int b = 1; b <= valueBits; b++) if (supports(b)) most = Math.max(most, dataBytes(n, b));
        return Bytes.arraySize(HEADER + most);
    }

    /** The most values a page of {@code pageBytes} can hold: every layout packs 8 one-bit values a byte at most. */
    static long maxValues(int pageBytes) {
        return Math.max(0, 8L * (pageBytes - HEADER));
    }

    /** Writes the header of a page of {@code n} values at {@code bits} bits. */
    static void putHeader(byte[] out, int outOff, int n, int bits) {
        Bytes.putInt(out, outOff, n);
        out[outOff + 4] = (byte) bits;
    }

    /**
     * The page's value count, once every header field and the data's length are checked for values
     * of {@code valueBits} bits; errors name {@code name}'s fields.
     */
    int count(String name, byte[] in, int inOff, int inLen, int valueBits) {
        Bytes.require(0, 4, inLen, "value count");
        int n = Bytes.getInt(in, inOff);
        if (n < 0) throw new CorruptDataException("value count", 0, "negative count " + n);
        if (inLen < HEADER) throw new CorruptDataException(name + " bits per value", 4, "needs 1 byte but only " + (inLen - 4) + " remain");
        int bits = in[inOff + 4] & 0xFF;
        if (bits > valueBits || !supports(bits)) {
            throw new CorruptDataException(name + " bits per value", 4, bits + " bits: " + this + " packs " + valueBits + "-bit values at " + widths(valueBits) + " bits");
        }
        long need = dataBytes(n, bits);
        if (need != inLen - HEADER) {
            throw new CorruptDataException(name + " packed values", HEADER, n + " values at " + bits + " bits take " + need + " bytes, the page has " + (inLen - HEADER));
        }
        return n;
    }

    /** The page's width, for a page {@link #count} accepted. */
    static int bits(byte[] in, int inOff) {
        return in[inOff + 4] & 0xFF;
    }

    /** What an adapter throws when Lucene throws {@code e} on a page {@link #count} accepted: the peer's, named by {@code name}. */
    static CorruptDataException threw(String name, RuntimeException e) {
        return new CorruptDataException(name + " packed values", HEADER, "the peer library threw " + e + " on a page the adapter had checked");
    }

    /** The supported widths up to {@code valueBits}, for messages. */
    private String widths(int valueBits) {
        StringBuilder sb = new StringBuilder();
        for (int b = 1; b <= valueBits; b++) if (supports(b)) sb.append(sb.isEmpty() ? "" : ",").append(b);
        return sb.toString();
    }
}
