package io.lanes.workbench.measure;

import io.lanes.workbench.corpus.Column;
import io.lanes.workbench.corpus.ValueType;

import io.lanes.workbench.codec.kernel.PforCostModel;
import io.lanes.workbench.codec.kernel.PforSearch64;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.numbers.NumberColumnFormatter;

import java.util.Arrays;
import java.util.List;

/**
 * What a compression study wants to know about an integer column, per 1024-value vector where a
 * codec works per vector; byte-array columns have {@link StringStats}. Immutable apart from the
 * histogram arrays, which callers must not modify.
 *
 * @param id             column id
 * @param type           int32 or int64
 * @param count          values
 * @param min            smallest value (0 when empty)
 * @param max            largest value (0 when empty)
 * @param distinct       distinct values (exact)
 * @param sorted         share of adjacent pairs in non-decreasing order (1 when fewer than 2 values)
 * @param runs           maximal runs of equal adjacent values
 * @param forWidths      {@code forWidths[b]} = vectors whose range {@code max - min} needs {@code b} bits
 *                       (the width of frame-of-reference bit-packing)
 * @param deltaWidths    {@code deltaWidths[b]} = vectors whose consecutive differences (wrapping, in
 *                       the column's type; the vector's first value is its base) span {@code b} bits
 *                       after subtracting their minimum (delta + FOR, as DELTA_BINARY_PACKED and
 *                       FastLanes delta pack them)
 * @param pforWidth      mean width {@link PforCostModel} chooses per vector
 * @param pforExceptions share of values that become exceptions at those widths
 * @param pforBits       bits per value of PFOR's payload at those widths (packed values plus
 *                       exceptions, headers excluded)
 */
