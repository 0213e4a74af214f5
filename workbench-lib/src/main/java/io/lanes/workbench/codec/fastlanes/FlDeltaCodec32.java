package io.lanes.workbench.codec.fastlanes;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.OutputOrder;
import io.lanes.workbench.codec.bitpack.SeqScalarKernel32;
import io.lanes.workbench.codec.pfor.PforCostModel;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorSpecies;

import java.util.Arrays;

/**
 * FastLanes delta over int32 values (seed 001; format in {@link FlDeltaPages}): every 1024-value block
 * is 32 lanes of 32 rows, each lane one delta chain with its own base (anchor), the deltas frame-of-
 * reference coded and bit-packed at one width per block. Lanes are either contiguous runs (FL_ORDER:
 * each lane's chain is 32 consecutive values, so the deltas are exactly the sequential ones) or strided
 * (lane l takes values l, l+32, ...: deltas against the value 32 positions back, kept only to price that
 * choice). {@link PforCostModel} picks each block's frame and width; deltas that need more are
 * exceptions (a jump, a reset or a wrap costs one, not a wider block). Decode unpacks, adds and, for
 * flat output of FL_ORDER lanes, restores file order in registers, in one pass per block (no grid in
 * memory). Each exception then adds to the rest of its lane: to its run's tail in file order, carried
 * down the rows in row order; a file-order block with more exceptions than runs is instead unpacked in
 * row order, patched, and summed from those deltas at full width. A trailing partial block is
 * sequential delta.
 *
 * <p>Encode does not modify its input and allocates scratch per call; decode allocates nothing (one
 * scratch per thread: lane sums, a block's deltas and its exceptions to carry). Thread-safe.
 */
