package io.lanes.workbench.check;

import io.lanes.workbench.codec.ByteArrayCodec;
import io.lanes.workbench.codec.ByteArrays;
import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.LongCodec;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A codec as the fuzz engine drives it: the valid pages it encodes from {@link Inputs}, and one
 * checked decode of any page. The decode check is the codec contract: {@code decodedLength} within
 * {@link Codec#maxDecodedLength(int)}; only {@link CorruptDataException} for bad bytes (or an
 * {@link IllegalArgumentException} / {@link ByteArrays.LimitExceeded} when the page validly holds
 * more values than the buffer); on success the count {@code decodedLength} gave, nothing written
 * outside {@code [off, off+count)}, every slot inside written, and the same output from a second
 * decode. Not thread-safe: it reuses its output buffers, so one thread decodes at a time.
 */
abstract sealed class Subject permits Subject.Values, Subject.Strings {
    /** Values the fuzz buffer takes; a page validly holding more is answered with "too large". */
    static final int CAPACITY = 1 << 20;
    /**
     * Slots after a decode's count filled with a sentinel and checked for stray writes: filling the
     * whole buffer would cost a megabyte of stores per page.
     */
    static final int GUARD = 4096;

    final Codec codec;

    private Subject(Codec codec) {
        this.codec = codec;
    }

    /** The subject for a codec of int32, int64 or byte-string values. */
    static Subject of(Codec c) {
        return c instanceof ByteArrayCodec b ? new Strings(b) : new Values(c);
    }

    /** Valid pages of every input the encoder takes (an encoder may refuse some lengths: those are left out). */
    abstract List<byte[]> seeds(SplittableRandom r);

    /** Decodes {@code page} once, checking the contract; never throws for anything the codec does. */
    abstract Outcome decode(byte[] page);

    /** The codec's {@code decodedLength} of the whole page; throws what the codec throws. */
    abstract int decodedLength(byte[] page);

    /** Runs the checks shared by every value type before decoding: returns a defect, or null and the length in {@code len[0]}. */
    final Outcome length(byte[] page, int[] len) {
        try {
            len[0] = decodedLength(page);
        } catch (CorruptDataException e) {
            len[0] = -1;
            return null;
        } catch (RuntimeException | StackOverflowError e) {
            return Outcome.defect(Outcome.Verdict.UNDOCUMENTED, "decodedLength threw " + e);
        }
        long bound = codec.maxDecodedLength(page.length);
        if (len[0] < 0 || len[0] > bound) {
            return Outcome.defect(Outcome.Verdict.BOUND, "decodedLength " + len[0] + " for a page of " + page.length + " bytes, the codec's bound is " + bound);
        }
        return null;
    }

    /** Classifies an exception from decode: documented, "too large" when the page validly holds more than {@code cap}, else a defect. */
    static Outcome thrown(RuntimeException e, int len, int cap) {
        if (e instanceof CorruptDataException) return Outcome.rejected(e);
        if (e instanceof IllegalArgumentException && len > cap) return new Outcome(Outcome.Verdict.TOO_LARGE, "");
        return Outcome.defect(Outcome.Verdict.UNDOCUMENTED, "decode threw " + e + (len >= 0 ? " (decodedLength " + len + ")" : ""));
    }

    /** An int32 or int64 codec, decoding into two reused buffers filled with different sentinels. */
    static final class Values extends Subject {
        private static final long FILL_A = 0x5EED5EED5EED5EEDL, FILL_B = ~FILL_A;
        private final boolean wide;
        private final int[] ia, ib;
        private final long[] la, lb;

        Values(Codec c) {
            super(c);
            wide = c instanceof LongCodec;
            if (!wide && !(c instanceof IntCodec)) throw new IllegalArgumentException(c.name() + ": not an int32, int64 or byte-array codec");
            ia = wide ? null : new int[CAPACITY + 1];
            ib = wide ? null : new int[CAPACITY + 1];
            la = wide ? new long[CAPACITY + 1] : null;
            lb = wide ? new long[CAPACITY + 1] : null;
        }

        @Override
        List<byte[]> seeds(SplittableRandom r) {
            return Inputs.values(codec.valueBits(), r).stream().map(this::encode).filter(p -> p != null).toList();
        }

        private byte[] encode(long[] v) {
            try {
                byte[] out = new byte[codec.maxEncodedBytes(v.length)];
                int len = wide ? ((LongCodec) codec).encode(v, 0, v.length, out, 0)
                        : ((IntCodec) codec).encode(Arrays.stream(v).mapToInt(x -> (int) x).toArray(), 0, v.length, out, 0);
                return Arrays.copyOf(out, len);
            } catch (IllegalArgumentException | UnsupportedOperationException refused) {
                return null;
            }
        }

        @Override
        int decodedLength(byte[] page) {
            return wide ? ((LongCodec) codec).decodedLength(page, 0, page.length) : ((IntCodec) codec).decodedLength(page, 0, page.length);
        }

