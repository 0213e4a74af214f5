package io.lanes.workbench.codec.peer;

import io.lanes.workbench.codec.CorruptDataException;

/**
 * Checks the page headers of a JavaFastPFOR FastPFOR / FastPFOR128 / VectorFastPFOR stream before
 * the library reads it. The library sizes working arrays by each exception width's count
 * ({@code new int[size]}), so a corrupt count would make it allocate gigabytes; these checks bound
 * every count by the page's values and keep every offset inside the stream, and give the page's end
 * as written (see {@link #vectorWords}). One header and one word per exception width a page: O(32)
 * a page of 65536 values. Stateless.
 *
 * <p>Page layout, as the library writes it: a header word (metadata offset from the page start;
 * VectorFastPFOR keeps a lane-width tag in its top 2 bits), the packed blocks, then at that offset
 * the metadata byte count, the metadata bytes (padded to words), a bitmap of exception widths and,
 * for each width k in the bitmap, a count and the exceptions packed at k bits.
 */
final class FastPforPages {
    private FastPforPages() {
    }

    /**
     * Checks the page of {@code thisSize} values whose header word is {@code w[pos]} and returns the
     * word after the page as the encoder wrote it.
     */
    static int page(String peer, int[] w, int pos, int words, int thisSize, int block, boolean vector) {
        if (pos >= words) throw corrupt(peer, pos, "page header", "missing");
        int where = vector ? w[pos] & ((1 << 30) - 1) : w[pos];
        if (where < 1 || where >= words - pos) throw corrupt(peer, pos, "metadata offset", where + " leaves the stream of " + words + " words");
        int p = pos + where;
        int byteSize = w[p++];
        long metaWords = (byteSize + 3L) / 4;
        if (byteSize < 0 || metaWords + 1 > words - p) throw corrupt(peer, p - 1, "metadata size", byteSize + " bytes");
        p += (int) metaWords;
        int bitmap = w[p++];
        for (int k = 2; k <= 32; k++) {
            if ((bitmap & (1 << (k - 1))) == 0) continue;
            if (p >= words) throw corrupt(peer, p, "exception count", "missing for width " + k);
            int size = w[p++];
            if (size < 0 || size > thisSize) throw corrupt(peer, p - 1, "exception count", size + " exceptions at width " + k + " in a page of " + thisSize + " values");
            long used = vector ? vectorWords(size, k, block) : scalarWords(size, k);
            if (used > words - p) throw corrupt(peer, p, "exceptions", size + " exceptions at width " + k + " run past the stream");
            p += (int) used;
        }
        return p;
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