public final class FlDeltaCodec32 implements IntCodec {
    private static final int BLOCK = FlDeltaPages.BLOCK;
    private static final int LANES = 32;
    /** Rows per lane: the values of one delta chain. */
    private static final int ROWS = 32;
    /**
     * Most exceptions a file-order block patches by adding to lane tails (at most ROWS values each);
     * above it the tails would touch more than a block's worth of values and a patch-and-sum pass
     * costs less, but still 2-3 times a block's fused pass. The registered encoders keep every block
     * within it ({@link PforCostModel#capExceptions}): a few bytes for staying on the fused path.
     */
    private static final int TAIL_EXCEPTIONS = BLOCK / ROWS;
    private static final int EXCEPTION_BYTES = FlDeltaPages.exceptionBytes(4);
    private static final int[] TO_TRANSPOSED = new int[BLOCK];
    private static final SeqScalarKernel32 SEQ = new SeqScalarKernel32();
    /** Per thread: decode scratch (lane sums, and the row-order deltas of a block with exceptions). */
    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);
    private static final VectorSpecies<Integer> SPECIES = IntVector.SPECIES_PREFERRED;

    static {
        for (int i = 0; i < BLOCK; i++) TO_TRANSPOSED[i] = FlOrder.toTransposed(i, 32);
    }

    private final String name;
    private final boolean strided;
    private final OutputOrder order;
    private final int lanesCode;
    private final int[] chainLane;
    private final int maxExceptions;
    private final FlFrameKernel32 kernel = new FlFrameKernel32();

    /**
     * @param name    registry name
     * @param strided strided lanes (else FL_ORDER runs)
     * @param order   order of decoded values: {@link OutputOrder#TRANSPOSED} only with FL_ORDER runs
     */
    public FlDeltaCodec32(String name, boolean strided, OutputOrder order) {
        this(name, strided, order, TAIL_EXCEPTIONS);
    }

    /**
     * @param name          registry name
     * @param strided       strided lanes (else FL_ORDER runs)
     * @param order         order of decoded values: {@link OutputOrder#TRANSPOSED} only with FL_ORDER runs
     * @param maxExceptions most exceptions the encoder gives a full block (1024 for the
     *                      size-optimal choice); decoding reads any count the format allows
     */
    public FlDeltaCodec32(String name, boolean strided, OutputOrder order, int maxExceptions) {
        if (maxExceptions < 0 || maxExceptions > BLOCK) throw new IllegalArgumentException("maxExceptions " + maxExceptions + " outside 0.." + BLOCK);
        if (strided && order == OutputOrder.TRANSPOSED) throw new IllegalArgumentException("strided lanes decode in file order only");
        this.name = name;
        this.strided = strided;
        this.order = order;
        this.lanesCode = strided ? FlDeltaPages.STRIDED : FlDeltaPages.FL_ORDER;
        this.maxExceptions = maxExceptions;
        this.chainLane = FlDeltaPages.chainLanes(strided, 32);
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
        return FlDeltaPages.maxEncodedBytes(n, 4, LANES);
    }

    @Override
    public int encode(int[] values, int off, int n, byte[] out, int outOff) {
        Bytes.requireEncodeSpace(out.length, outOff, maxEncodedBytes(n));
        FlDeltaPages.header(out, outOff, n, lanesCode);
        int step = strided ? LANES : 1;
        int[] deltas = new int[BLOCK];
        int[] reduced = new int[BLOCK];
        int[] spare = new int[BLOCK];
        int[] hist = new int[PforCostModel.scratchLength(32)];
        int[] slots = new int[LANES];
        int p = outOff + FlDeltaPages.HEADER;
        int full = n / BLOCK;
        for (int b = 0; b < full; b++) {
            int s0 = b * BLOCK;
            int skip = Math.max(0, step - s0); // the page's first values have no predecessor
            for (int i = skip; i < BLOCK; i++) deltas[i] = values[off + s0 + i] - values[off + s0 + i - step];
            PforCostModel.Framed fc = PforCostModel.chooseDeltas(deltas, BLOCK, skip, maxExceptions, reduced, spare, hist);
            int frame = (int) fc.frame();
            int width = fc.choice().width();
            int base = anchor(values, off, s0, 0, step, frame);
            int anchorFrame = Integer.MAX_VALUE;
            for (int k = 1, prev = base; k < LANES; k++) {
                int e = anchor(values, off, s0, k, step, frame);
                slots[k] = e - prev;
                anchorFrame = Math.min(anchorFrame, slots[k]);
                prev = e;
            }
            int aor = 0;
            slots[0] = 0;
            for (int k = 1; k < LANES; k++) aor |= slots[k] -= anchorFrame;
            int anchorWidth = 32 - Integer.numberOfLeadingZeros(aor);
            out[p] = (byte) width;
            out[p + 1] = (byte) anchorWidth;
            FlDeltaPages.putU16(out, p + 2, fc.choice().exceptions());
            Bytes.putInt(out, p + 4, base);
            Bytes.putInt(out, p + 8, frame);
            Bytes.putInt(out, p + 12, anchorFrame);
            p += FlDeltaPages.blockHeader(4);
            p += SEQ.pack(slots, 0, LANES, anchorWidth, out, p);
            kernel.pack(!strided, reduced, 0, width, out, p);
            p = exceptions(reduced, BLOCK, width, fc.choice().exceptions(), out, p + 128 * width);
        }
        int len = n - full * BLOCK;
        if (len > 0) {
            int s0 = full * BLOCK;
            int skip = s0 > 0 ? 0 : 1;
            for (int i = skip; i < len; i++) deltas[i] = values[off + s0 + i] - values[off + s0 + i - 1];
            PforCostModel.Framed fc = PforCostModel.chooseDeltas(deltas, len, skip, len, reduced, spare, hist);
            int frame = (int) fc.frame();
            int width = fc.choice().width();
            out[p] = (byte) width;
            FlDeltaPages.putU16(out, p + 1, fc.choice().exceptions());
            Bytes.putInt(out, p + 3, s0 > 0 ? values[off + s0 - 1] : values[off] - frame);
            Bytes.putInt(out, p + 7, frame);
            p += FlDeltaPages.tailHeader(4);
            p += SEQ.pack(reduced, 0, len, width, out, p);
            p = exceptions(reduced, len, width, fc.choice().exceptions(), out, p);
        }
        return p - outOff;
    }

    /** Writes the positions and dropped high bits of the {@code count} differences that need more than {@code width}; returns the end. */
    private static int exceptions(int[] reduced, int len, int width, int count, byte[] out, int p) {
        if (count == 0) return p;
        int high = p + 2 * count;
        for (int i = 0; i < len; i++) {
            if (reduced[i] >>> width != 0) { // exceptions imply width < 32
                FlDeltaPages.putU16(out, p, i);
                Bytes.putInt(out, high, reduced[i] & (-1 << width));
                p += 2;
                high += 4;
            }
        }
        return high;
    }

    /**
     * Anchor of chain {@code k} of the block at {@code s0}: its first value's predecessor, or for a
     * first value of the page, that value minus the frame.
     */
    private int anchor(int[] values, int off, int s0, int k, int step, int frame) {
        int first = s0 + FlDeltaPages.chainFirst(strided, 32, k);
        return first >= step ? values[off + first - step] : values[off + first] - frame;
    }

    /**
     * The scalar twin of {@link FlFrameKernel32#anchors}, for a block so close to the end of {@code in}
     * that the vector code's loads would run past it; uses {@code acc[LANES, 2 * LANES)} as scratch.
     */
    private void scalarAnchors(byte[] in, int p, int width, int base, int frame, int[] acc) {
        SEQ.unpack(in, p, LANES, width, acc, LANES);
        int e = base;
        acc[chainLane[0]] = e;
        for (int k = 1; k < LANES; k++) {
            e += acc[LANES + k] + frame;
            acc[chainLane[k]] = e;
        }
    }

    @Override
    public int decodedLength(byte[] in, int inOff, int inLen) {
        return FlDeltaPages.count(in, inOff, inLen, 4, lanesCode);
    }

    @Override
    public int decode(byte[] in, int inOff, int inLen, int[] out, int outOff) {
        int n = FlDeltaPages.count(in, inOff, inLen, 4, lanesCode);
        Bytes.requireOutput(out.length, outOff, n);
        int end = inOff + inLen;
        int p = inOff + FlDeltaPages.HEADER;
        int full = n / BLOCK;
        Scratch scratch = full > 0 ? SCRATCH.get() : null;
        int[] acc = full > 0 ? scratch.acc : null;
        boolean flat = !strided && order == OutputOrder.FLAT;
        for (int b = 0; b < full; b++) {
            FlDeltaPages.require(p, FlDeltaPages.blockHeader(4), end, "block header");
            int width = FlDeltaPages.width(in, p, 32, "delta width");
            int anchorWidth = FlDeltaPages.width(in, p + 1, 32, "anchor width");
            int exc = FlDeltaPages.exceptions(in, p + 2, BLOCK);
            int base = Bytes.getInt(in, p + 4);
            int frame = Bytes.getInt(in, p + 8);
            int anchorFrame = Bytes.getInt(in, p + 12);
            p += FlDeltaPages.blockHeader(4);
            int anchorBytes = FlDeltaPages.anchorBytes(LANES, anchorWidth);
            FlDeltaPages.require(p, anchorBytes + 128L * width + (long) exc * EXCEPTION_BYTES, end, "block payload");
            if (in.length - p >= kernel.anchorReadBytes(anchorWidth)) kernel.anchors(anchorWidth, in, p, base, anchorFrame, !strided, acc);
            else scalarAnchors(in, p, anchorWidth, base, anchorFrame, acc);
            p += anchorBytes;
            int o = outOff + b * BLOCK;
            // an exception adds to one delta, so to every later value of its lane: add it to the decoded
            // values rather than patch the deltas and sum a second time
            if (!flat) {
                kernel.deltaRows(width, in, p, out, o, frame, acc);
                p += 128 * width;
                if (exc > 0) p = addCarried(in, p, exc, out, o, scratch.carried);
                continue;
            }
            if (exc <= TAIL_EXCEPTIONS) {
                // in file order a lane is a run of ROWS values: add each exception to its run's tail
                kernel.deltaFlat(width, in, p, out, o, frame, acc);
                p += 128 * width;
                int high = p + 2 * exc;
                for (int e = 0; e < exc; e++) {
                    int pos = FlDeltaPages.position(in, p + 2 * e, BLOCK);
                    int v = Bytes.getInt(in, high + 4 * e);
                    addFrom(out, o + (pos & -ROWS), pos & (ROWS - 1), v);
                }
                p = high + 4 * exc;
                continue;
            }
            // more tails than a block's worth of values: patch the deltas in row order, then sum and
            // restore file order from them at full width
            kernel.rows(width, in, p, scratch.rows, 0, frame);
            p += 128 * width;
            int high = p + 2 * exc;
            for (int e = 0; e < exc; e++) {
                scratch.rows[TO_TRANSPOSED[FlDeltaPages.position(in, p + 2 * e, BLOCK)]] += Bytes.getInt(in, high + 4 * e);
            }
            p = high + 4 * exc;
            scratch.fillGrid();
            kernel.deltaFlat(32, scratch.grid, 0, out, o, 0, acc);
        }
        int len = n - full * BLOCK;
        if (len > 0) {
            FlDeltaPages.require(p, FlDeltaPages.tailHeader(4), end, "tail header");
            int width = FlDeltaPages.width(in, p, 32, "tail width");
            int exc = FlDeltaPages.exceptions(in, p + 1, len);
            int s = Bytes.getInt(in, p + 3);
            int frame = Bytes.getInt(in, p + 7);
            p += FlDeltaPages.tailHeader(4);
            int bytes = SEQ.packedBytes(len, width);
            FlDeltaPages.require(p, bytes + (long) exc * EXCEPTION_BYTES, end, "tail payload");
            int o = outOff + full * BLOCK;
            SEQ.unpack(in, p, len, width, out, o);
            p += bytes;
            int high = p + 2 * exc;
            for (int e = 0; e < exc; e++) out[o + FlDeltaPages.position(in, p + 2 * e, len)] += Bytes.getInt(in, high + 4 * e);
            p = high + 4 * exc;
            for (int i = o; i < o + len; i++) {
                s += out[i] + frame;
                out[i] = s;
            }
        }
        FlDeltaPages.requireEnd(p, end);
        return n;
    }

    /**
     * Adds each of the {@code exc} exceptions at {@code p} to its lane from its row on, in a block
     * decoded in row order (row r of lane l at {@code out[o + LANES * r + l]}): the exceptions are summed
     * into {@code carried} at their row positions and carried down the rows in one pass over the block,
     * so the pass costs the same for any count. {@code carried} is all zero on entry and on return, also
     * when a position is corrupt. Returns the end of the exceptions.
     */
    private int addCarried(byte[] in, int p, int exc, int[] out, int o, int[] carried) {
        int high = p + 2 * exc;
        try {
            for (int e = 0; e < exc; e++) carried[rowPosition(FlDeltaPages.position(in, p + 2 * e, BLOCK))] += Bytes.getInt(in, high + 4 * e);
        } catch (CorruptDataException bad) {
            Arrays.fill(carried, 0);
            throw bad;
        }
        for (int g = 0; g < LANES; g += SPECIES.length()) {
            IntVector c = IntVector.zero(SPECIES);
            for (int at = g; at < BLOCK; at += LANES) {
                c = c.add(IntVector.fromArray(SPECIES, carried, at));
                IntVector.fromArray(SPECIES, out, o + at).add(c).intoArray(out, o + at);
            }
        }
        for (int e = 0; e < exc; e++) carried[rowPosition(FlDeltaPages.u16(in, p + 2 * e))] = 0; // checked above
        return high + 4 * exc;
    }

    /** Row-order position of the block's value {@code pos}: strided lanes are already in row order. */
    private int rowPosition(int pos) {
        return strided ? pos : TO_TRANSPOSED[pos];
    }

    /**
     * Adds {@code v} to {@code out[run + from, run + ROWS)}, the tail of one lane's run: masked vector adds
     * over the whole run, so no loop exit depends on where the exception falls. The masks are the bits
     * of one long (ROWS <= 64), on AVX-512 one mask-register move each: 2.3-2.7 ns an exception here
     * against 3.2-3.8 for comparing a lane index (at 256 bits the two cost the same).
     */
    private static void addFrom(int[] out, int run, int from, int v) {
        long tail = -1L << from;
        for (int c = 0; c < ROWS; c += SPECIES.length()) {
            IntVector.fromArray(SPECIES, out, run + c).add(v, VectorMask.fromLong(SPECIES, tail >>> c)).intoArray(out, run + c);
        }
    }

    /** Decode scratch of one thread. */
    private static final class Scratch {
        /** Each lane's running sum in [0, LANES); scratch for the scalar anchor path in [LANES, 2 * LANES). */
        final int[] acc = new int[2 * LANES];
        /** A block's deltas in row order, patched. */
        final int[] rows = new int[BLOCK];
        /** Row-order exceptions of a block to carry down its lanes; all zero between blocks. */
        final int[] carried = new int[BLOCK];
        /** The same as full-width FastLanes bytes: at width 32, word r of lane l is row r of lane l. */
        final byte[] grid = new byte[4 * BLOCK];

        /**
         * Copies the rows into the grid as bytes. Its own method so C2 compiles this loop early (on
         * its own back-edges): in C1 code the Vector API is not intrinsified and runs tens of times slower.
         */
        void fillGrid() {
            for (int i = 0; i < BLOCK; i += SPECIES.length()) {
                IntVector.fromArray(SPECIES, rows, i).reinterpretAsBytes().intoArray(grid, 4 * i);
            }
        }
    }
}