public record ColumnStats(String id, ValueType type, int count, long min, long max, long distinct, double sorted, long runs,
                          long[] forWidths, long[] deltaWidths, double pforWidth, double pforExceptions, double pforBits) {
    /** Values per vector. */
    public static final int VECTOR = 1024;

    /**
     * Statistics of one int32 or int64 column. Reads the column, never modifies it.
     *
     * @throws IllegalArgumentException for a byte-array column ({@link StringStats#of} takes those)
     */
    public static ColumnStats of(Column c) {
        if (!c.type().integer()) throw new IllegalArgumentException("column " + c.id() + " is " + c.type().label() + ": its statistics are StringStats.of");
        long[] v = c.type() == ValueType.INT64 ? c.longs() : Arrays.stream(c.ints()).asLongStream().toArray();
        int bits = c.type() == ValueType.INT64 ? 64 : 32;
        int n = v.length;
        long min = 0, max = 0, ascending = 0, runs = n == 0 ? 0 : 1;
        if (n > 0) {
            min = max = v[0];
            for (int i = 1; i < n; i++) {
                min = Math.min(min, v[i]);
                max = Math.max(max, v[i]);
                if (v[i] >= v[i - 1]) ascending++;
                if (v[i] != v[i - 1]) runs++;
            }
        }
        long[] sortedCopy = v.clone();
        Arrays.sort(sortedCopy);
        long distinct = n == 0 ? 0 : 1;
        for (int i = 1; i < n; i++) if (sortedCopy[i] != sortedCopy[i - 1]) distinct++;

        long[] forW = new long[bits + 1];
        long[] deltaW = new long[bits + 1];
        int[] hist = new int[65];
        long[] deltas = new long[VECTOR];
        double widthSum = 0;
        long exceptions = 0, payload = 0, vectors = 0;
        for (int off = 0; off < n; off += VECTOR) {
            int len = Math.min(VECTOR, n - off);
            long lo = v[off], hi = v[off];
            for (int i = off + 1; i < off + len; i++) {
                lo = Math.min(lo, v[i]);
                hi = Math.max(hi, v[i]);
            }
            forW[width(hi - lo, bits)]++;
            for (int i = 1; i < len; i++) deltas[i - 1] = wrap(v[off + i] - v[off + i - 1], bits);
            long dlo = len > 1 ? deltas[0] : 0, dhi = dlo;
            for (int i = 1; i < len - 1; i++) {
                dlo = Math.min(dlo, deltas[i]);
                dhi = Math.max(dhi, deltas[i]);
            }
            deltaW[width(dhi - dlo, bits)]++;
            PforSearch64.histogram(v, off, len, lo, hist);
            // The int64 histogram measures value - frame in 64 bits; for int32 columns that
            // difference is below 2^32, so it is the 32-bit histogram with zeros above 32.
            PforCostModel.Choice choice = PforCostModel.choose(hist, bits);
            widthSum += choice.width();
            exceptions += choice.exceptions();
            payload += choice.bits();
            vectors++;
        }
        return new ColumnStats(c.id(), c.type(), n, min, max, distinct, n < 2 ? 1.0 : (double) ascending / (n - 1), runs,
                forW, deltaW, vectors == 0 ? 0 : widthSum / vectors, n == 0 ? 0 : (double) exceptions / n,
                n == 0 ? 0 : (double) payload / n);
    }

    /** Bits needed for an unsigned {@code bits}-bit range. */
    private static int width(long range, int bits) {
        return bits == 64 ? 64 - Long.numberOfLeadingZeros(range) : 32 - Integer.numberOfLeadingZeros((int) range);
    }

    /** A difference wrapped to the column's type, as a decoder that adds in that type sees it. */
    private static long wrap(long d, int bits) {
        return bits == 64 ? d : (int) d;
    }

    /** Mean of a width histogram. */
    public static double mean(long[] histogram) {
        long n = 0;
        double sum = 0;
        for (int b = 0; b < histogram.length; b++) {
            n += histogram[b];
            sum += (double) b * histogram[b];
        }
        return n == 0 ? 0 : sum / n;
    }

    /** A width histogram as text: {@code width:vectors} pairs for the widths that occur, e.g. {@code 11:3 12:58}. */
    public static String histogramText(long[] histogram) {
        StringBuilder b = new StringBuilder();
        for (int w = 0; w < histogram.length; w++) {
            if (histogram[w] == 0) continue;
            if (!b.isEmpty()) b.append(' ');
            b.append(w).append(':').append(histogram[w]);
        }
        return b.toString();
    }

    /**
     * One row per column: id, type, count, min, max, distinct, sorted, runs, for_w (mean FOR width),
     * for_hist, delta_w (mean delta width), delta_hist, pfor_w, pfor_exc, pfor_bpv. Histograms are
     * {@code width:vectors} text; shares are fractions.
     */
    public static Table table(List<ColumnStats> stats) {
        StringColumn id = StringColumn.create("id");
        StringColumn type = StringColumn.create("type");
        IntColumn count = IntColumn.create("count");
        LongColumn min = LongColumn.create("min");
        LongColumn max = LongColumn.create("max");
        LongColumn distinct = LongColumn.create("distinct");
        DoubleColumn sorted = DoubleColumn.create("sorted");
        LongColumn runs = LongColumn.create("runs");
        DoubleColumn forW = DoubleColumn.create("for_w");
        StringColumn forHist = StringColumn.create("for_hist");
        DoubleColumn deltaW = DoubleColumn.create("delta_w");
        StringColumn deltaHist = StringColumn.create("delta_hist");
        DoubleColumn pforW = DoubleColumn.create("pfor_w");
        DoubleColumn pforExc = DoubleColumn.create("pfor_exc");
        DoubleColumn pforBpv = DoubleColumn.create("pfor_bpv");
        for (ColumnStats s : stats) {
            id.append(s.id());
            type.append(s.type().label());
            count.append(s.count());
            min.append(s.min());
            max.append(s.max());
            distinct.append(s.distinct());
            sorted.append(s.sorted());
            runs.append(s.runs());
            forW.append(mean(s.forWidths()));
            forHist.append(histogramText(s.forWidths()));
            deltaW.append(mean(s.deltaWidths()));
            deltaHist.append(histogramText(s.deltaWidths()));
            pforW.append(s.pforWidth());
            pforExc.append(s.pforExceptions());
            pforBpv.append(s.pforBits());
        }
        for (DoubleColumn d : List.of(forW, deltaW, pforW, pforBpv)) d.setPrintFormatter(fixed("0.00"));
        sorted.setPrintFormatter(fixed("0.0000"));
        pforExc.setPrintFormatter(fixed("0.0000"));
        return Table.create("column statistics", id, type, count, min, max, distinct, sorted, runs, forW, forHist, deltaW,
                deltaHist, pforW, pforExc, pforBpv);
    }

    /** Fixed decimals, no grouping separators (values are copied into scripts), '.' as the point everywhere. */
    static NumberColumnFormatter fixed(String pattern) {
        return new NumberColumnFormatter(new java.text.DecimalFormat(pattern, java.text.DecimalFormatSymbols.getInstance(java.util.Locale.ROOT)));
    }

    /** Statistics of int32/int64 columns as a table ({@link #table(List)}); a byte-array column is refused as by {@link #of}. */
    public static Table tableOf(List<Column> columns) {
        return table(columns.stream().map(ColumnStats::of).toList());
    }
}
