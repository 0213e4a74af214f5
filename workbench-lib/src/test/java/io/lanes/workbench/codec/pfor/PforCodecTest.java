package io.lanes.workbench.codec.pfor;

import io.lanes.workbench.codec.kernel.PforCostModel;
import io.lanes.workbench.codec.kernel.PforSearch32;
import io.lanes.workbench.codec.kernel.PforSearch64;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.registry.CodecRegistry;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.LongCodec;
import io.lanes.workbench.codec.OutputOrder;
import io.lanes.workbench.codec.FlOrder;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The PFOR page format: what the encoder chooses, what any PFOR decoder reads, and every field's validation. */
class PforCodecTest {
    private static final PforCodec32 SEQ = (PforCodec32) CodecRegistry.get("pfor.seq");
    private static final PforCodec32 FL = (PforCodec32) CodecRegistry.get("pfor.fastlanes");
    private static final PforCodec32 FL_T = (PforCodec32) CodecRegistry.get("pfor.fastlanes.transposed");
    private static final PforCodec32 DELTA = (PforCodec32) CodecRegistry.get("pfor.seq.delta");

    static byte[] encode(IntCodec c, int[] v) {
        byte[] out = new byte[c.maxEncodedBytes(v.length)];
        return Arrays.copyOf(out, c.encode(v, 0, v.length, out, 0));
    }

    static int[] decode(IntCodec c, byte[] page) {
        int[] out = new int[c.decodedLength(page, 0, page.length)];
        assertEquals(out.length, c.decode(page, 0, page.length, out, 0));
        return out;
    }

    static int[] transposed(int[] v) {
        int[] t = new int[v.length];
        OutputOrder.TRANSPOSED.arrange(v, v.length, t);
        return t;
    }

    /** Byte offset of vector {@code v}, from the page's offset array. */
    static int vector(byte[] page, int v) {
        return Bytes.getInt(page, PforFormat.HEADER + 4 * v);
    }

