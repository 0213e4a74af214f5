package io.lanes.workbench.codec.bitpack;

import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.registry.CodecRegistry;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.LongCodec;
import io.lanes.workbench.codec.kernel.FlKernel32;
import io.lanes.workbench.codec.kernel.FlKernel64;
import io.lanes.workbench.codec.FlOrder;
import io.lanes.workbench.codec.kernel.FlVariant;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordingStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The one exhaustive harness for the bit-packing kernels, as Arrow tests its unpackers: every
 * implementation (the registered codecs at this JVM's vector shape, then the kernels of every other
 * shape the CPU runs natively) x every width x every length 0..1025 and around block multiples x the
 * patterns zeros, all ones, alternating, maximum value and seeded random; int32 and int64. Pages are
 * decoded from arrays of exactly their size (a vector load past the page would throw), their size
 * must equal the layout's formula, their bytes must equal an independent bit-by-bit packer, and every
 * truncation must throw {@link CorruptDataException}. While it runs, a JFR stream watches the JIT: a
 * kernel method C1 or C2 fails to compile would stay interpreted, about 1000x slower, so any failed
 * compilation of a codec method fails the run.
 */
class BitPackingHarnessTest {
    private static final ConcurrentLinkedQueue<String> FAILED_COMPILES = new ConcurrentLinkedQueue<>();
    private static RecordingStream jit;
    private static final String[] PATTERNS = {"zeros", "ones", "alternating", "max", "random"};
    private static final int BLOCK = BlockPageCodec32.BLOCK;
    /** Lengths: every tail of a first block and past it, then around block multiples. */
    private static final int[] LENGTHS;

    static {
        int[] around = {2047, 2048, 2049, 3071, 3072, 3073, 5119, 5120, 5121};
        LENGTHS = new int[1026 + around.length];
        for (int i = 0; i <= 1025; i++) LENGTHS[i] = i;
        System.arraycopy(around, 0, LENGTHS, 1026, around.length);
    }

    @BeforeAll
    static void watchTheJit() {
        jit = new RecordingStream();
        jit.enable("jdk.Compilation").withThreshold(java.time.Duration.ZERO);
        jit.onEvent("jdk.Compilation", e -> {
            RecordedMethod m = e.getValue("method");
            if (!e.getBoolean("succeded") && m.getType().getName().startsWith("io.lanes.workbench.codec")) {
                FAILED_COMPILES.add(m.getType().getName() + "::" + m.getName() + " at tier " + e.getValue("compileLevel"));
            }
        });
        jit.startAsync();
    }

    @AfterAll
    static void everyKernelMethodCompiled() {
        jit.stop();
        jit.close();
        if (!FAILED_COMPILES.isEmpty()) fail("JIT compilations failed (the methods stay interpreted): " + FAILED_COMPILES);
    }

