package io.lanes.workbench.codec.peer;

import io.lanes.workbench.codec.CorruptDataException;

import java.util.Arrays;

/**
 * Checks the block streams of JavaFastPFOR 0.3.14's block codecs before the library reads them, so
 * that it can only read what the page holds and write the values it reports. The library trusts its
 * input: it sizes working arrays by exception counts, unpacks at whatever width a header byte says
 * (a width above 32 makes VectorBinaryPacking skip the block and leave its values unwritten), patches
 * exceptions at whatever position a metadata byte says (FastPFOR128 writes up to 127 values past its
 * 128-value block), and reads metadata and exception values past what the page stored from working
 * arrays it keeps across calls (so a corrupt page decodes differently after different pages). These
 * checks bound every field by the page and return where the stream ends as the encoder wrote it. The
 * cost is one pass over the header words, metadata bytes and exception counts: no packed value is
 * read. Stateless; the caller supplies the scratch array.
 *
 * <p>Two layouts. <b>Packed</b> (BinaryPacking, IntegratedBinaryPacking: blocks of 32;
 * VectorBinaryPacking: blocks of 256): groups of four blocks behind one word holding their four
 * widths (a byte each, first block in the top byte), then each remaining block behind a word
 * holding its width; a block at width b takes {@code b * block / 32} words. <b>FastPFOR</b>
 * (FastPFOR: blocks of 256, FastPFOR128: 128, VectorFastPFOR: 256), pages of up to 65,536 values: a
 * header word (the metadata's offset from it; VectorFastPFOR keeps a lane-width tag in its top 2
 * bits), the packed blocks, then at that offset the metadata byte count, the metadata bytes (padded
 * to words, each word filled from its low byte), a bitmap of exception widths and, for each width k in the bitmap, a count and the exceptions packed
 * at k bits. The metadata holds per block its width and exception count and, when it has
 * exceptions, their full width and one position byte each; exceptions one bit wider than the block
 * are not stored, the others are stored at (full width - block width) bits.
 */
final class JfpLayouts {
    private JfpLayouts() {
    }

    /** Checks a packed-layout stream of {@code head} values from {@code w[pos]}; returns the word after it. */
    static int packed(String peer, int[] w, int pos, int words, int head, int block) {
        int p = pos;
        int perBit = block / 32;
        int done = 0;
        for (; head - done >= 4 * block; done += 4 * block) {
            if (p >= words) throw corrupt(peer, p, "block widths", "missing for values " + done + " on");
            int widths = w[p++];
            long need = 0;
            for (int k = 0; k < 4; k++) {
                int b = widths >>> (24 - 8 * k) & 0xFF;
                if (b > 32) throw corrupt(peer, p - 1, "block width", "width " + b + " for values " + (done + k * block) + " on" + skipped(block));
                need += (long) b * perBit;
            }
            if (need > words - p) throw corrupt(peer, p, "packed blocks", need + " words for values " + done + " on, " + (words - p) + " remain");
            p += (int) need;
        }
        for (; done < head; done += block) {
            if (p >= words) throw corrupt(peer, p, "block width", "missing for values " + done + " on");
            int b = w[p++];
            if (b < 0 || b > 32) throw corrupt(peer, p - 1, "block width", "width " + Integer.toUnsignedString(b) + " for values " + done + " on" + skipped(block));
            if ((long) b * perBit > words - p) throw corrupt(peer, p, "packed block", b * perBit + " words for values " + done + " on, " + (words - p) + " remain");
            p += b * perBit;
        }
        return p;
    }

    private static String skipped(int block) {
        return ": JavaFastPFOR unpacks widths 0 to 32 only and would leave the block's " + block + " values unwritten or throw";
    }

    /**
     * Checks the FastPFOR-layout page of {@code thisSize} values whose header word is {@code w[pos]}
     * and returns the word after the page as the encoder wrote it (see {@link #vectorWords}).
     *
     * @param used scratch of at least 33 ints, overwritten
     */
    static int page(String peer, int[] w, int pos, int words, int thisSize, int block, boolean vector, int[] used) {
        if (pos >= words) throw corrupt(peer, pos, "page header", "missing");
        int where = vector ? w[pos] & ((1 << 30) - 1) : w[pos];
        if (where < 1 || where >= words - pos) throw corrupt(peer, pos, "metadata offset", where + " leaves the stream of " + words + " words");
        int p = pos + where;
        int byteSize = w[p++];
        long metaWords = (byteSize + 3L) / 4;
        if (byteSize < 0 || metaWords + 1 > words - p) throw corrupt(peer, p - 1, "metadata size", byteSize + " bytes");
        blocks(peer, w, pos, where - 1, p, byteSize, thisSize / block, block, used);
        p += (int) metaWords;
        int bitmap = w[p++];
        if ((bitmap & 1) != 0) throw corrupt(peer, p - 1, "exception bitmap", "width 1 set: exceptions one bit wide are never stored");
        for (int k = 2; k <= 32; k++) {
            if ((bitmap & (1 << (k - 1))) == 0) {
                if (used[k] != 0) throw corrupt(peer, p - 1, "exception bitmap", "no exceptions at width " + k + " though the blocks use " + used[k]);
                continue;
            }
            if (p >= words) throw corrupt(peer, p, "exception count", "missing for width " + k);
            int size = w[p++];
            if (size != used[k]) throw corrupt(peer, p - 1, "exception count", size + " exceptions at width " + k + " where the blocks use " + used[k]);
            long stored = vector ? vectorWords(size, k, block) : scalarWords(size, k);
            if (stored > words - p) throw corrupt(peer, p, "exceptions", size + " exceptions at width " + k + " run past the stream");
            p += (int) stored;
        }
        return p;
    }

