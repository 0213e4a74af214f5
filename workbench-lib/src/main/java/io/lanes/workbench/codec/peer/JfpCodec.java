package io.lanes.workbench.codec.peer;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.IntCodec;
import me.lemire.integercompression.IntWrapper;
import me.lemire.integercompression.IntegerCODEC;
import me.lemire.integercompression.SkippableIntegerCODEC;

import java.util.Arrays;
import java.util.function.BiFunction;
import java.util.function.IntUnaryOperator;
import java.util.function.Supplier;

/**
 * A JavaFastPFOR codec as a peer {@link IntCodec}: the library's own {@code Composition(block codec,
 * VariableByte)} (or the integrated, differential pair) compresses; the adapter frames its int[]
 * output as
 *
 * <pre>
 * page := count:int32le  word[*]:int32le     (word[0] is the block codec's own count of values)
 * </pre>
 *
 * <p>Decode runs the block codec and then the tail codec directly, exactly as {@code Composition}
 * does, after the adapter has checked the whole page, because the library trusts its input (see
 * {@link JfpLayouts} for what it does with bad fields). What the adapter adds to the peer's decode
 * time: one bulk copy of the words from the byte[] page into a reused int[] (the library reads int[]
 * only); one pass over the block codec's header words, metadata bytes and exception counts
 * ({@link JfpLayouts}), and over the tail's words to count its varint terminators; a copy of the 256
 * slots after the output range before the call and a comparison after it. Values are written
 * straight into the caller's buffer. The FastPFOR family is decoded one {@code headlessUncompress}
 * call a page (what {@code uncompress} does inside), each page resumed where the encoder put it.
 *
 * <p>Contract, as {@link IntCodec}'s: {@code decodedLength} is bounded by what the words can hold (a
 * packed block word covers at most 4 blocks, a FastPFOR metadata word 2, a tail byte one value); a
 * corrupt page is rejected before the library writes anything; a page that passes the checks
 * decodes to exactly the count's values. Should the library still break that (read to another word
 * than the stream's end, write fewer values or write past them) the adapter throws a
 * {@link CorruptDataException} saying the peer is at fault and restores the slots past the output
 * range it overwrote (docs/peers.md lists the library's known defects). Any RuntimeException the
 * library throws becomes a {@link CorruptDataException} naming the peer.
 *
 * <p>Thread-safe: the library's codecs keep mutable working arrays, so each thread gets its own.
 */
public final class JfpCodec implements IntCodec {
    /** The block codec's stream layout, which {@link JfpLayouts} checks before the library reads it. */
    enum Layout {
        /** BinaryPacking, IntegratedBinaryPacking, VectorBinaryPacking. */
        PACKED,
        /** FastPFOR, FastPFOR128. */
        FASTPFOR,
        /** VectorFastPFOR. */
        VECTOR_FASTPFOR
    }

    /** Slots past the output range watched for writes: more than any block the library patches into. */
    static final int GUARD = 256;

    private final String name;
    private final int block;
    private final IntUnaryOperator headMaxWords;
    private final Layout layout;
    private final int pageSize;
    private final ThreadLocal<State> state;

    private static final class State {
        final IntegerCODEC head;
        final IntegerCODEC tail;
        final IntegerCODEC composition;
        final IntWrapper ip = new IntWrapper();
        final IntWrapper op = new IntWrapper();
        final int[] used = new int[33];
        final int[] guard = new int[GUARD];
        int[] words = new int[0];
        int[] pageEnds = new int[0];

        State(IntegerCODEC head, IntegerCODEC tail, IntegerCODEC composition) {
            this.head = head;
            this.tail = tail;
            this.composition = composition;
        }

        int[] words(int n) {
            if (words.length < n) words = new int[Math.max(n, words.length + (words.length >> 1))];
            return words;
        }

        int[] pageEnds(int n) {
            if (pageEnds.length < n) pageEnds = new int[n];
            return pageEnds;
        }
    }

