package io.lanes.workbench.codec.parquet;

import io.lanes.workbench.codec.bitpack.SeqVectorAnyWidth32;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The {@link DeltaVariant#FUSED} decoder's inner loop for int32: every 32-value chunk of a
 * miniblock is unpacked in vector registers by the shared width-generic routine
 * ({@link SeqVectorAnyWidth32#register}) and prefix-summed in the same registers, so a value is
 * stored once and never read back, and no call or branch depends on the width.
 *
 * <p>The header walk ({@link DeltaCodec32}) checks each block and queues it here; the queue is
 * decoded in one tight loop that keeps its state in registers, with the running total carried in
 * a vector register from block to block. Blocks of equal deltas queue as arithmetic blocks when
 * other blocks are pending and are written directly otherwise; the partial last block of a page,
 * and blocks too near the array's end for register loads, are unpacked by the caller and summed
 * by {@link #scanInPlace}, the same scan over memory.
 *
 * <p>Each thread has one instance ({@link #start}), reused stream after stream so a decode
 * allocates nothing; it holds the page and the output only between {@link #start} and
 * {@link #release}. Not thread-safe, and never shared: only the thread that started it uses it.
 * Reads {@code in} (past a block's data but never past the array; bits it then discards) and
 * writes {@code out} only where queued blocks go.
 */
final class DeltaVectorScan32 {
    private static final VectorSpecies<Integer> I = SeqVectorAnyWidth32.SPECIES;
    private static final int L = I.length();
    /** Registers per 32-value chunk. */
    private static final int G = SeqVectorAnyWidth32.REGISTERS;
    /** Blocks queued before the queue is decoded: enough to amortise the loop entry, few enough to stay in L1. */
    private static final int QUEUE = 64;

    /**
     * Lane indices and keep masks of the in-register scan's steps s = 1, 2, 4, 8: lane j with bit s
     * set takes the last lane of the lower half of its 2s-lane block, (j with its low log2(2s) bits
     * cleared) + s - 1, and keeps it where the mask row is all ones (a Sklansky scan); then lane L-1
     * for the carry, and the ramp 1..L, the scan of a register of equal deltas divided by the delta.
     * Arrays loaded into locals before the loop: a shuffle constant would be reloaded from its int[]
     * payload on every iteration, as C2 cannot prove the stores to the int[] output leave it
     * unchanged. An AND with a vector rather than a masked rearrange: at AVX2 C2 lowers the mask to
     * {@code vpblendvb}, three uops, where the AND is one (docs/measurements.md, "The 256-bit decode
     * gaps").
     */
    private static final int[] SCAN = new int[10 * L];

    static {
        for (int j = 0; j < L; j++) {
            for (int step = 0; step < 4; step++) {
                int s = 1 << step;
                boolean upper = (j & s) != 0;
                SCAN[step * L + j] = upper ? (j & -(2 * s)) + s - 1 : 0;
                SCAN[(step + 4) * L + j] = upper ? -1 : 0;
            }
            SCAN[8 * L + j] = L - 1;
            SCAN[9 * L + j] = j + 1;
        }
    }

    private static final ThreadLocal<DeltaVectorScan32> PER_THREAD = ThreadLocal.withInitial(DeltaVectorScan32::new);

    private byte[] in;
    private int[] out;
    /** The stream's layout: values per block, miniblocks per block, 32-value chunks per miniblock. */
    private int block, miniblocks, chunks;
    /** Per queued block: data offset, widths offset (-1 for an arithmetic block), frame. */
    private final int[] blockData = new int[QUEUE], blockWidths = new int[QUEUE], blockFrame = new int[QUEUE];
    private int queued;
    /** Where the first queued block's values go, and the value before them. */
    private int o, last;

    private DeltaVectorScan32() {
    }

    /**
     * This thread's instance, emptied and set up for one stream; the caller {@link #release}s it
     * when the stream is done or has failed.
     *
     * @param in         the page
     * @param out        the values
     * @param block      values per block of the stream
     * @param miniblocks miniblocks per block
     */
    static DeltaVectorScan32 start(byte[] in, int[] out, int block, int miniblocks) {
        DeltaVectorScan32 s = PER_THREAD.get();
        s.in = in;
        s.out = out;
        s.block = block;
        s.miniblocks = miniblocks;
        s.chunks = block / miniblocks / 32;
        s.queued = 0;
        return s;
    }

    /** Drops the page and the output, so a thread's instance keeps no page alive between decodes. */
    void release() {
        in = null;
        out = null;
        queued = 0;
    }

    /** Whether a block of {@code in} whose data ends at {@code dataEnd} can be queued: its register loads stay in the array. */
    static boolean fits(byte[] in, int dataEnd) {
        return dataEnd <= in.length - SeqVectorAnyWidth32.REACH;
    }

    /** Whether blocks are queued (the caller's running value is then stale). */
    boolean pending() {
        return queued > 0;
    }

    /**
     * Queues a whole block whose values go to {@code out[o, o+block)}, after {@code last} when
     * nothing is queued; its miniblock widths at {@code in[widths...]} are checked {@code <= 32}
     * and its data, from {@code data}, is checked to be in the stream and to {@link #fits}.
     */
    void queue(int o, int last, int data, int widths, int minDelta) {
        if (queued == 0) {
            this.o = o;
            this.last = last;
        } else if (queued == QUEUE) {
            this.last = decode();
            this.o = o;
        }
        blockData[queued] = data;
        blockWidths[queued] = widths;
        blockFrame[queued] = minDelta;
        queued++;
    }

    /** Queues, behind a {@link #pending} block, a whole block at {@code out[o...]} whose deltas all equal {@code step}. */
    void queueArithmetic(int o, int step) {
        queue(o, 0, -1, -1, step);
    }

    /** Decodes what is queued; returns the value after it, or {@code last} when nothing was queued. */
    int flush(int last) {
        return queued == 0 ? last : decode();
    }

    private int decode() {
        int n = queued;
        byte[] in = this.in;
        int[] out = this.out, dataAt = blockData, widthsAt = blockWidths, frame = blockFrame;
        int o = this.o, m = miniblocks, chunks = this.chunks, registers = block / L;
        IntVector s1 = IntVector.fromArray(I, SCAN, 0), s2 = IntVector.fromArray(I, SCAN, L);
        IntVector s4 = IntVector.fromArray(I, SCAN, 2 * L), s8 = IntVector.fromArray(I, SCAN, 3 * L);
        IntVector k1 = IntVector.fromArray(I, SCAN, 4 * L), k2 = IntVector.fromArray(I, SCAN, 5 * L);
        IntVector k4 = IntVector.fromArray(I, SCAN, 6 * L), k8 = IntVector.fromArray(I, SCAN, 7 * L);
        IntVector top = IntVector.fromArray(I, SCAN, 8 * L), ramp = IntVector.fromArray(I, SCAN, 9 * L);
        IntVector carry = IntVector.broadcast(I, last);
        for (int b = 0; b < n; b++) {
            int p = dataAt[b], widths = widthsAt[b];
            IntVector minDelta = IntVector.broadcast(I, frame[b]);
            if (widths < 0) { // every delta is the frame: the scan of each register is a ramp
                IntVector ramped = ramp.mul(minDelta), step = IntVector.broadcast(I, L * frame[b]);
                for (int r = 0; r < registers; r++, o += L) {
                    ramped.add(carry).intoArray(out, o);
                    carry = carry.add(step);
                }
                continue;
            }
            for (int mb = 0; mb < m; mb++) {
                int w = in[widths + mb];
                IntVector mask = SeqVectorAnyWidth32.mask(w);
                for (int c = 0; c < chunks; c++, p += 4 * w) {
                    for (int g = 0; g < G; g++, o += L) {
                        IntVector v = scan(SeqVectorAnyWidth32.register(in, p, w, g, mask).add(minDelta), s1, s2, s4, s8, k1, k2, k4, k8);
                        v.add(carry).intoArray(out, o);
                        // the carry advances by the scan's last lane: one addition between registers
                        carry = carry.add(top.selectFrom(v));
                    }
                }
            }
        }
        queued = 0;
        return carry.lane(0);
    }

    /**
     * In-place vector prefix sum of {@code a[from, from+len)} with frame {@code minDelta} after
     * {@code last}: {@link DeltaVariant#VSCAN}'s scan over a coalesced-unpacked block, and the fused
     * decoder's for blocks its queue does not take. The same scan and carry as the queue's loop,
     * the tail shorter than a register finished scalar. Returns the last value.
     */
    static int scanInPlace(int[] a, int from, int len, int minDelta, int last) {
        // below four lanes one doubling step plus the carry costs more than it saves (the Arrow DELTA vector-scan thread, see docs/sources.md)
        if (L < 4) return DeltaScan.scalar(a, from, len, minDelta, last);
        int bound = from + I.loopBound(len);
        int i = from;
        if (i < bound) {
            IntVector s1 = IntVector.fromArray(I, SCAN, 0), s2 = IntVector.fromArray(I, SCAN, L);
            IntVector s4 = IntVector.fromArray(I, SCAN, 2 * L), s8 = IntVector.fromArray(I, SCAN, 3 * L);
            IntVector k1 = IntVector.fromArray(I, SCAN, 4 * L), k2 = IntVector.fromArray(I, SCAN, 5 * L);
            IntVector k4 = IntVector.fromArray(I, SCAN, 6 * L), k8 = IntVector.fromArray(I, SCAN, 7 * L);
            IntVector top = IntVector.fromArray(I, SCAN, 8 * L);
            IntVector frame = IntVector.broadcast(I, minDelta), carry = IntVector.broadcast(I, last);
            for (; i < bound; i += L) {
                IntVector v = scan(IntVector.fromArray(I, a, i).add(frame), s1, s2, s4, s8, k1, k2, k4, k8);
                v.add(carry).intoArray(a, i);
                carry = carry.add(top.selectFrom(v));
            }
            last = carry.lane(0);
        }
        return DeltaScan.scalar(a, i, from + len - i, minDelta, last);
    }

    /**
     * {@link #scanInPlace} with the running total carried through a general-purpose register, for
     * {@link DeltaVariant#VSCAN_CARRY_GPR}: each register's scan gets the total broadcast from a
     * scalar, and the total is read back out of the summed register's last lane, so the next
     * register waits on a lane extract and a broadcast (the route the Arrow DELTA vector-scan
     * thread measured slower than scalar). Same arguments, result and scalar tail. Its own loop, not
     * a route flag in {@link #scanInPlace}'s, so the vscan loop compiles and measures as before.
     */
    static int scanInPlaceCarryGpr(int[] a, int from, int len, int minDelta, int last) {
        if (L < 4) return DeltaScan.scalar(a, from, len, minDelta, last);
        int bound = from + I.loopBound(len);
        int i = from;
        if (i < bound) {
            IntVector s1 = IntVector.fromArray(I, SCAN, 0), s2 = IntVector.fromArray(I, SCAN, L);
            IntVector s4 = IntVector.fromArray(I, SCAN, 2 * L), s8 = IntVector.fromArray(I, SCAN, 3 * L);
            IntVector k1 = IntVector.fromArray(I, SCAN, 4 * L), k2 = IntVector.fromArray(I, SCAN, 5 * L);
            IntVector k4 = IntVector.fromArray(I, SCAN, 6 * L), k8 = IntVector.fromArray(I, SCAN, 7 * L);
            IntVector frame = IntVector.broadcast(I, minDelta);
            for (; i < bound; i += L) {
                // the lane is read from the register that already holds the total: the round trip is on the chain
                IntVector v = scan(IntVector.fromArray(I, a, i).add(frame), s1, s2, s4, s8, k1, k2, k4, k8).add(IntVector.broadcast(I, last));
                v.intoArray(a, i);
                last = v.lane(L - 1);
            }
        }
        return DeltaScan.scalar(a, i, from + len - i, minDelta, last);
    }

    /**
     * Inclusive scan of one register in log2(L) additions, by the lane indices and keep masks of
     * {@link #SCAN} the caller holds in registers; the steps a species does not need fold away.
     */
    private static IntVector scan(IntVector v, IntVector s1, IntVector s2, IntVector s4, IntVector s8, IntVector k1, IntVector k2, IntVector k4, IntVector k8) {
        v = v.add(s1.selectFrom(v).and(k1));
        if (L > 2) v = v.add(s2.selectFrom(v).and(k2));
        if (L > 4) v = v.add(s4.selectFrom(v).and(k4));
        if (L > 8) v = v.add(s8.selectFrom(v).and(k8));
        return v;
    }
}