    /**
     * Values of a pattern at width {@code w} for a type of {@code t} bits (unsigned, in a long):
     * "max" is a ramp below the maximum with the maximum last, so only the last value needs the width.
     */
    static long[] pattern(String name, int w, int t, int n, long seed) {
        long max = w == 64 ? -1L : (1L << w) - 1;
        long[] v = new long[n];
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < n; i++) {
            v[i] = switch (name) {
                case "zeros" -> 0;
                case "ones" -> max;
                case "alternating" -> (i & 1) == 0 ? max : 0;
                case "max" -> i == n - 1 ? max : i & (max >>> 1);
                default -> r.nextLong() & max;
            };
        }
        return v;
    }

    static int[] ints(long[] v) {
        int[] out = new int[v.length];
        for (int i = 0; i < v.length; i++) out[i] = (int) v[i];
        return out;
    }

    /** Width of a block: bits of its largest value read as unsigned. */
    static int width(long[] v, int from, int to) {
        long or = 0;
        for (int i = from; i < to; i++) or |= v[i];
        return 64 - Long.numberOfLeadingZeros(or);
    }

    /**
     * The page an independent, bit-by-bit packer writes: count, widths, then per block either the
     * sequential stream (bit j of value i at stream bit i*w+j) or, for a full FastLanes block, each
     * lane's stream of rows with stream word k of lane l at word LANES*k + l.
     */
    static byte[] referencePage(long[] v, int n, int t, boolean fastLanes, boolean flOrder) {
        int blocks = (n + BLOCK - 1) / BLOCK;
        long bytes = 4 + blocks;
        int[] widths = new int[blocks];
        for (int b = 0; b < blocks; b++) {
            int len = Math.min(BLOCK, n - b * BLOCK);
            widths[b] = width(v, b * BLOCK, b * BLOCK + len);
            bytes += ((long) len * widths[b] + 7) / 8;
        }
        byte[] page = new byte[(int) bytes];
        for (int i = 0; i < 4; i++) page[i] = (byte) (n >>> (8 * i));
        int p = 4 + blocks;
        int lanes = BLOCK / t;
        for (int b = 0; b < blocks; b++) {
            int len = Math.min(BLOCK, n - b * BLOCK);
            int w = widths[b];
            page[4 + b] = (byte) w;
            for (int i = 0; i < len; i++) {
                int row = i / lanes;
                int lane = i % lanes;
                boolean fl = fastLanes && len == BLOCK;
                long value = !fl ? v[b * BLOCK + i] : v[b * BLOCK + (flOrder ? FlOrder.fromTransposed(i, t) : i)];
                for (int j = 0; j < w; j++) {
                    if ((value >>> j & 1) == 0) continue;
                    long bit;
                    if (!fl) {
                        bit = (long) i * w + j;
                    } else {
                        long inLane = (long) row * w + j;
                        bit = ((inLane / t) * lanes + lane) * t + inLane % t;
                    }
                    page[(int) (p + bit / 8)] |= (byte) (1 << (bit % 8));
                }
            }
            p += (int) (((long) len * w + 7) / 8);
        }
        return page;
    }

    /** Reusable buffers of one codec. */
    private record Buffers(byte[] enc, int[] out32, long[] out64, int[] want32, long[] want64) {
        static Buffers of(Codec c, int max) {
            return new Buffers(new byte[c.maxEncodedBytes(max)], new int[max + 2], new long[max + 2], new int[max], new long[max]);
        }
    }

    private static void roundTrip(Codec c, long[] v, int n, Buffers buf, String what) {
        int w = c.valueBits();
        long size = 4 + (n + BLOCK - 1) / BLOCK;
        for (int b = 0; b * BLOCK < n; b++) {
            int len = Math.min(BLOCK, n - b * BLOCK);
            size += ((long) len * width(v, b * BLOCK, b * BLOCK + len) + 7) / 8;
        }
        int bytes;
        byte[] page;
        if (w == 32) {
            IntCodec ic = (IntCodec) c;
            int[] in = ints(Arrays.copyOf(v, n));
            bytes = ic.encode(in, 0, n, buf.enc, 0);
            assertEquals(size, bytes, () -> c.name() + " " + what + ": page size");
            page = Arrays.copyOf(buf.enc, bytes);
            Arrays.fill(buf.out32, 0x5A5A5A5A);
            assertEquals(n, ic.decode(page, 0, bytes, buf.out32, 1), () -> c.name() + " " + what + ": count");
            c.outputOrder().arrange(in, n, buf.want32);
            int bad = Arrays.mismatch(buf.out32, 1, 1 + n, buf.want32, 0, n);
            if (bad >= 0) fail(c.name() + " " + what + ": value " + bad + " decoded as " + buf.out32[1 + bad] + ", expected " + buf.want32[bad]);
            if (buf.out32[0] != 0x5A5A5A5A || buf.out32[n + 1] != 0x5A5A5A5A) fail(c.name() + " " + what + ": wrote outside its values");
        } else {
            LongCodec lc = (LongCodec) c;
            long[] in = Arrays.copyOf(v, n);
            bytes = lc.encode(in, 0, n, buf.enc, 0);
            assertEquals(size, bytes, () -> c.name() + " " + what + ": page size");
            page = Arrays.copyOf(buf.enc, bytes);
            Arrays.fill(buf.out64, 0x5A5A5A5A5A5A5A5AL);
            assertEquals(n, lc.decode(page, 0, bytes, buf.out64, 1), () -> c.name() + " " + what + ": count");
            c.outputOrder().arrange(in, n, buf.want64);
            int bad = Arrays.mismatch(buf.out64, 1, 1 + n, buf.want64, 0, n);
            if (bad >= 0) fail(c.name() + " " + what + ": value " + bad + " decoded as " + buf.out64[1 + bad] + ", expected " + buf.want64[bad]);
            if (buf.out64[0] != 0x5A5A5A5A5A5A5A5AL || buf.out64[n + 1] != 0x5A5A5A5A5A5A5A5AL) fail(c.name() + " " + what + ": wrote outside its values");
        }
    }

    /**
     * Every bit-packing implementation the registry holds for values of {@code t} bits: each
     * {@link BlockPageCodec32} or {@link BlockPageCodec64} registered (sequential, FastLanes, native),
     * so a new kernel is covered once it is registered.
     */
    private static List<Codec> codecs(int t) {
        List<Codec> out = CodecRegistry.all().stream()
                .filter(c -> t == 32 ? c instanceof BlockPageCodec32 : c instanceof BlockPageCodec64).toList();
        assertTrue(out.stream().anyMatch(c -> c.name().startsWith("bitpack.seq.scalar")), "the registry lists no int" + t + " bit-packing codec: " + out);
        return out;
    }

    @TestFactory
    Stream<DynamicTest> everyCodecWidthLengthAndPatternRoundTrips() {
        List<DynamicTest> tests = new ArrayList<>();
        for (int t : new int[] {32, 64}) {
            for (Codec c : codecs(t)) {
                tests.add(DynamicTest.dynamicTest(c.name(), () -> {
                    int maxLen = LENGTHS[LENGTHS.length - 1];
                    Buffers buf = Buffers.of(c, maxLen);
                    for (int w = 0; w <= t; w++) {
                        for (String p : PATTERNS) {
                            long[] base = pattern(p, w, t, maxLen, 1000L * w + t);
                            for (int n : LENGTHS) {
                                long[] v = p.equals("max") ? pattern(p, w, t, n, 0) : base;
                                roundTrip(c, v, n, buf, "w=" + w + " n=" + n + " " + p);
                            }
                        }
                    }
                }));
            }
        }
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> pagesMatchAnIndependentBitByBitPacker() {
        List<DynamicTest> tests = new ArrayList<>();
        for (int t : new int[] {32, 64}) {
            for (Codec c : codecs(t)) {
                boolean fastLanes = c.name().contains("fastlanes.");
                boolean flOrder = fastLanes && !c.name().contains("interleaved");
                tests.add(DynamicTest.dynamicTest(c.name(), () -> {
                    byte[] enc = new byte[c.maxEncodedBytes(2 * BLOCK + 1)];
                    for (int w = 0; w <= t; w++) {
                        for (int n : new int[] {0, 1, 33, 1023, 1024, 2 * BLOCK + 1}) {
                            long[] v = pattern("random", w, t, n, 7L * w + n);
                            int bytes = t == 32 ? ((IntCodec) c).encode(ints(v), 0, n, enc, 0) : ((LongCodec) c).encode(v, 0, n, enc, 0);
                            int fw = w;
                            assertArrayEquals(referencePage(v, n, t, fastLanes, flOrder), Arrays.copyOf(enc, bytes), () -> c.name() + " w=" + fw + " n=" + n);
                        }
                    }
                }));
            }
        }
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> everyTruncationThrowsCorruptData() {
        List<DynamicTest> tests = new ArrayList<>();
        for (int t : new int[] {32, 64}) {
            for (Codec c : codecs(t)) {
                tests.add(DynamicTest.dynamicTest(c.name(), () -> {
                    byte[] enc = new byte[c.maxEncodedBytes(2 * BLOCK + 1)];
                    for (int w = 0; w <= t; w++) {
                        for (int n : new int[] {1000, BLOCK, 2 * BLOCK + 1}) {
                            long[] v = pattern("random", w, t, n, w);
                            int bytes = t == 32 ? ((IntCodec) c).encode(ints(v), 0, n, enc, 0) : ((LongCodec) c).encode(v, 0, n, enc, 0);
                            for (int cut = 0; cut < bytes; cut += cut < 16 || cut > bytes - 16 ? 1 : Math.max(1, bytes / 61)) {
                                byte[] page = Arrays.copyOf(enc, cut);
                                int len = cut;
                                int fw = w;
                                assertThrows(CorruptDataException.class, () -> {
                                    if (t == 32) ((IntCodec) c).decode(page, 0, len, new int[n], 0);
                                    else ((LongCodec) c).decode(page, 0, len, new long[n], 0);
                                }, () -> c.name() + " w=" + fw + " n=" + n + ": page cut to " + len + " of " + bytes + " bytes decoded");
                            }
                        }
                    }
                }));
            }
        }
        return tests.stream();
    }

    /**
     * The kernels of every vector shape this CPU runs natively (the codecs above cover only the
     * preferred one): full blocks and runs of them for the FastLanes kernels, every tail for the
     * sequential ones, packed bytes compared with the reference and with the preferred shape.
     */
    @TestFactory
    Stream<DynamicTest> everyNativeVectorShapeAgrees() {
        List<DynamicTest> tests = new ArrayList<>();
        for (int bits : new int[] {128, 256, 512}) {
            if (bits > VectorWidth.preferred()) continue; // a wider shape would run emulated, orders of magnitude slower
            tests.add(DynamicTest.dynamicTest("fastlanes int32 " + bits + "-bit", () -> {
                for (FlVariant fv : FlVariant.values()) checkFastLanes32(new FlKernel32(fv, bits), fv);
            }));
            tests.add(DynamicTest.dynamicTest("fastlanes int64 " + bits + "-bit", () -> {
                for (FlVariant fv : FlVariant.values()) checkFastLanes64(new FlKernel64(fv, bits), fv);
            }));
            tests.add(DynamicTest.dynamicTest("sequential int32 " + bits + "-bit", () -> checkSequential32(new SeqVectorKernel32(bits))));
            tests.add(DynamicTest.dynamicTest("sequential int64 " + bits + "-bit", () -> checkSequential64(new SeqVectorKernel64(bits))));
        }
        return tests.stream();
    }

    private static void checkFastLanes32(FlKernel32 k, FlVariant fv) {
        for (int w = 0; w <= 32; w++) {
            for (int blocks = 1; blocks <= 3; blocks++) {
                int n = blocks * BLOCK;
                long[] v = pattern(w % 3 == 0 ? "ones" : "random", w, 32, n, w + 77L * blocks);
                int[] in = ints(v);
                byte[] packed = new byte[128 * w * blocks];
                for (int b = 0; b < blocks; b++) assertEquals(128 * w, k.pack(in, b * BLOCK, BLOCK, w, packed, b * 128 * w));
                byte[] ref = referencePage(v, BLOCK, 32, true, fv.flOrder());
                assertArrayEquals(Arrays.copyOfRange(ref, 5, ref.length), Arrays.copyOf(packed, 128 * w), fv + " w=" + w + ": packed bytes");
                int[] out = new int[n];
                k.unpackBlocks(packed, 0, blocks, w, out, 0);
                int[] want = new int[n];
                fv.outputOrder().arrange(in, n, want);
                assertArrayEquals(want, out, fv + " w=" + w + " blocks=" + blocks);
            }
        }
    }

    private static void checkFastLanes64(FlKernel64 k, FlVariant fv) {
        for (int w = 0; w <= 64; w++) {
            for (int blocks = 1; blocks <= 3; blocks++) {
                int n = blocks * BLOCK;
                long[] v = pattern(w % 3 == 0 ? "ones" : "random", w, 64, n, w + 77L * blocks);
                byte[] packed = new byte[128 * w * blocks];
                for (int b = 0; b < blocks; b++) assertEquals(128 * w, k.pack(v, b * BLOCK, BLOCK, w, packed, b * 128 * w));
                byte[] ref = referencePage(v, BLOCK, 64, true, fv.flOrder());
                assertArrayEquals(Arrays.copyOfRange(ref, 5, ref.length), Arrays.copyOf(packed, 128 * w), fv + " w=" + w + ": packed bytes");
                long[] out = new long[n];
                k.unpackBlocks(packed, 0, blocks, w, out, 0);
                long[] want = new long[n];
                fv.outputOrder().arrange(v, n, want);
                assertArrayEquals(want, out, fv + " w=" + w + " blocks=" + blocks);
            }
        }
    }

    private static void checkSequential32(SeqVectorKernel32 k) {
        for (int w = 0; w <= 32; w++) {
            for (int n = 0; n <= 3 * 64 + 1; n++) {
                long[] v = pattern("random", w, 32, n, 31L * w + n);
                int[] in = ints(v);
                byte[] packed = new byte[k.packedBytes(n, w)];
                k.pack(in, 0, n, w, packed, 0);
                int[] out = new int[n];
                k.unpack(packed, 0, n, w, out, 0);
                assertArrayEquals(in, out, "w=" + w + " n=" + n);
                // inside a larger array, set bits after the data: the loads that reach past it (the
                // width-generic route of short runs takes only such arrays) must drop those bits
                int[] again = new int[n];
                k.unpack(roomy(packed), 3, n, w, again, 0);
                assertArrayEquals(in, again, "w=" + w + " n=" + n + " inside a larger array");
            }
        }
    }

    private static void checkSequential64(SeqVectorKernel64 k) {
        for (int w = 0; w <= 64; w++) {
            for (int n = 0; n <= 3 * 64 + 1; n++) {
                long[] v = pattern("random", w, 64, n, 31L * w + n);
                byte[] packed = new byte[k.packedBytes(n, w)];
                k.pack(v, 0, n, w, packed, 0);
                long[] out = new long[n];
                k.unpack(packed, 0, n, w, out, 0);
                assertArrayEquals(v, out, "w=" + w + " n=" + n);
                long[] again = new long[n];
                k.unpack(roomy(packed), 3, n, w, again, 0);
                assertArrayEquals(v, again, "w=" + w + " n=" + n + " inside a larger array");
            }
        }
    }

    /** {@code packed} at offset 3 of an array with a set byte before it and 300 set bytes after it. */
    private static byte[] roomy(byte[] packed) {
        byte[] out = new byte[3 + packed.length + 300];
        Arrays.fill(out, (byte) -1);
        System.arraycopy(packed, 0, out, 3, packed.length);
        return out;
    }
}