    /**
     * @param name         registry name ({@code peer.jfp.*})
     * @param block        the block codec's block size: it encodes the largest multiple, the tail the rest
     * @param headMaxWords worst-case words the block codec writes for n values, its count word included
     * @param layout       the block codec's stream layout
     * @param pageSize     the FastPFOR family's page size in values (unused otherwise)
     * @param head         makes the block codec
     * @param tail         makes the tail codec
     * @param composition  makes the library's composition of the two, which encodes
     */
    JfpCodec(String name, int block, IntUnaryOperator headMaxWords, Layout layout, int pageSize,
             Supplier<IntegerCODEC> head, Supplier<IntegerCODEC> tail, BiFunction<IntegerCODEC, IntegerCODEC, IntegerCODEC> composition) {
        this.name = name;
        this.block = block;
        this.headMaxWords = headMaxWords;
        this.layout = layout;
        this.pageSize = pageSize;
        this.state = ThreadLocal.withInitial(() -> {
            IntegerCODEC h = head.get(), t = tail.get();
            return new State(h, t, composition.apply(head.get(), tail.get()));
        });
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return "peer: JavaFastPFOR 0.3.14's " + name.substring(name.lastIndexOf('.') + 1) + " composed with variable-byte for the tail, framed as count + int32 words";
    }

    private long maxWords(int n) {
        // the block codec's words (a lone zero word when it has no full block), then at most 5 varint bytes per tail value
        long tail = ((long) (block - 1) * 5 + 3) / 4;
        return Math.max(1, headMaxWords.applyAsInt(n - n % block)) + tail;
    }

    @Override
    public int maxEncodedBytes(int n) {
        if (n < 0) throw new IllegalArgumentException("negative value count " + n);
        return Bytes.arraySize(4 + 4 * maxWords(n));
    }

    @Override
    public int encode(int[] values, int off, int n, byte[] out, int outOff) {
        Bytes.requireEncodeSpace(out.length, outOff, maxEncodedBytes(n));
        Bytes.putInt(out, outOff, n);
        // the library may write nothing or a lone zero count for no values: the page is the count alone, so it has one form
        if (n == 0) return 4;
        State s = state.get();
        // the library does not promise to leave its input untouched: hand it a copy
        int[] in = Arrays.copyOfRange(values, off, off + n);
        int[] w = new int[(int) maxWords(n) + 1024];
        IntWrapper ip = new IntWrapper(0), op = new IntWrapper(0);
        s.composition.compress(in, ip, n, w, op);
        for (int i = 0; i < op.get(); i++) Bytes.putInt(out, outOff + 4 + 4 * i, w[i]);
        return 4 + 4 * op.get();
    }

    @Override
    public int decodedLength(byte[] in, int inOff, int inLen) {
        Bytes.require(0, 4, inLen, "value count");
        int n = Bytes.getInt(in, inOff);
        if (n < 0) throw new CorruptDataException("value count", 0, "negative count " + n);
        if ((inLen - 4) % 4 != 0) throw new CorruptDataException(name + " words", 4, (inLen - 4) + " bytes is not a whole number of 32-bit words");
        int words = (inLen - 4) / 4;
        if (n == 0) {
            if (words > 0) throw new CorruptDataException(name + " words", 4, words + " words after a count of no values: the page for no values is the count alone");
            return 0;
        }
        if (words == 0) throw new CorruptDataException(name + " words", 4, n + " values but no words");
        int head = n - n % block;
        int counted = Bytes.getInt(in, inOff + 4);
        if (counted != head) throw new CorruptDataException(name + " block count", 4, "stream says " + counted + " values in blocks, the page count " + n + " means " + head);
        long perWord = layout == Layout.PACKED ? 4L * block : 2L * block;
        if (head > perWord * (words - 1) || n - head > 4L * (words - 1)) {
            throw new CorruptDataException("value count", 0, n + " values cannot be held by " + (words - 1) + " words after the block count");
        }
        return n;
    }

