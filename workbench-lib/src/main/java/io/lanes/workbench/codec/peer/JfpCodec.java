package io.lanes.workbench.codec.peer;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.IntCodec;
import me.lemire.integercompression.IntWrapper;
import me.lemire.integercompression.IntegerCODEC;
import me.lemire.integercompression.SkippableIntegerCODEC;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
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
 * does, with the adapter's checks between them. What the adapter adds to the peer's decode time:
 * one bulk copy of the words from the byte[] page into a reused int[] (the library reads int[]
 * only), and O(pages + exception widths) header checks for the FastPFOR family, whose pages the
 * adapter decodes one {@code headlessUncompress} call at a time (what {@code uncompress} does inside)
 * so each page's header is checked before the library sizes arrays by it; values are written
 * straight into the caller's buffer. The checks exist because the library trusts its input: the
 * adapter rejects a count that disagrees with the stream, checks the FastPFOR page headers the
 * library would size arrays by ({@link FastPforPages}), counts the tail's varint terminators
 * before the tail decoder writes, and turns any RuntimeException the library throws into a
 * {@link CorruptDataException} naming the peer and the page. On corrupt input the library may have
 * written into {@code out} before the adapter notices.
 *
 * <p>Thread-safe: the library's codecs keep mutable working arrays, so each thread gets its own.
 */
public final class JfpCodec implements IntCodec {
    /** Which page-header checks the block codec's format needs before the library may read it. */
    enum Preflight { NONE, FASTPFOR, VECTOR_FASTPFOR }

    private static final ValueLayout.OfInt WORD = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private final String name;
    private final int block;
    private final IntUnaryOperator headMaxWords;
    private final Preflight preflight;
    private final int pageSize;
    private final ThreadLocal<State> state;

    private static final class State {
        final IntegerCODEC head;
        final IntegerCODEC tail;
        final IntegerCODEC composition;
        final IntWrapper ip = new IntWrapper();
        final IntWrapper op = new IntWrapper();
        int[] words = new int[0];

        State(IntegerCODEC head, IntegerCODEC tail, IntegerCODEC composition) {
            this.head = head;
            this.tail = tail;
            this.composition = composition;
        }

        int[] words(int n) {
            if (words.length < n) words = new int[Math.max(n, words.length + (words.length >> 1))];
            return words;
        }
    }

    /**
     * @param name         registry name ({@code peer.jfp.*})
     * @param block        the block codec's block size: it encodes the largest multiple, the tail the rest
     * @param headMaxWords worst-case words the block codec writes for n values, its count word included
     * @param preflight    header checks the block codec's format needs
     * @param pageSize     the FastPFOR family's page size in values (unused otherwise)
     * @param head         makes the block codec
     * @param tail         makes the tail codec
     * @param composition  makes the library's composition of the two, which encodes
     */
    JfpCodec(String name, int block, IntUnaryOperator headMaxWords, Preflight preflight, int pageSize,
             Supplier<IntegerCODEC> head, Supplier<IntegerCODEC> tail, java.util.function.BiFunction<IntegerCODEC, IntegerCODEC, IntegerCODEC> composition) {
        this.name = name;
        this.block = block;
        this.headMaxWords = headMaxWords;
        this.preflight = preflight;
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
        State s = state.get();
        // the library does not promise to leave its input untouched: hand it a copy
        int[] in = java.util.Arrays.copyOfRange(values, off, off + n);
        int[] w = new int[(int) maxWords(n) + 1024];
        IntWrapper ip = new IntWrapper(0), op = new IntWrapper(0);
        s.composition.compress(in, ip, n, w, op);
        Bytes.putInt(out, outOff, n);
        for (int i = 0; i < op.get(); i++) Bytes.putInt(out, outOff + 4 + 4 * i, w[i]);
        return 4 + 4 * op.get();
    }

    @Override
    public int decodedLength(byte[] in, int inOff, int inLen) {
        Bytes.require(0, 4, inLen, "value count");
        int n = Bytes.getInt(in, inOff);
        if (n < 0) throw new CorruptDataException("value count", 0, "negative count " + n);
        if ((inLen - 4) % 4 != 0) throw new CorruptDataException(name + " words", 4, (inLen - 4) + " bytes is not a whole number of 32-bit words");
        if (n > 0 && inLen < 8) throw new CorruptDataException(name + " words", 4, n + " values but no words");
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
        MemorySegment.copy(MemorySegment.ofArray(in), WORD, inOff + 4L, w, 0, words);
        int head = n - n % block;
        if (w[0] != head) throw new CorruptDataException(name + " block count", 4, "stream says " + w[0] + " values in blocks, the page count " + n + " means " + head);
        IntWrapper ip = s.ip, op = s.op;
        ip.set(0);
        op.set(outOff);
        try {
            if (preflight == Preflight.NONE) {
                s.head.uncompress(w, ip, words, out, op);
            } else {
                // page by page, each page's header checked first and the next resumed where the encoder put it
                SkippableIntegerCODEC pages = (SkippableIntegerCODEC) s.head;
                int pos = 1;
                for (int done = 0; done < head; ) {
                    int size = Math.min(pageSize, head - done);
                    int pageEnd = FastPforPages.page(name, w, pos, words, size, block, preflight == Preflight.VECTOR_FASTPFOR);
                    ip.set(pos);
                    pages.headlessUncompress(w, ip, words, out, op, size);
                    if (ip.get() < pos || ip.get() > pageEnd) throw new CorruptDataException(name + " page", 4 + 4L * pos, "the library read to word " + ip.get() + ", the page ends at " + pageEnd);
                    pos = pageEnd;
                    done += size;
                }
                ip.set(pos);
            }
        } catch (CorruptDataException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new CorruptDataException(name + " block data", 4, "the peer library threw " + e);
        }
        if (ip.get() < 1 || ip.get() > words || op.get() != outOff + head) {
            throw new CorruptDataException(name + " block data", 4, "the block codec read " + ip.get() + " of " + words + " words and wrote " + (op.get() - outOff) + " of " + head + " values");
        }
        int tailAt = ip.get();
        int terminators = 0;
        for (int i = tailAt; i < words; i++) {
            int x = w[i] & 0x80808080;
            terminators += Integer.bitCount(x);
        }
        if (terminators != n - head) {
            throw new CorruptDataException(name + " tail", 4 + 4L * tailAt, "the varint tail holds " + terminators + " values, the page needs " + (n - head));
        }
        try {
            s.tail.uncompress(w, ip, words - tailAt, out, op);
        } catch (RuntimeException e) {
            throw new CorruptDataException(name + " tail", 4 + 4L * tailAt, "the peer library threw " + e);
        }
        if (op.get() != outOff + n) throw new CorruptDataException(name + " tail", 4 + 4L * tailAt, "decoded " + (op.get() - outOff) + " of " + n + " values");
        return n;
    }
}
