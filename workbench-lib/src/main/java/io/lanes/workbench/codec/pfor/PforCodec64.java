package io.lanes.workbench.codec.pfor;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.LongCodec;
import io.lanes.workbench.codec.OutputOrder;
import io.lanes.workbench.codec.fastlanes.FlFrameKernel64;
import io.lanes.workbench.codec.fastlanes.FlOrder;
import io.lanes.workbench.codec.frame.SeqFrameKernel64;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * Patched frame of reference over int64 values (seed 001's PFOR; the page format is
 * {@link PforFormat}'s). Per vector, {@link PforCostModel} picks the width that minimises packed bits
 * plus exceptions over the frame (the minimum); with delta allowed, it prices the vector's differences
 * the same way and takes them when that is smaller. Decode unpacks with the frame added in one pass,
 * then writes the exceptions over their slots, then (delta vectors) runs the prefix sum.
 *
 * <p>Output order: {@link OutputOrder#FLAT} is file order. {@link OutputOrder#TRANSPOSED} skips restoring
 * file order in FastLanes vectors (exceptions land at their transposed positions); other full 1024-value
 * blocks are permuted to match, so every full block comes out in FL_ORDER and a partial one flat.
 *
 * <p>Encode does not modify its input, allocates scratch per call, and vectorises its minimum, deltas,
 * width choice ({@link PforCostModel#chooseReduced}) and exception scan. Decode allocates nothing (a
 * transposed decode of sequential vectors uses one 8 KiB buffer per thread). Thread-safe.
 */
public final class PforCodec64 implements LongCodec {
    private static final int[] FROM_TRANSPOSED = new int[FlOrder.BLOCK];
    private static final int[] TO_TRANSPOSED = new int[FlOrder.BLOCK];
    private static final ThreadLocal<long[]> GRID = ThreadLocal.withInitial(() -> new long[FlOrder.BLOCK]);
    private static final int INFO = PforFormat.infoBytes(8);
    private static final int EXCEPTION_BYTES = PforFormat.POSITION_BYTES + 8;
    private static final VectorSpecies<Long> SPECIES = LongVector.SPECIES_PREFERRED;

    static {
        for (int i = 0; i < FlOrder.BLOCK; i++) {
            FROM_TRANSPOSED[i] = FlOrder.fromTransposed(i, 64);
            TO_TRANSPOSED[i] = FlOrder.toTransposed(i, 64);
        }
    }

    private final String name;
    private final PforPacking packing;
    private final boolean delta;
    private final OutputOrder order;
    private final int log;
    private final SeqFrameKernel64 seq = new SeqFrameKernel64();
    private final FlFrameKernel64 fl = new FlFrameKernel64();

    /**
     * @param name    registry name
     * @param packing how the encoder packs vectors
     * @param delta   whether the encoder may delta-code a vector (sequential packing only)
     * @param order   order of decoded values
     * @param log     log2 of the vector size, 7..16 (10: vectors of 1024)
     * @throws IllegalArgumentException for delta with FastLanes packing or a log outside 7..16
     */
    public PforCodec64(String name, PforPacking packing, boolean delta, OutputOrder order, int log) {
        if (delta && packing == PforPacking.FASTLANES) throw new IllegalArgumentException("delta is sequential-only; FastLanes delta is fastlanes.delta.*");
        if (log < PforFormat.MIN_LOG_VECTOR || log > PforFormat.MAX_LOG_VECTOR) {
            throw new IllegalArgumentException("log2 vector size " + log + " outside " + PforFormat.MIN_LOG_VECTOR + ".." + PforFormat.MAX_LOG_VECTOR);
        }
        this.name = name;
        this.packing = packing;
        this.delta = delta;
        this.order = order;
        this.log = log;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public OutputOrder outputOrder() {
        return order;
    }

    @Override
    public int maxEncodedBytes(int n) {
        return PforFormat.maxEncodedBytes(n, log, 8);
    }

    @Override
    public int encode(long[] values, int off, int n, byte[] out, int outOff) {
        Bytes.requireEncodeSpace(out.length, outOff, maxEncodedBytes(n));
        int size = 1 << log;
        int nvec = PforFormat.vectors(n, log);
        PforFormat.writeHeader(out, outOff, 8, log, n);
        int scratch = Math.min(n, size);
        long[] reduced = new long[scratch];
        long[] deltas = delta ? new long[scratch] : null;
        long[] reducedDeltas = delta ? new long[scratch] : null;
        long[] spare = delta ? new long[scratch] : null;
        int[] hist = new int[PforCostModel.scratchLength(64)];
        int p = outOff + PforFormat.HEADER + 4 * nvec;
        for (int v = 0; v < nvec; v++) {
            Bytes.putInt(out, outOff + PforFormat.HEADER + 4 * v, p - outOff);
            int start = off + (v << log);
            int len = Math.min(size, off + n - start);
            long min = min(values, start, len);
            PforCostModel.Choice plain = PforCostModel.chooseReduced(values, start, len, min, reduced, hist);
            if (deltas != null && len > 1) {
                deltas(values, start, len, deltas);
                // slot 0 packs 0: the base stands in for it
                PforCostModel.Framed d = PforCostModel.chooseDeltas(deltas, len, 1, len, reducedDeltas, spare, hist);
                if (bytes(len, d.choice()) + 8 < bytes(len, plain)) {
                    p = writeVector(deltas, 0, reducedDeltas, len, (long) d.frame(), d.choice(), 0, true, values[start], out, p);
                    continue;
                }
            }
            boolean fast = packing == PforPacking.FASTLANES && len == PforFormat.FASTLANES_VECTOR;
            p = writeVector(values, start, reduced, len, min, plain, fast ? PforFormat.FASTLANES : 0, false, 0, out, p);
        }
        return p - outOff;
    }

    /** Writes {@code values[start+i] - values[start+i-1]} to {@code deltas[i]} for i in [1, len). */
    private static void deltas(long[] values, int start, int len, long[] deltas) {
        int bound = 1 + SPECIES.loopBound(len - 1);
        for (int i = 1; i < bound; i += SPECIES.length()) {
            LongVector.fromArray(SPECIES, values, start + i).sub(LongVector.fromArray(SPECIES, values, start + i - 1)).intoArray(deltas, i);
        }
        for (int i = bound; i < len; i++) deltas[i] = values[start + i] - values[start + i - 1];
    }

    /** The minimum of {@code values[start, start+len)}, len at least 1. */
    private static long min(long[] values, int start, int len) {
        int bound = SPECIES.loopBound(len);
        long m = values[start];
        if (bound > 0) {
            LongVector acc = LongVector.fromArray(SPECIES, values, start);
            for (int i = SPECIES.length(); i < bound; i += SPECIES.length()) acc = acc.min(LongVector.fromArray(SPECIES, values, start + i));
            m = acc.reduceLanes(VectorOperators.MIN);
        }
        for (int i = bound; i < len; i++) m = Math.min(m, values[start + i]);
        return m;
    }

    private static long bytes(int len, PforCostModel.Choice c) {
        return PforFormat.payloadBytes(len, c.width()) + (long) c.exceptions() * EXCEPTION_BYTES;
    }

    /**
     * Writes the vector whose slots minus the frame are {@code reduced[0, len)} (values, or deltas
     * with slot 0 equal to the frame, at {@code src[start...]}) at the chosen width and mode; returns
     * its end.
     */
    private int writeVector(long[] src, int start, long[] reduced, int len, long frame, PforCostModel.Choice c, int mode,
                            boolean isDelta, long base, byte[] out, int p) {
        int width = c.width();
        Bytes.putLong(out, p, frame);
        out[p + 8] = (byte) (width | mode);
        out[p + 9] = (byte) (isDelta ? PforFormat.DELTA : PforFormat.VALUES);
        PforFormat.putU16(out, p + 10, c.exceptions());
        p += INFO;
        if (isDelta) {
            Bytes.putLong(out, p, base);
            p += 8;
        }
        if (mode == PforFormat.FASTLANES) fl.pack(true, reduced, 0, width, out, p);
        else seq.pack(reduced, 0, len, width, out, p);
        p += PforFormat.payloadBytes(len, width);
        int exc = c.exceptions();
        if (exc == 0) return p;
        // exceptions: the slots whose difference needs more than the width (vector compares find them)
        int pos = p;
        int val = p + PforFormat.POSITION_BYTES * exc;
        LongVector limit = LongVector.broadcast(SPECIES, (long) ((1L << width) - 1));
        int bound = SPECIES.loopBound(len);
        for (int i = 0; i < len; i += SPECIES.length()) {
            long bits = i < bound ? LongVector.fromArray(SPECIES, reduced, i).compare(VectorOperators.UGT, limit).toLong()
                    : tailMask(reduced, i, len, width);
            for (; bits != 0; bits &= bits - 1) {
                int k = i + Long.numberOfTrailingZeros(bits);
                PforFormat.putU16(out, pos, k);
                Bytes.putLong(out, val, src[start + k]);
                pos += PforFormat.POSITION_BYTES;
                val += 8;
            }
        }
        return val;
    }

    /** Exception bits of the slots {@code i .. len-1} past the last whole vector. */
    private static long tailMask(long[] reduced, int i, int len, int width) {
        long bits = 0;
        for (int k = i; k < len; k++) if (reduced[k] >>> width != 0) bits |= 1L << (k - i);
        return bits;
    }

    @Override
    public int decodedLength(byte[] in, int inOff, int inLen) {
        return PforFormat.count(in, inOff, inLen, 8);
    }

    @Override
    public int decode(byte[] in, int inOff, int inLen, long[] out, int outOff) {
        int n = PforFormat.count(in, inOff, inLen, 8);
        Bytes.requireOutput(out.length, outOff, n);
        int log = PforFormat.logVector(in, inOff);
        int size = 1 << log;
        int nvec = PforFormat.vectors(n, log);
        int end = inOff + inLen;
        boolean transposed = order == OutputOrder.TRANSPOSED;
        int p = inOff + PforFormat.HEADER + 4 * nvec;
        for (int v = 0; v < nvec; v++) {
            PforFormat.checkOffset(in, inOff, v, p);
            int start = v << log;
            int len = Math.min(size, n - start);
            p = decodeVector(in, p, end, len, out, outOff + start, transposed, transposed && log == 10);
        }
        PforFormat.requireEnd(p, end);
        // vectors other than 1024 are never FastLanes: their full blocks still need FL_ORDER
        if (transposed && log != 10) {
            for (int b = 0; b + FlOrder.BLOCK <= n; b += FlOrder.BLOCK) transpose(out, outOff + b);
        }
        return n;
    }

    /**
     * Decodes the vector at {@code p} into {@code out[o, o+len)}; returns its end. {@code blockVectors}:
     * vectors are single blocks, so a full sequential one is permuted here.
     */
    private int decodeVector(byte[] in, int p, int end, int len, long[] out, int o, boolean transposed, boolean blockVectors) {
        PforFormat.require(p, INFO, end, "vector info");
        long frame = Bytes.getLong(in, p);
        int flag = PforFormat.flag(in, p + 8, len, 64);
        boolean isDelta = PforFormat.delta(in, p + 9, flag);
        int exc = PforFormat.exceptions(in, p + 10, len);
        int width = flag & PforFormat.WIDTH_BITS;
        boolean fast = (flag & PforFormat.FASTLANES) != 0;
        p += INFO;
        long base = 0;
        if (isDelta) {
            PforFormat.require(p, 8, end, "delta base");
            base = Bytes.getLong(in, p);
            p += 8;
        }
        int bytes = PforFormat.payloadBytes(len, width);
        PforFormat.require(p, bytes + (long) exc * EXCEPTION_BYTES, end, "vector payload and exceptions");
        if (!fast) seq.unpack(in, p, len, width, out, o, frame);
        else if (transposed) fl.rows(width, in, p, out, o, frame);
        else fl.flat(width, in, p, out, o, frame);
        p += bytes;
        int val = p + PforFormat.POSITION_BYTES * exc;
        boolean permuted = fast && transposed;
        for (int e = 0; e < exc; e++) {
            int pos = PforFormat.position(in, p + PforFormat.POSITION_BYTES * e, len);
            out[o + (permuted ? TO_TRANSPOSED[pos] : pos)] = Bytes.getLong(in, val + 8 * e);
        }
        if (isDelta) {
            long s = base;
            out[o] = s;
            for (int i = o + 1; i < o + len; i++) {
                s += out[i];
                out[i] = s;
            }
        }
        if (blockVectors && !fast && len == FlOrder.BLOCK) transpose(out, o);
        return val + 8 * exc;
    }

    /** Permutes the flat block at {@code out[o, o+1024)} into FL_ORDER in place. */
    private static void transpose(long[] out, int o) {
        long[] grid = GRID.get();
        System.arraycopy(out, o, grid, 0, FlOrder.BLOCK);
        for (int t = 0; t < FlOrder.BLOCK; t++) out[o + t] = grid[FROM_TRANSPOSED[t]];
    }
}
