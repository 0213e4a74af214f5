package io.lanes.workbench.codec.parquet;

import io.lanes.workbench.parquet.Leb128;

import io.lanes.workbench.codec.registry.CodecRegistry;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.LongCodec;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridDecoder;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * RLE/bit-packing hybrid and BYTE_STREAM_SPLIT against parquet-java: its RLE runs decode with ours
 * and ours with its decoder; BYTE_STREAM_SPLIT leaves a writer no choice, so pages are identical.
 */
class RleBssInteropTest {
    static int[] values(int n, int width, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] v = new int[n];
        for (int i = 0; i < n; ) {
            int run = r.nextInt(4) == 0 ? 1 + r.nextInt(40) : 1;
            int x = width == 0 ? 0 : (int) (r.nextLong() >>> (64 - width));
            for (int k = 0; k < run && i < n; k++) v[i++] = x;
        }
        return v;
    }

    static byte[] encode(IntCodec c, int[] v) {
        byte[] out = new byte[c.maxEncodedBytes(v.length)];
        return Arrays.copyOf(out, c.encode(v, 0, v.length, out, 0));
    }

    @Test
    void rleRunsDecodeBothWays() throws IOException {
        IntCodec ours = (IntCodec) CodecRegistry.get("parquet.rle");
        IntCodec theirs = (IntCodec) CodecRegistry.get("peer.parquet.rle");
        for (int w : new int[] {0, 1, 2, 3, 7, 8, 9, 16, 17, 31, 32}) {
            for (int n : new int[] {1, 7, 8, 9, 100, 1000, 5000}) {
                int[] v = values(n, w, 31L * w + n);
                // parquet-java's page, decoded by ours
                byte[] pj = encode(theirs, v);
                int[] out = new int[n];
                ours.decode(pj, 0, pj.length, out, 0);
                assertArrayEquals(v, out, "ours decoding parquet-java's runs, w=" + w + " n=" + n);
                // our page's runs, decoded by parquet-java's decoder
                byte[] page = encode(ours, v);
                int runs = Leb128.end(page, 0) + 1;
                RunLengthBitPackingHybridDecoder d = new RunLengthBitPackingHybridDecoder(page[runs - 1], new ByteArrayInputStream(page, runs, page.length - runs));
                for (int i = 0; i < n; i++) assertEquals(v[i], d.readInt(), "parquet-java decoding our runs, w=" + w + " n=" + n + " value " + i);
            }
        }
    }

    @Test
    void byteStreamSplitPagesAreIdentical() {
        SplittableRandom r = new SplittableRandom(5);
        for (int n : new int[] {0, 1, 3, 1000}) {
            int[] v = new int[n];
            long[] l = new long[n];
            for (int i = 0; i < n; i++) {
                v[i] = r.nextInt();
                l[i] = r.nextLong();
            }
            assertArrayEquals(encode((IntCodec) CodecRegistry.get("peer.parquet.bss"), v), encode((IntCodec) CodecRegistry.get("parquet.bss"), v), "int32 n=" + n);
            LongCodec a = (LongCodec) CodecRegistry.get("peer.parquet.bss64"), b = (LongCodec) CodecRegistry.get("parquet.bss64");
            byte[] pa = new byte[a.maxEncodedBytes(n)], pb = new byte[b.maxEncodedBytes(n)];
            int la = a.encode(l, 0, n, pa, 0), lb = b.encode(l, 0, n, pb, 0);
            assertArrayEquals(Arrays.copyOf(pa, la), Arrays.copyOf(pb, lb), "int64 n=" + n);
        }
    }
}
