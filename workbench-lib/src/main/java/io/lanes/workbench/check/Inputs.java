package io.lanes.workbench.check;

import io.lanes.workbench.codec.ByteArrays;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The varied inputs a fuzzed codec encodes into the valid pages mutations start from: every length
 * of {@link #LENGTHS} (the edges of 0..1025 and of 1024-value blocks, miniblocks and bit-packed
 * groups) in every value pattern of {@link Pattern}. Values are generated as int64 and narrowed for
 * an int32 codec, so each pattern spans the codec's own range. Deterministic for a given random
 * source; stateless.
 */
final class Inputs {
    /** Value counts: empty, tiny, group/miniblock/block edges, and a few whole blocks. */
    static final int[] LENGTHS = {0, 1, 2, 7, 8, 31, 32, 33, 127, 128, 129, 257, 1000, 1023, 1024, 1025, 2048, 3072};

    /** Value patterns: the shapes that drive widths, frames, exceptions, deltas and runs to their edges. */
    enum Pattern {
        ZEROS, CONSTANT, ASCENDING, NARROW_RANDOM, FULL_RANDOM, SORTED_WITH_RESETS, OUTLIERS, EXTREMES
    }

    private Inputs() {
    }

    /** Every length in every pattern, each as {@code bits}-bit values (32 or 64) held in a long[]. */
    static List<long[]> values(int bits, SplittableRandom r) {
        List<long[]> out = new ArrayList<>();
        for (int n : LENGTHS) for (Pattern p : Pattern.values()) out.add(values(p, n, bits, r));
        return out;
    }

    static long[] values(Pattern p, int n, int bits, SplittableRandom r) {
        long min = bits == 32 ? Integer.MIN_VALUE : Long.MIN_VALUE;
        long max = bits == 32 ? Integer.MAX_VALUE : Long.MAX_VALUE;
        long[] v = new long[n];
        long c = r.nextLong(-1000, 1000);
        int width = 1 + r.nextInt(bits - 1);
        long acc = r.nextLong(-1_000_000, 1_000_000);
        for (int i = 0; i < n; i++) {
            v[i] = switch (p) {
                case ZEROS -> 0;
                case CONSTANT -> c;
                case ASCENDING -> c + 3L * i;
                case NARROW_RANDOM -> r.nextLong() >>> (64 - width);
                case FULL_RANDOM -> r.nextLong();
                case SORTED_WITH_RESETS -> acc = r.nextInt(50) == 0 ? r.nextLong(-1_000_000, 1_000_000) : acc + r.nextInt(100);
                case OUTLIERS -> r.nextInt(20) == 0 ? r.nextLong() : r.nextInt(16);
                case EXTREMES -> (i & 1) == 0 ? min : max;
            };
            if (bits == 32) v[i] = (int) v[i];
        }
        return v;
    }

    /** The byte-string inputs' kinds, in the order {@link #strings} makes them for each length. */
    static final List<String> STRING_KINDS = List.of("empty strings", "one repeated", "shared prefixes", "random bytes", "one long value");

    /** Byte-string inputs of every length of {@link #LENGTHS} in every kind of {@link #STRING_KINDS}. */
    static List<ByteArrays> strings(SplittableRandom r) {
        List<ByteArrays> out = new ArrayList<>();
        for (int n : LENGTHS) {
            for (int kind = 0; kind < STRING_KINDS.size(); kind++) {
                ByteArrays b = new ByteArrays();
                byte[] prev = new byte[0];
                for (int i = 0; i < n; i++) {
                    byte[] s = switch (kind) {
                        case 0 -> new byte[0];
                        case 1 -> "lanes".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
                        case 2 -> prefixed(prev, r);
                        case 3 -> random(r.nextInt(24), r);
                        default -> i == n / 2 ? random(1500, r) : random(r.nextInt(3), r);
                    };
                    b.add(s, 0, s.length);
                    prev = s;
                }
                out.add(b);
            }
        }
        return out;
    }

    /** A value sharing a random prefix of {@code prev}, as sorted keys and URLs do. */
    private static byte[] prefixed(byte[] prev, SplittableRandom r) {
        int keep = prev.length == 0 ? 0 : r.nextInt(prev.length + 1);
        byte[] tail = random(r.nextInt(8), r);
        byte[] s = new byte[keep + tail.length];
        System.arraycopy(prev, 0, s, 0, keep);
        System.arraycopy(tail, 0, s, keep, tail.length);
        return s;
    }

    private static byte[] random(int len, SplittableRandom r) {
        byte[] b = new byte[len];
        for (int i = 0; i < len; i++) b[i] = (byte) r.nextInt(256);
        return b;
    }
}