    /** 7-bit values with an outlier every 100th: every vector has exceptions. */
    static int[] outliers(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] v = new int[n];
        for (int i = 0; i < n; i++) v[i] = i % 100 == 37 ? r.nextInt() : r.nextInt(128);
        return v;
    }

    @Test
    void theCostModelsWidthAndExceptionsAreWhatIsWritten() {
        int[] v = outliers(1024, 1);
        byte[] page = encode(SEQ, v);
        int min = Arrays.stream(v).min().orElseThrow();
        int max = Arrays.stream(v).max().orElseThrow();
        PforCostModel.Framed f = PforSearch32.chooseFrame(v, 0, v.length, min, max, new int[v.length], new int[v.length],
                new int[PforCostModel.scratchLength(32)]);
        PforCostModel.Choice c = f.choice();
        int at = vector(page, 0);
        assertEquals(f.frame(), Bytes.getInt(page, at), "the searched frame");
        assertTrue(f.frame() > min, "the outliers below the 7-bit values are exceptions too");
        assertEquals(c.width(), page[at + 4] & 0x7F, "width");
        assertEquals(c.exceptions(), PforFormat.u16(page, at + 6), "exception count");
        assertTrue(c.width() < 32 && c.exceptions() > 0, "outliers became exceptions: " + c);
        assertEquals(PforFormat.HEADER + 4 + 8 + (c.bits() + 7) / 8, page.length, "page = header + offset + info + the model's bits");
        assertArrayEquals(v, decode(SEQ, page));
    }

    /**
     * Every vector of a page carries the search's choice over that vector alone, though encode finds a
     * full vector's minimum and maximum in the previous vector's counting pass: vectors of different
     * widths, each wholly below the one before (a frame search started from the previous vector's
     * minimum, which it can only raise, would differ), low outliers in every other one (so the search
     * moves the frame), and a partial last vector, which encode ranges by itself.
     */
    @Test
    void everyVectorIsSearchedOverItsOwnRange() {
        SplittableRandom r = new SplittableRandom(7);
        int n = 5 * 1024 + 300;
        int[] v = new int[n];
        for (int i = 0; i < n; i++) {
            int k = i / 1024;
            v[i] = -10_000_000 * k + r.nextInt(1 << (4 + 3 * k)) - (k % 2 == 1 && i % 97 == 5 ? 1 << 22 : 0);
        }
        for (PforCodec32 codec : new PforCodec32[] {SEQ, FL}) {
            byte[] page = encode(codec, v);
            for (int k = 0; k * 1024 < n; k++) {
                int start = k * 1024, len = Math.min(1024, n - start);
                int min = Arrays.stream(v, start, start + len).min().orElseThrow();
                int max = Arrays.stream(v, start, start + len).max().orElseThrow();
                PforCostModel.Framed f = PforSearch32.chooseFrame(v, start, len, min, max, new int[len], new int[len],
                        new int[PforCostModel.scratchLength(32)]);
                int at = vector(page, k);
                assertEquals(f.frame(), Bytes.getInt(page, at), codec.name() + " vector " + k + " frame");
                assertEquals(f.choice().width(), page[at + 4] & PforFormat.WIDTH_BITS, codec.name() + " vector " + k + " width");
                assertEquals(f.choice().exceptions(), PforFormat.u16(page, at + 6), codec.name() + " vector " + k + " exceptions");
            }
            assertArrayEquals(v, decode(codec, page));
        }
    }

    /** 1024 values cycling through 0..100 (7 bits), but slot 500 holds {@code outlier}: the single-outlier vectors of issue 28. */
    private static long[] oneOutlier(long outlier) {
        long[] v = new long[1024];
        for (int i = 0; i < v.length; i++) v[i] = i == 500 ? outlier : i % 101;
        return v;
    }

    /**
     * Bytes of a one-vector page of 1024 T-byte values at width {@code w} with {@code e} exceptions, as
     * the format lays it out: header, one offset, info (frame, flag, coding, count), the packed slots,
     * and per exception a u16 position and the full value.
     */
    private static int onePage(int valueBytes, int w, int e) {
        return PforFormat.HEADER + 4 + (valueBytes + 4) + 1024 * w / 8 + e * (2 + valueBytes);
    }

    @Test
    void aSingleLowOutlierIsOneExceptionLikeASingleHighOne() {
        int[] h = new int[65];
        for (long outlier : new long[] {Integer.MIN_VALUE, Integer.MAX_VALUE}) {
            int[] v = Arrays.stream(oneOutlier(outlier)).mapToInt(x -> (int) x).toArray();
            // the frame at the minimum, as before the search: INT_MIN puts the 7-bit values 2^31 above it
            PforSearch32.histogram(v, 0, v.length, Arrays.stream(v).min().orElseThrow(), h);
            assertEquals(outlier < 0 ? 32 : 7, PforCostModel.choose(h, 32).width(), "width at the minimum");
            for (PforCodec32 c : new PforCodec32[] {SEQ, FL}) {
                byte[] page = encode(c, v);
                int at = vector(page, 0);
                assertEquals(onePage(4, 7, 1), page.length, c.name() + " " + outlier);
                assertEquals(0, Bytes.getInt(page, at), "frame: the smallest of the 7-bit values");
                assertEquals(7, page[at + 4] & 0x7F, "width");
                assertEquals(1, PforFormat.u16(page, at + 6), "exceptions");
                int exc = at + 8 + 128 * 7;
                assertEquals(500, PforFormat.u16(page, exc), "exception position");
                assertEquals(outlier, Bytes.getInt(page, exc + 2), "the full value");
                assertArrayEquals(v, decode(c, page));
                corrupt(c, page, b -> PforFormat.putU16(b, exc, 1024), "exception position", exc);
            }
        }
        LongCodec seq64 = (LongCodec) CodecRegistry.get("pfor.seq64");
        for (long outlier : new long[] {Long.MIN_VALUE, Long.MAX_VALUE}) {
            long[] v = oneOutlier(outlier);
            PforSearch64.histogram(v, 0, v.length, Arrays.stream(v).min().orElseThrow(), h);
            assertEquals(outlier < 0 ? 64 : 7, PforCostModel.choose(h, 64).width(), "width at the minimum");
            byte[] out = new byte[seq64.maxEncodedBytes(v.length)];
            int len = seq64.encode(v, 0, v.length, out, 0);
            assertEquals(onePage(8, 7, 1), len, "int64 " + outlier);
            assertEquals(outlier, Bytes.getLong(out, vector(out, 0) + 12 + 128 * 7 + 2), "the full value");
            long[] back = new long[v.length];
            seq64.decode(out, 0, len, back, 0);
            assertArrayEquals(v, back);
        }
    }

    /**
     * 2500 values (two full vectors and a tail) of width {@code w} centred on 0, i.e. in
     * {@code [-2^(w-1), 2^(w-1))}, with every 211th a full-range outlier at the type's low end
     * ({@code kind} 0), its high end (1) or alternating (2).
     */
    private static long[] withOutliers(SplittableRandom r, int w, int kind, int valueBits) {
        long[] v = new long[2500];
        for (int i = 0; i < v.length; i++) v[i] = w == 0 ? 0 : r.nextLong() >> (64 - w);
        long lowest = -1L << (valueBits - 1);
        for (int i = 17, k = 0; i < v.length; i += 211, k++) {
            boolean low = kind == 0 || kind == 2 && k % 2 == 0;
            v[i] = low ? lowest + r.nextInt(16) : ~lowest - r.nextInt(16);
        }
        return v;
    }

    /** Round trips of every codec at every width with low, high or both kinds of outliers; up to 24 bits the outliers never widen a vector. */
    @Test
    void everyWidthRoundTripsWithLowHighAndBothOutliers() {
        SplittableRandom r = new SplittableRandom(15);
        for (int kind = 0; kind < 3; kind++) {
            for (int w = 0; w <= 32; w++) {
                int[] v = Arrays.stream(withOutliers(r, w, kind, 32)).mapToInt(x -> (int) x).toArray();
                for (PforCodec32 c : new PforCodec32[] {SEQ, FL, FL_T, DELTA}) {
                    byte[] page = encode(c, v);
                    assertArrayEquals(c.outputOrder() == OutputOrder.FLAT ? v : transposed(v), decode(c, page), c.name() + " w=" + w + " kind " + kind);
                    for (int k = 0; k < 3 && c != DELTA && w <= 24; k++) assertTrue((page[vector(page, k) + 4] & 0x7F) <= w, c.name() + " w=" + w + " kind " + kind);
                }
            }
            for (int w = 0; w <= 64; w++) {
                long[] v = withOutliers(r, w, kind, 64);
                for (String name : new String[] {"pfor.seq64", "pfor.fastlanes64", "pfor.fastlanes.transposed64", "pfor.seq.delta64"}) {
                    LongCodec c = (LongCodec) CodecRegistry.get(name);
                    byte[] out = new byte[c.maxEncodedBytes(v.length)];
                    int len = c.encode(v, 0, v.length, out, 0);
                    long[] back = new long[v.length];
                    c.decode(out, 0, len, back, 0);
                    long[] want = v;
                    if (c.outputOrder() == OutputOrder.TRANSPOSED) OutputOrder.TRANSPOSED.arrange(v, v.length, want = new long[v.length]);
                    assertArrayEquals(want, back, name + " w=" + w + " kind " + kind);
                    for (int k = 0; k < 3 && !name.contains("delta") && w <= 56; k++) assertTrue((out[vector(out, k) + 8] & 0x7F) <= w, name + " w=" + w + " kind " + kind);
                }
            }
        }
    }

    @Test
    void exceptionsLandAtTheirTransposedSlots() {
        int[] v = outliers(3000, 2);
        byte[] page = encode(FL, v);
        assertEquals(0x80, page[vector(page, 0) + 4] & 0x80, "full vectors are FastLanes");
        assertEquals(0, page[vector(page, 2) + 4] & 0x80, "the tail falls back to sequential");
        assertArrayEquals(v, decode(FL, page));
        assertArrayEquals(transposed(v), decode(FL_T, page));
        assertArrayEquals(v, decode(SEQ, page), "any PFOR decoder reads any PFOR page");
    }

    @Test
    void aConstantVectorIsWidthZeroWithNoPayload() {
        int[] v = new int[1024];
        Arrays.fill(v, -123456789);
        for (PforCodec32 c : new PforCodec32[] {SEQ, FL, DELTA}) {
            byte[] page = encode(c, v);
            assertEquals(PforFormat.HEADER + 4 + 8, page.length, c.name());
            assertEquals(0, page[vector(page, 0) + 4] & 0x7F, c.name());
            assertArrayEquals(c.outputOrder() == OutputOrder.FLAT ? v : transposed(v), decode(c, page));
        }
    }

    @Test
    void integerLimitsRoundTrip() {
        SplittableRandom r = new SplittableRandom(9);
        int[] v = new int[2100];
        for (int i = 0; i < v.length; i++) v[i] = i % 7 == 0 ? Integer.MIN_VALUE : i % 7 == 1 ? Integer.MAX_VALUE : r.nextInt();
        for (PforCodec32 c : new PforCodec32[] {SEQ, FL, FL_T, DELTA}) {
            byte[] page = encode(c, v);
            assertEquals(32, page[vector(page, 0) + 4] & 0x7F, c.name() + ": frame MIN, differences up to 2^32 - 1");
            assertArrayEquals(c.outputOrder() == OutputOrder.FLAT ? v : transposed(v), decode(c, page), c.name());
        }
        long[] w = new long[1500];
        for (int i = 0; i < w.length; i++) w[i] = i % 50 == 3 ? Long.MIN_VALUE : i % 50 == 4 ? Long.MAX_VALUE : r.nextLong(); // more zeros would make exceptions cheaper
        LongCodec c64 = (LongCodec) CodecRegistry.get("pfor.fastlanes64");
        byte[] out = new byte[c64.maxEncodedBytes(w.length)];
        int len = c64.encode(w, 0, w.length, out, 0);
        assertEquals(64, out[vector(out, 0) + 8] & 0x7F, "width 64 fits the flag byte");
        long[] back = new long[w.length];
        c64.decode(out, 0, len, back, 0);
        assertArrayEquals(w, back);
    }

    @Test
    void deltaIsTakenOnlyWhereItIsSmallerAndOnlyWhenAllowed() {
        int[] sorted = new int[2048];
        SplittableRandom r = new SplittableRandom(3);
        int acc = Integer.MAX_VALUE - 3000; // wraps past MAX into negatives: wrapping deltas
        for (int i = 0; i < sorted.length; i++) sorted[i] = acc += r.nextInt(4);
        byte[] plain = encode(SEQ, sorted);
        byte[] delta = encode(DELTA, sorted);
        assertEquals(PforFormat.VALUES, plain[vector(plain, 0) + 5], "pfor.seq declines delta");
        assertEquals(PforFormat.DELTA, delta[vector(delta, 0) + 5], "pfor.seq.delta takes it on a sorted vector");
        assertTrue(delta.length * 4 < plain.length, delta.length + " vs " + plain.length);
        assertArrayEquals(sorted, decode(DELTA, delta));
        assertArrayEquals(transposed(sorted), decode(FL_T, delta), "delta pages read with any decoder; full sequential blocks are transposed");
        int[] random = new int[1024];
        for (int i = 0; i < random.length; i++) random[i] = r.nextInt();
        byte[] noDelta = encode(DELTA, random);
        assertEquals(PforFormat.VALUES, noDelta[vector(noDelta, 0) + 5], "random values are cheaper without delta");
        assertArrayEquals(encode(SEQ, random), noDelta);
    }

    @Test
    void deltaExceptionsPatchDeltasBeforeThePrefixSum() {
        int[] v = new int[1024];
        for (int i = 0; i < v.length; i++) v[i] = 5 * i + (i >= 100 ? 1 << 29 : 0) + (i >= 700 ? 1 << 29 : 0);
        byte[] page = encode(DELTA, v);
        int at = vector(page, 0);
        assertEquals(PforFormat.DELTA, page[at + 5]);
        assertEquals(2, PforFormat.u16(page, at + 6), "the two jumps are exceptions");
        assertEquals(0, page[at + 4], "the other deltas are the frame: width 0");
        assertArrayEquals(v, decode(DELTA, page));
    }

    @Test
    void mixedModePagesDecodeWithEveryOrder() {
        int[] v = outliers(5000, 4);
        byte[] seq = encode(SEQ, v);
        byte[] fl = encode(FL, v);
        assertEquals(seq.length, fl.length, "a full vector is the same size in both modes");
        byte[] mixed = seq.clone();
        for (int k = 1; k < 4; k += 2) System.arraycopy(fl, vector(fl, k), mixed, vector(mixed, k), vector(fl, k + 1) - vector(fl, k));
        assertEquals(0, mixed[vector(mixed, 0) + 4] & 0x80);
        assertEquals(0x80, mixed[vector(mixed, 1) + 4] & 0x80);
        assertArrayEquals(v, decode(SEQ, mixed));
        assertArrayEquals(v, decode(FL, mixed));
        assertArrayEquals(transposed(v), decode(FL_T, mixed));
    }

    @Test
    void otherVectorSizes() {
        int[] v = outliers(70_000, 5);
        for (int log : new int[] {7, 9, 11, 16}) {
            for (PforPacking packing : PforPacking.values()) {
                PforCodec32 flat = new PforCodec32("t", packing, false, OutputOrder.FLAT, log);
                PforCodec32 tr = new PforCodec32("t", packing, false, OutputOrder.TRANSPOSED, log);
                byte[] page = encode(flat, v);
                assertEquals(log, page[2], "log2 vector size in the header");
                assertEquals(PforFormat.vectors(v.length, log), (vector(page, 0) - PforFormat.HEADER) / 4);
                for (int k = 0; k < PforFormat.vectors(v.length, log); k++) {
                    assertEquals(0, page[vector(page, k) + 4] & 0x80, "log " + log + ": no FastLanes vectors unless they hold 1024");
                }
                assertArrayEquals(v, decode(flat, page), "log " + log);
                assertArrayEquals(transposed(v), decode(tr, page), "log " + log + " transposed");
            }
        }
        PforCodec32 delta7 = new PforCodec32("t", PforPacking.SEQUENTIAL, true, OutputOrder.FLAT, 7);
        int[] s = new int[3000];
        for (int i = 1; i < s.length; i++) s[i] = s[i - 1] + 1 + i % 3;
        assertArrayEquals(s, decode(delta7, encode(delta7, s)));
        assertThrows(IllegalArgumentException.class, () -> new PforCodec32("t", PforPacking.SEQUENTIAL, false, OutputOrder.FLAT, 17));
        assertThrows(IllegalArgumentException.class, () -> new PforCodec32("t", PforPacking.FASTLANES, true, OutputOrder.FLAT, 10));
    }

    // ---- one corrupt-input case per header and vector-info field: the exception names the field and its byte offset

    private static void corrupt(IntCodec c, byte[] page, Consumer<byte[]> change, String field, int offset) {
        byte[] bad = page.clone();
        change.accept(bad);
        CorruptDataException e = assertThrows(CorruptDataException.class, () -> c.decode(bad, 0, bad.length, new int[1 << 16], 0));
        assertEquals(field, e.field(), e.getMessage());
        assertEquals(offset, e.offset(), e.getMessage());
    }

    @Test
    void everyHeaderFieldIsValidated() {
        byte[] page = encode(SEQ, outliers(2500, 6)); // three vectors, offsets at 8, 12, 16
        corrupt(SEQ, page, b -> b[0] = 2, "version", 0);
        corrupt(SEQ, page, b -> b[1] = 8, "value byte width", 1);
        corrupt(SEQ, page, b -> b[2] = 6, "log2 vector size", 2);
        corrupt(SEQ, page, b -> b[2] = 17, "log2 vector size", 2);
        corrupt(SEQ, page, b -> b[3] = 1, "reserved", 3);
        corrupt(SEQ, page, b -> Bytes.putInt(b, 4, -1), "element count", 4);
        corrupt(SEQ, page, b -> Bytes.putInt(b, 4, 1 << 30), "vector offsets", 8);
        corrupt(SEQ, page, b -> Bytes.putInt(b, 4, 1024), "vector offset", 8); // one vector: it would start at 12
        corrupt(SEQ, page, b -> Bytes.putInt(b, 12, vector(page, 1) + 1), "vector offset", 12);
        corrupt(SEQ, page, b -> Bytes.putInt(b, 16, Integer.MIN_VALUE), "vector offset", 16);
        corrupt(SEQ, page, b -> Bytes.putInt(b, 16, page.length + 100), "vector offset", 16);
        corrupt(SEQ, Arrays.copyOf(page, page.length + 1), b -> { }, "page length", page.length);
        corrupt(SEQ, Arrays.copyOf(page, 7), b -> { }, "page header", 0);
        LongCodec seq64 = (LongCodec) CodecRegistry.get("pfor.seq64");
        CorruptDataException e = assertThrows(CorruptDataException.class, () -> seq64.decode(page, 0, page.length, new long[4096], 0));
        assertEquals("value byte width", e.field());
        assertEquals(1, e.offset());
    }

    @Test
    void everyVectorFieldIsValidated() {
        byte[] page = encode(SEQ, outliers(2500, 6));
        int v0 = vector(page, 0);
        int tail = vector(page, 2);
        corrupt(SEQ, page, b -> b[v0 + 4] = 33, "vector width", v0 + 4);
        corrupt(SEQ, page, b -> b[tail + 4] |= (byte) 0x80, "packing mode", tail + 4); // FastLanes needs 1024 values
        corrupt(SEQ, page, b -> b[v0 + 5] = 2, "coding", v0 + 5);
        corrupt(SEQ, page, b -> PforFormat.putU16(b, v0 + 6, 1025), "exception count", v0 + 6);
        int exc = PforFormat.u16(page, v0 + 6);
        int positions = v0 + 8 + 128 * (page[v0 + 4] & 0x7F);
        corrupt(SEQ, page, b -> PforFormat.putU16(b, positions + 2 * (exc - 1), 1024), "exception position", positions + 2 * (exc - 1));
        corrupt(SEQ, page, b -> PforFormat.putU16(b, v0 + 6, exc - 1), "vector offset", 12); // one exception fewer: vector 0 ends early
        corrupt(SEQ, Arrays.copyOf(page, tail + 5), b -> { }, "vector info", tail);
        corrupt(SEQ, Arrays.copyOf(page, tail + 9), b -> { }, "vector payload and exceptions", tail + 8);
        byte[] fl = encode(FL, outliers(1024, 7));
        int f0 = vector(fl, 0);
        corrupt(FL, fl, b -> b[f0 + 5] = PforFormat.DELTA, "coding", f0 + 5);
        int[] sorted = new int[100];
        for (int i = 0; i < sorted.length; i++) sorted[i] = 1000 * i;
        byte[] delta = encode(DELTA, sorted);
        int d0 = vector(delta, 0);
        assertEquals(PforFormat.DELTA, delta[d0 + 5]);
        corrupt(DELTA, Arrays.copyOf(delta, d0 + 10), b -> { }, "delta base", d0 + 8);
    }

    @Test
    void transposedOrderIsFlOrderOfEveryFullBlock() {
        int[] v = new int[2048 + 5];
        for (int i = 0; i < v.length; i++) v[i] = i;
        int[] t = decode(FL_T, encode(FL_T, v));
        for (int p = 0; p < 1024; p++) assertEquals(FlOrder.fromTransposed(p, 32) + 1024, t[1024 + p]);
        for (int i = 2048; i < v.length; i++) assertEquals(i, t[i], "the partial block stays flat");
    }
}
