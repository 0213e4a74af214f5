package io.lanes.workbench.codec.peer;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.LongCodec;
import org.apache.orc.PhysicalWriter;
import org.apache.orc.impl.BufferChunk;
import org.apache.orc.impl.InStream;
import org.apache.orc.impl.OutStream;
import org.apache.orc.impl.RunLengthIntegerReaderV2;
import org.apache.orc.impl.RunLengthIntegerWriterV2;
import org.apache.orc.impl.writer.StreamOptions;
import org.apache.orc.storage.ql.exec.vector.LongColumnVector;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntToLongFunction;

/**
 * Apache ORC 2.2.1's integer RLE v2 as peers: {@code peer.orc.rlev2} (signed int32),
 * {@code peer.orc.rlev2.64} (signed int64) and {@code peer.orc.rlev2.unsigned} (int32 taken as
 * unsigned 32-bit, the form ORC writes lengths and dictionary ids in). The page is
 *
 * <pre>
 * page := count:int32le  run*      (the runs: ORC's RLE v2 stream, as in a file's DATA stream)
 * </pre>
 *
 * <p>Encode is ORC's {@code RunLengthIntegerWriterV2} with aligned bit packing (what ORC's default
 * SPEED encoding strategy writes) over an uncompressed {@code OutStream} whose receiver copies into
 * the caller's buffer. Decode is what ORC's column readers do: a {@code RunLengthIntegerReaderV2}
 * over {@code InStream.create} of the page, read with {@code nextVector} into a
 * {@link LongColumnVector} of 1,024 values (ORC's batch size), each batch then copied into the
 * caller's buffer. What the adapter adds to ORC's decode: a walk of every run header first
 * ({@link OrcRuns}, no packed value read), because ORC trusts its stream (it sizes PATCHED_BASE's
 * arrays and indexes its patch list from header fields); per page a reader, a stream and a buffer
 * view (ORC's reader cannot be re-pointed at other bytes); and the copy out of each batch, which for
 * int32 narrows the longs and checks each fits the arm's range (a value outside it is a corrupt page).
 * Any exception the library throws on a page the walk accepted becomes a
 * {@link CorruptDataException} naming the peer.
 *
 * <p>Thread-safe: each thread gets its own batch vector.
 */
public final class OrcRleV2 {
    /** The peer library and version, as {@code ./workbench codecs} shows it. */
    static final String LIBRARY = "Apache ORC 2.2.1";
    /** ORC's row batch size ({@code VectorizedRowBatch.DEFAULT_SIZE}): the values one {@code nextVector} call reads. */
    static final int BATCH = 1024;
    /** ORC's default compression chunk size: the OutStream's buffer (uncompressed, it only sets how often the receiver is called). */
    private static final int STREAM_BUFFER = 256 * 1024;
    /**
     * Worst-case bytes per value of ORC's writer: a PATCHED_BASE run of 4 values at 64 bits (4 header
     * bytes, 8 of base, 32 of values and 3 patch entries of 8 bytes) is 17 bytes a value; a DIRECT run
     * of one value at 64 bits is 10, a DELTA run at most 9.5, a SHORT_REPEAT 3. ORC caps the patch list
     * at 5% of the run plus two entries for gaps over 255, and writes runs of 3 values or fewer as DIRECT.
     */
    private static final int MAX_BYTES_PER_VALUE = 17;

    private static final ThreadLocal<LongColumnVector> BATCHES = ThreadLocal.withInitial(() -> new LongColumnVector(BATCH));

    private OrcRleV2() {
    }

    static int maxEncodedBytes(int n) {
        if (n < 0) throw new IllegalArgumentException("negative value count " + n);
        return Bytes.arraySize(4 + (long) MAX_BYTES_PER_VALUE * n);
    }

