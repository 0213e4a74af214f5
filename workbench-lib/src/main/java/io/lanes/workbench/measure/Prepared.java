package io.lanes.workbench.measure;

import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.LongCodec;
import io.lanes.workbench.corpus.Column;
import io.lanes.workbench.corpus.ValueType;

import java.util.Arrays;

/**
 * An arm made ready at one working-set point: input values, encoded bytes and output buffer
 * allocated once and reused by every timed call. Public so that every route that runs a kernel
 * (the harness, the instruction counters, the JMH bridge) runs exactly the same one. Not
 * thread-safe: one measuring thread owns it.
 *
 * <p>Where the encoded bytes and the output sit in memory changes a vector kernel's speed by up to
 * a fifth here (cache-line splits of unaligned stores, loads aliasing stores 4 KiB apart), and Java
 * cannot pin a heap array's address. So both buffers carry {@link #PAD_BYTES} of slack and
 * {@link #place(int)} moves the page and the output to one of many placements (every pair of
 * 8-byte positions within a cache line once per 64 slots, at pseudo-random lines): the harness gives every
 * repetition its own placement, so a median is over placements rather than one allocation's luck,
 * and twin arms see the same mix.
 */
public abstract sealed class Prepared {
    /** Slack before the encoded page and before the output: the range placements move within. */
    public static final int PAD_BYTES = 4096;

    final Arm arm;
    final int n;
    int encodedBytes;
    /** Offset of the encoded page in its buffer, and of the output in its buffer (in values). */
    int inOff;
    int outOff;

    private Prepared(Arm arm, int n) {
        this.arm = arm;
        this.n = n;
    }

    /** One decode; returns a value that depends on the output so the JIT cannot drop the work. */
    public abstract long decode();

    /** One encode; returns bytes written. */
    public abstract long encode();

    /** Decodes once and compares with the expected output; throws naming the first mismatch. */
    public abstract void verify(String where);

    /**
     * Moves the encoded page and the output to placement {@code slot} (any int; the same slot
     * gives the same offsets in every instance). Not timed work: it copies the page.
     */
    public void place(int slot) {
        // a heap array starts 8-byte aligned: 64 consecutive slots put the output and the page at
        // each of the 8 x 8 pairs of 8-byte positions within a cache line exactly once, whatever the
        // arrays' own alignment, so twin arms see the same mix of line splits
        int outClass = Math.floorMod(slot, 8);
        int inClass = Math.floorMod(slot + slot / 8, 8);
        // and a pseudo-random cache line within the slack, so input and output alias differently
        long h = (slot + 1L) * 0x9E3779B97F4A7C15L;
        int lines = PAD_BYTES / 64 - 1;
        moveTo((int) Long.remainderUnsigned(h >>> 40, lines) * 64 + inClass * 8,
                (int) Long.remainderUnsigned(h >>> 16, lines) * 64 + outClass * 8);
    }

    abstract void moveTo(int inOffBytes, int outOffBytes);

    /** The arm this was prepared for. */
    public Arm arm() {
        return arm;
    }

    /** Values one call decodes. */
    public int values() {
        return n;
    }

    /** Bytes one decode call reads (the plain size for the store-only arm). */
    public int encodedBytes() {
        return encodedBytes;
    }

    /** Prepares {@code arm} on {@code col} tiled or cut to exactly {@code n} values. */
    public static Prepared of(Arm arm, Column col, int n) {
        if (col.type() == ValueType.INT32) return new Ints(arm, col, n);
        return new Longs(arm, col, n);
    }

    /** Values of a column tiled (repeated) or cut to exactly {@code n}. */
    static int[] tile(int[] v, int n) {
        int[] out = new int[n];
        if (v.length == 0) return out;
        for (int i = 0; i < n; i += v.length) System.arraycopy(v, 0, out, i, Math.min(v.length, n - i));
        return out;
    }

    static long[] tile(long[] v, int n) {
        long[] out = new long[n];
        if (v.length == 0) return out;
        for (int i = 0; i < n; i += v.length) System.arraycopy(v, 0, out, i, Math.min(v.length, n - i));
        return out;
    }

    private static IllegalStateException mismatch(String where, Arm arm, int i, long got, long want) {
        return new IllegalStateException(where + ": arm " + arm.name() + " decoded value " + i + " as " + got + ", expected " + want + " (results would be meaningless; nothing was timed)");
    }

