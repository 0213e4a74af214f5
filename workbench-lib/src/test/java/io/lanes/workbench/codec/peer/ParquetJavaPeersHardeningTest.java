package io.lanes.workbench.codec.peer;

import io.lanes.workbench.check.Allocations;
import io.lanes.workbench.check.FuzzReport;
import io.lanes.workbench.check.Fuzzer;
import io.lanes.workbench.check.Tally;
import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.registry.CodecRegistry;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.LongCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The parquet-java peers are handed only pages the adapters have checked: the fuzz campaign's
 * DELTA pages that made parquet-java allocate gigabytes are rejected within a 64 MiB allocation
 * bound, widths parquet-java would misread and bytes after a complete page are rejected, and
 * mutated pages give only the codec contract's outcomes without ever allocating past the bound.
 */
class ParquetJavaPeersHardeningTest {
    static final List<String> DELTA = List.of("peer.parquet.delta", "peer.parquet.delta64");
    static final List<String> ALL = List.of("peer.parquet.delta", "peer.parquet.delta64", "peer.parquet.rle", "peer.parquet.bss", "peer.parquet.bss64");

    static byte[] hex(String s) {
        return HexFormat.of().parseHex(s.replace(" ", ""));
    }

    /** Decodes into a fresh buffer of {@code cap} values; returns the count. */
    static int decode(Codec c, byte[] page, int cap) {
        return c instanceof IntCodec ic ? ic.decode(page, 0, page.length, new int[cap], 0) : ((LongCodec) c).decode(page, 0, page.length, new long[cap], 0);
    }

    static int decodedLength(Codec c, byte[] page) {
        return c instanceof IntCodec ic ? ic.decodedLength(page, 0, page.length) : ((LongCodec) c).decodedLength(page, 0, page.length);
    }

    static byte[] encode(Codec c, int n, SplittableRandom r) {
        byte[] out = new byte[c.maxEncodedBytes(n)];
        int len;
        if (c instanceof IntCodec ic) {
            int[] v = new int[n];
            for (int i = 0; i < n; i++) v[i] = r.nextInt(1 << (1 + r.nextInt(20)));
            len = ic.encode(v, 0, n, out, 0);
        } else {
            long[] v = new long[n];
            for (int i = 0; i < n; i++) v[i] = r.nextLong(1L << (1 + r.nextInt(40)));
            len = ((LongCodec) c).encode(v, 0, n, out, 0);
        }
        return Arrays.copyOf(out, len);
    }

    @Test
    void theFuzzCampaignsDeltaPagesAreRejectedBeforeParquetJavaAllocates() {
        // block of 894,080,384 values in 2 miniblocks: 3.4 GiB per call; block of 2^31 - 128 values: OutOfMemoryError
        for (String page : List.of("80ab aaaa 0302 0200 0000 00", "80ff ffff 0701 0200 0000")) {
            for (String name : DELTA) {
                Codec c = CodecRegistry.get(name);
                byte[] b = hex(page);
                Allocations.Run run = Allocations.run(() -> decode(c, b, 16));
                assertTrue(run.bounded(), name + " on " + page + ": " + run);
                CorruptDataException e = assertInstanceOf(CorruptDataException.class, run.thrown(), name + " on " + page);
                assertTrue(e.field().endsWith("block size") && e.offset() == 0, e.getMessage());
                assertThrows(CorruptDataException.class, () -> decodedLength(c, b), "decodedLength bounds the count by the block size too");
            }
        }
    }

    @Test
    void aMiniblockWiderThanTheValuesIsRejected() {
        // int32 page: block 128, 4 miniblocks, 2 values, first 0, min delta 0, widths 33 0 0 0, then 32*33/8 bytes
        byte[] page = new byte[10 + 132];
        System.arraycopy(hex("8001 04 02 00 00 21000000"), 0, page, 0, 10);
        CorruptDataException e = assertThrows(CorruptDataException.class, () -> decode(CodecRegistry.get("peer.parquet.delta"), page, 2));
        assertEquals("peer.parquet.delta miniblock width", e.field());
        assertEquals(6, e.offset());
        assertEquals(2, decode(CodecRegistry.get("peer.parquet.delta64"), page, 2), "33 bits is a width an int64 page may have");
    }

    @Test
    void bytesAfterACompletePageAreRejected() {
        SplittableRandom r = new SplittableRandom(26);
        for (String name : ALL) {
            Codec c = CodecRegistry.get(name);
            for (int n : new int[] {0, 1, 2, 129, 1000}) {
                byte[] page = encode(c, n, r);
                assertEquals(n, decode(c, page, n), name + " n=" + n);
                for (int extra : new int[] {1, 4, 8}) {
                    byte[] longer = Arrays.copyOf(page, page.length + extra);
                    assertThrows(CorruptDataException.class, () -> decode(c, longer, n + 64), name + " n=" + n + " with " + extra + " bytes after it");
                }
            }
        }
    }

    /** The fuzz engine's verdict, held to the project's standard: the adapters must leave the peer no defect to show. */
    @Test
    void mutatedPagesGiveOnlyTheContractsOutcomesWithinTheAllocationBound(@TempDir Path out) {
        List<Codec> peers = ALL.stream().map(CodecRegistry::get).toList();
        FuzzReport r = Fuzzer.run(peers, new Fuzzer.Settings(20_261_130L, 1500, Duration.ofMinutes(5), Duration.ofSeconds(5), out), line -> { });
        String text = String.join("\n", r.lines());
        for (Tally t : r.tallies()) {
            assertEquals(0, t.defects(), text);
            assertTrue(t.pages() >= 1500, text);
        }
    }
}