    /** Writes the page of {@code n} values ({@code value.applyAsLong(i)} for i in [0, n)) with ORC's writer; returns its length. */
    static int encode(String name, boolean signed, IntToLongFunction value, int n, byte[] out, int outOff) {
        int max = maxEncodedBytes(n);
        Bytes.requireEncodeSpace(out.length, outOff, max);
        Bytes.putInt(out, outOff, n);
        int[] at = {outOff + 4};
        PhysicalWriter.OutputReceiver receiver = new PhysicalWriter.OutputReceiver() {
            @Override
            public void output(ByteBuffer b) {
                int len = b.remaining();
                if (len > outOff + max - at[0]) throw new IllegalStateException(name + ": ORC wrote more than the adapter's worst case of " + max + " bytes");
                b.get(out, at[0], len);
                at[0] += len;
            }

            @Override
            public void suppress() {
                throw new IllegalStateException(name + ": ORC suppressed an unencrypted, unfiltered stream");
            }
        };
        try {
            RunLengthIntegerWriterV2 w = new RunLengthIntegerWriterV2(new OutStream(name, new StreamOptions(STREAM_BUFFER), receiver), signed, true);
            for (int i = 0; i < n; i++) w.write(value.applyAsLong(i));
            w.flush();
        } catch (IOException e) {
            throw new IllegalStateException(name + ": ORC's writer failed in memory", e);
        }
        return at[0] - outOff;
    }

    /** The page's count, at most what its bytes can hold ({@link OrcRuns#MAX_VALUES_PER_BYTE} a byte). */
    static int decodedLength(String name, byte[] in, int inOff, int inLen) {
        Bytes.require(0, 4, inLen, name + " value count");
        int n = Bytes.getInt(in, inOff);
        if (n < 0) throw new CorruptDataException(name + " value count", 0, "negative count " + n);
        if (n > maxDecodedLength(inLen)) {
            throw new CorruptDataException(name + " value count", 0, n + " values in " + (inLen - 4) + " bytes of runs, which hold at most " + maxDecodedLength(inLen));
        }
        return n;
    }

    static long maxDecodedLength(int pageBytes) {
        return Math.max(0, pageBytes - 4L) * OrcRuns.MAX_VALUES_PER_BYTE;
    }

    /**
     * Decodes a page into {@code out32} (narrowing, each value checked to lie in [lo, hi]) or
     * {@code out64}, whichever is non-null; returns the count.
     */
    static int decode(String name, boolean signed, byte[] in, int inOff, int inLen, int[] out32, long[] out64, int outOff, long lo, long hi) {
        int n = decodedLength(name, in, inOff, inLen);
        Bytes.requireOutput(out32 != null ? out32.length : out64.length, outOff, n);
        OrcRuns.walk(name, in, inOff, inOff + 4, inOff + inLen, n, null, null);
        if (n == 0) return 0;
        LongColumnVector batch = BATCHES.get();
        long[] v = batch.vector;
        try {
            InStream stream = InStream.create(name, new BufferChunk(ByteBuffer.wrap(in, inOff + 4, inLen - 4).slice(), 0), 0, inLen - 4);
            RunLengthIntegerReaderV2 r = new RunLengthIntegerReaderV2(stream, signed, false);
            for (int done = 0; done < n; done += BATCH) {
                int m = Math.min(BATCH, n - done);
                r.nextVector(batch, v, m);
                if (out64 != null) {
                    System.arraycopy(v, 0, out64, outOff + done, m);
                } else {
                    boolean outside = false;
                    for (int i = 0; i < m; i++) {
                        long x = v[i];
                        outside |= x < lo | x > hi;
                        out32[outOff + done + i] = (int) x;
                    }
                    if (outside) throw outOfRange(name, v, m, done, lo, hi);
                }
            }
            // the walk put the runs' last byte at the page's end, and the reader read exactly n values
            if (stream.available() != 0) {
                throw new CorruptDataException(name + " runs", inLen - stream.available(), "ORC stopped " + stream.available() + " bytes before the end of runs the adapter checked: a defect of the peer library");
            }
        } catch (CorruptDataException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new CorruptDataException(name + " runs", 4, "the peer library threw " + e + " on runs the adapter had checked");
        }
        return n;
    }

    private static CorruptDataException outOfRange(String name, long[] v, int m, int done, long lo, long hi) {
        for (int i = 0; i < m; i++) {
            if (v[i] < lo || v[i] > hi) return new CorruptDataException(name + " value", 4, "value " + (done + i) + " decodes to " + v[i] + ", outside [" + lo + ", " + hi + "]");
        }
        throw new AssertionError("no value outside the range");
    }

