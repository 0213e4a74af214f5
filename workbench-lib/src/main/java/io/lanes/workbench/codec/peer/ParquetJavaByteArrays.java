package io.lanes.workbench.codec.peer;

import io.lanes.workbench.codec.ByteArrayCodec;
import io.lanes.workbench.codec.ByteArrays;
import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.parquet.ParquetCodecs;
import io.lanes.workbench.codec.parquet.ValidatingDecoder;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesReader;
import org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesWriter;
import org.apache.parquet.column.values.deltastrings.DeltaByteArrayReader;
import org.apache.parquet.column.values.deltastrings.DeltaByteArrayWriter;
import org.apache.parquet.io.api.Binary;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.function.Supplier;

/**
 * parquet-java 1.18.1's DELTA_BYTE_ARRAY and DELTA_LENGTH_BYTE_ARRAY as peers
 * ({@code peer.parquet.delta-byte-array}, {@code peer.parquet.delta-length-byte-array}), on the
 * same pages as {@code parquet.delta-byte-array} and {@code parquet.delta-length-byte-array} (the
 * raw values section), written by parquet-java's {@code DeltaByteArrayWriter} and
 * {@code DeltaLengthByteArrayValuesWriter}.
 *
 * <p>Decode is what a parquet-java column reader does: a new reader per page, {@code initFromPage}
 * (which unpacks each length stream whole into a long[] of its own) and one {@code readBytes()} per
 * value, whose bytes are copied into the caller's {@link ByteArrays}. What the adapter adds: the
 * block size of each length stream at most {@link ParquetJavaDelta#MAX_BLOCK} (parquet-java sizes
 * its buffers by it), then the whole page checked by our decoder without copying a byte
 * ({@link ValidatingDecoder#validate}: both length streams decoded, every length checked), because
 * parquet-java trusts every length: its DELTA_BYTE_ARRAY reader allocates {@code prefix + suffix}
 * bytes per value from an unchecked prefix length, and its DELTA_LENGTH_BYTE_ARRAY reader slices
 * the page by each length, where a negative one moves the stream back and re-reads earlier bytes.
 * Then a ByteBuffer stream and a reader per page (the API's: a reader cannot be re-pointed) and, per
 * value, the {@code ByteBuffer} view {@code Binary.toByteBuffer()} makes and one copy into the
 * arena. A library exception on a checked page becomes a {@link CorruptDataException} saying it is
 * the peer's defect. Thread-safe: the checking decoders are per thread.
 */
public final class ParquetJavaByteArrays implements ByteArrayCodec {
    private final String name;
    private final String format;
    private final String description;
    /** DELTA_BYTE_ARRAY: the page's lengths come in two streams, prefixes then suffixes. */
    private final boolean prefixed;
    private final Supplier<ValuesWriter> writer;
    private final Supplier<ValuesReader> reader;
    private final ByteArrayCodec ours;
    private final ThreadLocal<ValidatingDecoder> checks;

    private ParquetJavaByteArrays(String name, String format, String description, boolean prefixed, Supplier<ValuesWriter> writer, Supplier<ValuesReader> reader) {
        this.name = name;
        this.format = format;
        this.description = description;
        this.prefixed = prefixed;
        this.writer = writer;
        this.reader = reader;
        this.ours = (ByteArrayCodec) ParquetCodecs.byName(format);
        this.checks = ThreadLocal.withInitial(() -> (ValidatingDecoder) ours.newDecoder());
    }

    /** {@code peer.parquet.delta-byte-array}. */
    public static ParquetJavaByteArrays deltaByteArray() {
        return new ParquetJavaByteArrays("peer.parquet.delta-byte-array", "parquet.delta-byte-array",
                "peer: parquet-java 1.18.1's DeltaByteArrayWriter and DeltaByteArrayReader (one readBytes() per value), page checked first", true,
                () -> new DeltaByteArrayWriter(1 << 10, 1 << 20, HeapByteBufferAllocator.getInstance()), DeltaByteArrayReader::new);
    }

    /** {@code peer.parquet.delta-length-byte-array}. */
    public static ParquetJavaByteArrays deltaLengthByteArray() {
        return new ParquetJavaByteArrays("peer.parquet.delta-length-byte-array", "parquet.delta-length-byte-array",
                "peer: parquet-java 1.18.1's DeltaLengthByteArrayValuesWriter and DeltaLengthByteArrayValuesReader (one readBytes() per value), page checked first", false,
                () -> new DeltaLengthByteArrayValuesWriter(1 << 10, 1 << 20, HeapByteBufferAllocator.getInstance()), DeltaLengthByteArrayValuesReader::new);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public String pageFormat() {
        return format;
    }

    @Override
    public int maxEncodedBytes(int n, long dataBytes) {
        return ours.maxEncodedBytes(n, dataBytes);
    }

    @Override
    public int encode(ByteArrays values, int from, int n, byte[] out, int outOff) {
        int[] offs = values.offsets();
        Bytes.requireEncodeSpace(out.length, outOff, maxEncodedBytes(n, (long) offs[from + n] - offs[from]));
        try (ValuesWriter w = writer.get()) {
            for (int i = from; i < from + n; i++) w.writeBytes(Binary.fromConstantByteArray(values.data(), offs[i], offs[i + 1] - offs[i]));
            return ParquetBytes.copy(w.getBytes(), out, outOff);
        }
    }

    /** Values may be empty and their lengths' blocks cost two bytes at width 0: no bound below an int's. */
    @Override
    public long maxDecodedLength(int pageBytes) {
        return Integer.MAX_VALUE;
    }

    /** Ours, with every length stream's block size within what the adapter hands parquet-java. */
    @Override
    public int decodedLength(byte[] in, int inOff, int inLen) {
        int n = ParquetJavaDelta.count(name, in, inOff, inLen, ours.decodedLength(in, inOff, inLen));
        if (prefixed) {
            int end = inOff + inLen;
            int s = ParquetJavaDelta.streamEnd(name, 32, n, in, inOff, end); // the suffix lengths follow the prefix lengths
            ParquetJavaDelta.count(name, in, s, end - s, n);
        }
        return n;
    }

    @Override
    public Decoder newDecoder() {
        return this::decode;
    }

    private int decode(byte[] in, int inOff, int inLen, ByteArrays out) {
        int n = decodedLength(in, inOff, inLen);
        out.requireRoom(n);
        checks.get().validate(in, inOff, inLen);
        // a reader cannot be re-pointed, so one per page, as parquet-java's column readers make them
        ValuesReader r = reader.get();
        try {
            r.initFromPage(n, ByteBufferInputStream.wrap(ByteBuffer.wrap(in, inOff, inLen)));
        } catch (IOException | RuntimeException e) {
            throw defect(e);
        }
        for (int i = 0; i < n; i++) {
            Binary b;
            try {
                b = r.readBytes();
            } catch (RuntimeException e) {
                throw defect(e);
            }
            ByteBuffer v = b.toByteBuffer(); // a view of the page or of the reader's own array, both on the heap
            out.add(v.array(), v.arrayOffset() + v.position(), v.remaining());
        }
        return n;
    }

    private CorruptDataException defect(Exception e) {
        return new CorruptDataException(name + " page", 0, "the peer library threw " + e + " on a page the adapter checked: a defect of the peer library");
    }
}
