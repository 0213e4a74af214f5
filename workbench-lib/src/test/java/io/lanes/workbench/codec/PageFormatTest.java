package io.lanes.workbench.codec;

import io.lanes.workbench.codec.registry.CodecRegistry;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What {@link Codec#pageFormat()} promises: codecs of one format decode each other's pages to the same values. */
class PageFormatTest {
    @Test
    void codecsSharingAPageFormatDecodeEachOthersPages() {
        Random r = new Random(3);
        int n = 3000;
        int[] ints = new int[n];
        long[] longs = new long[n];
        for (int i = 0; i < n; i++) {
            ints[i] = r.nextInt(1 << 11);
            longs[i] = (1L << 40) + r.nextInt(1 << 20);
        }
        List<String> pairs = new ArrayList<>();
        for (Codec a : CodecRegistry.all()) {
            for (Codec b : CodecRegistry.all()) {
                if (a == b || a.valueBits() != b.valueBits() || !a.pageFormat().equals(b.pageFormat())) continue;
                if (a instanceof IntCodec ea && b instanceof IntCodec db) {
                    byte[] page = new byte[ea.maxEncodedBytes(n)];
                    int len = ea.encode(ints, 0, n, page, 0);
                    int[] got = new int[n];
                    db.decode(page, 0, len, got, 0);
                    assertArrayEquals(ints, got, b.name() + " decodes " + a.name() + "'s page");
                } else if (a instanceof LongCodec ea && b instanceof LongCodec db) {
                    byte[] page = new byte[ea.maxEncodedBytes(n)];
                    int len = ea.encode(longs, 0, n, page, 0);
                    long[] got = new long[n];
                    db.decode(page, 0, len, got, 0);
                    assertArrayEquals(longs, got, b.name() + " decodes " + a.name() + "'s page");
                }
                pairs.add(a.name() + ">" + b.name());
            }
        }
        assertTrue(pairs.contains("parquet.delta.miniblock>peer.parquet.delta") && pairs.contains("peer.parquet.delta64>parquet.delta64.vscan")
                && pairs.contains("parquet.bss>peer.parquet.bss") && pairs.contains("peer.parquet.rle>parquet.rle"), pairs.toString());
    }
}
