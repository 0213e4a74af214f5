package io.lanes.workbench.codec.fastlanes;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.LongCodec;
import io.lanes.workbench.codec.OutputOrder;
import io.lanes.workbench.codec.bitpack.SeqScalarKernel64;

/**
 * FastLanes delta over int64 values (seed 001; format in {@link FlDeltaPages}): every 1024-value block
 * is 16 lanes of 64 rows, each lane one delta chain with its own base (anchor), the deltas frame-of-
 * reference coded and bit-packed at one width per block. Lanes are either contiguous runs (FL_ORDER:
 * each lane's chain is 64 consecutive values, so the deltas are exactly the sequential ones) or strided
 * (lane l takes values l, l+16, ...: deltas against the value 16 positions back, kept only to price that
 * choice). Decode unpacks, adds and, for flat output of FL_ORDER lanes, restores file order in
 * registers, in one pass per block (no grid in memory). A trailing partial block is sequential delta.
 *
 * <p>Encode does not modify its input and allocates scratch per call; decode allocates nothing (one
 * 256-byte anchor buffer per thread). Thread-safe.
 */
public final class FlDeltaCodec64 implements LongCodec {
    private static final int BLOCK = FlDeltaPages.BLOCK;
    private static final int LANES = 16;
    private static final SeqScalarKernel64 SEQ = new SeqScalarKernel64();
    /** Per thread: each lane's running sum in [0, LANES), scratch for the scalar anchor path in [LANES, 2 * LANES). */
    private static final ThreadLocal<long[]> ANCHORS = ThreadLocal.withInitial(() -> new long[2 * LANES]);

    private final String name;
    private final boolean strided;
    private final OutputOrder order;
    private final int lanesCode;
    private final int[] chainLane;
    private final FlFrameKernel64 kernel = new FlFrameKernel64();

    /**
     * @param name    registry name
     * @param strided strided lanes (else FL_ORDER runs)
     * @param order   order of decoded values: {@link OutputOrder#TRANSPOSED} only with FL_ORDER runs
     */
    public FlDeltaCodec64(String name, boolean strided, OutputOrder order) {
        if (strided && order == OutputOrder.TRANSPOSED) throw new IllegalArgumentException("strided lanes decode in file order only");
        this.name = name;
        this.strided = strided;
        this.order = order;
        this.lanesCode = strided ? FlDeltaPages.STRIDED : FlDeltaPages.FL_ORDER;
        this.chainLane = FlDeltaPages.chainLanes(strided, 64);
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
        return FlDeltaPages.maxEncodedBytes(n, 8, LANES);
    }

    @Override
    public int encode(long[] values, int off, int n, byte[] out, int outOff) {
        Bytes.requireEncodeSpace(out.length, outOff, maxEncodedBytes(n));
        FlDeltaPages.header(out, outOff, n, lanesCode);
        int step = strided ? LANES : 1;
        long[] reduced = new long[BLOCK];
        long[] slots = new long[LANES];
        int p = outOff + FlDeltaPages.HEADER;
        int full = n / BLOCK;
        for (int b = 0; b < full; b++) {
            int s0 = b * BLOCK;
            long frame = Long.MAX_VALUE;
            for (int i = s0 < step ? step : 0; i < BLOCK; i++) {
                int at = off + s0 + i;
                long d = values[at] - values[at - step];
                reduced[i] = d;
                frame = Math.min(frame, d);
            }
            // the page's first value(s) have no predecessor: their deltas are the frame, packed as 0
            for (int i = 0; s0 + i < step; i++) reduced[i] = frame;
            long or = 0;
            for (int i = 0; i < BLOCK; i++) or |= reduced[i] -= frame;
            int width = 64 - Long.numberOfLeadingZeros(or);
            long base = anchor(values, off, s0, 0, step, frame);
            long anchorFrame = Long.MAX_VALUE;
            long prev = base;
            for (int k = 1; k < LANES; k++) {
                long e = anchor(values, off, s0, k, step, frame);
                slots[k] = e - prev;
                anchorFrame = Math.min(anchorFrame, slots[k]);
                prev = e;
            }
            long aor = 0;
            slots[0] = 0;
            for (int k = 1; k < LANES; k++) aor |= slots[k] -= anchorFrame;
            int anchorWidth = 64 - Long.numberOfLeadingZeros(aor);
            out[p] = (byte) width;
            out[p + 1] = (byte) anchorWidth;
            Bytes.putLong(out, p + 2, base);
            Bytes.putLong(out, p + 10, frame);
            Bytes.putLong(out, p + 18, anchorFrame);
            p += FlDeltaPages.blockHeader(8);
            p += SEQ.pack(slots, 0, LANES, anchorWidth, out, p);
            kernel.pack(!strided, reduced, 0, width, out, p);
            p += 128 * width;
        }
        int len = n - full * BLOCK;
        if (len > 0) {
            int s0 = full * BLOCK;
            long frame = s0 > 0 || len > 1 ? Long.MAX_VALUE : 0;
            for (int i = s0 > 0 ? 0 : 1; i < len; i++) {
                reduced[i] = values[off + s0 + i] - values[off + s0 + i - 1];
                frame = Math.min(frame, reduced[i]);
            }
            if (s0 == 0) reduced[0] = frame; // the page's first value: its delta is the frame
            long base = s0 > 0 ? values[off + s0 - 1] : values[off] - frame;
            long or = 0;
            for (int i = 0; i < len; i++) or |= reduced[i] -= frame;
            int width = 64 - Long.numberOfLeadingZeros(or);
            out[p] = (byte) width;
            Bytes.putLong(out, p + 1, base);
            Bytes.putLong(out, p + 9, frame);
            p += FlDeltaPages.tailHeader(8);
            p += SEQ.pack(reduced, 0, len, width, out, p);
        }
        return p - outOff;
    }

