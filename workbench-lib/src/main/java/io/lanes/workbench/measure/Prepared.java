package io.lanes.workbench.measure;

import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.registry.CodecRegistry;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.LongCodec;
import io.lanes.workbench.codec.OutputOrder;
import io.lanes.workbench.parquet.ParquetPage;
import io.lanes.workbench.corpus.Column;
import io.lanes.workbench.corpus.Pages;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * An arm made ready at one working-set point: input values, encoded pages and output buffer
 * allocated once and reused by every timed call. Public so that every route that runs a kernel
 * (the harness, the instruction counters, the JMH bridge) runs exactly the same one. Not
 * thread-safe: one measuring thread owns it. The column or pages it is made from are not modified.
 *
 * <p>The encoded input is one or more pages back to back in one buffer, and one decode call
 * decodes every page in order into the output. A column ({@link #of(Arm, Column, int)}) is tiled to
 * the point's size and encoded by the arm's own codec as one page; a writer's pages
 * ({@link #of(Arm, Pages)}) are taken as written, and the arm's codec must read their format.
 *
 * <p>Where the encoded bytes and the output sit in memory changes a vector kernel's speed by up to
 * a fifth here (cache-line splits of unaligned stores, loads aliasing stores 4 KiB apart), and Java
 * cannot pin a heap array's address. So both buffers carry {@link #PAD_BYTES} of slack and
 * {@link #place(int)} moves the pages and the output to one of many placements (every pair of
 * 8-byte positions within a cache line once per 64 slots, at pseudo-random lines): the harness gives every
 * repetition its own placement, so a median is over placements rather than one allocation's luck,
 * and twin arms see the same mix.
 */
public abstract sealed class Prepared permits PreparedValues32, PreparedValues64, PreparedByteArrays, PreparedSelected, PreparedEngineScan {
    /** Slack before the encoded pages and before the output: the range placements move within. */
    public static final int PAD_BYTES = 4096;

    final Arm arm;
    final int n;
    /** What the values are, for messages: a column id. */
    final String what;
    /** The pages back to back from {@link #inOff}; empty for the store-only arm. */
    final byte[] encoded;
    /** End of each page relative to the first page's start; one page for a column the arm encodes itself. */
    final int[] pageEnds;
    /** Whether {@link #encode()} re-encodes the input: false for a writer's pages and for store-only. */
    final boolean encodes;
    int encodedBytes;
    /** Offset of the first page in its buffer, and of the output in its buffer (in values). */
    int inOff;
    int outOff;

    /**
     * Copies the writer's pages back to back, or sizes the buffer for the one page the subclass
     * encodes; the store-only arm gets no pages.
     *
     * @param codec    the arm's codec, or null for store-only
     * @param pages    the writer's pages, or null when the subclass encodes its values as one page
     * @param maxBytes the codec's worst-case encoded size of n values (used when {@code pages} is null)
     */
    Prepared(Arm arm, int n, String what, Codec codec, List<ParquetPage> pages, int maxBytes) {
        this.arm = arm;
        this.n = n;
        this.what = what;
        this.encodes = codec != null && pages == null;
        if (codec == null) {
            encoded = new byte[0];
            pageEnds = new int[0];
        } else if (pages == null) {
            encoded = new byte[PAD_BYTES + maxBytes];
            pageEnds = new int[1];
        } else {
            long total = 0;
            for (ParquetPage p : pages) total += p.codecPage().length;
            if (total > Integer.MAX_VALUE - PAD_BYTES) throw new IllegalArgumentException(what + ": " + total + " bytes of pages do not fit one buffer");
            encoded = new byte[PAD_BYTES + (int) total];
            pageEnds = new int[pages.size()];
            int at = 0;
            for (int i = 0; i < pages.size(); i++) {
                byte[] page = pages.get(i).codecPage();
                System.arraycopy(page, 0, encoded, at, page.length);
                at += page.length;
                pageEnds[i] = at;
            }
            encodedBytes = at;
        }
    }

    /** One decode of every page; returns a value that depends on the output so the JIT cannot drop the work. */
    public abstract long decode();

    /**
     * One encode into the page's place; returns bytes written.
     *
     * @throws IllegalStateException unless {@link #encodes()}: store-only has no codec, and a
     *                               writer's pages must not be overwritten by the arm's own encoding
     */
    public abstract long encode();

    /**
     * Whether {@link #analyze()} and {@link #pack()} time the codec's encode stages: it is a
     * {@link io.lanes.workbench.codec.StagedEncoder32} or {@link io.lanes.workbench.codec.StagedEncoder64}
     * and the arm {@link #encodes()}.
     */
    public boolean staged() {
        return false;
    }

    /**
     * The encode's analysis alone, into the page's place (it rewrites the bytes it wrote before);
     * returns a value that depends on it.
     *
     * @throws IllegalStateException unless {@link #staged()}
     */
    public long analyze() {
        throw notStaged();
    }

    /**
     * The encode's packing alone, from the analysis already in the page's place (the page every
     * placement carries); returns bytes written.
     *
     * @throws IllegalStateException unless {@link #staged()}
     */
    public long pack() {
        throw notStaged();
    }

    /** Decodes once and compares with the expected output; throws naming the first mismatch. */
    public abstract void verify(String where);

    /**
     * Moves the encoded pages and the output to placement {@code slot} (any int; the same slot
     * gives the same offsets in every instance). Not timed work: it copies the pages.
     */
    public void place(int slot) {
        // a heap array starts 8-byte aligned: 64 consecutive slots put the output and the page at
        // each of the 8 x 8 pairs of 8-byte positions within a cache line exactly once, whatever the
        // arrays' own alignment, so twin arms see the same mix of line splits
        int outClass = Math.floorMod(slot, 8);
        int inClass = Math.floorMod(slot + slot / 8, 8);
        // and a pseudo-random cache line within the slack, so input and output alias differently
        long h = (slot + 1L) * 0x9E3779B97F4A7C15L;
        int lines = PAD_BYTES / 64 - 1;
        int inOffBytes = (int) Long.remainderUnsigned(h >>> 40, lines) * 64 + inClass * 8;
        if (pageEnds.length > 0) System.arraycopy(encoded, inOff, encoded, inOffBytes, encodedBytes);
        inOff = inOffBytes;
        moveOutput((int) Long.remainderUnsigned(h >>> 16, lines) * 64 + outClass * 8);
    }

    abstract void moveOutput(int outOffBytes);

    /**
     * The arm's codec as the value type's codec interface, or null for store-only.
     *
     * @throws IllegalArgumentException naming the codec and the column when it takes another type
     */
    static <C extends Codec> C codecOf(Arm arm, Class<C> type, String label, String what) {
        Codec c = arm.codec();
        if (c != null && !type.isInstance(c)) throw new IllegalArgumentException("codec " + c.name() + " does not take " + label + " columns like " + what);
        return type.cast(c);
    }

    /** Bytes one decode call writes as values: n times the value width, or a byte-array column's value bytes. */
    public abstract long outputBytes();

    /** The arm this was prepared for. */
    public Arm arm() {
        return arm;
    }

    /** Values one call decodes. */
    public int values() {
        return n;
    }

    /** Bytes one decode call reads: the sum of its pages (the plain size for the store-only arm). */
    public int encodedBytes() {
        return encodedBytes;
    }

    /** Pages one decode call decodes (0 for the store-only arm). */
    public int pages() {
        return pageEnds.length;
    }

    /**
     * The codec's {@link Codec#encodingDetail} of the pages, added up key by key, as
     * {@code key=count;key=count} in the codec's order: results.csv's {@code codec_detail}. Empty for
     * store-only and for a codec that reports nothing. Not timed work: it reads every page once.
     */
    public String codecDetail() {
        Codec c = arm.codec();
        if (c == null) return "";
        Map<String, Long> sum = new LinkedHashMap<>();
        for (int i = 0, start = 0; i < pageEnds.length; start = pageEnds[i++]) {
            c.encodingDetail(encoded, inOff + start, pageEnds[i] - start).forEach((k, v) -> sum.merge(k, v, Long::sum));
        }
        StringJoiner out = new StringJoiner(";");
        sum.forEach((k, v) -> out.add(k + "=" + v));
        return out.toString();
    }

    /** Whether {@link #encode()} is meaningful: the arm encodes its input itself (a column, not a writer's pages). */
    public boolean encodes() {
        return encodes;
    }

    /** Prepares {@code arm} on {@code col} tiled or cut to exactly {@code n} values, encoded by the arm's codec as one page. */
    public static Prepared of(Arm arm, Column col, int n) {
        if (arm.isEngine()) {
            throw new IllegalArgumentException("arm " + arm.name() + " scans a Parquet file's column as written: measure it on a file's pages (bench --pages), not on "
                    + col.id() + " tiled to a working set");
        }
        if (arm.selection() != null) return new PreparedSelected(arm, col, n);
        return switch (col.type()) {
            case INT32 -> new PreparedValues32(arm, tile(col.ints(), n), col.id(), null);
            case INT64 -> new PreparedValues64(arm, tile(col.longs(), n), col.id(), null);
            case BYTE_ARRAY -> new PreparedByteArrays(arm, PreparedByteArrays.tile(col.strings(), n), col.id(), null);
        };
    }

    /**
     * Prepares {@code arm} on a writer's pages as written: one call decodes them all, and the output
     * is checked against {@link Pages#values()}; for an engine arm one call is its query over the
     * pages' file ({@link EngineScan}).
     *
     * @throws IllegalArgumentException if the arm's codec does not read the pages' format or value type,
     *                                  or an engine arm cannot scan the pages' file ({@link EngineScan#prepare})
     */
    public static Prepared of(Arm arm, Pages pages) {
        if (arm.isEngine()) return new PreparedEngineScan(arm, pages);
        requireDecodes(arm, pages);
        Column v = pages.values();
        return switch (v.type()) {
            case INT32 -> new PreparedValues32(arm, v.ints(), v.id(), pages.pages());
            case INT64 -> new PreparedValues64(arm, v.longs(), v.id(), pages.pages());
            case BYTE_ARRAY -> new PreparedByteArrays(arm, v.strings(), v.id(), pages.pages());
        };
    }

    /**
     * Throws unless {@code arm} is store-only or its codec reads the pages' value type and page format,
     * naming the codecs that do.
     */
    public static void requireDecodes(Arm arm, Pages pages) {
        Codec c = arm.codec();
        if (c == null) return;
        if (arm.selection() != null) {
            throw new IllegalArgumentException("arm " + arm.name() + " reads selected rows of a page it encodes itself; a writer's pages are decoded whole");
        }
        Column v = pages.values();
        if (c.valueBits() == v.type().bytes() * 8 && c.pageFormat().equals(pages.format())) return;
        List<String> can = CodecRegistry.all().stream().filter(x -> x.valueBits() == v.type().bytes() * 8 && x.pageFormat().equals(pages.format()))
                .map(Codec::name).toList();
        throw new IllegalArgumentException("codec " + c.name() + " cannot decode the " + pages.format() + " " + v.type().label() + " pages of "
                + v.id() + " (it reads " + c.pageFormat() + " " + (c.valueBits() == 8 ? "byte-array" : "int" + c.valueBits()) + " pages); codecs that can: "
                + (can.isEmpty() ? "none registered" : String.join(", ", can)));
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

    static IllegalStateException mismatch(String where, Arm arm, int i, long got, long want) {
        return new IllegalStateException(where + ": arm " + arm.name() + " decoded value " + i + " as " + got + ", expected " + want + " (results would be meaningless; nothing was timed)");
    }

    /** The verify failures a decoder's exception turns into: the pages, not the harness, are at fault. */
    IllegalStateException undecodable(String where, RuntimeException e) {
        return new IllegalStateException(where + ": arm " + arm.name() + " cannot decode the " + (pageEnds.length == 1 ? "page" : pageEnds.length + " pages")
                + " of " + what + ": " + e.getMessage() + " (nothing was timed)", e);
    }

    IllegalStateException nothingToEncode() {
        return new IllegalStateException("arm " + arm.name() + " on " + what + " has nothing to encode: "
                + (pageEnds.length == 0 ? "store-only" : "a writer's pages are timed as written"));
    }

    IllegalStateException notStaged() {
        return new IllegalStateException("arm " + arm.name() + " on " + what + " has no staged encode to time"
                + (encodes ? ": its codec encodes in one stage" : ": it does not encode"));
    }

    IllegalStateException miscounted(String where, int k) {
        return new IllegalStateException(where + ": arm " + arm.name() + " decoded " + k + " values, expected " + n);
    }
}
