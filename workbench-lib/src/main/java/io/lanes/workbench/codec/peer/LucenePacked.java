package io.lanes.workbench.codec.peer;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.LongCodec;
import org.apache.lucene.util.packed.PackedInts;

import java.util.Arrays;

/**
 * Apache Lucene's {@link PackedInts} bulk encoders and decoders as peers: {@code peer.lucene.packed}
 * and {@code peer.lucene.packed-single-block} (int32), {@code peer.lucene.packed64} (int64; PACKED
 * only: PACKED_SINGLE_BLOCK offers no width above 32, so it cannot hold an int64 column's values in
 * general). A page is {@link LuceneLayout}'s frame around
 * exactly the bytes Lucene's {@code PackedInts.getWriterNoHeader} writes for the values at the
 * page's width, the narrowest the format offers for the OR of the values taken as unsigned
 * ({@code PackedInts.unsignedBitsRequired}): a negative value packs at the full 32 or 64 bits.
 *
 * <p>Encode and decode run {@link PackedInts#getEncoder}/{@link PackedInts#getDecoder}'s bulk
 * {@code encode}/{@code decode}, which work in whole iterations (a fixed number of values in a fixed
 * number of bytes, e.g. 8 values in 7 bytes at 7 bits); all full iterations go straight between
 * the page and the caller's array in one call. What the adapter adds to the peer's decode: the
 * header checks ({@link LuceneLayout#count}), and for the last, partial iteration (when the count is
 * not a multiple of the iteration's values) a copy of its at most 64 bytes into a zeroed per-thread
 * block, one more decode call into a per-thread array and a copy of the values the page holds out of
 * it, as Lucene's own {@code ReaderIterator} buffers that iteration. Nothing allocated per call once
 * a thread has decoded once. Any RuntimeException Lucene throws becomes a
 * {@link CorruptDataException} naming the peer.
 *
 * <p>Thread-safe: the per-thread blocks are the only mutable state.
 */
public final class LucenePacked {
    /** The largest iteration of any format and width: bytes in and values out (PACKED_SINGLE_BLOCK at 1 bit: 8 bytes, 64 values). */
    private static final int MOST = 64;

    private LucenePacked() {
    }

    /** A per-thread block for the partial iteration. */
    private static final class Scratch {
        final byte[] bytes = new byte[MOST];
        final int[] ints = new int[MOST];
        final long[] longs = new long[MOST];
    }

    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    /** The name's format: PACKED_SINGLE_BLOCK is deprecated in Lucene 10 and read and written still. */
    @SuppressWarnings("deprecation")
    private static PackedInts.Format format(LuceneLayout layout) {
        return switch (layout) {
            case PACKED -> PackedInts.Format.PACKED;
            case PACKED_SINGLE_BLOCK -> PackedInts.Format.PACKED_SINGLE_BLOCK;
            case DIRECT -> throw new IllegalArgumentException("DirectWriter is LuceneDirect's");
        };
    }

    private static String describe(LuceneLayout layout) {
        return "peer: " + LuceneLayout.LIBRARY + "'s PackedInts " + layout + " bulk encoder and decoder at the page's width, framed as count + width";
    }

    private static CorruptDataException thrown(String name, RuntimeException e) {
        return new CorruptDataException(name + " packed values", LuceneLayout.HEADER, "the peer library threw " + e + " on a page the adapter had checked");
    }

    /** {@code peer.lucene.packed} and {@code peer.lucene.packed-single-block}: int32 values as unsigned, widths up to 32. */
    public static final class Int32 implements IntCodec {
        private final String name;
        private final LuceneLayout layout;
        private final PackedInts.Format format;

