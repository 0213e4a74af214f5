package io.lanes.workbench.codec.peer;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.LongCodec;
import org.apache.lucene.store.ByteArrayDataOutput;
import org.apache.lucene.store.ByteBuffersDataInput;
import org.apache.lucene.util.LongValues;
import org.apache.lucene.util.packed.DirectReader;
import org.apache.lucene.util.packed.DirectWriter;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.IntToLongFunction;

/**
 * Apache Lucene's {@link DirectWriter}/{@link DirectReader}, the packing under its numeric doc
 * values, as peers: {@code peer.lucene.direct} (int32) and {@code peer.lucene.direct64} (int64). A
 * page is {@link LuceneLayout}'s frame around exactly what {@code DirectWriter} writes for the values
 * at the page's width, {@code DirectWriter.unsignedBitsRequired} of the OR of the values taken as
 * unsigned (a negative value packs at the full 32 or 64 bits), padding included. Doc values subtract
 * a minimum and divide by a common factor before packing; those are the doc values format's steps,
 * not the packing's, and are left out here as in the other {@code peer.*} bit packers.
 *
 * <p>Encode is one {@code DirectWriter.add} per value over a {@link ByteArrayDataOutput} on the
 * caller's buffer. Decode is how Lucene reads a whole doc-values column in order, during merges:
 * {@link DirectReader#getMergeInstance(org.apache.lucene.store.RandomAccessInput, int, long)}, which
 * unpacks blocks of values in bulk behind its {@code get(index)}, and one {@code get} per value
 * into the caller's buffer. What the adapter adds to the peer's decode: the header checks
 * ({@link LuceneLayout#count}); per page a {@link ByteBuffer} view of the data, a
 * {@link ByteBuffersDataInput} over it (Lucene's in-memory {@code RandomAccessInput}) and the reader
 * {@code getMergeInstance} makes with its block buffer, since neither can be re-pointed at another
 * page. Any RuntimeException or IOException Lucene throws becomes a {@link CorruptDataException}
 * naming the peer.
 *
 * <p>Stateless and thread-safe.
 */
public final class LuceneDirect {
    private static final String DESCRIPTION = "peer: " + LuceneLayout.LIBRARY
            + "'s DirectWriter and DirectReader (the doc values packing; merge instance, one get per value), framed as count + width";

    /** What a decode allocates: Lucene's reader cannot be re-pointed at another page. */
    private static final String ALLOCATES = "a Lucene input and merge reader per page";

    private LuceneDirect() {
    }

    /** Packs {@code n} values, each {@code values.applyAsLong(i)}, after a header; returns the page's bytes. */
    private static int pack(int n, int bits, IntToLongFunction values, byte[] out, int outOff) {
        LuceneLayout.putHeader(out, outOff, n, bits);
        ByteArrayDataOutput data = new ByteArrayDataOutput(out, outOff + LuceneLayout.HEADER, out.length - outOff - LuceneLayout.HEADER);
        try {
            DirectWriter w = DirectWriter.getInstance(data, n, bits);
            for (int i = 0; i < n; i++) w.add(values.applyAsLong(i));
            w.finish();
        } catch (IOException e) {
            throw new UncheckedIOException("DirectWriter into a byte array", e);
        }
        return data.getPosition() - outOff;
    }

    /** The reader over a page {@link LuceneLayout#count} accepted with {@code n} values. */
    private static LongValues reader(byte[] in, int inOff, int inLen, int n) {
        ByteBuffer data = ByteBuffer.wrap(in, inOff + LuceneLayout.HEADER, inLen - LuceneLayout.HEADER).slice();
        return DirectReader.getMergeInstance(new ByteBuffersDataInput(List.of(data)), LuceneLayout.bits(in, inOff), n);
    }

    private static CorruptDataException thrown(String name, RuntimeException e) {
        return new CorruptDataException(name + " packed values", LuceneLayout.HEADER, "the peer library threw " + e + " on a page the adapter had checked");
    }

    /** {@code peer.lucene.direct}: int32 values as unsigned, widths up to 32. */
    public static final class Int32 implements IntCodec {
        @Override
        public String name() {
            return "peer.lucene.direct";
        }

        @Override
        public String description() {
            return DESCRIPTION;
        }

        @Override
        public String allocatesByDesign() {
            return ALLOCATES;
        }

        @Override
        public int maxEncodedBytes(int n) {
            return LuceneLayout.DIRECT.maxPageBytes(n, 32);
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
            return pack(n, LuceneLayout.DIRECT.widthOf(Integer.toUnsignedLong(or)), i -> Integer.toUnsignedLong(values[off + i]), out, outOff);
        }

        @Override
        public int decodedLength(byte[] in, int inOff, int inLen) {
            return LuceneLayout.DIRECT.count(name(), in, inOff, inLen, 32);
        }

        @Override
        public int decode(byte[] in, int inOff, int inLen, int[] out, int outOff) {
            int n = decodedLength(in, inOff, inLen);
            Bytes.requireOutput(out.length, outOff, n);
            try {
                LongValues v = reader(in, inOff, inLen, n);
                for (int i = 0; i < n; i++) out[outOff + i] = (int) v.get(i);
            } catch (RuntimeException e) {
                throw thrown(name(), e);
            }
            return n;
        }
    }

    /** {@code peer.lucene.direct64}: int64 values as unsigned, widths up to 64. */
    public static final class Int64 implements LongCodec {
        @Override
        public String name() {
            return "peer.lucene.direct64";
        }

        @Override
        public String description() {
            return DESCRIPTION;
        }

        @Override
        public String allocatesByDesign() {
            return ALLOCATES;
        }

        @Override
        public int maxEncodedBytes(int n) {
            return LuceneLayout.DIRECT.maxPageBytes(n, 64);
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
            return pack(n, LuceneLayout.DIRECT.widthOf(or), i -> values[off + i], out, outOff);
        }

        @Override
        public int decodedLength(byte[] in, int inOff, int inLen) {
            return LuceneLayout.DIRECT.count(name(), in, inOff, inLen, 64);
        }

        @Override
        public int decode(byte[] in, int inOff, int inLen, long[] out, int outOff) {
            int n = decodedLength(in, inOff, inLen);
            Bytes.requireOutput(out.length, outOff, n);
            try {
                LongValues v = reader(in, inOff, inLen, n);
                for (int i = 0; i < n; i++) out[outOff + i] = v.get(i);
            } catch (RuntimeException e) {
                throw thrown(name(), e);
            }
            return n;
        }
    }
}
