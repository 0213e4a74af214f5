package io.lanes.workbench.codec.peer;

import io.lanes.workbench.parquet.ParquetJavaPages;

import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.registry.CodecRegistry;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.LongCodec;
import io.lanes.workbench.parquet.ParquetPage;
import org.apache.parquet.column.ParquetProperties;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * parquet-java's own page writer, captured in memory: the pages are DELTA_BINARY_PACKED data pages
 * v2 cut at parquet-java's default row-count limit, and they decode to the column with every one of
 * our DELTA decoders and with parquet-java's reader ({@code peer.parquet.delta}).
 */
class ParquetJavaPagesTest {
    static final int N = 2 * ParquetProperties.DEFAULT_PAGE_ROW_COUNT_LIMIT + 5_000;

    @Test
    void int32PagesAreDeltaAndDecodeToTheColumnWithOursAndParquetJava() {
        Random r = new Random(7);
        int[] v = new int[N];
        for (int i = 1; i < N; i++) v[i] = v[i - 1] + r.nextInt(1000) - 100; // drifting, with negative deltas
        List<ParquetPage> pages = ParquetJavaPages.write(v);
        assertPagesCut(pages, "INT32", "parquet.delta");
        List<Codec> decoders = CodecRegistry.all().stream().filter(c -> c.valueBits() == 32 && c.pageFormat().equals("parquet.delta")).toList();
        assertTrue(decoders.stream().map(Codec::name).toList().containsAll(List.of("parquet.delta.miniblock", "parquet.delta.coalesced",
                "parquet.delta.vscan", "peer.parquet.delta")), decoders.toString());
        for (Codec c : decoders) {
            int[] got = new int[N];
            int k = 0;
            for (ParquetPage p : pages) k += ((IntCodec) c).decode(p.codecPage(), 0, p.codecPage().length, got, k);
            assertEquals(N, k, c.name());
            assertArrayEquals(v, got, c.name() + " decodes parquet-java's pages to the column");
        }
    }

    @Test
    void int64PagesAreDeltaAndDecodeToTheColumnWithOursAndParquetJava() {
        Random r = new Random(8);
        long[] v = new long[N];
        v[0] = 978_307_260_000_000L;
        for (int i = 1; i < N; i++) v[i] = v[i - 1] + (r.nextInt(10) == 0 ? r.nextInt(60_000_000) : 0); // sorted microsecond timestamps
        List<ParquetPage> pages = ParquetJavaPages.write(v);
        assertPagesCut(pages, "INT64", "parquet.delta64");
        List<Codec> decoders = CodecRegistry.all().stream().filter(c -> c.valueBits() == 64 && c.pageFormat().equals("parquet.delta64")).toList();
        assertTrue(decoders.stream().map(Codec::name).toList().containsAll(List.of("parquet.delta64.miniblock", "parquet.delta64.coalesced",
                "parquet.delta64.vscan", "peer.parquet.delta64")), decoders.toString());
        for (Codec c : decoders) {
            long[] got = new long[N];
            int k = 0;
            for (ParquetPage p : pages) k += ((LongCodec) c).decode(p.codecPage(), 0, p.codecPage().length, got, k);
            assertEquals(N, k, c.name());
            assertArrayEquals(v, got, c.name() + " decodes parquet-java's pages to the column");
        }
    }

    private static void assertPagesCut(List<ParquetPage> pages, String physical, String codec) {
        assertEquals(3, pages.size(), "pages of at most " + ParquetProperties.DEFAULT_PAGE_ROW_COUNT_LIMIT + " rows");
        int limit = ParquetProperties.DEFAULT_PAGE_ROW_COUNT_LIMIT;
        assertEquals(List.of(limit, limit, N - 2 * limit), pages.stream().map(ParquetPage::numValues).toList());
        for (ParquetPage p : pages) {
            assertEquals("DATA_V2", p.kind());
            assertEquals("DELTA_BINARY_PACKED", p.encoding(), "PARQUET_2_0 without a dictionary writes integers DELTA_BINARY_PACKED");
            assertEquals(physical, p.physicalType());
            assertEquals(codec, p.codec());
            assertEquals(p.numValues(), p.nonNull());
        }
    }
}
