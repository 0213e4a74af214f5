package io.lanes.workbench.codec.parquet;

import io.lanes.workbench.codec.registry.CodecRegistry;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.LongCodec;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * DELTA_BINARY_PACKED against parquet-java 1.18.1 in both directions: our pages decode with its
 * reader, its pages decode with every one of our decoder variants, and our bytes equal its bytes
 * wherever the spec leaves no choice (everything but the widths of unused miniblocks and the
 * padding bits of the last miniblock, which parquet-java fills with stale data).
 */
class DeltaInteropTest {
    static final int[] LENGTHS = {0, 1, 2, 31, 32, 33, 127, 128, 129, 255, 256, 257, 1000, 4097};
    static final int MILLION = 1_000_000;

    static List<IntCodec> ours32() {
        List<IntCodec> l = new ArrayList<>();
        for (var c : CodecRegistry.match("parquet.delta*")) if (c instanceof IntCodec ic) l.add(ic);
        return l;
    }

    static List<LongCodec> ours64() {
        List<LongCodec> l = new ArrayList<>();
        for (var c : CodecRegistry.match("parquet.delta64*")) if (c instanceof LongCodec lc) l.add(lc);
        return l;
    }

    static int[] ints(String pattern, int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] v = new int[n];
        int acc = r.nextInt();
        for (int i = 0; i < n; i++) {
            v[i] = switch (pattern) {
                case "random" -> r.nextInt();
                case "sorted" -> acc += r.nextInt(1000);
                case "constant" -> 42;
                case "narrow" -> r.nextInt(16) - 8;
                // consecutive values MIN and MAX: the true delta 2^32-1 needs 33 bits, the wrapped one is -1
                case "wrapping" -> (i & 1) == 0 ? Integer.MIN_VALUE : Integer.MAX_VALUE;
                // a mix of tiny and full-range deltas, so min delta is very negative and widths hit 32
                case "widening" -> i % 7 == 3 ? Integer.MIN_VALUE + r.nextInt(4) : (i % 7 == 4 ? Integer.MAX_VALUE - r.nextInt(4) : r.nextInt(100));
                case "descending" -> acc -= r.nextInt(1 << 20);
                // equal deltas: width-0 blocks whose frame is the whole delta, wrapping past the int range
                case "stepped" -> (int) (seed * 7 + (long) i * 987_654_321);
                default -> throw new IllegalArgumentException(pattern);
            };
        }
        return v;
    }

    static long[] longs(String pattern, int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        long[] v = new long[n];
        long acc = r.nextLong();
        for (int i = 0; i < n; i++) {
            v[i] = switch (pattern) {
                case "random" -> r.nextLong();
                case "sorted" -> acc += r.nextInt(1000);
                case "constant" -> -7L;
                case "narrow" -> r.nextInt(16) - 8;
                case "wrapping" -> (i & 1) == 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
                case "widening" -> i % 7 == 3 ? Long.MIN_VALUE + r.nextInt(4) : (i % 7 == 4 ? Long.MAX_VALUE - r.nextInt(4) : r.nextInt(100));
                case "descending" -> acc -= r.nextLong(1L << 40);
                case "stepped" -> seed * 7 + i * 9_876_543_210_987L;
                default -> throw new IllegalArgumentException(pattern);
            };
        }
        return v;
    }

    static final List<String> PATTERNS = List.of("random", "sorted", "constant", "narrow", "wrapping", "widening", "descending", "stepped");

    @Test
    void int32BothDirectionsAndByteIdentical() {
        for (String p : PATTERNS) {
            for (int n : LENGTHS) check32(ints(p, n, n * 31L + p.hashCode()), 128, 4, p + " n=" + n);
        }
        for (String p : List.of("random", "sorted", "wrapping")) check32(ints(p, MILLION, 5), 128, 4, p + " n=1M");
    }

    @Test
    void int64BothDirectionsAndByteIdentical() {
        for (String p : PATTERNS) {
            for (int n : LENGTHS) check64(longs(p, n, n * 17L + p.hashCode()), 128, 4, p + " n=" + n);
        }
        for (String p : List.of("random", "sorted", "wrapping")) check64(longs(p, MILLION, 9), 128, 4, p + " n=1M");
    }

    @Test
    void otherBlockLayoutsInteroperate() {
        int[][] layouts = {{256, 8}, {256, 2}, {128, 1}, {512, 4}, {1024, 32}};
        for (int[] l : layouts) {
            for (String p : List.of("random", "sorted", "widening")) {
                for (int n : new int[] {0, 1, 200, 1500, 5000}) {
                    check32(ints(p, n, n + l[0]), l[0], l[1], p + " n=" + n + " layout " + l[0] + "/" + l[1]);
                    check64(longs(p, n, n + l[1]), l[0], l[1], p + " n=" + n + " layout " + l[0] + "/" + l[1]);
                }
            }
        }
    }

    private static void check32(int[] v, int block, int minis, String what) {
        byte[] theirs = ParquetJava.deltaEncode(v, block, minis);
        List<IntCodec> codecs = block == 128 && minis == 4 ? ours32()
                : Arrays.stream(DeltaVariant.values()).<IntCodec>map(dv -> new DeltaCodec32("layout " + dv.suffix(), dv, ParquetCodecs.KERNEL32, block, minis)).toList();
        for (IntCodec c : codecs) {
            byte[] ours = new byte[c.maxEncodedBytes(v.length)];
            int len = c.encode(v, 0, v.length, ours, 0);
            byte[] mine = Arrays.copyOf(ours, len);
            assertArrayEquals(mine, DeltaCanon.canonical(mine, 32), c.name() + " " + what + ": our padding is not zero");
            assertArrayEquals(DeltaCanon.canonical(theirs, 32), mine, c.name() + " " + what + ": bytes differ from parquet-java's");
            assertArrayEquals(v, ParquetJava.deltaDecodeInts(ours, len, v.length), c.name() + " " + what + ": parquet-java decodes ours wrong");
            int[] out = new int[v.length];
            assertEquals(v.length, c.decode(theirs, 0, theirs.length, out, 0));
            assertArrayEquals(v, out, c.name() + " " + what + ": we decode parquet-java's wrong");
        }
    }

    private static void check64(long[] v, int block, int minis, String what) {
        byte[] theirs = ParquetJava.deltaEncode(v, block, minis);
        List<LongCodec> codecs = block == 128 && minis == 4 ? ours64()
                : Arrays.stream(DeltaVariant.values()).filter(dv -> dv != DeltaVariant.FUSED) // fused is int32 only
                        .<LongCodec>map(dv -> new DeltaCodec64("layout " + dv.suffix(), dv, ParquetCodecs.KERNEL64, block, minis)).toList();
        for (LongCodec c : codecs) {
            byte[] ours = new byte[c.maxEncodedBytes(v.length)];
            int len = c.encode(v, 0, v.length, ours, 0);
            byte[] mine = Arrays.copyOf(ours, len);
            assertArrayEquals(mine, DeltaCanon.canonical(mine, 64), c.name() + " " + what + ": our padding is not zero");
            assertArrayEquals(DeltaCanon.canonical(theirs, 64), mine, c.name() + " " + what + ": bytes differ from parquet-java's");
            assertArrayEquals(v, ParquetJava.deltaDecodeLongs(ours, len, v.length), c.name() + " " + what + ": parquet-java decodes ours wrong");
            long[] out = new long[v.length];
            assertEquals(v.length, c.decode(theirs, 0, theirs.length, out, 0));
            assertArrayEquals(v, out, c.name() + " " + what + ": we decode parquet-java's wrong");
        }
    }
}
