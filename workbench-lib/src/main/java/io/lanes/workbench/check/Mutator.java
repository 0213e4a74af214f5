package io.lanes.workbench.check;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The byte-level mutations of a valid page, each returning a new array (the input is never
 * modified) and a one-line description for the reproducer. Headers decide what a decoder trusts,
 * so field overwrites and three in four bit flips land in the first {@link #HEADER} bytes.
 * The fuzz engine's one mutator, public so a test of a codec's own invariants can mutate its pages
 * the same way. Stateless; the random source is the caller's.
 */
public final class Mutator {
    /** Bytes at a page's start that the header-biased mutations aim at. */
    static final int HEADER = 24;

    /** The kinds of mutation, chosen uniformly. */
    public enum Kind {
        /** 1 to 3 single-bit flips. */
        BIT_FLIP,
        /** A prefix of the page. */
        TRUNCATE,
        /** The whole page plus 1 to 16 bytes: a decoder that accepts this accepts trailing bytes. */
        EXTEND,
        /** A 1, 2, 4 or 8-byte little-endian field, or a ULEB128 varint, overwritten with an edge value. */
        FIELD,
        /** The start of this page joined to the end of another valid page. */
        SPLICE,
        /** A page of zero bytes. */
        ZEROS,
        /** A page of 0xFF bytes. */
        ONES
    }

    /** A mutated page and what was done to it. */
    public record Mutant(byte[] page, Kind kind, String what) {
    }

    private Mutator() {
    }

    /** One mutation of {@code page}, of a kind chosen by {@code r}; {@code other} is the splice partner. */
    public static Mutant mutate(byte[] page, byte[] other, SplittableRandom r) {
        Kind k = Kind.values()[r.nextInt(Kind.values().length)];
        return switch (k) {
            case BIT_FLIP -> flip(page, r);
            case TRUNCATE -> {
                int len = page.length == 0 ? 0 : r.nextBoolean() ? r.nextInt(page.length) : Math.max(0, page.length - 1 - r.nextInt(Math.min(page.length, 16)));
                yield new Mutant(Arrays.copyOf(page, len), k, "truncated to " + len + " of " + page.length + " bytes");
            }
            case EXTEND -> {
                int extra = 1 + r.nextInt(16);
                byte[] b = Arrays.copyOf(page, page.length + extra);
                boolean zero = r.nextBoolean();
                if (!zero) for (int i = page.length; i < b.length; i++) b[i] = (byte) r.nextInt(256);
                yield new Mutant(b, k, extra + (zero ? " zero" : " random") + " bytes appended to a valid page of " + page.length);
            }
            case FIELD -> field(page, r);
            case SPLICE -> {
                int a = r.nextInt(page.length + 1), b = r.nextInt(other.length + 1);
                byte[] s = Arrays.copyOf(page, a + other.length - b);
                System.arraycopy(other, b, s, a, other.length - b);
                yield new Mutant(s, k, "bytes [0," + a + ") of a page of " + page.length + " then bytes [" + b + "," + other.length + ") of another");
            }
            case ZEROS, ONES -> {
                int len = r.nextBoolean() ? page.length : r.nextInt(65);
                byte[] b = new byte[len];
                if (k == Kind.ONES) Arrays.fill(b, (byte) 0xFF);
                yield new Mutant(b, k, len + (k == Kind.ONES ? " 0xFF" : " zero") + " bytes");
            }
        };
    }

    private static Mutant flip(byte[] page, SplittableRandom r) {
        byte[] b = page.clone();
        StringBuilder what = new StringBuilder("bits flipped at");
        for (int k = 1 + r.nextInt(3); k > 0 && b.length > 0; k--) {
            int pos = r.nextInt(4) > 0 ? r.nextInt(Math.min(b.length, HEADER)) : r.nextInt(b.length);
            int bit = r.nextInt(8);
            b[pos] ^= (byte) (1 << bit);
            what.append(' ').append(pos).append('.').append(bit);
        }
        return new Mutant(b, Kind.BIT_FLIP, what.toString());
    }

    /**
     * Overwrites a field at a header offset (one in four anywhere) with 0, its value +-1, the
     * width's MIN or MAX, the page length +-k, or 2^k: the values that break length and count checks.
     */
    private static Mutant field(byte[] page, SplittableRandom r) {
        byte[] b = page.clone();
        if (b.length == 0) return new Mutant(b, Kind.FIELD, "empty page, nothing to overwrite");
        int pos = r.nextInt(4) > 0 ? r.nextInt(Math.min(b.length, HEADER)) : r.nextInt(b.length);
        int width = new int[] {1, 2, 4, 8, 0}[r.nextInt(5)]; // 0: a ULEB128 varint
        int bits = width == 0 ? 32 : 8 * width;
        long current = width == 0 ? 0 : le(b, pos, width);
        long v = switch (r.nextInt(7)) {
            case 0 -> 0;
            case 1 -> current + 1;
            case 2 -> current - 1;
            case 3 -> bits == 64 ? Long.MIN_VALUE : 1L << (bits - 1);
            case 4 -> bits == 64 ? Long.MAX_VALUE : (1L << (bits - 1)) - 1 + (r.nextBoolean() ? 1L << (bits - 1) : 0);
            case 5 -> page.length + r.nextInt(-8, 9);
            default -> 1L << r.nextInt(bits);
        };
        if (width == 0) {
            long u = v & 0xFFFF_FFFFL;
            int p = pos;
            while (p < b.length) {
                b[p++] = (byte) ((u & 0x7F) | (u > 0x7F ? 0x80 : 0));
                u >>>= 7;
                if (u == 0) break;
            }
        } else {
            for (int i = 0; i < width && pos + i < b.length; i++) b[pos + i] = (byte) (v >>> (8 * i));
        }
        return new Mutant(b, Kind.FIELD, (width == 0 ? "varint" : width + "-byte field") + " at " + pos + " set to " + (width == 0 ? Long.toUnsignedString(v & 0xFFFF_FFFFL) : Long.toString(v)));
    }

    /** The little-endian value of up to {@code width} bytes at {@code pos}, fewer at the page's end. */
    private static long le(byte[] b, int pos, int width) {
        long v = 0;
        for (int i = 0; i < width && pos + i < b.length; i++) v |= (b[pos + i] & 0xFFL) << (8 * i);
        return v;
    }
}
