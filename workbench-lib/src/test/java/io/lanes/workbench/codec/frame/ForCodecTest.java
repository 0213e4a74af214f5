package io.lanes.workbench.codec.frame;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.registry.CodecRegistry;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.LongCodec;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The FOR page format: frame and width per block, the layout byte, and every field's validation. */
class ForCodecTest {
    static byte[] encode(IntCodec c, int[] v) {
        byte[] out = new byte[c.maxEncodedBytes(v.length)];
        return Arrays.copyOf(out, c.encode(v, 0, v.length, out, 0));
    }

    static int[] decode(IntCodec c, byte[] page) {
        int[] out = new int[c.decodedLength(page, 0, page.length)];
        assertEquals(out.length, c.decode(page, 0, page.length, out, 0));
        return out;
    }

    @Test
    void eachBlockStoresItsMinimumAndTheWidthOfTheLargestDifference() {
        int[] v = new int[1024 + 3];
        SplittableRandom r = new SplittableRandom(1);
        for (int i = 0; i < 1024; i++) v[i] = 1_000_000 + r.nextInt(1000);
        v[17] = 1_000_000 - 24; // the minimum
        v[900] = 1_000_000 - 24 + 1023; // the largest difference: 10 bits
        v[1024] = -5;
        v[1025] = -5;
        v[1026] = -2;
        for (ForLayout layout : ForLayout.values()) {
            IntCodec c = (IntCodec) CodecRegistry.get(layout.codecName(32));
            byte[] page = encode(c, v);
            assertEquals(v.length, Bytes.getInt(page, 0));
            assertEquals(layout.code(), page[4]);
            assertEquals(10, page[5], "block 0 width");
            assertEquals(1_000_000 - 24, Bytes.getInt(page, 6), "block 0 frame");
            int tail = 5 + 5 + 128 * 10;
            assertEquals(2, page[tail], "tail width");
            assertEquals(-5, Bytes.getInt(page, tail + 1), "tail frame");
            assertEquals(tail + 5 + 1, page.length, "3 values of 2 bits: one byte");
            // any FOR decoder reads any layout into file order
            for (ForLayout other : ForLayout.values()) assertArrayEquals(v, decode((IntCodec) CodecRegistry.get(other.codecName(32)), page), layout + " read by " + other);
        }
    }

    @Test
    void constantBlocksAreFiveBytesAndLimitsRoundTrip() {
        int[] constant = new int[2048];
        Arrays.fill(constant, Integer.MIN_VALUE);
        int[] limits = new int[3000];
        for (int i = 0; i < limits.length; i++) limits[i] = i % 2 == 0 ? Integer.MIN_VALUE : Integer.MAX_VALUE;
        long[] limits64 = new long[3000];
        for (int i = 0; i < limits64.length; i++) limits64[i] = i % 3 == 0 ? Long.MIN_VALUE : Long.MAX_VALUE - i;
        for (ForLayout layout : ForLayout.values()) {
            IntCodec c = (IntCodec) CodecRegistry.get(layout.codecName(32));
            assertEquals(5 + 2 * 5, encode(c, constant).length, layout.codecName(32));
            assertArrayEquals(constant, decode(c, encode(c, constant)));
            byte[] page = encode(c, limits);
            assertEquals(32, page[5]);
            assertArrayEquals(limits, decode(c, page));
            LongCodec c64 = (LongCodec) CodecRegistry.get(layout.codecName(64));
            byte[] out = new byte[c64.maxEncodedBytes(limits64.length)];
            int len = c64.encode(limits64, 0, limits64.length, out, 0);
            assertEquals(64, out[5]);
            long[] back = new long[limits64.length];
            c64.decode(out, 0, len, back, 0);
            assertArrayEquals(limits64, back);
        }
    }

    private static void corrupt(IntCodec c, byte[] page, Consumer<byte[]> change, String field, int offset) {
        byte[] bad = page.clone();
        change.accept(bad);
        CorruptDataException e = assertThrows(CorruptDataException.class, () -> c.decode(bad, 0, bad.length, new int[1 << 16], 0));
        assertEquals(field, e.field(), e.getMessage());
        assertEquals(offset, e.offset(), e.getMessage());
    }

    @Test
    void everyFieldIsValidated() {
        IntCodec c = (IntCodec) CodecRegistry.get("for.fastlanes");
        int[] v = new int[2500];
        for (int i = 0; i < v.length; i++) v[i] = i * 7;
        byte[] page = encode(c, v);
        int w0 = page[5];
        int block1 = 5 + 5 + 128 * w0;
        corrupt(c, page, b -> Bytes.putInt(b, 0, -1), "value count", 0);
        corrupt(c, page, b -> Bytes.putInt(b, 0, 1 << 30), "block headers", 5);
        corrupt(c, page, b -> b[4] = 3, "layout", 4);
        corrupt(c, page, b -> b[5] = 33, "block width", 5);
        corrupt(c, page, b -> b[block1] = (byte) 200, "block width", block1);
        corrupt(c, Arrays.copyOf(page, block1 + 3), b -> { }, "block header", block1);
        corrupt(c, Arrays.copyOf(page, block1 + 5 + 10), b -> { }, "block 1 payload", block1 + 5);
        corrupt(c, Arrays.copyOf(page, page.length + 2), b -> { }, "page length", page.length);
        corrupt(c, Arrays.copyOf(page, 4), b -> { }, "page header", 0);
    }
}
