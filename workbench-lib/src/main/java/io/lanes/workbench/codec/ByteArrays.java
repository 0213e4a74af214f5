package io.lanes.workbench.codec;

import java.util.Arrays;

/**
 * Variable-length byte-string values held without an object per value: one byte arena and an
 * offsets array, value i being {@code data()[offsets()[i], offsets()[i+1])}. Decoders append into
 * it and callers reuse it across pages ({@link #clear()}), so the arrays grow to the largest column
 * chunk and then stay. Not thread-safe.
 */
public final class ByteArrays {
    /** Default cap on the values one instance grows to: a corrupt count fails instead of allocating gigabytes. */
    public static final int DEFAULT_MAX_VALUES = 1 << 27;

    private final int maxValues;
    private final long maxBytes;
    private byte[] data = new byte[64];
    private int[] offsets = new int[17];
    private int count;

    public ByteArrays() {
        this(DEFAULT_MAX_VALUES, Integer.MAX_VALUE - 16);
    }

    /**
     * @param maxValues the most values this instance will hold
     * @param maxBytes  the most bytes its arena will hold: DELTA_BYTE_ARRAY repeats prefixes, so a
     *                  small page may legitimately expand a thousandfold; this bounds what one may cost
     */
    public ByteArrays(int maxValues, long maxBytes) {
        if (maxValues < 0 || maxValues > Integer.MAX_VALUE - 16) throw new IllegalArgumentException("maxValues " + maxValues);
        if (maxBytes < 0 || maxBytes > Integer.MAX_VALUE - 16) throw new IllegalArgumentException("maxBytes " + maxBytes);
        this.maxValues = maxValues;
        this.maxBytes = maxBytes;
    }

    /** Thrown when values would exceed the limits an instance was built with: the output is too small, the page may be fine. */
    public static final class LimitExceeded extends IllegalArgumentException {
        LimitExceeded(String message) {
            super(message);
        }
    }

    /** Builds an instance holding {@code values} (copied). */
    public static ByteArrays of(byte[]... values) {
        ByteArrays b = new ByteArrays();
        for (byte[] v : values) b.add(v, 0, v.length);
        return b;
    }

    /** Number of values. */
    public int count() {
        return count;
    }

    /** Bytes of all values. */
    public int bytes() {
        return offsets[count];
    }

    /** The arena; valid up to {@link #bytes()}. Shared, not copied. */
    public byte[] data() {
        return data;
    }

    /** The offsets; {@code count()+1} entries are valid. Shared, not copied. */
    public int[] offsets() {
        return offsets;
    }

    /** Length of value i. */
    public int length(int i) {
        return offsets[i + 1] - offsets[i];
    }

    /** A copy of value i (for tests and display, not for decode loops). */
    public byte[] get(int i) {
        return Arrays.copyOfRange(data, offsets[i], offsets[i + 1]);
    }

    /** The most values this instance will hold. */
    public int maxValues() {
        return maxValues;
    }

    /** Throws {@link LimitExceeded} unless {@code n} more values fit. */
    public void requireRoom(int n) {
        if (n > maxValues - count) throw new LimitExceeded("page holds " + n + " values; the output takes at most " + (maxValues - count) + " more");
    }

    /** Forgets all values, keeping the arrays. */
    public void clear() {
        count = 0;
    }

    /** Appends one value (copied). */
    public void add(byte[] src, int off, int len) {
        reserve(1, len);
        System.arraycopy(src, off, data, offsets[count], len);
        offsets[count + 1] = offsets[count] + len;
        count++;
    }

    /**
     * Makes room for {@code moreValues} values and {@code moreBytes} bytes past the current ones;
     * the arrays may be replaced, so re-read {@link #data()} and {@link #offsets()} after.
     *
     * @throws LimitExceeded if that exceeds the instance's limits
     */
    public void reserve(int moreValues, long moreBytes) {
        if (moreValues < 0 || moreBytes < 0) throw new IllegalArgumentException("negative reservation " + moreValues + " values, " + moreBytes + " bytes");
        if (moreValues > maxValues - count) {
            throw new LimitExceeded("holds at most " + maxValues + " values; has " + count + ", asked for " + moreValues + " more");
        }
        long needBytes = offsets[count] + moreBytes;
        if (needBytes > maxBytes) throw new LimitExceeded("holds at most " + maxBytes + " bytes; values would need " + needBytes);
        int needOffsets = count + moreValues + 1;
        if (needOffsets > offsets.length) offsets = Arrays.copyOf(offsets, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(needOffsets, offsets.length * 2L)));
        if (needBytes > data.length) data = Arrays.copyOf(data, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(needBytes, data.length * 2L)));
    }

    /** Declares values up to {@code newCount} written: their offsets set and bytes in the arena. */
    public void commit(int newCount) {
        if (newCount < count || newCount + 1 > offsets.length) throw new IllegalArgumentException("commit " + newCount + " with " + count + " values and room for " + (offsets.length - 1));
        count = newCount;
    }
}
