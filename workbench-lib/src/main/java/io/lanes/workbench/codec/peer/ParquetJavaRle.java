package io.lanes.workbench.codec.peer;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.parquet.RleHybrid32;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridDecoder;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridEncoder;

import java.io.ByteArrayInputStream;
import java.io.IOException;

/**
 * {@code peer.parquet.rle}: parquet-java 1.18.1's RLE / bit-packing hybrid encoder and decoder on
 * the {@code parquet.rle} page layout ({@code count:ULEB128 width:uint8 run*}); the runs are
 * parquet-java's own. Decode is one {@code readInt()} per value into the caller's buffer. What the
 * adapter adds: validating every run header first (parquet-java allocates {@code new int[8*groups]}
 * per bit-packed run from the header, so an unchecked header could make it allocate without
 * bound), a decoder plus a stream over the page per call (the API has no way to re-point a
 * decoder), and, once the values are out, a check that the runs ended with the page (bytes after the
 * last run are rejected, though only after the values were written). Library exceptions become
 * {@link CorruptDataException}. Stateless and thread-safe.
 */
public final class ParquetJavaRle implements IntCodec {
    private final RleHybrid32 ours;

    public ParquetJavaRle(RleHybrid32 ours) {
        this.ours = ours;
    }

    @Override
    public String name() {
        return "peer.parquet.rle";
    }

    @Override
    public String description() {
        return "peer: parquet-java 1.18.1's RLE / bit-packing hybrid encoder and decoder on the parquet.rle page layout";
    }

    @Override
    public String pageFormat() {
        return "parquet.rle"; // the parquet.rle page layout
    }

    @Override
    public int maxEncodedBytes(int n) {
        // parquet-java cuts bit-packed runs at 63 groups and pads the last group, as ours does
        return ours.maxEncodedBytes(n);
    }

    @Override
    public int encode(int[] values, int off, int n, byte[] out, int outOff) {
        Bytes.requireEncodeSpace(out.length, outOff, maxEncodedBytes(n));
        int or = 0;
        for (int i = 0; i < n; i++) or |= values[off + i];
        int width = 32 - Integer.numberOfLeadingZeros(or);
        int p = outOff;
        long v = n;
        while ((v & ~0x7FL) != 0) {
            out[p++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out[p++] = (byte) v;
        out[p++] = (byte) width;
        try (var enc = new RunLengthBitPackingHybridEncoder(width, 1 << 10, 1 << 20, HeapByteBufferAllocator.getInstance())) {
            for (int i = 0; i < n; i++) enc.writeInt(values[off + i]);
            return p + ParquetBytes.copy(enc.toBytes(), out, p) - outOff;
        } catch (IOException e) {
            throw new IllegalStateException("parquet-java RLE encoder failed", e);
        }
    }

    @Override
    public int decodedLength(byte[] in, int inOff, int inLen) {
        return ours.decodedLength(in, inOff, inLen);
    }

    @Override
    public int decode(byte[] in, int inOff, int inLen, int[] out, int outOff) {
        int n = decodedLength(in, inOff, inLen);
        Bytes.requireOutput(out.length, outOff, n);
        int runs = RleHybrid32.checkPage(in, inOff, inLen, n);
        ByteArrayInputStream stream = new ByteArrayInputStream(in, runs, inOff + inLen - runs);
        var dec = new RunLengthBitPackingHybridDecoder(in[runs - 1] & 0xFF, stream);
        try {
            for (int i = 0; i < n; i++) out[outOff + i] = dec.readInt();
        } catch (IOException | RuntimeException e) {
            throw new CorruptDataException(name() + " runs", runs - inOff, "the peer library threw " + e);
        }
        // the decoder reads a run whole when it starts it, so after the last value it has read every run
        if (stream.available() != 0) throw new CorruptDataException(name() + " page end", inLen - stream.available(), stream.available() + " bytes after the last run");
        return n;
    }
}
