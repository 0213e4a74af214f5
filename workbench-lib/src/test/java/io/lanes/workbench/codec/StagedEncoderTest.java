package io.lanes.workbench.codec;

import io.lanes.workbench.codec.registry.CodecRegistry;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every registered {@link StagedEncoder32} / {@link StagedEncoder64}: analysis into a buffer full of
 * stale bytes, then packing, writes exactly the page {@code encode} writes into a clean one (so the
 * stages leave no byte to chance), packing again over a finished page changes nothing (what the
 * harness times as packing alone), and the page decodes to the values. Inputs cover every width, block
 * tails, empty and single values, outliers and sorted runs with a reset (delta exceptions), at odd offsets.
 */
class StagedEncoderTest {
    private static final int OFF = 5;
    private static final int OUT_OFF = 3;

    @Test
    void analyzeThenPackWritesTheEncodedPageForEveryStagedCodec() {
        List<String> staged = new ArrayList<>();
        for (Codec c : CodecRegistry.all()) {
            if (!(c instanceof StagedEncoder32) && !(c instanceof StagedEncoder64)) continue;
            staged.add(c.name());
            for (long[] values : inputs(c.valueBits())) {
                if (c instanceof StagedEncoder32 s) check32(s, values);
                else check64((StagedEncoder64) c, values);
            }
        }
        assertTrue(staged.containsAll(List.of("bitpack.seq.vector", "bitpack.seq.vector64", "fastlanes.unpack.transposed", "pfor.seq", "pfor.fastlanes", "pfor.seq.delta",
                        "fastlanes.delta.flat", "fastlanes.delta.strided", "fastlanes.delta.flat64", "fastlanes.delta.strided64", "parquet.delta", "parquet.delta64")),
                "the block-page, PFOR and delta codecs are staged: " + staged);
    }

    private static void check32(StagedEncoder32 s, long[] wide) {
        int n = wide.length;
        int[] values = new int[OFF + n + 2];
        for (int i = 0; i < n; i++) values[OFF + i] = (int) wide[i];
        int[] copy = values.clone();
        byte[] want = new byte[OUT_OFF + s.maxEncodedBytes(n)];
        int len = s.encode(values, OFF, n, want, OUT_OFF);
        byte[] got = stale(want.length);
        s.analyze(values, OFF, n, got, OUT_OFF);
        assertEquals(len, s.pack(values, OFF, n, got, OUT_OFF), s.name() + " n=" + n);
        assertPage(s, n, want, got, len);
        assertEquals(len, s.pack(values, OFF, n, got, OUT_OFF));
        assertPage(s, n, want, got, len);
        assertArrayEquals(copy, values, "the stages do not modify their input");
        int[] out = new int[n];
        assertEquals(n, s.decode(got, OUT_OFF, len, out, 0));
        int[] expect = Arrays.copyOfRange(values, OFF, OFF + n);
        if (s.outputOrder() != OutputOrder.FLAT) s.outputOrder().arrange(expect.clone(), n, expect);
        assertArrayEquals(expect, out, s.name() + " n=" + n);
    }

    private static void check64(StagedEncoder64 s, long[] wide) {
        int n = wide.length;
        long[] values = new long[OFF + n + 2];
        System.arraycopy(wide, 0, values, OFF, n);
        long[] copy = values.clone();
        byte[] want = new byte[OUT_OFF + s.maxEncodedBytes(n)];
        int len = s.encode(values, OFF, n, want, OUT_OFF);
        byte[] got = stale(want.length);
        s.analyze(values, OFF, n, got, OUT_OFF);
        assertEquals(len, s.pack(values, OFF, n, got, OUT_OFF), s.name() + " n=" + n);
        assertPage(s, n, want, got, len);
        assertEquals(len, s.pack(values, OFF, n, got, OUT_OFF));
        assertPage(s, n, want, got, len);
        assertArrayEquals(copy, values, "the stages do not modify their input");
        long[] out = new long[n];
        assertEquals(n, s.decode(got, OUT_OFF, len, out, 0));
        long[] expect = Arrays.copyOfRange(values, OFF, OFF + n);
        if (s.outputOrder() != OutputOrder.FLAT) s.outputOrder().arrange(expect.clone(), n, expect);
        assertArrayEquals(expect, out, s.name() + " n=" + n);
    }

    private static void assertPage(Codec c, int n, byte[] want, byte[] got, int len) {
        int i = Arrays.mismatch(want, OUT_OFF, OUT_OFF + len, got, OUT_OFF, OUT_OFF + len);
        assertEquals(-1, i, () -> c.name() + " n=" + n + ": staged page differs from encode's at byte " + i);
    }

    /** A buffer whose every byte is a pattern no stage writes by chance everywhere. */
    private static byte[] stale(int length) {
        byte[] b = new byte[length];
        Arrays.fill(b, (byte) 0xA5);
        return b;
    }

    /** Values of every width 0..bits, block tails, empty and single, outliers over a narrow bulk (both sides), sorted runs with a reset. */
    private static List<long[]> inputs(int bits) {
        SplittableRandom r = new SplittableRandom(29);
        List<long[]> in = new ArrayList<>();
        for (int w = 0; w <= bits; w++) in.add(uniform(r, 2100, w));
        for (int n : new int[] {0, 1, 7, 1023, 1024, 1025, 4096 + 33}) in.add(uniform(r, n, 13));
        long[] outliers = uniform(r, 3000, 5);
        for (int i = 0; i < outliers.length; i += 97) outliers[i] = r.nextLong() >> (64 - bits); // high and negative, full width
        in.add(outliers);
        long[] low = uniform(r, 3000, 6);
        for (int i = 0; i < low.length; i++) low[i] += 1L << 20;
        for (int i = 11; i < low.length; i += 131) low[i] = i; // low outliers below a frame
        in.add(low);
        long[] sorted = new long[3000];
        for (int i = 1; i < sorted.length; i++) sorted[i] = i == 1700 ? 3 : sorted[i - 1] + r.nextInt(40);
        in.add(sorted);
        return in;
    }

    private static long[] uniform(SplittableRandom r, int n, int width) {
        long[] v = new long[n];
        for (int i = 0; i < n; i++) v[i] = width == 0 ? 0 : r.nextLong() >>> (64 - width);
        return v;
    }
}