    /**
     * Anchor of chain {@code k} of the block at {@code s0}: its first value's predecessor, or for a
     * first value of the page, that value minus the frame.
     */
    private long anchor(long[] values, int off, int s0, int k, int step, long frame) {
        int first = s0 + FlDeltaPages.chainFirst(strided, 64, k);
        return first >= step ? values[off + first - step] : values[off + first] - frame;
    }

    /**
     * The scalar twin of {@link FlFrameKernel64#anchors}, for a block so close to the end of {@code in}
     * that the vector code's loads would run past it; uses {@code acc[LANES, 2 * LANES)} as scratch.
     */
    private void scalarAnchors(byte[] in, int p, int width, long base, long frame, long[] acc) {
        SEQ.unpack(in, p, LANES, width, acc, LANES);
        long e = base;
        acc[chainLane[0]] = e;
        for (int k = 1; k < LANES; k++) {
            e += acc[LANES + k] + frame;
            acc[chainLane[k]] = e;
        }
    }

    @Override
    public int decodedLength(byte[] in, int inOff, int inLen) {
        return FlDeltaPages.count(in, inOff, inLen, 8, lanesCode);
    }

    @Override
    public int decode(byte[] in, int inOff, int inLen, long[] out, int outOff) {
        int n = FlDeltaPages.count(in, inOff, inLen, 8, lanesCode);
        Bytes.requireOutput(out.length, outOff, n);
        int end = inOff + inLen;
        int p = inOff + FlDeltaPages.HEADER;
        int full = n / BLOCK;
        long[] acc = full > 0 ? ANCHORS.get() : null;
        boolean flat = !strided && order == OutputOrder.FLAT;
        for (int b = 0; b < full; b++) {
            FlDeltaPages.require(p, FlDeltaPages.blockHeader(8), end, "block header");
            int width = FlDeltaPages.width(in, p, 64, "delta width");
            int anchorWidth = FlDeltaPages.width(in, p + 1, 64, "anchor width");
            long base = Bytes.getLong(in, p + 2);
            long frame = Bytes.getLong(in, p + 10);
            long anchorFrame = Bytes.getLong(in, p + 18);
            p += FlDeltaPages.blockHeader(8);
            int anchorBytes = FlDeltaPages.anchorBytes(LANES, anchorWidth);
            FlDeltaPages.require(p, anchorBytes + 128L * width, end, "block payload");
            if (in.length - p >= kernel.anchorReadBytes(anchorWidth)) kernel.anchors(anchorWidth, in, p, base, anchorFrame, !strided, acc);
            else scalarAnchors(in, p, anchorWidth, base, anchorFrame, acc);
            p += anchorBytes;
            int o = outOff + b * BLOCK;
            if (flat) kernel.deltaFlat(width, in, p, out, o, frame, acc);
            else kernel.deltaRows(width, in, p, out, o, frame, acc);
            p += 128 * width;
        }
        int len = n - full * BLOCK;
        if (len > 0) {
            FlDeltaPages.require(p, FlDeltaPages.tailHeader(8), end, "tail header");
            int width = FlDeltaPages.width(in, p, 64, "tail width");
            long s = Bytes.getLong(in, p + 1);
            long frame = Bytes.getLong(in, p + 9);
            p += FlDeltaPages.tailHeader(8);
            int bytes = SEQ.packedBytes(len, width);
            FlDeltaPages.require(p, bytes, end, "tail payload");
            int o = outOff + full * BLOCK;
            SEQ.unpack(in, p, len, width, out, o);
            for (int i = o; i < o + len; i++) {
                s += out[i] + frame;
                out[i] = s;
            }
            p += bytes;
        }
        FlDeltaPages.requireEnd(p, end);
        return n;
    }
}
