package io.lanes.workbench.codec.peer;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.LongCodec;
import io.lanes.workbench.codec.parquet.DeltaCodec32;
import io.lanes.workbench.codec.parquet.ParquetCodecs;
import io.lanes.workbench.codec.parquet.DeltaVariant;
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
 * into the caller's buffer. What the adapter adds: validating the header first with
 * {@code parquet.delta}'s checks (parquet-java sizes arrays by the value count and the miniblock
 * count, so an unchecked header could make it allocate without bound), wrapping the page in a
 * ByteBuffer stream and a new reader per call (the API's: a reader cannot be re-pointed).
 * Any RuntimeException or IOException from the library becomes a {@link CorruptDataException}.
 * Stateless and thread-safe.
 */
public final class ParquetJavaDelta {
    private static final int MAX_MINIBLOCKS = 1 << 16;
    private static final DeltaCodec32 CHECK = ParquetCodecs.delta32("check", DeltaVariant.MINIBLOCK);

    private ParquetJavaDelta() {
    }

    /** Validates the header like our decoder does and bounds what parquet-java will allocate; returns the count. */
    static int check(String name, byte[] in, int inOff, int inLen, int outLength, int outOff) {
        int n = CHECK.decodedLength(in, inOff, inLen);
        Bytes.requireOutput(outLength, outOff, n);
        int p = inOff;
        while (in[p] < 0) p++;
        long m = 0;
        for (int shift = 0, q = p + 1; ; q++, shift += 7) {
            m |= (long) (in[q] & 0x7F) << shift;
            if (in[q] >= 0) break;
        }
        if (m > MAX_MINIBLOCKS) throw new CorruptDataException(name + " miniblocks per block", p + 1 - inOff, m + " miniblocks: parquet-java would allocate an array that large");
        return n;
    }

    static DeltaBinaryPackingValuesReader open(String name, byte[] in, int inOff, int inLen, int n) {
        // a reader cannot be re-pointed (initFromPage does not reset its position), so one per page, as parquet-java does
        DeltaBinaryPackingValuesReader r = new DeltaBinaryPackingValuesReader();
        try {
            r.initFromPage(n, ByteBufferInputStream.wrap(ByteBuffer.wrap(in, inOff, inLen)));
        } catch (IOException | RuntimeException e) {
            throw new CorruptDataException(name + " page", 0, "the peer library threw " + e);
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
            return CHECK.decodedLength(in, inOff, inLen);
        }

        @Override
        public int decode(byte[] in, int inOff, int inLen, int[] out, int outOff) {
            int n = check(name(), in, inOff, inLen, out.length, outOff);
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
        private static final io.lanes.workbench.codec.parquet.DeltaCodec64 CHECK64 = ParquetCodecs.delta64("check", DeltaVariant.MINIBLOCK);

        @Override
        public String name() {
            return "peer.parquet.delta64";
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
            return CHECK64.decodedLength(in, inOff, inLen);
        }

        @Override
        public int decode(byte[] in, int inOff, int inLen, long[] out, int outOff) {
            int n = check(name(), in, inOff, inLen, out.length, outOff);
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
