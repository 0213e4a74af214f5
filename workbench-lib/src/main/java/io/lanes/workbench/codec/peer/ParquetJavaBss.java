package io.lanes.workbench.codec.peer;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.Codec;
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

    /**
     * What the two twins share: names and sizes from our codec of the same layout, the count prefix
     * before the writer's bytes, and a reader started on the streams after our count check.
     */
    private abstract static class Peer implements Codec {
        private final Codec ours;

        Peer(Codec ours) {
            this.ours = ours;
        }

        @Override
        public String name() {
            return "peer." + ours.name();
        }

        @Override
        public String description() {
            return DESCRIPTION;
        }

        @Override
        public String pageFormat() {
            return ours.name(); // our page layout of the same name
        }

        @Override
        public int maxEncodedBytes(int n) {
            return ours.maxEncodedBytes(n);
        }

        /** Our codec's check of the count prefix against the streams' size; the count. */
        public abstract int decodedLength(byte[] in, int inOff, int inLen);

        /** Writes the count of {@code n} values and then {@code w}'s bytes at {@code outOff}, closing {@code w}; the bytes written. */
        final int page(ValuesWriter w, int n, byte[] out, int outOff) {
            int c = countBytes(out, outOff, n);
            return c + write(w, out, outOff + c);
        }

        /**
         * Checks the page and that {@code n} values fit an output of {@code outLength} at
         * {@code outOff}, then starts {@code r} on the streams unless the page is empty; the count.
         */
        final int start(ValuesReader r, byte[] in, int inOff, int inLen, int outLength, int outOff) {
            int n = decodedLength(in, inOff, inLen);
            Bytes.requireOutput(outLength, outOff, n);
            if (n > 0) init(name(), r, in, section(in, inOff), inOff + inLen, n);
            return n;
        }
    }

    /** {@code peer.parquet.bss}. */
    public static final class Int32 extends Peer implements IntCodec {
        private static final ByteStreamSplit32 OURS = new ByteStreamSplit32();

        /** The peer; stateless, its readers are per thread. */
        public Int32() {
            super(OURS);
        }

        @Override
        public int encode(int[] values, int off, int n, byte[] out, int outOff) {
            Bytes.requireEncodeSpace(out.length, outOff, maxEncodedBytes(n));
            var w = new ByteStreamSplitValuesWriter.IntegerByteStreamSplitValuesWriter(1 << 10, 1 << 20, HeapByteBufferAllocator.getInstance());
            for (int i = 0; i < n; i++) w.writeInteger(values[off + i]);
            return page(w, n, out, outOff);
        }

        @Override
        public int decodedLength(byte[] in, int inOff, int inLen) {
            return OURS.decodedLength(in, inOff, inLen);
        }

        @Override
        public int decode(byte[] in, int inOff, int inLen, int[] out, int outOff) {
            ByteStreamSplitValuesReaderForInteger r = INTS.get();
            int n = start(r, in, inOff, inLen, out.length, outOff);
            for (int i = 0; i < n; i++) out[outOff + i] = r.readInteger();
            return n;
        }
    }

    /** {@code peer.parquet.bss64}. */
    public static final class Int64 extends Peer implements LongCodec {
        private static final ByteStreamSplit64 OURS = new ByteStreamSplit64();

        /** The peer; stateless, its readers are per thread. */
        public Int64() {
            super(OURS);
        }

        @Override
        public int encode(long[] values, int off, int n, byte[] out, int outOff) {
            Bytes.requireEncodeSpace(out.length, outOff, maxEncodedBytes(n));
            var w = new ByteStreamSplitValuesWriter.LongByteStreamSplitValuesWriter(1 << 10, 1 << 20, HeapByteBufferAllocator.getInstance());
            for (int i = 0; i < n; i++) w.writeLong(values[off + i]);
            return page(w, n, out, outOff);
        }

        @Override
        public int decodedLength(byte[] in, int inOff, int inLen) {
            return OURS.decodedLength(in, inOff, inLen);
        }

        @Override
        public int decode(byte[] in, int inOff, int inLen, long[] out, int outOff) {
            ByteStreamSplitValuesReaderForLong r = LONGS.get();
            int n = start(r, in, inOff, inLen, out.length, outOff);
            for (int i = 0; i < n; i++) out[outOff + i] = r.readLong();
            return n;
        }
    }
}
