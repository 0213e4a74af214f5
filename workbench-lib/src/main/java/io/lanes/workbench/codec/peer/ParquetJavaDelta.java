package io.lanes.workbench.codec.peer;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.LongCodec;
import io.lanes.workbench.codec.parquet.DeltaCodec32;
import io.lanes.workbench.codec.parquet.DeltaCodec64;
import io.lanes.workbench.codec.parquet.ParquetCodecs;
import io.lanes.workbench.codec.parquet.DeltaVariant;
import io.lanes.workbench.parquet.Leb128;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesReader;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForInteger;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForLong;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * parquet-java 1.18.1's DELTA_BINARY_PACKED as peers ({@code peer.parquet.delta},
 * {@code peer.parquet.delta64}). Pages are the raw DELTA_BINARY_PACKED stream, the same format as
 * {@code parquet.delta}, written by parquet-java's writer (block 128, 4 miniblocks).
 *
 * <p>Decode is what a parquet-java column reader does: {@code initFromPage} (which unpacks the
 * whole page into a long[] of its own) and one {@code readInteger()}/{@code readLong()} per value
 * into the caller's buffer. What the adapter adds: checking the whole page first ({@link #check}: a
 * pass over the header, every block's min delta and widths, no packed value read), because
 * parquet-java trusts it: it allocates {@code long[count rounded up to a miniblock + 1]} and an
 * {@code int[miniblocks]}, so a block of 894 million values in an 11-byte page made it allocate 3.4 GiB;
 * a ByteBuffer stream and a new reader per call (the API's: a reader cannot be re-pointed); and
 * checking that the reader consumed exactly the page. Any RuntimeException or IOException from the
 * library becomes a {@link CorruptDataException}. Stateless and thread-safe.
 */
public final class ParquetJavaDelta {
    /** Both twins' {@link io.lanes.workbench.codec.Codec#description()}. */
    private static final String DESCRIPTION = "peer: parquet-java 1.18.1's DELTA_BINARY_PACKED writer and reader (one read call per value), page checked first";

    /**
     * Largest block the adapter hands parquet-java, in values. The spec allows any multiple of 128;
     * writers use 128 (parquet-java, Arrow) or a few thousand, and parquet-java's buffer overshoots
     * the page's values by up to a miniblock (here at most 512 KiB of longs).
     */
    static final int MAX_BLOCK = 1 << 16;
    private static final DeltaCodec32 CHECK = ParquetCodecs.delta32("check", DeltaVariant.MINIBLOCK);

    private ParquetJavaDelta() {
    }

    /** The page's count {@code n} (from {@code parquet.delta}'s header checks) once its block size is at most {@link #MAX_BLOCK}. */
    static int count(String name, byte[] in, int inOff, int inLen, int n) {
        int block = Leb128.readInt(in, inOff, inOff + inLen, "block size");
        if (block > MAX_BLOCK) {
            throw new CorruptDataException(name + " block size", 0, block + " values: parquet-java buffers whole miniblocks, so the adapter hands it blocks of at most " + MAX_BLOCK);
        }
        return n;
    }

    /**
     * Checks every block of a page whose header {@link #count} accepted with {@code n} values, before
     * parquet-java reads it: each block's min delta and width bytes present, the width of every
     * miniblock that holds values at most {@code valueBits} (parquet-java would unpack wider deltas
     * and truncate them), their packed bytes inside the page, and no byte after the last miniblock
     * (the stream ends there; Parquet puts nothing after it in a values section).
     */
    static void check(String name, int valueBits, int n, byte[] in, int inOff, int inLen) {
        int end = inOff + inLen;
        int p = streamEnd(name, valueBits, n, in, inOff, end);
        if (p != end) throw new CorruptDataException(name + " page end", p - inOff, (end - p) + " bytes after the last miniblock");
    }

    /**
     * The offset after the stream at {@code inOff} whose header {@link #count} accepted with {@code n}
     * values, its blocks checked as {@link #check} does (the byte-array encodings put more after it);
     * errors give offsets from {@code inOff}.
     */
    static int streamEnd(String name, int valueBits, int n, byte[] in, int inOff, int end) {
        int p = inOff;
        int block = Leb128.readInt(in, p, end, "block size");
        p = Leb128.end(in, p);
        int m = Leb128.readInt(in, p, end, "miniblocks per block");
        int miniSize = block / m;
        for (int f = 0; f < 3; f++) p = Leb128.end(in, p); // miniblocks, count and first value, which count accepted
        for (long deltas = n - 1L; deltas > 0; deltas -= block) {
            int blockAt = p - inOff;
            Leb128.read(in, p, end, 10, "min delta");
            p = Leb128.end(in, p);
            if (m > end - p) throw new CorruptDataException(name + " miniblock widths", p - inOff, m + " width bytes, " + (end - p) + " remain");
            int used = (int) ((Math.min(block, deltas) + miniSize - 1) / miniSize); // the widths of later miniblocks are ignored
            long bytes = 0;
            for (int k = 0; k < used; k++) {
                int w = in[p + k] & 0xFF;
                if (w > valueBits) throw new CorruptDataException(name + " miniblock width", p + k - inOff, "width " + w + " in a page of " + valueBits + "-bit values");
                bytes += (long) miniSize * w / 8;
            }
            p += m;
            if (bytes > end - p) throw new CorruptDataException(name + " miniblocks", p - inOff, "the block at byte " + blockAt + " needs " + bytes + " bytes, " + (end - p) + " remain");
            p += (int) bytes;
        }
        return p;
    }

    /** A reader over the checked page, initialised; throws if the library fails or does not consume exactly the page. */
    static DeltaBinaryPackingValuesReader open(String name, byte[] in, int inOff, int inLen, int n) {
        // a reader cannot be re-pointed (initFromPage does not reset its position), so one per page, as parquet-java does
        DeltaBinaryPackingValuesReader r = new DeltaBinaryPackingValuesReader();
        ByteBufferInputStream stream = ByteBufferInputStream.wrap(ByteBuffer.wrap(in, inOff, inLen));
        try {
            r.initFromPage(n, stream);
        } catch (IOException | RuntimeException e) {
            throw new CorruptDataException(name + " page", 0, "the peer library threw " + e);
        }
        if (stream.available() != 0) {
            throw new CorruptDataException(name + " page", inLen - stream.available(), "parquet-java stopped " + stream.available() + " bytes before the end of a page the adapter checked: a defect of the peer library");
        }
        return r;
    }

    /** {@code peer.parquet.delta}. */
    public static final class Int32 implements IntCodec {
        @Override
        public String name() {
            return "peer.parquet.delta";
        }

        @Override
        public String description() {
            return DESCRIPTION;
        }

        @Override
        public String pageFormat() {
            return "parquet.delta"; // the raw DELTA_BINARY_PACKED stream, as parquet.delta
        }

        @Override
        public int maxEncodedBytes(int n) {
            return CHECK.maxEncodedBytes(n);
        }

        @Override
        public int encode(int[] values, int off, int n, byte[] out, int outOff) {
            Bytes.requireEncodeSpace(out.length, outOff, maxEncodedBytes(n));
            try (var w = new DeltaBinaryPackingValuesWriterForInteger(128, 4, 1 << 16, 1 << 20, HeapByteBufferAllocator.getInstance())) {
                for (int i = 0; i < n; i++) w.writeInteger(values[off + i]);
                return ParquetBytes.copy(w.getBytes(), out, outOff);
            }
        }

        @Override
        public int decodedLength(byte[] in, int inOff, int inLen) {
            return count(name(), in, inOff, inLen, CHECK.decodedLength(in, inOff, inLen));
        }

        @Override
        public int decode(byte[] in, int inOff, int inLen, int[] out, int outOff) {
            int n = decodedLength(in, inOff, inLen);
            Bytes.requireOutput(out.length, outOff, n);
            check(name(), 32, n, in, inOff, inLen);
            DeltaBinaryPackingValuesReader r = open(name(), in, inOff, inLen, n);
            try {
                for (int i = 0; i < n; i++) out[outOff + i] = r.readInteger();
            } catch (RuntimeException e) {
                throw new CorruptDataException(name() + " page", 0, "the peer library threw " + e);
            }
            return n;
        }
    }

    /** {@code peer.parquet.delta64}. */
    public static final class Int64 implements LongCodec {
        private static final DeltaCodec64 CHECK64 = ParquetCodecs.delta64("check", DeltaVariant.MINIBLOCK);

        @Override
        public String name() {
            return "peer.parquet.delta64";
        }

        @Override
        public String description() {
            return DESCRIPTION;
        }

        @Override
        public String pageFormat() {
            return "parquet.delta64"; // the raw DELTA_BINARY_PACKED stream, as parquet.delta64
        }

        @Override
        public int maxEncodedBytes(int n) {
            return CHECK64.maxEncodedBytes(n);
        }

        @Override
        public int encode(long[] values, int off, int n, byte[] out, int outOff) {
            Bytes.requireEncodeSpace(out.length, outOff, maxEncodedBytes(n));
            try (var w = new DeltaBinaryPackingValuesWriterForLong(128, 4, 1 << 16, 1 << 20, HeapByteBufferAllocator.getInstance())) {
                for (int i = 0; i < n; i++) w.writeLong(values[off + i]);
                return ParquetBytes.copy(w.getBytes(), out, outOff);
            }
        }

        @Override
        public int decodedLength(byte[] in, int inOff, int inLen) {
            return count(name(), in, inOff, inLen, CHECK64.decodedLength(in, inOff, inLen));
        }

        @Override
        public int decode(byte[] in, int inOff, int inLen, long[] out, int outOff) {
            int n = decodedLength(in, inOff, inLen);
            Bytes.requireOutput(out.length, outOff, n);
            check(name(), 64, n, in, inOff, inLen);
            DeltaBinaryPackingValuesReader r = open(name(), in, inOff, inLen, n);
            try {
                for (int i = 0; i < n; i++) out[outOff + i] = r.readLong();
            } catch (RuntimeException e) {
                throw new CorruptDataException(name() + " page", 0, "the peer library threw " + e);
            }
            return n;
        }
    }
}