    /**
     * The page's runs and values per sub-encoding, keyed {@code short_repeat.runs},
     * {@code short_repeat.values}, ... {@code delta.values} (the page walked as decode walks it).
     */
    static Map<String, Long> encodingDetail(String name, byte[] in, int inOff, int inLen) {
        int n = decodedLength(name, in, inOff, inLen);
        long[] runs = new long[4], values = new long[4];
        OrcRuns.walk(name, in, inOff, inOff + 4, inOff + inLen, n, runs, values);
        Map<String, Long> detail = new LinkedHashMap<>();
        for (OrcRuns.Kind k : OrcRuns.Kind.values()) {
            String key = k.name().toLowerCase(Locale.ROOT);
            detail.put(key + ".runs", runs[k.ordinal()]);
            detail.put(key + ".values", values[k.ordinal()]);
        }
        return detail;
    }

    private static String describe(String what) {
        return "peer: " + LIBRARY + "'s integer RLE v2 writer and reader (" + what + "; nextVector in batches of 1,024), framed as count + ORC's runs, run headers checked first";
    }

    /** What the three arms share beyond their value type: bounds, allocation and the sub-encoding mix. */
    private interface Arm extends Codec {
        @Override
        default String allocatesByDesign() {
            return "a reader, a stream and a buffer view per page; two arrays per PATCHED_BASE run (ORC's reader)";
        }

        @Override
        default int maxEncodedBytes(int n) {
            return OrcRleV2.maxEncodedBytes(n);
        }

        @Override
        default long maxDecodedLength(int pageBytes) {
            return OrcRleV2.maxDecodedLength(pageBytes);
        }

        @Override
        default Map<String, Long> encodingDetail(byte[] in, int inOff, int inLen) {
            return OrcRleV2.encodingDetail(name(), in, inOff, inLen);
        }
    }

    /** {@code peer.orc.rlev2} (signed) and {@code peer.orc.rlev2.unsigned}: int32 values. */
    public static final class Int32 implements IntCodec, Arm {
        private final boolean unsigned;

        /** @param unsigned whether values are written as unsigned 32-bit (a negative int as 2^32 plus it, so it round-trips at 32 bits) */
        public Int32(boolean unsigned) {
            this.unsigned = unsigned;
        }

        @Override
        public String name() {
            return unsigned ? "peer.orc.rlev2.unsigned" : "peer.orc.rlev2";
        }

        @Override
        public String description() {
            return describe(unsigned ? "unsigned: an int as its unsigned 32-bit value, so negatives cost 32 bits" : "signed, zigzag");
        }

        @Override
        public int encode(int[] values, int off, int n, byte[] out, int outOff) {
            return unsigned ? OrcRleV2.encode(name(), false, i -> Integer.toUnsignedLong(values[off + i]), n, out, outOff)
                    : OrcRleV2.encode(name(), true, i -> values[off + i], n, out, outOff);
        }

        @Override
        public int decodedLength(byte[] in, int inOff, int inLen) {
            return OrcRleV2.decodedLength(name(), in, inOff, inLen);
        }

        @Override
        public int decode(byte[] in, int inOff, int inLen, int[] out, int outOff) {
            return unsigned ? OrcRleV2.decode(name(), false, in, inOff, inLen, out, null, outOff, 0, 0xFFFF_FFFFL)
                    : OrcRleV2.decode(name(), true, in, inOff, inLen, out, null, outOff, Integer.MIN_VALUE, Integer.MAX_VALUE);
        }
    }

    /** {@code peer.orc.rlev2.64}: signed int64 values. */
    public static final class Int64 implements LongCodec, Arm {
        @Override
        public String name() {
            return "peer.orc.rlev2.64";
        }

        @Override
        public String description() {
            return describe("signed, zigzag");
        }

        @Override
        public int encode(long[] values, int off, int n, byte[] out, int outOff) {
            return OrcRleV2.encode(name(), true, i -> values[off + i], n, out, outOff);
        }

        @Override
        public int decodedLength(byte[] in, int inOff, int inLen) {
            return OrcRleV2.decodedLength(name(), in, inOff, inLen);
        }

        @Override
        public int decode(byte[] in, int inOff, int inLen, long[] out, int outOff) {
            return OrcRleV2.decode(name(), true, in, inOff, inLen, null, out, outOff, Long.MIN_VALUE, Long.MAX_VALUE);
        }
    }
}
