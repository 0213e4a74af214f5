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
            for (long[] values : inputs(c.valueBits())) check(new Column(c, values));
        }
        assertTrue(staged.containsAll(List.of("bitpack.seq.vector", "bitpack.seq.vector64", "fastlanes.unpack.transposed", "pfor.seq", "pfor.fastlanes", "pfor.seq.delta",
                        "fastlanes.delta.flat", "fastlanes.delta.strided", "fastlanes.delta.flat64", "fastlanes.delta.strided64", "parquet.delta", "parquet.delta64")),
                "the block-page, PFOR and delta codecs are staged: " + staged);
    }

    private static void check(Column col) {
        Codec c = col.codec;
        int n = col.n;
        long[] before = col.held();
        byte[] want = new byte[OUT_OFF + c.maxEncodedBytes(n)];
        int len = col.encode(want);
        byte[] got = stale(want.length);
        col.analyze(got);
        assertEquals(len, col.pack(got), c.name() + " n=" + n);
        assertPage(c, n, want, got, len);
        assertEquals(len, col.pack(got));
        assertPage(c, n, want, got, len);
        assertArrayEquals(before, col.held(), "the stages do not modify their input");
        long[] out = new long[n];
        assertEquals(n, col.decode(got, len, out));
        assertArrayEquals(col.arranged(), out, c.name() + " n=" + n);
    }

    /**
     * One input of a staged codec of either width, held at the codec's own type at {@link #OFF} with
     * guard slots after it, and seen through long values (widened from int for int32, as
     * {@code Conformance} sees a codec), so one {@link #check} serves int32 and int64.
     */
    private static final class Column {
        final Codec codec;
        final int n;
        private final StagedEncoder32 s32;
        private final StagedEncoder64 s64;
        private final int[] ints;
        private final long[] longs;

        Column(Codec c, long[] wide) {
            codec = c;
            n = wide.length;
            s32 = c instanceof StagedEncoder32 s ? s : null;
            s64 = c instanceof StagedEncoder64 s ? s : null;
            ints = s32 == null ? null : new int[OFF + n + 2];
            longs = s32 == null ? new long[OFF + n + 2] : null;
            for (int i = 0; i < n; i++) {
                if (ints != null) ints[OFF + i] = (int) wide[i];
                else longs[OFF + i] = wide[i];
            }
        }

        int encode(byte[] out) {
            return s32 != null ? s32.encode(ints, OFF, n, out, OUT_OFF) : s64.encode(longs, OFF, n, out, OUT_OFF);
        }

        void analyze(byte[] out) {
            if (s32 != null) s32.analyze(ints, OFF, n, out, OUT_OFF);
            else s64.analyze(longs, OFF, n, out, OUT_OFF);
        }

        int pack(byte[] out) {
            return s32 != null ? s32.pack(ints, OFF, n, out, OUT_OFF) : s64.pack(longs, OFF, n, out, OUT_OFF);
        }

        /** Decodes {@code page[OUT_OFF, OUT_OFF + len)} into {@code out}, widened; returns decode's count. */
        int decode(byte[] page, int len, long[] out) {
            if (s64 != null) return s64.decode(page, OUT_OFF, len, out, 0);
            int[] o = new int[out.length];
            int m = s32.decode(page, OUT_OFF, len, o, 0);
            for (int i = 0; i < o.length; i++) out[i] = o[i];
            return m;
        }

        /** The whole array the input sits in, guards included, widened: a copy. */
        long[] held() {
            return ints != null ? Arrays.stream(ints).asLongStream().toArray() : longs.clone();
        }

        /** The input in the codec's output order, widened (FL_ORDER's lanes depend on the value type, so arranged at its own). */
        long[] arranged() {
            OutputOrder order = codec.outputOrder();
            if (ints == null) {
                long[] out = new long[n];
                order.arrange(Arrays.copyOfRange(longs, OFF, OFF + n), n, out);
                return out;
            }
            int[] out = new int[n];
            order.arrange(Arrays.copyOfRange(ints, OFF, OFF + n), n, out);
            return Arrays.stream(out).asLongStream().toArray();
        }
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
