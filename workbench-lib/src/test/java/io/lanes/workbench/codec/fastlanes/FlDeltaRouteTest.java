package io.lanes.workbench.codec.fastlanes;

import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.LongCodec;
import io.lanes.workbench.codec.OutputOrder;
import io.lanes.workbench.codec.registry.CodecRegistry;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The grid decode routes of the FastLanes delta codecs ({@link FlDeltaRoute}): the same pages as
 * {@code fastlanes.delta.flat}, decoded by each route at every delta width, with tails and with
 * exception counts on both sides of the lane-tail limit, int32 (registered) and int64.
 */
class FlDeltaRouteTest {
    private static final String[] ROUTES = {"fastlanes.delta.flat.separate", "fastlanes.delta.flat.fused-grid", "fastlanes.delta.grid-roundtrip"};
    private static final IntCodec FLAT = (IntCodec) CodecRegistry.get("fastlanes.delta.flat");
    /** Block counts plus a tail: one full block, and three with a partial fourth. */
    private static final int[] LENGTHS = {1024, 3 * 1024 + 517};

    /** Values whose deltas are random below {@code 2^width} (any value at the full width), from a negative start. */
    private static long[] ramp(int n, int width, int typeBits, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        long[] v = new long[n];
        long acc = -12345;
        for (int i = 0; i < n; i++) {
            acc += width == 0 ? 7 : width == typeBits ? r.nextLong() : r.nextLong() >>> (64 - width);
            v[i] = acc;
        }
        return v;
    }

    @Test
    void everyRegisteredRouteDecodesTheFlatPagesAtEveryWidth() {
        for (String name : ROUTES) {
            IntCodec c = (IntCodec) CodecRegistry.get(name);
            assertEquals(name.contains("roundtrip") ? OutputOrder.TRANSPOSED : OutputOrder.FLAT, c.outputOrder(), name);
            for (int w = 0; w <= 32; w++) {
                for (int n : LENGTHS) {
                    int[] v = Arrays.stream(ramp(n, w, 32, 31L * w + n)).mapToInt(x -> (int) x).toArray();
                    byte[] page = FlDeltaCodecTest.encode(FLAT, v);
                    assertArrayEquals(page, FlDeltaCodecTest.encode(c, v), name + " w=" + w + " n=" + n + ": the same encoder");
                    if (w < 32) assertEquals(w, page[FlDeltaPages.HEADER], "block 0 delta width");
                    int[] want = new int[n];
                    c.outputOrder().arrange(v, n, want);
                    assertArrayEquals(want, FlDeltaCodecTest.decode(c, page), name + " w=" + w + " n=" + n);
                }
            }
        }
    }

    @Test
    void int64RoutesDecodeTheFlatPagesAtEveryWidth() {
        LongCodec flat = (LongCodec) CodecRegistry.get("fastlanes.delta.flat64");
        for (FlDeltaRoute route : new FlDeltaRoute[] {FlDeltaRoute.SEPARATE, FlDeltaRoute.FUSED_GRID, FlDeltaRoute.GRID_ROUNDTRIP}) {
            LongCodec c = new FlDeltaCodec64("route64", route);
            for (int w = 0; w <= 64; w++) {
                for (int n : LENGTHS) {
                    long[] v = ramp(n, w, 64, 17L * w + n);
                    byte[] page = encode64(flat, v);
                    long[] want = new long[n];
                    c.outputOrder().arrange(v, n, want);
                    long[] got = new long[n];
                    assertEquals(n, c.decode(page, 0, page.length, got, 0));
                    assertArrayEquals(want, got, route + " w=" + w + " n=" + n);
                }
            }
        }
    }

    @Test
    void exceptionsPatchTheGridAtAnyCount() {
        // a narrow ramp with k spikes a block: 0 to 400 exceptions a block from an uncapped encoder,
        // each route patching the grid's deltas before it sums
        IntCodec uncapped = new FlDeltaCodec32("flat.uncapped", false, OutputOrder.FLAT, 1024);
        LongCodec uncapped64 = new FlDeltaCodec64("flat64.uncapped", false, OutputOrder.FLAT, 1024);
        for (int k : new int[] {0, 1, 16, 33, 200}) {
            SplittableRandom r = new SplittableRandom(k);
            int[] v = new int[3 * 1024 + 100];
            for (int i = 0; i < v.length; i++) v[i] = 3 * i + r.nextInt(4) + (r.nextInt(1024) < k ? 1 << 22 : 0);
            byte[] page = FlDeltaCodecTest.encode(uncapped, v);
            long[] w = Arrays.stream(v).asLongStream().map(x -> x * 3_000_000_000L).toArray();
            byte[] page64 = encode64(uncapped64, w);
            for (String name : ROUTES) {
                IntCodec c = (IntCodec) CodecRegistry.get(name);
                int[] want = new int[v.length];
                c.outputOrder().arrange(v, v.length, want);
                assertArrayEquals(want, FlDeltaCodecTest.decode(c, page), name + ", " + k + " spikes");
                LongCodec c64 = new FlDeltaCodec64(name + "64", ((FlDeltaCodec32) c).route());
                long[] want64 = new long[w.length];
                c64.outputOrder().arrange(w, w.length, want64);
                long[] got = new long[w.length];
                c64.decode(page64, 0, page64.length, got, 0);
                assertArrayEquals(want64, got, name + "64, " + k + " spikes");
            }
        }
    }

    @Test
    void aCorruptExceptionPositionIsNamedAndTheNextPageDecodes() {
        IntCodec uncapped = new FlDeltaCodec32("flat.uncapped", false, OutputOrder.FLAT, 1024);
        int[] v = new int[2048];
        for (int i = 0; i < v.length; i++) v[i] = 2 * i + (i % 97 == 5 ? 1 << 20 : 0);
        byte[] page = FlDeltaCodecTest.encode(uncapped, v);
        int at = FlDeltaPages.HEADER;
        int exc = (page[at + 2] & 0xFF) | (page[at + 3] & 0xFF) << 8;
        assertTrue(exc > 0, "block 0 has exceptions");
        int positions = FlDeltaCodecTest.blockEnd(page, at) - exc * FlDeltaPages.exceptionBytes(4);
        byte[] bad = page.clone();
        FlDeltaPages.putU16(bad, positions, 1024);
        for (String name : ROUTES) {
            IntCodec c = (IntCodec) CodecRegistry.get(name);
            CorruptDataException e = assertThrows(CorruptDataException.class, () -> FlDeltaCodecTest.decode(c, bad), name);
            assertEquals(positions, e.offset(), e.getMessage());
            assertTrue(e.getMessage().contains("exception position"), e.getMessage());
            int[] want = new int[v.length];
            c.outputOrder().arrange(v, v.length, want);
            assertArrayEquals(want, FlDeltaCodecTest.decode(c, page), name + ": the next page on the thread");
        }
    }

    @Test
    void aRouteNeedsFlOrderLanesAndItsOwnOrder() {
        assertThrows(IllegalArgumentException.class, () -> new FlDeltaCodec32("x", FlDeltaRoute.REGISTERS));
        assertThrows(IllegalArgumentException.class, () -> new FlDeltaCodec64("x", FlDeltaRoute.REGISTERS));
        assertEquals(FlDeltaRoute.REGISTERS, ((FlDeltaCodec32) FLAT).route());
    }

    private static byte[] encode64(LongCodec c, long[] v) {
        byte[] out = new byte[c.maxEncodedBytes(v.length)];
        return Arrays.copyOf(out, c.encode(v, 0, v.length, out, 0));
    }
}