    @Override
    public int decode(byte[] in, int inOff, int inLen, int[] out, int outOff) {
        int n = decodedLength(in, inOff, inLen);
        Bytes.requireOutput(out.length, outOff, n);
        if (n == 0) return 0;
        State s = state.get();
        int words = (inLen - 4) / 4;
        int[] w = s.words(words);
        // word by word: a heap segment to copy from escaped, 32 bytes of the adapter's own per decode
        for (int i = 0; i < words; i++) w[i] = Bytes.getInt(in, inOff + 4 + 4 * i);
        int head = n - n % block;
        int pages = layout == Layout.PACKED ? 0 : (head + pageSize - 1) / pageSize;
        int[] ends = s.pageEnds(pages);
        int tailAt = checkBlocks(w, words, head, pages, ends, s.used);
        checkTail(w, tailAt, words, n - head);

        int end = outOff + n;
        int watched = Math.min(GUARD, out.length - end);
        System.arraycopy(out, end, s.guard, 0, watched);
        IntWrapper ip = s.ip, op = s.op;
        try {
            if (layout == Layout.PACKED) {
                ip.set(0);
                op.set(outOff);
                s.head.uncompress(w, ip, words, out, op);
            } else {
                SkippableIntegerCODEC paged = (SkippableIntegerCODEC) s.head;
                op.set(outOff);
                for (int k = 0, pos = 1; k < pages; pos = ends[k++]) {
                    ip.set(pos);
                    paged.headlessUncompress(w, ip, words, out, op, Math.min(pageSize, head - k * pageSize));
                    // VectorFastPFOR may stop one word short of the page's end (JfpLayouts.vectorWords)
                    if (ip.get() < ends[k] - 1 || ip.get() > ends[k]) throw peerDefect("read page " + k + " to word " + ip.get() + ", the page ends at word " + ends[k]);
                }
                ip.set(tailAt);
            }
            if (ip.get() != tailAt || op.get() != outOff + head) {
                throw peerDefect("read " + ip.get() + " words and wrote " + (op.get() - outOff) + " values of a block stream of " + tailAt + " words and " + head + " values");
            }
            s.tail.uncompress(w, ip, words - tailAt, out, op);
        } catch (CorruptDataException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new CorruptDataException(name + " block data", 4, "the peer library threw " + e + " on a page the adapter had checked");
        } finally {
            restoreGuard(out, end, watched, s.guard, n);
        }
        if (op.get() != end) throw peerDefect("decoded " + (op.get() - outOff) + " of the " + n + " values the page holds");
        return n;
    }

    /** Checks the block codec's stream of {@code head} values; returns the word after it and fills {@code ends} with each FastPFOR page's end. */
    private int checkBlocks(int[] w, int words, int head, int pages, int[] ends, int[] used) {
        if (layout == Layout.PACKED) return JfpLayouts.packed(name, w, 1, words, head, block);
        int pos = 1;
        for (int k = 0; k < pages; k++) {
            pos = JfpLayouts.page(name, w, pos, words, Math.min(pageSize, head - k * pageSize), block, layout == Layout.VECTOR_FASTPFOR, used);
            ends[k] = pos;
        }
        return pos;
    }

    /** The VariableByte tail from word {@code tailAt}: exactly {@code values} terminator bytes, the last in the last word (no words when none). */
    private void checkTail(int[] w, int tailAt, int words, int values) {
        int terminators = 0;
        for (int i = tailAt; i < words; i++) terminators += Integer.bitCount(w[i] & 0x80808080);
        boolean endsInLast = values == 0 ? tailAt == words : (w[words - 1] & 0x80808080) != 0;
        if (terminators != values || !endsInLast) {
            throw new CorruptDataException(name + " tail", 4 + 4L * tailAt, "the varint tail's " + (words - tailAt) + " words hold " + terminators
                    + " values, the page needs " + values + (endsInLast ? "" : ", and its last word holds none of them"));
        }
    }

    /** Puts back the {@code watched} slots from {@code end} the library overwrote and reports the first as the peer's defect. */
    private void restoreGuard(int[] out, int end, int watched, int[] saved, int n) {
        int i = Arrays.mismatch(out, end, end + watched, saved, 0, watched);
        if (i < 0) return;
        System.arraycopy(saved, 0, out, end, watched);
        throw peerDefect("wrote out[" + (end + i) + "], past the " + n + " values it reported (the slots after them are restored)");
    }

    private CorruptDataException peerDefect(String what) {
        return new CorruptDataException(name + " output", 4, "JavaFastPFOR " + what + ": a defect of the peer library");
    }
}