    /**
     * Walks the metadata of a page's {@code blocks} blocks ({@code byteSize} bytes from word
     * {@code meta}): every width at most 32, every exception position inside its block, every
     * exception width above the block's and at most 32, exactly the metadata's bytes used, and the
     * packed blocks exactly the {@code packedWords} before the metadata. Counts into
     * {@code used[k]} the exceptions stored at k bits.
     */
    private static void blocks(String peer, int[] w, int pos, int packedWords, int meta, int byteSize, int blocks, int block, int[] used) {
        Arrays.fill(used, 0);
        long packed = 0;
        int i = 0;
        for (int b = 0; b < blocks; b++) {
            if (byteSize - i < 2) throw corrupt(peer, meta, "metadata", "ends before block " + b + " of " + blocks);
            int bits = metaByte(w, meta, i), exceptions = metaByte(w, meta, i + 1);
            i += 2;
            if (bits > 32) throw corrupt(peer, meta, "block width", "block " + b + ": width " + bits + skipped(block));
            packed += (long) bits * block / 32;
            if (exceptions == 0) continue;
            if (exceptions > block || byteSize - i < 1 + exceptions) throw corrupt(peer, meta, "exceptions", "block " + b + ": " + exceptions + " exceptions with " + (byteSize - i) + " metadata bytes left");
            int full = metaByte(w, meta, i++);
            if (full <= bits || full > 32) throw corrupt(peer, meta, "exception width", "block " + b + ": exceptions of " + full + " bits over a width of " + bits);
            for (int e = 0; e < exceptions; e++) {
                int at = metaByte(w, meta, i + e);
                if (at >= block) throw corrupt(peer, meta, "exception position", "block " + b + ": position " + at + " in a block of " + block + " values: JavaFastPFOR would write past the block");
            }
            i += exceptions;
            if (full - bits > 1) used[full - bits] += exceptions;
        }
        if (i != byteSize) throw corrupt(peer, meta - 1, "metadata size", byteSize + " bytes where the " + blocks + " blocks use " + i);
        if (packed != packedWords) throw corrupt(peer, pos, "metadata offset", "the " + blocks + " blocks take " + packed + " words, the offset leaves " + packedWords);
    }

    /** Byte {@code i} of the metadata at word {@code meta}: bytes fill each word from its low end. */
    private static int metaByte(int[] w, int meta, int i) {
        return w[meta + (i >>> 2)] >>> 8 * (i & 3) & 0xFF;
    }

    /** Words FastPFOR / FastPFOR128 consume for {@code size} exceptions packed at k bits (32 at a time, then rewound). */
    private static long scalarWords(int size, int k) {
        long j = (size + 31L) / 32 * 32;
        return j / 32 * k - (j - size) * k / 32;
    }

    /**
     * Words VectorFastPFOR's encoder writes: whole vector blocks, then its sequential remainder. At
     * width 32 the 0.3.14 encoder writes one word more than its decoder reads back (its remainder
     * packer returns the position past the copy and the caller adds one more), so the decoder would
     * start the next page, or the tail, one word early; the adapter resumes at this end instead.
     */
    private static long vectorWords(int size, int k, int block) {
        long full = (long) (size / block) * (block / 32) * k;
        int r = size % block;
        return full + (k == 32 && r != 0 ? r + 1 : remainderWords(r, k));
    }

    /** The word count of VectorFastPFOR's sequential remainder unpack, replayed without the data. */
    private static int remainderWords(int outlen, int b) {
        if (outlen == 0) return 0;
        if (b == 32) return outlen;
        int outpos = 0, r = 0, i = 0;
        for (; outpos < outlen; i++) {
            if (r > 0) outpos++;
            int l = 32 - r;
            int ll = l % b == 0 ? l : l - b;
            for (int j = 0; j < ll && outpos < outlen; j += b) outpos++;
            r = l % b == 0 ? 0 : b - (l % b);
        }
        return i;
    }

    private static CorruptDataException corrupt(String peer, int word, String field, String detail) {
        return new CorruptDataException(peer + " " + field, 4 + 4L * word, detail);
    }
}