        /** @param layout {@link LuceneLayout#PACKED} or {@link LuceneLayout#PACKED_SINGLE_BLOCK} */
        Int32(LuceneLayout layout) {
            this.layout = layout;
            this.format = format(layout);
            this.name = layout == LuceneLayout.PACKED ? "peer.lucene.packed" : "peer.lucene.packed-single-block";
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public String description() {
            return describe(layout);
        }

        @Override
        public int maxEncodedBytes(int n) {
            return layout.maxPageBytes(n, 32);
        }

        @Override
        public long maxDecodedLength(int pageBytes) {
            return LuceneLayout.maxValues(pageBytes);
        }

        @Override
        public int encode(int[] values, int off, int n, byte[] out, int outOff) {
            Bytes.requireEncodeSpace(out.length, outOff, maxEncodedBytes(n));
            int or = 0;
            for (int i = 0; i < n; i++) or |= values[off + i];
            int bits = layout.widthOf(Integer.toUnsignedLong(or));
            LuceneLayout.putHeader(out, outOff, n, bits);
            PackedInts.Encoder e = PackedInts.getEncoder(format, PackedInts.VERSION_CURRENT, bits);
            int full = n / e.byteValueCount(), at = outOff + LuceneLayout.HEADER + full * e.byteBlockCount();
            e.encode(values, off, out, outOff + LuceneLayout.HEADER, full);
            int rest = n - full * e.byteValueCount();
            int tail = (int) layout.dataBytes(n, bits) - full * e.byteBlockCount();
            if (rest > 0) {
                // the last iteration from zeros, written only as far as Lucene's writer would
                int[] v = new int[e.byteValueCount()];
                System.arraycopy(values, off + full * e.byteValueCount(), v, 0, rest);
                byte[] b = new byte[e.byteBlockCount()];
                e.encode(v, 0, b, 0, 1);
                System.arraycopy(b, 0, out, at, tail);
            }
            return LuceneLayout.HEADER + full * e.byteBlockCount() + tail;
        }

        @Override
        public int decodedLength(byte[] in, int inOff, int inLen) {
            return layout.count(name, in, inOff, inLen, 32);
        }

        @Override
        public int decode(byte[] in, int inOff, int inLen, int[] out, int outOff) {
            int n = decodedLength(in, inOff, inLen);
            Bytes.requireOutput(out.length, outOff, n);
            int bits = LuceneLayout.bits(in, inOff);
            try {
                PackedInts.Decoder d = PackedInts.getDecoder(format, PackedInts.VERSION_CURRENT, bits);
                int full = n / d.byteValueCount(), at = inOff + LuceneLayout.HEADER + full * d.byteBlockCount();
                d.decode(in, inOff + LuceneLayout.HEADER, out, outOff, full);
                int rest = n - full * d.byteValueCount();
                if (rest > 0) {
                    Scratch s = SCRATCH.get();
                    Arrays.fill(s.bytes, (byte) 0);
                    System.arraycopy(in, at, s.bytes, 0, inOff + inLen - at);
                    d.decode(s.bytes, 0, s.ints, 0, 1);
                    System.arraycopy(s.ints, 0, out, outOff + full * d.byteValueCount(), rest);
                }
            } catch (RuntimeException e) {
                throw thrown(name, e);
            }
            return n;
        }
    }

    /** {@code peer.lucene.packed64}: int64 values as unsigned, widths up to 64. */
    public static final class Int64 implements LongCodec {
        private final String name = "peer.lucene.packed64";
        private final LuceneLayout layout = LuceneLayout.PACKED;
        private final PackedInts.Format format = PackedInts.Format.PACKED;

        @Override
        public String name() {
            return name;
        }

        @Override
        public String description() {
            return describe(layout);
        }

        @Override
        public int maxEncodedBytes(int n) {
            return layout.maxPageBytes(n, 64);
        }

        @Override
        public long maxDecodedLength(int pageBytes) {
            return LuceneLayout.maxValues(pageBytes);
        }

        @Override
        public int encode(long[] values, int off, int n, byte[] out, int outOff) {
            Bytes.requireEncodeSpace(out.length, outOff, maxEncodedBytes(n));
            long or = 0;
            for (int i = 0; i < n; i++) or |= values[off + i];
            int bits = layout.widthOf(or);
            LuceneLayout.putHeader(out, outOff, n, bits);
            PackedInts.Encoder e = PackedInts.getEncoder(format, PackedInts.VERSION_CURRENT, bits);
            int full = n / e.byteValueCount(), at = outOff + LuceneLayout.HEADER + full * e.byteBlockCount();
            e.encode(values, off, out, outOff + LuceneLayout.HEADER, full);
            int rest = n - full * e.byteValueCount();
            int tail = (int) layout.dataBytes(n, bits) - full * e.byteBlockCount();
            if (rest > 0) {
                long[] v = new long[e.byteValueCount()];
                System.arraycopy(values, off + full * e.byteValueCount(), v, 0, rest);
                byte[] b = new byte[e.byteBlockCount()];
                e.encode(v, 0, b, 0, 1);
                System.arraycopy(b, 0, out, at, tail);
            }
            return LuceneLayout.HEADER + full * e.byteBlockCount() + tail;
        }

        @Override
        public int decodedLength(byte[] in, int inOff, int inLen) {
            return layout.count(name, in, inOff, inLen, 64);
        }

        @Override
        public int decode(byte[] in, int inOff, int inLen, long[] out, int outOff) {
            int n = decodedLength(in, inOff, inLen);
            Bytes.requireOutput(out.length, outOff, n);
            int bits = LuceneLayout.bits(in, inOff);
            try {
                PackedInts.Decoder d = PackedInts.getDecoder(format, PackedInts.VERSION_CURRENT, bits);
                int full = n / d.byteValueCount(), at = inOff + LuceneLayout.HEADER + full * d.byteBlockCount();
                d.decode(in, inOff + LuceneLayout.HEADER, out, outOff, full);
                int rest = n - full * d.byteValueCount();
                if (rest > 0) {
                    Scratch s = SCRATCH.get();
                    Arrays.fill(s.bytes, (byte) 0);
                    System.arraycopy(in, at, s.bytes, 0, inOff + inLen - at);
                    d.decode(s.bytes, 0, s.longs, 0, 1);
                    System.arraycopy(s.longs, 0, out, outOff + full * d.byteValueCount(), rest);
                }
            } catch (RuntimeException e) {
                throw thrown(name, e);
            }
            return n;
        }
    }
}
