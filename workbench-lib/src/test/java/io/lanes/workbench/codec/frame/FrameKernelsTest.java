package io.lanes.workbench.codec.frame;

import io.lanes.workbench.codec.kernel.SeqFrameKernel32;
import io.lanes.workbench.codec.kernel.SeqFrameKernel64;

import io.lanes.workbench.codec.bitpack.SeqScalarKernel32;
import io.lanes.workbench.codec.bitpack.SeqScalarKernel64;
import io.lanes.workbench.codec.kernel.FlFrameKernel32;
import io.lanes.workbench.codec.kernel.FlFrameKernel64;
import io.lanes.workbench.codec.FlOrder;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every generated frame and delta kernel, at every vector shape and width, against a plain scalar
 * reference: sequential unpack with the frame (including the scalar fallback at the end of the
 * array), FastLanes rows/flat with the frame in both lane orders, the per-lane running sums, and the
 * lane-anchor decoder. Frames near the type's limits make every add wrap.
 */
class FrameKernelsTest {
    private static final int BLOCK = 1024;
    private static final int[] SHAPES = {128, 256, 512};

    private static int[] random32(SplittableRandom r, int n, int w) {
        int[] v = new int[n];
        for (int i = 0; i < n; i++) v[i] = w == 0 ? 0 : (int) (r.nextLong() >>> (64 - w));
        return v;
    }

    private static long[] random64(SplittableRandom r, int n, int w) {
        long[] v = new long[n];
        for (int i = 0; i < n; i++) v[i] = w == 0 ? 0 : r.nextLong() >>> (64 - w);
        return v;
    }

