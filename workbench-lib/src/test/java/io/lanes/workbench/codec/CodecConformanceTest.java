package io.lanes.workbench.codec;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every registered int32 codec (and, below, every int64 codec over widths 0..64), whatever it is:
 * round trips over every width 0..32, the lengths
 * around block boundaries, four fixed patterns and seeded random data; encode leaves its input
 * alone and stays within maxEncodedBytes; truncated and corrupted pages give CorruptDataException
 * (or a correct-length decode), never another exception.
 */
class CodecConformanceTest {
    static final int[] LENGTHS = {0, 1, 31, 32, 33, 1000, 1023, 1024, 1025, 65537};

    static List<IntCodec> intCodecs() {
        List<IntCodec> out = new ArrayList<>();
        for (Codec c : CodecRegistry.all()) if (c instanceof IntCodec ic) out.add(ic);
        return out;
    }

    static int[] pattern(String name, int width, int n, long seed) {
        int max = width == 32 ? -1 : (int) ((1L << width) - 1);
        int[] v = new int[n];
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < n; i++) {
            v[i] = switch (name) {
                case "zeros" -> 0;
                case "ones" -> max;
                case "alternating" -> (i & 1) == 0 ? max : 0;
                case "max-at-end" -> i == n - 1 ? max : (i & max) ;
                default -> width == 0 ? 0 : (int) (r.nextLong() & (width == 32 ? 0xFFFF_FFFFL : max));
            };
        }
        return v;
    }

    static void roundTrip(IntCodec c, int[] v, String what) {
        int[] copy = v.clone();
        byte[] enc = new byte[c.maxEncodedBytes(v.length) + 3];
        int bytes = c.encode(v, 0, v.length, enc, 3);
        assertArrayEquals(copy, v, () -> c.name() + " " + what + ": encode modified its input");
        assertTrue(bytes <= c.maxEncodedBytes(v.length), () -> c.name() + " " + what + ": wrote " + bytes + " > maxEncodedBytes");
        assertEquals(v.length, c.decodedLength(enc, 3, bytes), () -> c.name() + " " + what + ": decodedLength");
        int[] out = new int[v.length + 2];
        Arrays.fill(out, 0x77777777);
        int n = c.decode(enc, 3, bytes, out, 1);
        assertEquals(v.length, n, () -> c.name() + " " + what + ": count");
        int[] want = new int[v.length];
        c.outputOrder().arrange(v, v.length, want);
        assertArrayEquals(want, Arrays.copyOfRange(out, 1, 1 + n), () -> c.name() + " " + what + ": values");
        assertEquals(0x77777777, out[0], () -> c.name() + " " + what + ": wrote before its offset");
        assertEquals(0x77777777, out[n + 1], () -> c.name() + " " + what + ": wrote past its values");
    }

    @TestFactory
    Stream<DynamicTest> roundTripsEveryWidthLengthAndPattern() {
        List<DynamicTest> tests = new ArrayList<>();
        for (IntCodec c : intCodecs()) {
            tests.add(DynamicTest.dynamicTest(c.name(), () -> {
                for (int w = 0; w <= 32; w++) {
                    for (int len : LENGTHS) {
                        if (len == 65537 && w % 4 != 1) continue; // the long length at a spread of widths keeps the suite fast
                        for (String p : List.of("zeros", "ones", "alternating", "max-at-end", "random")) {
                            roundTrip(c, pattern(p, w, len, 31L * w + len), "w=" + w + " n=" + len + " " + p);
                        }
                    }
                }
            }));
        }
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> truncatedAndCorruptedPagesFailCleanly() {
        List<DynamicTest> tests = new ArrayList<>();
        for (IntCodec c : intCodecs()) {
            tests.add(DynamicTest.dynamicTest(c.name(), () -> {
                SplittableRandom r = new SplittableRandom(7);
                for (int w : new int[] {0, 1, 7, 13, 31, 32}) {
                    int[] v = pattern("random", w, 2500, w);
                    byte[] enc = new byte[c.maxEncodedBytes(v.length)];
                    int bytes = c.encode(v, 0, v.length, enc, 0);
                    int[] out = new int[1 << 16];
                    for (int cut = 0; cut < bytes; cut += Math.max(1, bytes / 97)) {
                        int len = cut;
                        assertThrows(CorruptDataException.class, () -> c.decode(enc, 0, len, out, 0),
                                () -> c.name() + " w=" + w + ": page truncated to " + len + " of " + bytes + " bytes decoded without complaint");
                    }
                    for (int t = 0; t < 2000; t++) {
                        byte[] bad = Arrays.copyOf(enc, bytes);
                        int pos = r.nextInt(Math.min(bytes, 64));
                        bad[pos] ^= (byte) (1 << r.nextInt(8));
                        try {
                            c.decode(bad, 0, bytes, out, 0);
                        } catch (CorruptDataException | IllegalArgumentException expected) {
                            // rejected with a named field, or a count too large for the caller's buffer
                        } catch (RuntimeException e) {
                            fail(c.name() + ": corrupted byte " + pos + " gave " + e, e);
                        }
                    }
                }
            }));
        }
        return tests.stream();
    }

    // ---- int64: the same checks for every registered LongCodec, widths 0..64

    static List<LongCodec> longCodecs() {
        List<LongCodec> out = new ArrayList<>();
        for (Codec c : CodecRegistry.all()) if (c instanceof LongCodec lc) out.add(lc);
        return out;
    }

    static long[] pattern64(String name, int width, int n, long seed) {
        long max = width == 64 ? -1L : (1L << width) - 1;
        long[] v = new long[n];
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < n; i++) {
            v[i] = switch (name) {
                case "zeros" -> 0;
                case "ones" -> max;
                case "alternating" -> (i & 1) == 0 ? max : 0;
                case "max-at-end" -> i == n - 1 ? max : (i & max);
                default -> r.nextLong() & max;
            };
        }
        return v;
    }

    static void roundTrip64(LongCodec c, long[] v, String what) {
        long[] copy = v.clone();
        byte[] enc = new byte[c.maxEncodedBytes(v.length) + 3];
        int bytes = c.encode(v, 0, v.length, enc, 3);
        assertArrayEquals(copy, v, () -> c.name() + " " + what + ": encode modified its input");
        assertTrue(bytes <= c.maxEncodedBytes(v.length), () -> c.name() + " " + what + ": wrote " + bytes + " > maxEncodedBytes");
        assertEquals(v.length, c.decodedLength(enc, 3, bytes), () -> c.name() + " " + what + ": decodedLength");
        long[] out = new long[v.length + 2];
        Arrays.fill(out, 0x7777777777777777L);
        int n = c.decode(enc, 3, bytes, out, 1);
        assertEquals(v.length, n, () -> c.name() + " " + what + ": count");
        long[] want = new long[v.length];
        c.outputOrder().arrange(v, v.length, want);
        assertArrayEquals(want, Arrays.copyOfRange(out, 1, 1 + n), () -> c.name() + " " + what + ": values");
        assertEquals(0x7777777777777777L, out[0], () -> c.name() + " " + what + ": wrote before its offset");
        assertEquals(0x7777777777777777L, out[n + 1], () -> c.name() + " " + what + ": wrote past its values");
    }

    @TestFactory
    Stream<DynamicTest> int64RoundTripsEveryWidthLengthAndPattern() {
        List<DynamicTest> tests = new ArrayList<>();
        for (LongCodec c : longCodecs()) {
            tests.add(DynamicTest.dynamicTest(c.name(), () -> {
                for (int w = 0; w <= 64; w++) {
                    for (int len : LENGTHS) {
                        if (len == 65537 && w % 8 != 1) continue; // the long length at a spread of widths keeps the suite fast
                        for (String p : List.of("zeros", "ones", "alternating", "max-at-end", "random")) {
                            roundTrip64(c, pattern64(p, w, len, 31L * w + len), "w=" + w + " n=" + len + " " + p);
                        }
                    }
                }
            }));
        }
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> int64TruncatedAndCorruptedPagesFailCleanly() {
        List<DynamicTest> tests = new ArrayList<>();
        for (LongCodec c : longCodecs()) {
            tests.add(DynamicTest.dynamicTest(c.name(), () -> {
                SplittableRandom r = new SplittableRandom(7);
                for (int w : new int[] {0, 1, 7, 13, 33, 63, 64}) {
                    long[] v = pattern64("random", w, 2500, w);
                    byte[] enc = new byte[c.maxEncodedBytes(v.length)];
                    int bytes = c.encode(v, 0, v.length, enc, 0);
                    long[] out = new long[1 << 16];
                    for (int cut = 0; cut < bytes; cut += Math.max(1, bytes / 97)) {
                        int len = cut;
                        assertThrows(CorruptDataException.class, () -> c.decode(enc, 0, len, out, 0),
                                () -> c.name() + " w=" + w + ": page truncated to " + len + " of " + bytes + " bytes decoded without complaint");
                    }
                    for (int t = 0; t < 2000; t++) {
                        byte[] bad = Arrays.copyOf(enc, bytes);
                        int pos = r.nextInt(Math.min(bytes, 64));
                        bad[pos] ^= (byte) (1 << r.nextInt(8));
                        try {
                            c.decode(bad, 0, bytes, out, 0);
                        } catch (CorruptDataException | IllegalArgumentException expected) {
                            // rejected with a named field, or a count too large for the caller's buffer
                        } catch (RuntimeException e) {
                            fail(c.name() + ": corrupted byte " + pos + " gave " + e, e);
                        }
                    }
                }
            }));
        }
        return tests.stream();
    }
}
