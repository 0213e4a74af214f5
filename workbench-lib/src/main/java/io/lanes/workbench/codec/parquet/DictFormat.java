package io.lanes.workbench.codec.parquet;

import io.lanes.workbench.parquet.Leb128;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.CorruptDataException;

/**
 * What the dictionary pages ({@code parquet.dict}, {@code parquet.dict64},
 * {@code parquet.dict-byte-array}) share around their dictionary section:
 *
 * <pre>
 * page    := count:ULEB128  dictSize:ULEB128  dictionary  width:u8  run*
 * </pre>
 * the dictionary as Parquet PLAIN values of the type, the indices as {@code parquet.rle}'s runs
 * (the RLE_DICTIONARY data page's section: width byte, then runs). The checks here are the header
 * and index checks of all three; they throw {@link CorruptDataException} naming field and offset
 * (relative to the page start {@code base}). Stateless.
 */
final class DictFormat {
    /**
     * Indices a decoder unpacks before it checks and gathers them: 16 KiB, in L1 still. At 1024
     * the fused decoder ran at 0.85 of the two-pass one in a loop here, at 4096 as fast; a multiple
     * of 8, so a step starts on a byte.
     */
    static final int BATCH = 4096;

    private DictFormat() {
    }

    /** The width of indices into a dictionary of {@code dictSize} values: the bit length of the largest index. */
    static int indexWidth(int dictSize) {
        return dictSize <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(dictSize - 1);
    }

    /**
     * Checks a page's dictionary size against its count (values need a dictionary) and returns it;
     * the caller checks it against the bytes, which depend on the value type.
     */
    static int dictionarySize(byte[] in, int base, int pos, int end, int n) {
        int d = Leb128.readInt(in, pos, end, "dictionary size");
        if (n > 0 && d == 0) throw new CorruptDataException("dictionary size", pos - base, "an empty dictionary for " + n + " values");
        return d;
    }

    /**
     * The index width byte at {@code pos}: present, and no wider than the dictionary needs
     * ({@link #indexWidth}; so at most 31, and every index is non-negative), as parquet-java,
     * Arrow C++ and DuckDB write it.
     */
    static int width(byte[] in, int base, int pos, int end, int dictSize) {
        Bytes.require(pos - base, 1, end - base, "index width");
        int w = in[pos] & 0xFF;
        int need = indexWidth(dictSize);
        if (w > need) throw new CorruptDataException("index width", pos - base, "width " + w + " for a dictionary of " + dictSize + " values, which needs " + need);
        return w;
    }

    /** Checks an RLE run's index, whose bytes end at {@code end} (the run's end). */
    static void checkIndex(int index, int dictSize, int base, int end, int width) {
        if (index >= dictSize) throw badIndex(index, dictSize, end - (width + 7) / 8 - base);
    }

    /**
     * Checks the unpacked indices {@code idx[0, len)} against the dictionary. They came from the
     * bit-packed data at {@code data}, the first being index {@code first} of its run: a failure
     * names the byte holding the first bad one.
     */
    static void checkIndices(int[] idx, int len, int dictSize, int base, int data, int first, int width) {
        if (anyOutside(idx, len, dictSize)) {
            int j = 0;
            while (idx[j] < dictSize) j++;
            throw badIndex(idx[j], dictSize, data + (int) ((long) (first + j) * width / 8) - base);
        }
    }

    /**
     * Whether any of {@code idx[0, len)}, each in {@code [0, 2^31)}, is {@code dictSize} or more:
     * {@code dictSize - 1 - i} is negative exactly then, so an OR of them has its sign bit set. C2
     * vectorizes the OR; a {@code Math.max} reduction it compiled to a dependent chain costing more
     * than the unpack itself (docs/measurements.md).
     */
    static boolean anyOutside(int[] idx, int len, int dictSize) {
        int last = dictSize - 1, bad = 0;
        for (int i = 0; i < len; i++) bad |= last - idx[i];
        return bad < 0;
    }
    private static CorruptDataException badIndex(int index, int dictSize, int offset) {
        return new CorruptDataException("dictionary index", offset, "index " + index + " into a dictionary of " + dictSize + " values");
    }
}
