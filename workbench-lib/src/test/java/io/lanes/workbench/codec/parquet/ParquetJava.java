package io.lanes.workbench.codec.parquet;

import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesReader;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForInteger;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForLong;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;

/** parquet-java's DELTA_BINARY_PACKED writer and reader, called directly: the reference for interop tests. */
final class ParquetJava {
    private ParquetJava() {
    }

    static byte[] deltaEncode(int[] v, int blockSize, int miniblocks) {
        try (var w = new DeltaBinaryPackingValuesWriterForInteger(blockSize, miniblocks, 1 << 16, 1 << 20, HeapByteBufferAllocator.getInstance())) {
            for (int x : v) w.writeInteger(x);
            return bytes(w.getBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] deltaEncode(long[] v, int blockSize, int miniblocks) {
        try (var w = new DeltaBinaryPackingValuesWriterForLong(blockSize, miniblocks, 1 << 16, 1 << 20, HeapByteBufferAllocator.getInstance())) {
            for (long x : v) w.writeLong(x);
            return bytes(w.getBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] bytes(org.apache.parquet.bytes.BytesInput b) throws IOException {
        java.io.ByteArrayOutputStream s = new java.io.ByteArrayOutputStream();
        b.writeAllTo(s);
        return s.toByteArray();
    }

    static int[] deltaDecodeInts(byte[] page, int len, int n) {
        DeltaBinaryPackingValuesReader r = reader(page, len, n);
        int[] out = new int[n];
        for (int i = 0; i < n; i++) out[i] = r.readInteger();
        return out;
    }

    static long[] deltaDecodeLongs(byte[] page, int len, int n) {
        DeltaBinaryPackingValuesReader r = reader(page, len, n);
        long[] out = new long[n];
        for (int i = 0; i < n; i++) out[i] = r.readLong();
        return out;
    }

    private static DeltaBinaryPackingValuesReader reader(byte[] page, int len, int n) {
        try {
            DeltaBinaryPackingValuesReader r = new DeltaBinaryPackingValuesReader();
            r.initFromPage(n, ByteBufferInputStream.wrap(ByteBuffer.wrap(page, 0, len)));
            return r;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
