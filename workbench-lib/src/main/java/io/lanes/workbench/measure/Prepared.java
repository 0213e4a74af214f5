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
 */
public abstract sealed class Prepared {
    final Arm arm;
    final int n;
    int encodedBytes;

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

        Ints(Arm arm, Column col, int n) {
            super(arm, n);
            this.values = tile(col.ints(), n);
            this.out = new int[n];
            Codec c = arm.codec();
            if (c != null && !(c instanceof IntCodec)) throw new IllegalArgumentException("codec " + c.name() + " does not take int32 columns like " + col.id());
            this.codec = (IntCodec) c;
            this.encoded = codec == null ? new byte[0] : new byte[codec.maxEncodedBytes(n)];
            this.encodedBytes = codec == null ? 4 * n : codec.encode(values, 0, n, encoded, 0);
        }

        @Override
        public long decode() {
            if (codec == null) {
                StoreOnly.store(out, n, n);
                return out[n - 1];
            }
            int k = codec.decode(encoded, 0, encodedBytes, out, 0);
            return k + out[k - 1];
        }

        @Override
        public long encode() {
            return codec == null ? 0 : codec.encode(values, 0, n, encoded, 0);
        }

        @Override
        public void verify(String where) {
            if (codec == null) return;
            Arrays.fill(out, 0x5A5A5A5A);
            int k = codec.decode(encoded, 0, encodedBytes, out, 0);
            if (k != n) throw new IllegalStateException(where + ": arm " + arm.name() + " decoded " + k + " values, expected " + n);
            int[] want = new int[n];
            codec.outputOrder().arrange(values, n, want);
            int i = Arrays.mismatch(out, want);
            if (i >= 0) throw mismatch(where, arm, i, out[i], want[i]);
        }
    }

    static final class Longs extends Prepared {
        private final LongCodec codec;
        private final long[] values;
        private final long[] out;
        private final byte[] encoded;

        Longs(Arm arm, Column col, int n) {
            super(arm, n);
            this.values = tile(col.longs(), n);
            this.out = new long[n];
            Codec c = arm.codec();
            if (c != null && !(c instanceof LongCodec)) throw new IllegalArgumentException("codec " + c.name() + " does not take int64 columns like " + col.id());
            this.codec = (LongCodec) c;
            this.encoded = codec == null ? new byte[0] : new byte[codec.maxEncodedBytes(n)];
            this.encodedBytes = codec == null ? 8 * n : codec.encode(values, 0, n, encoded, 0);
        }

        @Override
        public long decode() {
            if (codec == null) {
                StoreOnly.store(out, n, n);
                return out[n - 1];
            }
            int k = codec.decode(encoded, 0, encodedBytes, out, 0);
            return k + out[k - 1];
        }

        @Override
        public long encode() {
            return codec == null ? 0 : codec.encode(values, 0, n, encoded, 0);
        }

        @Override
        public void verify(String where) {
            if (codec == null) return;
            Arrays.fill(out, 0x5A5A5A5A5A5A5A5AL);
            int k = codec.decode(encoded, 0, encodedBytes, out, 0);
            if (k != n) throw new IllegalStateException(where + ": arm " + arm.name() + " decoded " + k + " values, expected " + n);
            long[] want = new long[n];
            codec.outputOrder().arrange(values, n, want);
            int i = Arrays.mismatch(out, want);
            if (i >= 0) throw mismatch(where, arm, i, out[i], want[i]);
        }
    }
}
