package io.lanes.workbench.parquet;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.bitpack.BlockKernel32;

import java.util.Arrays;

/**
 * A cursor over the runs of a Parquet RLE / bit-packing hybrid section ({@code RleHybrid32}'s
 * {@code run*}), validating each run as it reaches it: the one reader of run headers that
 * {@code parquet.rle}, the level decoder and the dictionary codecs share, so each decodes runs its
 * own way (a fill, an unpack, a gather) from one set of checks. Every header is checked against the
 * values still wanted and every length against the section, so a corrupt header can neither overrun
 * nor spin. A bit-packed run may hold more values than remain, its bytes all in the section and its
 * groups at most {@link #MAX_PADDED_GROUPS}: writers pad the last run (DuckDB 1.x to whole runs of
 * 256 levels; parquet-java and Arrow C++ cut runs at 63 groups), and readers take what they need of
 * it. The cap keeps a width-0 run, which takes no bytes, from claiming any number of values
 * (parquet-java sizes an array by a run's groups).
 *
 * <p>Mutable and not thread-safe: one per thread or per call, re-pointed by {@link #reset}.
 */
public final class HybridRuns {
    private static final ThreadLocal<HybridRuns> RUNS = ThreadLocal.withInitial(HybridRuns::new);

    /** The most groups of 8 a bit-packed run may have beyond the values still wanted: a writer's padded last run. */
    public static final int MAX_PADDED_GROUPS = 64;

    private byte[] in;
    private int base, p, end, width, valueBytes, left;
    private boolean rle;
    private int value, length, data;

    /**
     * Points the cursor at the runs from {@code p} that hold {@code n} values of {@code width}
     * (0..32, already checked) bits, in a page starting at {@code base} (for error offsets) and ending
     * at {@code end}.
     */
    public HybridRuns reset(byte[] in, int base, int p, int end, int width, int n) {
        this.in = in;
        this.base = base;
        this.p = p;
        this.end = end;
        this.width = width;
        this.valueBytes = (width + 7) / 8;
        this.left = n;
        return this;
    }

    /**
     * Reads and validates the next run's header; false once the section's {@code n} values are all
     * read. After true: {@link #rle()}, {@link #length()} (the values taken from this run) and
     * {@link #value()} (an RLE run's value) or {@link #data()} (a bit-packed run's first byte).
     *
     * @throws CorruptDataException if the run's header or bytes fail validation
     */
    public boolean next() {
        if (left == 0) return false;
        int hPos = p;
        long header = Leb128.read(in, p, end, 5, "run header");
        p = Leb128.end(in, p);
        long len = header >>> 1;
        rle = (header & 1) == 0;
        if (rle) {
            if (len == 0 || len > left) throw badLength(hPos, len, true);
            value = rleValue();
            length = (int) len;
            p += valueBytes;
        } else {
            if (len == 0 || len * 8 - left >= 8 && len > MAX_PADDED_GROUPS) throw badLength(hPos, len, false);
            long bytes = len * width;
            Bytes.require(p - base, bytes, end - base, "bit-packed run data");
            data = p;
            length = (int) Math.min(len * 8, left);
            p += (int) bytes;
        }
        left -= length;
        return true;
    }

    // the value and the messages apart from next(): its bytecode then stays under C2's inlining limit for hot methods

    /** The RLE run value at {@code p}: present and no wider than the width. */
    private int rleValue() {
        Bytes.require(p - base, valueBytes, end - base, "RLE run value");
        int v = 0;
        for (int b = 0; b < valueBytes; b++) v |= (in[p + b] & 0xFF) << (8 * b);
        if (width < 32 && (v >>> width) != 0) throw badValue(v);
        return v;
    }

    private CorruptDataException badLength(int hPos, long len, boolean rle) {
        if (rle) return new CorruptDataException("RLE run length", hPos - base, "run of " + len + " values where " + left + " remain");
        return new CorruptDataException("bit-packed run length", hPos - base, len + " groups of 8 where " + left + " values remain"
                + (len == 0 ? "" : ": a writer pads a last run to " + MAX_PADDED_GROUPS + " groups at most"));
    }

    private CorruptDataException badValue(int v) {
        return new CorruptDataException("RLE run value", p - base, "value " + Integer.toUnsignedString(v) + " wider than " + width + " bits");
    }

    /** Whether the current run is an RLE run (else bit-packed). */
    public boolean rle() {
        return rle;
    }

    /** Values taken from the current run: at most those still wanted. */
    public int length() {
        return length;
    }

    /** The current RLE run's value, checked to fit the width. */
    public int value() {
        return value;
    }

    /** Offset in the page array of the current bit-packed run's first data byte. */
    public int data() {
        return data;
    }

    /** Offset just past the last run read: once {@link #next()} is false, the section's end. */
    public int position() {
        return p;
    }

    /**
     * Decodes {@code n} values of {@code width} bits from the runs at {@code p} into
     * {@code out[o, o+n)}, or only validates the runs when {@code out} is null; returns the offset
     * after the last run. {@code base} is the page start, for error offsets. The runs are read and
     * validated by {@link HybridRuns}, one cursor per thread: a cursor made per call
     * escaped to the heap (56 bytes a call, its size, in the conformance check's allocation test).
     */
    public static int decodeRuns(BlockKernel32 kernel, byte[] in, int base, int p, int end, int width, int n, int[] out, int o) {
        HybridRuns runs = RUNS.get().reset(in, base, p, end, width, n);
        while (runs.next()) {
            if (out != null) {
                if (runs.rle()) Arrays.fill(out, o, o + runs.length(), runs.value());
                else kernel.unpack(in, runs.data(), runs.length(), width, out, o);
            }
            o += runs.length();
        }
        return runs.position();
    }
}
