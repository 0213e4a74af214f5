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
 * Every registered codec, whatever it is, int32 over widths 0..32 and int64 over 0..64: round trips
 * over every width, the lengths around block boundaries, four fixed patterns and seeded random data;
 * encode leaves its input alone and stays within maxEncodedBytes; decode writes nothing outside its
 * values; truncated and corrupted pages give CorruptDataException (or a correct-length decode), never
 * another exception.
 */
class CodecConformanceTest {
    static final int[] LENGTHS = {0, 1, 31, 32, 33, 1000, 1023, 1024, 1025, 65537};

    /**
     * A registered codec through one view of its values: the values are handled as {@code long}s and
     * narrowed to {@code int} at the codec's edge for an int32 codec, so one test body checks both.
     */
    record Subject(Codec codec) {
        static List<Subject> all() {
            List<Subject> out = new ArrayList<>();
            for (Codec c : CodecRegistry.all()) if (c instanceof IntCodec || c instanceof LongCodec) out.add(new Subject(c));
            return out;
        }

        String name() {
            return codec.name();
        }

        /** 32 or 64. */
        int bits() {
            return codec.valueBits();
        }

        /** Widths whose values a page is tested with when it is cut or corrupted. */
        int[] corruptionWidths() {
            return bits() == 32 ? new int[] {0, 1, 7, 13, 31, 32} : new int[] {0, 1, 7, 13, 33, 63, 64};
        }

        /** Encodes {@code v} at {@code off} of {@code out}; fails if encode changed {@code v}. */
        int encode(long[] v, byte[] out, int off, String what) {
            int bytes;
            if (codec instanceof IntCodec ic) {
                int[] in = ints(v);
                bytes = ic.encode(in, 0, in.length, out, off);
                assertArrayEquals(ints(v), in, () -> name() + " " + what + ": encode modified its input");
            } else {
                long[] in = v.clone();
                bytes = ((LongCodec) codec).encode(in, 0, in.length, out, off);
                assertArrayEquals(v, in, () -> name() + " " + what + ": encode modified its input");
            }
            return bytes;
        }

        int decodedLength(byte[] in, int off, int len) {
            return codec instanceof IntCodec ic ? ic.decodedLength(in, off, len) : ((LongCodec) codec).decodedLength(in, off, len);
        }

        /** An output array of the codec's type: {@code int[n]} or {@code long[n]}. */
        Object newOutput(int n) {
            return bits() == 32 ? new int[n] : new long[n];
        }

        /** Decodes into {@code out} (from {@link #newOutput}) from {@code outOff}; returns the count. */
        int decode(byte[] in, int off, int len, Object out, int outOff) {
            return codec instanceof IntCodec ic ? ic.decode(in, off, len, (int[]) out, outOff)
                    : ((LongCodec) codec).decode(in, off, len, (long[]) out, outOff);
        }

        /** {@code out} from {@link #newOutput}, widened to longs. */
        static long[] widened(Object out) {
            if (out instanceof long[] l) return l;
            int[] o = (int[]) out;
            long[] w = new long[o.length];
            for (int i = 0; i < o.length; i++) w[i] = o[i];
            return w;
        }

        /** {@code v} in the codec's output order (which for FL_ORDER depends on the value type's lanes). */
        long[] arranged(long[] v) {
            if (bits() == 32) {
                int[] want = new int[v.length];
                codec.outputOrder().arrange(ints(v), v.length, want);
                return widened(want);
            }
            long[] want = new long[v.length];
            codec.outputOrder().arrange(v, v.length, want);
            return want;
        }

        /** Values of {@code width} bits in pattern {@code name}; int32 values are the low 32 bits of the same longs. */
        long[] pattern(String name, int width, int n, long seed) {
            long max = width == 64 ? -1L : (1L << width) - 1;
            long[] v = new long[n];
            SplittableRandom r = new SplittableRandom(seed);
            for (int i = 0; i < n; i++) {
                long x = switch (name) {
                    case "zeros" -> 0;
                    case "ones" -> max;
                    case "alternating" -> (i & 1) == 0 ? max : 0;
                    case "max-at-end" -> i == n - 1 ? max : (i & max);
                    default -> r.nextLong() & max;
                };
                v[i] = bits() == 32 ? (int) x : x;
            }
            return v;
        }

        private static int[] ints(long[] v) {
            int[] o = new int[v.length];
            for (int i = 0; i < v.length; i++) o[i] = (int) v[i];
            return o;
        }
    }

    static void roundTrip(Subject c, long[] v, String what) {
        byte[] enc = new byte[c.codec().maxEncodedBytes(v.length) + 3];
        int bytes = c.encode(v, enc, 3, what);
        assertTrue(bytes <= c.codec().maxEncodedBytes(v.length), () -> c.name() + " " + what + ": wrote " + bytes + " > maxEncodedBytes");
        assertEquals(v.length, c.decodedLength(enc, 3, bytes), () -> c.name() + " " + what + ": decodedLength");
        // a guard value around the values catches a write outside them
        long guard = c.bits() == 32 ? 0x77777777 : 0x7777777777777777L;
        Object out = c.newOutput(v.length + 2);
        if (out instanceof int[] o) Arrays.fill(o, (int) guard);
        else Arrays.fill((long[]) out, guard);
        int n = c.decode(enc, 3, bytes, out, 1);
        assertEquals(v.length, n, () -> c.name() + " " + what + ": count");
        long[] got = Subject.widened(out);
        assertArrayEquals(c.arranged(v), Arrays.copyOfRange(got, 1, 1 + n), () -> c.name() + " " + what + ": values");
        assertEquals(guard, got[0], () -> c.name() + " " + what + ": wrote before its offset");
        assertEquals(guard, got[n + 1], () -> c.name() + " " + what + ": wrote past its values");
    }

    @TestFactory
    Stream<DynamicTest> roundTripsEveryWidthLengthAndPattern() {
        return Subject.all().stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> {
            for (int w = 0; w <= c.bits(); w++) {
                for (int len : LENGTHS) {
                    // the long length at a spread of widths keeps the suite fast
                    if (len == 65537 && w % (c.bits() / 8) != 1) continue;
                    for (String p : List.of("zeros", "ones", "alternating", "max-at-end", "random")) {
                        roundTrip(c, c.pattern(p, w, len, 31L * w + len), "w=" + w + " n=" + len + " " + p);
                    }
                }
            }
        }));
    }

    @TestFactory
    Stream<DynamicTest> truncatedAndCorruptedPagesFailCleanly() {
        return Subject.all().stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> {
            SplittableRandom r = new SplittableRandom(7);
            for (int w : c.corruptionWidths()) {
                long[] v = c.pattern("random", w, 2500, w);
                byte[] enc = new byte[c.codec().maxEncodedBytes(v.length)];
                int bytes = c.encode(v, enc, 0, "w=" + w);
                Object out = c.newOutput(1 << 16);
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
}