        @Override
        Outcome decode(byte[] page) {
            int[] len = new int[1];
            Outcome bad = length(page, len);
            if (bad != null) return bad;
            int n;
            try {
                n = decodeInto(page, true, len[0]);
            } catch (RuntimeException e) {
                return thrown(e, len[0], CAPACITY);
            }
            if (len[0] < 0) return Outcome.defect(Outcome.Verdict.CONTRACT, "decode accepted a page decodedLength rejects, " + n + " values");
            if (n != len[0]) return Outcome.defect(Outcome.Verdict.CONTRACT, "decode returned " + n + " values, decodedLength " + len[0]);
            Integer stray = stray(n);
            if (stray != null) return Outcome.defect(Outcome.Verdict.CONTRACT, "wrote slot " + stray + " outside [0, " + n + ")");
            int again;
            try {
                again = decodeInto(page, false, len[0]);
            } catch (RuntimeException e) {
                return Outcome.defect(Outcome.Verdict.CONTRACT, "a second decode of the same page threw " + e);
            }
            int diff = again != n ? 0 : firstDifference(n);
            if (diff >= 0) return Outcome.defect(Outcome.Verdict.CONTRACT, "a second decode differs at slot " + diff + " (a slot left unwritten, or state kept between calls)");
            return Outcome.decoded();
        }

        /** Fills buffer a or b with its sentinel up to the guard past {@code len} and decodes at offset 1 into it. */
        private int decodeInto(byte[] page, boolean a, int len) {
            int fill = guardEnd(Math.max(0, len));
            if (wide) {
                long[] out = a ? la : lb;
                Arrays.fill(out, 0, fill, a ? FILL_A : FILL_B);
                return ((LongCodec) codec).decode(page, 0, page.length, out, 1);
            }
            int[] out = a ? ia : ib;
            Arrays.fill(out, 0, fill, (int) (a ? FILL_A : FILL_B));
            return ((IntCodec) codec).decode(page, 0, page.length, out, 1);
        }

        /** End of the sentinel region of a page of {@code n} values: the offset slot, the values, the guard. */
        private static int guardEnd(int n) {
            return (int) Math.min(CAPACITY + 1L, n + 1L + GUARD);
        }

        /** The first slot outside {@code [0, n)} (relative to the offset; -1 before it) that lost its sentinel, or null. */
        private Integer stray(int n) {
            if (wide ? la[0] != FILL_A : ia[0] != (int) FILL_A) return -1;
            int end = guardEnd(n);
            for (int i = n + 1; i < end; i++) if (wide ? la[i] != FILL_A : ia[i] != (int) FILL_A) return i - 1;
            return null;
        }

        /** The first slot of {@code [0, n)} where the two decodes differ, or -1. */
        private int firstDifference(int n) {
            return wide ? Arrays.mismatch(la, 1, n + 1, lb, 1, n + 1) : Arrays.mismatch(ia, 1, n + 1, ib, 1, n + 1);
        }
    }

    /** A byte-array codec, decoding with one reused decoder (as a column chunk does) and checking against a fresh one. */
    static final class Strings extends Subject {
        private static final long MAX_BYTES = 16 << 20;
        private final ByteArrayCodec bc;
        private final ByteArrayCodec.Decoder reused;
        private final ByteArrays out = new ByteArrays(CAPACITY, MAX_BYTES), again = new ByteArrays(CAPACITY, MAX_BYTES);

        Strings(ByteArrayCodec c) {
            super(c);
            bc = c;
            reused = c.newDecoder();
        }

        @Override
        List<byte[]> seeds(SplittableRandom r) {
            return Inputs.strings(r).stream().map(this::encode).filter(p -> p != null).toList();
        }

        private byte[] encode(ByteArrays v) {
            try {
                byte[] page = new byte[bc.maxEncodedBytes(v.count(), v.bytes())];
                return Arrays.copyOf(page, bc.encode(v, 0, v.count(), page, 0));
            } catch (IllegalArgumentException | UnsupportedOperationException refused) {
                return null;
            }
        }

        @Override
        int decodedLength(byte[] page) {
            return bc.decodedLength(page, 0, page.length);
        }

        @Override
        Outcome decode(byte[] page) {
            int[] len = new int[1];
            Outcome bad = length(page, len);
            if (bad != null) return bad;
            out.clear();
            int n;
            try {
                n = reused.decode(page, 0, page.length, out);
            } catch (ByteArrays.LimitExceeded e) { // the page may validly hold more than the buffer's limits
                return new Outcome(Outcome.Verdict.TOO_LARGE, "");
            } catch (RuntimeException e) { // any other IllegalArgumentException is a defect here
                return thrown(e, len[0], Integer.MAX_VALUE);
            }
            if (len[0] < 0) return Outcome.defect(Outcome.Verdict.CONTRACT, "decode accepted a page decodedLength rejects, " + n + " values");
            if (n != len[0] || out.count() != n) return Outcome.defect(Outcome.Verdict.CONTRACT, "decode returned " + n + " values and appended " + out.count() + ", decodedLength " + len[0]);
            int[] offs = out.offsets();
            for (int i = 0; i < n; i++) {
                if (offs[i + 1] < offs[i] || offs[i + 1] > out.data().length) return Outcome.defect(Outcome.Verdict.CONTRACT, "offset " + (i + 1) + " is " + offs[i + 1] + " after " + offs[i]);
            }
            again.clear();
            try {
                bc.newDecoder().decode(page, 0, page.length, again);
            } catch (RuntimeException e) {
                return Outcome.defect(Outcome.Verdict.CONTRACT, "a fresh decoder threw " + e + " on a page the reused one decoded");
            }
            if (again.count() != n || !Arrays.equals(offs, 0, n + 1, again.offsets(), 0, n + 1)
                    || !Arrays.equals(out.data(), 0, out.bytes(), again.data(), 0, again.bytes())) {
                return Outcome.defect(Outcome.Verdict.CONTRACT, "a fresh decoder gives other values than the reused one (state kept between pages)");
            }
            return Outcome.decoded();
        }
    }
}