    @TestFactory
    Stream<DynamicTest> sequentialUnpackAddsTheFrame() {
        List<DynamicTest> tests = new ArrayList<>();
        for (int bits : SHAPES) {
            tests.add(DynamicTest.dynamicTest("int32 " + bits, () -> {
                SeqFrameKernel32 k = new SeqFrameKernel32(bits);
                SplittableRandom r = new SplittableRandom(bits);
                for (int w = 0; w <= 32; w++) {
                    for (int len : new int[] {BLOCK, 5 * 32 + 7, 33, 1}) {
                        int[] v = random32(r, len, w);
                        int frame = Integer.MAX_VALUE - 3;
                        byte[] exact = new byte[k.packedBytes(len, w)];
                        assertEquals(exact.length, k.pack(v, 0, len, w, exact, 0));
                        byte[] roomy = Arrays.copyOf(exact, exact.length + 256);
                        for (byte[] in : List.of(exact, roomy)) {
                            int[] out = new int[len + 2];
                            out[0] = out[len + 1] = 0x5EED;
                            k.unpack(in, 0, len, w, out, 1, frame);
                            for (int i = 0; i < len; i++) assertEquals(v[i] + frame, out[1 + i], bits + " w=" + w + " len=" + len + " i=" + i);
                            assertEquals(0x5EED, out[0]);
                            assertEquals(0x5EED, out[len + 1]);
                        }
                    }
                }
            }));
            tests.add(DynamicTest.dynamicTest("int64 " + bits, () -> {
                SeqFrameKernel64 k = new SeqFrameKernel64(bits);
                SplittableRandom r = new SplittableRandom(bits);
                for (int w = 0; w <= 64; w++) {
                    for (int len : new int[] {BLOCK, 3 * 64 + 5, 65, 1}) {
                        long[] v = random64(r, len, w);
                        long frame = Long.MAX_VALUE - 3;
                        byte[] exact = new byte[k.packedBytes(len, w)];
                        assertEquals(exact.length, k.pack(v, 0, len, w, exact, 0));
                        byte[] roomy = Arrays.copyOf(exact, exact.length + 256);
                        for (byte[] in : List.of(exact, roomy)) {
                            long[] out = new long[len];
                            k.unpack(in, 0, len, w, out, 0, frame);
                            for (int i = 0; i < len; i++) assertEquals(v[i] + frame, out[i], bits + " w=" + w + " len=" + len + " i=" + i);
                        }
                    }
                }
            }));
        }
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> fastLanesFrameAndDeltaKernels() {
        List<DynamicTest> tests = new ArrayList<>();
        for (int bits : SHAPES) {
            tests.add(DynamicTest.dynamicTest("int32 " + bits, () -> check32(new FlFrameKernel32(bits), new SplittableRandom(bits))));
            tests.add(DynamicTest.dynamicTest("int64 " + bits, () -> check64(new FlFrameKernel64(bits), new SplittableRandom(bits))));
        }
        return tests.stream();
    }

    private static void check32(FlFrameKernel32 k, SplittableRandom r) {
        int lanes = 32;
        for (int w = 0; w <= 32; w++) {
            int[] v = random32(r, BLOCK, w);
            int frame = Integer.MIN_VALUE + 5;
            for (boolean fl : new boolean[] {true, false}) {
                byte[] in = new byte[128 * w];
                k.pack(fl, v, 0, w, in, 0);
                int[] rows = new int[BLOCK];
                k.rows(w, in, 0, rows, 0, frame);
                int[] flat = new int[BLOCK];
                if (fl) k.flat(w, in, 0, flat, 0, frame);
                int[] base = random32(r, lanes, 32);
                int[] acc = Arrays.copyOf(base, lanes);
                int[] deltaRows = new int[BLOCK];
                k.deltaRows(w, in, 0, deltaRows, 0, frame, acc);
                int[] accFlat = Arrays.copyOf(base, lanes);
                int[] deltaFlat = new int[BLOCK];
                if (fl) k.deltaFlat(w, in, 0, deltaFlat, 0, frame, accFlat);
                int[] sum = Arrays.copyOf(base, lanes);
                for (int row = 0; row < 32; row++) {
                    for (int l = 0; l < lanes; l++) {
                        int p = row * lanes + l;
                        int i = fl ? FlOrder.fromTransposed(p, 32) : p;
                        String what = "w=" + w + " fl=" + fl + " row " + row + " lane " + l;
                        assertEquals(v[i] + frame, rows[p], what + ": rows");
                        sum[l] += v[i] + frame;
                        assertEquals(sum[l], deltaRows[p], what + ": deltaRows");
                        if (fl) {
                            assertEquals(v[i] + frame, flat[i], what + ": flat");
                            assertEquals(sum[l], deltaFlat[i], what + ": deltaFlat");
                        }
                    }
                }
                assertArrayEquals(sum, acc, "w=" + w + ": lanes' last values");
                if (fl) assertArrayEquals(sum, accFlat, "w=" + w + ": lanes' last values (flat)");
                // anchors: lanes slots (slot 0 holds 0) in chain order, lane of chain k as the codecs map it
                int[] slots = random32(r, lanes, w);
                slots[0] = 0;
                byte[] packed = new byte[lanes * w / 8 + 300];
                new SeqScalarKernel32().pack(slots, 0, lanes, w, packed, 0);
                int[] got = new int[lanes];
                int b0 = r.nextInt();
                k.anchors(w, packed, 0, b0, frame, fl, got);
                int e = b0;
                for (int c = 0; c < lanes; c++) {
                    if (c > 0) e += slots[c] + frame;
                    int lane = fl ? FlOrder.toTransposed(c * 32, 32) : c;
                    assertEquals(e, got[lane], "w=" + w + " fl=" + fl + ": anchor of chain " + c);
                }
            }
        }
    }

    private static void check64(FlFrameKernel64 k, SplittableRandom r) {
        int lanes = 16;
        for (int w = 0; w <= 64; w++) {
            long[] v = random64(r, BLOCK, w);
            long frame = Long.MIN_VALUE + 5;
            for (boolean fl : new boolean[] {true, false}) {
                byte[] in = new byte[128 * w];
                k.pack(fl, v, 0, w, in, 0);
                long[] rows = new long[BLOCK];
                k.rows(w, in, 0, rows, 0, frame);
                long[] flat = new long[BLOCK];
                if (fl) k.flat(w, in, 0, flat, 0, frame);
                long[] base = random64(r, lanes, 64);
                long[] acc = Arrays.copyOf(base, lanes);
                long[] deltaRows = new long[BLOCK];
                k.deltaRows(w, in, 0, deltaRows, 0, frame, acc);
                long[] accFlat = Arrays.copyOf(base, lanes);
                long[] deltaFlat = new long[BLOCK];
                if (fl) k.deltaFlat(w, in, 0, deltaFlat, 0, frame, accFlat);
                long[] sum = Arrays.copyOf(base, lanes);
                for (int row = 0; row < 64; row++) {
                    for (int l = 0; l < lanes; l++) {
                        int p = row * lanes + l;
                        int i = fl ? FlOrder.fromTransposed(p, 64) : p;
                        String what = "w=" + w + " fl=" + fl + " row " + row + " lane " + l;
                        assertEquals(v[i] + frame, rows[p], what + ": rows");
                        sum[l] += v[i] + frame;
                        assertEquals(sum[l], deltaRows[p], what + ": deltaRows");
                        if (fl) {
                            assertEquals(v[i] + frame, flat[i], what + ": flat");
                            assertEquals(sum[l], deltaFlat[i], what + ": deltaFlat");
                        }
                    }
                }
                assertArrayEquals(sum, acc, "w=" + w + ": lanes' last values");
                if (fl) assertArrayEquals(sum, accFlat, "w=" + w + ": lanes' last values (flat)");
                long[] slots = random64(r, lanes, w);
                slots[0] = 0;
                byte[] packed = new byte[lanes * w / 8 + 300];
                new SeqScalarKernel64().pack(slots, 0, lanes, w, packed, 0);
                long[] got = new long[lanes];
                long b0 = r.nextLong();
                k.anchors(w, packed, 0, b0, frame, fl, got);
                long e = b0;
                for (int c = 0; c < lanes; c++) {
                    if (c > 0) e += slots[c] + frame;
                    int lane = fl ? FlOrder.toTransposed(c * 64, 64) : c;
                    assertEquals(e, got[lane], "w=" + w + " fl=" + fl + ": anchor of chain " + c);
                }
            }
        }
    }
}
