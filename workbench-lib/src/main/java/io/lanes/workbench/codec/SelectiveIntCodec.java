package io.lanes.workbench.codec;

/**
 * An int32 codec that can also read only some rows of a page: a sparse read, as a reader does after
 * a filter has left a selection vector, or a read that stops part-way (a row range). Thread-safe as
 * {@link IntCodec}; allocates nothing per call after warm-up.
 */
public interface SelectiveIntCodec extends IntCodec {
    /**
     * Decodes the rows {@code rows[0, nRows)} of the page {@code in[inOff, inOff+inLen)} into
     * {@code out[outOff, outOff+nRows)}, packed in row order, and reads the page no further than the
     * last of them needs: bytes after it are neither decoded nor validated.
     *
     * @param rows row numbers, strictly ascending, each below the page's value count
     * @return {@code nRows}
     * @throws CorruptDataException     if the part of the page read fails validation
     * @throws IllegalArgumentException if {@code rows} is not strictly ascending within the page, or
     *                                  {@code out} cannot hold {@code nRows} values
     */
    int decodeRows(byte[] in, int inOff, int inLen, int[] rows, int nRows, int[] out, int outOff);

    /**
     * Throws unless {@code rows[0, nRows)} is strictly ascending and below {@code count}: the check
     * every {@link #decodeRows} makes before it reads.
     */
    static void requireRows(int[] rows, int nRows, int count) {
        if (nRows < 0 || nRows > rows.length) throw new IllegalArgumentException(nRows + " rows from an array of " + rows.length);
        int prev = -1;
        for (int i = 0; i < nRows; i++) {
            int r = rows[i];
            if (r <= prev || r >= count) {
                throw new IllegalArgumentException("row " + r + " at selection index " + i + (r >= count ? " is past the page's " + count + " values" : " does not follow row " + prev));
            }
            prev = r;
        }
    }
}
