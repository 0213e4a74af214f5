package io.lanes.workbench.codec.peer;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.LongCodec;
import io.lanes.workbench.codec.parquet.ByteStreamSplit32;
import io.lanes.workbench.codec.parquet.ByteStreamSplit64;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForInteger;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForLong;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesWriter;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * parquet-java 1.18.1's BYTE_STREAM_SPLIT as peers ({@code peer.parquet.bss}, {@code peer.parquet.bss64})
 * on the {@code parquet.bss}/{@code parquet.bss64} page layout ({@code count:ULEB128} then the
 * streams, written by parquet-java's writer). Decode is {@code initFromPage} (which decodes the
 * whole section eagerly into a byte[] of its own) and one {@code readInteger()}/{@code readLong()}
 * per value. What the adapter adds: the count prefix check (ours, which requires the streams to be
 * exactly count * value size bytes: parquet-java would accept any multiple of the value size and
 * take a wrong stride), a ByteBuffer stream over the page per call, one reader per thread (its
 * {@code initFromPage} replaces all of its state). Library exceptions become {@link CorruptDataException}.
 * Thread-safe: readers are per thread.
 */
public final class ParquetJavaBss {
    /** Both twins' {@link io.lanes.workbench.codec.Codec#description()}. */
    private static final String DESCRIPTION = "peer: parquet-java 1.18.1's BYTE_STREAM_SPLIT writer and reader (one read call per value) on the parquet.bss page layout";

    private static final ThreadLocal<ByteStreamSplitValuesReaderForInteger> INTS = ThreadLocal.withInitial(ByteStreamSplitValuesReaderForInteger::new);
    private static final ThreadLocal<ByteStreamSplitValuesReaderForLong> LONGS = ThreadLocal.withInitial(ByteStreamSplitValuesReaderForLong::new);

    private ParquetJavaBss() {
    }

    private static int countBytes(byte[] out, int p, int n) {
        long v = n;
        int start = p;
        while ((v & ~0x7FL) != 0) {
            out[p++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out[p++] = (byte) v;
        return p - start;
    }

    private static int section(byte[] in, int inOff) {
        int p = inOff;
        while (in[p] < 0) p++;
        return p + 1;
    }

    private static int write(ValuesWriter w, byte[] out, int p) {
        try {
            return ParquetBytes.copy(w.getBytes(), out, p);
        } finally {
            w.close();
        }
    }

    private static void init(String name, ValuesReader r, byte[] in, int from, int end, int n) {
        try {
            r.initFromPage(n, ByteBufferInputStream.wrap(ByteBuffer.wrap(in, from, end - from)));
        } catch (IOException | RuntimeException e) {
            throw new CorruptDataException(name + " streams", 0, "the peer library threw " + e);
        }
    }

    /** {@code peer.parquet.bss}. */
    public static final class Int32 implements IntCodec {
        private final ByteStreamSplit32 ours = new ByteStreamSplit32();

        @Override
        public String name() {
            return "peer.parquet.bss";
        }

        @Override
        public String description() {
            return DESCRIPTION;
        }

        @Override
        public String pageFormat() {
            return "parquet.bss"; // the parquet.bss page layout
        }

        @Override
        public int maxEncodedBytes(int n) {
            return ours.maxEncodedBytes(n);
        }

        @Override
        public int encode(int[] values, int off, int n, byte[] out, int outOff) {
            Bytes.requireEncodeSpace(out.length, outOff, maxEncodedBytes(n));
            var w = new ByteStreamSplitValuesWriter.IntegerByteStreamSplitValuesWriter(1 << 10, 1 << 20, HeapByteBufferAllocator.getInstance());
            for (int i = 0; i < n; i++) w.writeInteger(values[off + i]);
            int c = countBytes(out, outOff, n);
            return c + write(w, out, outOff + c);
        }

        @Override
        public int decodedLength(byte[] in, int inOff, int inLen) {
            return ours.decodedLength(in, inOff, inLen);
        }

        @Override
        public int decode(byte[] in, int inOff, int inLen, int[] out, int outOff) {
            int n = decodedLength(in, inOff, inLen);
            Bytes.requireOutput(out.length, outOff, n);
            if (n == 0) return 0;
            ByteStreamSplitValuesReaderForInteger r = INTS.get();
            init(name(), r, in, section(in, inOff), inOff + inLen, n);
            for (int i = 0; i < n; i++) out[outOff + i] = r.readInteger();
            return n;
        }
    }

    /** {@code peer.parquet.bss64}. */
    public static final class Int64 implements LongCodec {
        private final ByteStreamSplit64 ours = new ByteStreamSplit64();

        @Override
        public String name() {
            return "peer.parquet.bss64";
        }

        @Override
        public String description() {
            return DESCRIPTION;
        }

        @Override
        public String pageFormat() {
            return "parquet.bss64"; // the parquet.bss64 page layout
        }

        @Override
        public int maxEncodedBytes(int n) {
            return ours.maxEncodedBytes(n);
        }

        @Override
        public int encode(long[] values, int off, int n, byte[] out, int outOff) {
            Bytes.requireEncodeSpace(out.length, outOff, maxEncodedBytes(n));
            var w = new ByteStreamSplitValuesWriter.LongByteStreamSplitValuesWriter(1 << 10, 1 << 20, HeapByteBufferAllocator.getInstance());
            for (int i = 0; i < n; i++) w.writeLong(values[off + i]);
            int c = countBytes(out, outOff, n);
            return c + write(w, out, outOff + c);
        }

        @Override
        public int decodedLength(byte[] in, int inOff, int inLen) {
            return ours.decodedLength(in, inOff, inLen);
        }

        @Override
        public int decode(byte[] in, int inOff, int inLen, long[] out, int outOff) {
            int n = decodedLength(in, inOff, inLen);
            Bytes.requireOutput(out.length, outOff, n);
            if (n == 0) return 0;
            ByteStreamSplitValuesReaderForLong r = LONGS.get();
            init(name(), r, in, section(in, inOff), inOff + inLen, n);
            for (int i = 0; i < n; i++) out[outOff + i] = r.readLong();
            return n;
        }
    }
}
