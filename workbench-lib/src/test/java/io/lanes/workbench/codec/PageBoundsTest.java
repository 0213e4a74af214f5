package io.lanes.workbench.codec;

import io.lanes.workbench.codec.registry.CodecRegistry;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 26, cases 5 and 6, for every codec of the project's own: {@code decodedLength} never
 * exceeds what the page can hold ({@link Codec#maxDecodedLength(int)}), and bytes after a
 * complete page are rejected with {@link CorruptDataException}, never decoded.
 */
class PageBoundsTest {
    /** The 6-byte page that made {@code zstd}, {@code lz4} and {@code bss.zstd} report 2,147,483,647 values. */
    private static final byte[] HUGE_COUNT = HexFormat.of().parseHex("ffffffff0700");

    private static List<Codec> own() {
        return CodecRegistry.all().stream().filter(c -> !c.name().startsWith("peer.")).toList();
    }

    @Test
    void aCountTheFrameCannotHoldIsRejectedNamingFieldAndOffset() {
        for (String name : List.of("zstd", "lz4", "bss.zstd", "zstd64", "lz464", "bss64.zstd")) {
            Codec c = CodecRegistry.get(name);
            CorruptDataException e = assertThrows(CorruptDataException.class, () -> decodedLength(c, HUGE_COUNT), name);
            assertTrue(e.field().contains("frame") || e.field().equals("value count"), name + ": " + e.getMessage());
            assertTrue(c.maxDecodedLength(HUGE_COUNT.length) < 1 << 20, name + ": bound " + c.maxDecodedLength(HUGE_COUNT.length));
        }
    }

    @Test
    void anRleOrDeltaHeaderAloneCannotClaimValuesItsRunsDoNotHold() {
        // count 2^31-1, width 0, no runs: the runs are walked, the header alone proves nothing
        assertThrows(CorruptDataException.class, () -> decodedLength(CodecRegistry.get("parquet.rle"), HUGE_COUNT));
        // block 128, 4 miniblocks, 1000 values, first 0, then the 8 block headers (width 32) the
        // header check counts on, but none of their miniblocks
        byte[] delta = HexFormat.of().parseHex("8001" + "04" + "e807" + "00" + "0020202020".repeat(8));
        assertThrows(CorruptDataException.class, () -> decodedLength(CodecRegistry.get("parquet.delta"), delta));
        assertThrows(CorruptDataException.class, () -> decodedLength(CodecRegistry.get("parquet.delta64"), delta));
    }

    @TestFactory
    Stream<DynamicTest> everyOwnCodecRejectsBytesAfterACompletePage() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Codec c : own()) {
            tests.add(DynamicTest.dynamicTest(c.name(), () -> {
                for (int n : new int[] {0, 1, 1000, 1025, 2048}) {
                    byte[] page = encode(c, n);
                    int len = decodedLength(c, page);
                    assertEquals(n, len, c.name() + ": count of its own page of " + n);
                    assertTrue(len <= c.maxDecodedLength(page.length), c.name() + ": " + len + " values over the bound " + c.maxDecodedLength(page.length));
                    for (byte extra : new byte[] {0, (byte) 0xAB}) {
                        byte[] longer = Arrays.copyOf(page, page.length + 1);
                        longer[page.length] = extra;
                        assertThrows(CorruptDataException.class, () -> decode(c, longer), c.name() + ": a page of " + n + " values plus one byte decoded");
                    }
                }
            }));
        }
        return tests.stream();
    }

    private static byte[] encode(Codec c, int n) {
        byte[] out;
        int len;
        switch (c) {
            case IntCodec ic -> {
                int[] v = new int[n];
                for (int i = 0; i < n; i++) v[i] = i * 7 % 1000;
                out = new byte[ic.maxEncodedBytes(n)];
                len = ic.encode(v, 0, n, out, 0);
            }
            case LongCodec lc -> {
                long[] v = new long[n];
                for (int i = 0; i < n; i++) v[i] = i * 7L % 1000 - 500;
                out = new byte[lc.maxEncodedBytes(n)];
                len = lc.encode(v, 0, n, out, 0);
            }
            case ByteArrayCodec bc -> {
                ByteArrays v = new ByteArrays();
                for (int i = 0; i < n; i++) {
                    byte[] s = ("value-" + i % 37).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
                    v.add(s, 0, s.length);
                }
                out = new byte[bc.maxEncodedBytes(n, v.bytes())];
                len = bc.encode(v, 0, n, out, 0);
            }
            default -> throw new AssertionError(c.name());
        }
        return Arrays.copyOf(out, len);
    }

    private static int decodedLength(Codec c, byte[] page) {
        return switch (c) {
            case IntCodec ic -> ic.decodedLength(page, 0, page.length);
            case LongCodec lc -> lc.decodedLength(page, 0, page.length);
            case ByteArrayCodec bc -> bc.decodedLength(page, 0, page.length);
            default -> throw new AssertionError(c.name());
        };
    }

    private static int decode(Codec c, byte[] page) {
        return switch (c) {
            case IntCodec ic -> ic.decode(page, 0, page.length, new int[4096], 0);
            case LongCodec lc -> lc.decode(page, 0, page.length, new long[4096], 0);
            case ByteArrayCodec bc -> bc.newDecoder().decode(page, 0, page.length, new ByteArrays());
            default -> throw new AssertionError(c.name());
        };
    }
}