    static final class Ints extends Prepared {
        private final IntCodec codec;
        private final int[] values;
        private final int[] out;
        private final byte[] encoded;
        private int[] want;

        Ints(Arm arm, Column col, int n) {
            super(arm, n);
            this.values = tile(col.ints(), n);
            this.out = new int[n + PAD_BYTES / 4];
            Codec c = arm.codec();
            if (c != null && !(c instanceof IntCodec)) throw new IllegalArgumentException("codec " + c.name() + " does not take int32 columns like " + col.id());
            this.codec = (IntCodec) c;
            this.encoded = codec == null ? new byte[0] : new byte[PAD_BYTES + codec.maxEncodedBytes(n)];
            this.encodedBytes = codec == null ? 4 * n : codec.encode(values, 0, n, encoded, 0);
        }

        @Override
        public long decode() {
            if (codec == null) {
                StoreOnly.store(out, outOff, n, n);
                return out[outOff + n - 1];
            }
            int k = codec.decode(encoded, inOff, encodedBytes, out, outOff);
            return k + out[outOff + k - 1];
        }

        @Override
        public long encode() {
            return codec == null ? 0 : codec.encode(values, 0, n, encoded, inOff);
        }

        @Override
        void moveTo(int inOffBytes, int outOffBytes) {
            if (codec != null) System.arraycopy(encoded, inOff, encoded, inOffBytes, encodedBytes);
            inOff = inOffBytes;
            outOff = outOffBytes / 4;
        }

        @Override
        public void verify(String where) {
            if (codec == null) return;
            Arrays.fill(out, 0x5A5A5A5A);
            int k = codec.decode(encoded, inOff, encodedBytes, out, outOff);
            if (k != n) throw new IllegalStateException(where + ": arm " + arm.name() + " decoded " + k + " values, expected " + n);
            if (want == null) {
                want = new int[n];
                codec.outputOrder().arrange(values, n, want);
            }
            int i = Arrays.mismatch(out, outOff, outOff + n, want, 0, n);
            if (i >= 0) throw mismatch(where, arm, i, out[outOff + i], want[i]);
        }
    }

    static final class Longs extends Prepared {
        private final LongCodec codec;
        private final long[] values;
        private final long[] out;
        private final byte[] encoded;
        private long[] want;

        Longs(Arm arm, Column col, int n) {
            super(arm, n);
            this.values = tile(col.longs(), n);
            this.out = new long[n + PAD_BYTES / 8];
            Codec c = arm.codec();
            if (c != null && !(c instanceof LongCodec)) throw new IllegalArgumentException("codec " + c.name() + " does not take int64 columns like " + col.id());
            this.codec = (LongCodec) c;
            this.encoded = codec == null ? new byte[0] : new byte[PAD_BYTES + codec.maxEncodedBytes(n)];
            this.encodedBytes = codec == null ? 8 * n : codec.encode(values, 0, n, encoded, 0);
        }

        @Override
        public long decode() {
            if (codec == null) {
                StoreOnly.store(out, outOff, n, n);
                return out[outOff + n - 1];
            }
            int k = codec.decode(encoded, inOff, encodedBytes, out, outOff);
            return k + out[outOff + k - 1];
        }

        @Override
        public long encode() {
            return codec == null ? 0 : codec.encode(values, 0, n, encoded, inOff);
        }

        @Override
        void moveTo(int inOffBytes, int outOffBytes) {
            if (codec != null) System.arraycopy(encoded, inOff, encoded, inOffBytes, encodedBytes);
            inOff = inOffBytes;
            outOff = outOffBytes / 8;
        }

        @Override
        public void verify(String where) {
            if (codec == null) return;
            Arrays.fill(out, 0x5A5A5A5A5A5A5A5AL);
            int k = codec.decode(encoded, inOff, encodedBytes, out, outOff);
            if (k != n) throw new IllegalStateException(where + ": arm " + arm.name() + " decoded " + k + " values, expected " + n);
            if (want == null) {
                want = new long[n];
                codec.outputOrder().arrange(values, n, want);
            }
            int i = Arrays.mismatch(out, outOff, outOff + n, want, 0, n);
            if (i >= 0) throw mismatch(where, arm, i, out[outOff + i], want[i]);
        }
    }
}
