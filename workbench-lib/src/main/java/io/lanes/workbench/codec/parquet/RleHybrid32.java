package io.lanes.workbench.codec.parquet;

import io.lanes.workbench.parquet.Leb128;

import io.lanes.workbench.parquet.HybridRuns;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.bitpack.BlockKernel32;

import java.util.Arrays;

/**
 * {@code parquet.rle}: the Parquet RLE / bit-packing hybrid for unsigned values of 0..32 bits.
 *
 * <pre>
 * page  := count:ULEB128  width:uint8  run*
 * run   := header:ULEB128 ( header&1 == 0: RLE run of header>>>1 copies of value:ceil(width/8) bytes LE
 *                         | header&1 == 1: (header>>>1) groups of 8 values bit-packed LSB-first, width*groups bytes )
 * </pre>
 * Parquet carries the count in the page header and the width either in the schema (levels) or in a
 * leading byte (RLE_DICTIONARY data: {@code width run*}); this page is that dictionary-index layout
 * with the count in front, so a real dictionary-index section becomes a page by prefixing its
 * count. The width is the bit length of the largest value read as unsigned (negative int32 values
 * take 32 bits). The runs are written by {@link #encodeRuns} and read by {@link HybridRuns}, which
 * the dictionary codecs ({@code parquet.dict*}) share for their indices. Thread-safe: holds only a
 * stateless kernel.
 */
public final class RleHybrid32 implements IntCodec {
    private static final int MAX_GROUPS = 63;
    private final BlockKernel32 kernel;

    public RleHybrid32(BlockKernel32 kernel) {
        this.kernel = kernel;
    }

    @Override
    public String name() {
        return "parquet.rle";
    }

    @Override
    public String description() {
        return "Parquet RLE / bit-packing hybrid, dictionary-index layout: ULEB128 count, width byte, then RLE and bit-packed runs";
    }

    @Override
    public int maxEncodedBytes(int n) {
        if (n < 0) throw new IllegalArgumentException("negative value count " + n);
        return Bytes.arraySize(Leb128.size(n) + 1 + maxRunBytes(n));
    }

    /**
     * Worst-case bytes {@link #encodeRuns} writes for {@code n} values of any width up to 32: all
     * bit-packed at width 32, one header byte per 63 groups, padding to a group (an RLE run costs
     * less than the groups it replaces).
     */
    static long maxRunBytes(int n) {
        long groups = (n + 7L) / 8;
        return (groups + MAX_GROUPS - 1) / MAX_GROUPS + groups * 32;
    }

    @Override
    public int encode(int[] values, int off, int n, byte[] out, int outOff) {
        Bytes.requireEncodeSpace(out.length, outOff, maxEncodedBytes(n));
        int or = 0;
        for (int i = 0; i < n; i++) or |= values[off + i];
        int w = 32 - Integer.numberOfLeadingZeros(or);
        int p = Leb128.write(n, out, outOff);
        out[p++] = (byte) w;
        return encodeRuns(kernel, values, off, n, w, out, p) - outOff;
    }

    /**
     * Writes {@code values[off, off+n)}, each fitting {@code w} bits, as runs at {@code p}: an RLE
     * run for 8 or more equal values starting at a group boundary, bit-packed runs of at most 63
     * groups otherwise (the last group padded with zero bits), as parquet-java does. Returns the
     * offset after the last run; writes at most {@link #maxRunBytes} bytes.
     */
    static int encodeRuns(BlockKernel32 kernel, int[] values, int off, int n, int w, byte[] out, int p) {
        int valueBytes = (w + 7) / 8;
        int i = 0;
        while (i < n) {
            int run = runLength(values, off + i, n - i, Integer.MAX_VALUE);
            if (run >= 8) {
                p = Leb128.write((long) run << 1, out, p);
                for (int b = 0; b < valueBytes; b++) out[p++] = (byte) (values[off + i] >>> (8 * b));
                i += run;
                continue;
            }
            int start = i;
            int groups = 0;
            do {
                i += 8;
                groups++;
            } while (i < n && groups < MAX_GROUPS && runLength(values, off + i, n - i, 8) < 8);
            p = Leb128.write(((long) groups << 1) | 1, out, p);
            int take = Math.min(n, i) - start;
            int bytes = groups * w;
            int wrote = kernel.pack(values, off + start, take, w, out, p);
            Arrays.fill(out, p + wrote, p + bytes, (byte) 0);
            p += bytes;
            i = Math.min(i, n);
        }
        return p;
    }

    /** Length of the run of equal values at {@code v[from]}, capped at {@code cap}. */
    private static int runLength(int[] v, int from, int max, int cap) {
        int k = 1;
        int limit = Math.min(max, cap);
        while (k < limit && v[from + k] == v[from]) k++;
        return k;
    }

    /** An RLE run at width 0 is its header alone and holds up to 2^31 - 1 values: no bound below an int's. */
    @Override
    public long maxDecodedLength(int pageBytes) {
        return Integer.MAX_VALUE;
    }

    /** The count, validated against the runs (walked without decoding), since the header alone cannot bound it. */
    @Override
    public int decodedLength(byte[] in, int inOff, int inLen) {
        int n = count(in, inOff, inLen);
        checkPage(in, inOff, inLen, n);
        return n;
    }

    /** The header's count, after checking the width byte that follows it. */
    private static int count(byte[] in, int inOff, int inLen) {
        int n = Leb128.readInt(in, inOff, inOff + inLen, "value count");
        int wPos = Leb128.end(in, inOff);
        Bytes.require(wPos - inOff, 1, inLen, "bit width");
        int w = in[wPos] & 0xFF;
        if (w > 32) throw new CorruptDataException("bit width", wPos - inOff, "width " + w + " > 32");
        return n;
    }

    @Override
    public int decode(byte[] in, int inOff, int inLen, int[] out, int outOff) {
        int n = count(in, inOff, inLen);
        // a corrupt page reports its corruption, not the buffer's size: the run walk only on this path
        if (outOff < 0 || n > out.length - outOff) decodedLength(in, inOff, inLen);
        Bytes.requireOutput(out.length, outOff, n);
        int wPos = Leb128.end(in, inOff);
        int end = inOff + inLen;
        Bytes.requireEnd(HybridRuns.decodeRuns(kernel, in, inOff, wPos + 1, end, in[wPos] & 0xFF, n, out, outOff), end, "last run");
        return n;
    }

    /**
     * Validates a whole {@code parquet.rle} page (header and every run) without decoding it and
     * returns the offset of its first run; for adapters that hand the runs to another decoder.
     *
     * @throws CorruptDataException if any field fails validation
     */
    public static int checkPage(byte[] in, int inOff, int inLen, int n) {
        int wPos = Leb128.end(in, inOff);
        HybridRuns.decodeRuns(null, in, inOff, wPos + 1, inOff + inLen, in[wPos] & 0xFF, n, null, 0);
        return wPos + 1;
    }
}
