package io.lanes.workbench.measure;

import io.lanes.workbench.codec.ByteArrayCodec;
import io.lanes.workbench.codec.ByteArrays;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.parquet.ParquetPage;

import java.util.Arrays;
import java.util.List;

/**
 * A {@link Prepared} arm over byte-array values: one call decodes every page into one
 * {@link ByteArrays} (arena plus offsets) with one {@link ByteArrayCodec.Decoder} made when the arm
 * is prepared, as a reader makes its decoders once per column chunk and re-points them at each page.
 * The store-only arm writes as many arena bytes and offsets as a decode does. The output's arrays
 * belong to the {@link ByteArrays}, so placements move the pages only; the arena and offsets stay
 * where they were allocated. Not thread-safe; the values are not modified.
 */
final class PreparedByteArrays extends Prepared {
    private final ByteArrayCodec codec;
    private final ByteArrayCodec.Decoder decoder;
    /** The values the pages hold, in file order; the encoder's input for a column. Not modified. */
    private final ByteArrays values;
    private final ByteArrays out;

    PreparedByteArrays(Arm arm, ByteArrays values, String what, List<ParquetPage> pages) {
        this(arm, values, what, pages, codecOf(arm, ByteArrayCodec.class, "byte-array", what));
    }

    private PreparedByteArrays(Arm arm, ByteArrays values, String what, List<ParquetPage> pages, ByteArrayCodec codec) {
        super(arm, values.count(), what, codec, pages, codec == null || pages != null ? 0 : codec.maxEncodedBytes(values.count(), values.bytes()));
        this.codec = codec;
        this.decoder = codec == null ? null : codec.newDecoder();
        this.values = values;
        // sized once for the values, so no decode call grows the arena while it is timed
        this.out = new ByteArrays();
        out.reserve(values.count(), values.bytes());
        if (codec == null) encodedBytes = values.bytes() + 4 * n;
        if (encodes) {
            encodedBytes = codec.encode(values, 0, n, encoded, 0);
            pageEnds[0] = encodedBytes;
        }
    }

    /** Decoded bytes of one call: the values' own bytes, as results report them (offsets not counted). */
    @Override
    public long outputBytes() {
        return values.bytes();
    }

    @Override
    public long decode() {
        if (codec == null) {
            StoreOnly.store(out.data(), values.bytes(), out.offsets(), n + 1, n);
            return out.data()[values.bytes() == 0 ? 0 : values.bytes() - 1] + out.offsets()[n];
        }
        int k = decodePages();
        return k + out.offsets()[k] + (k == 0 || out.bytes() == 0 ? 0 : out.data()[out.bytes() - 1]);
    }

    private int decodePages() {
        out.clear();
        int k = 0;
        int from = 0;
        for (int end : pageEnds) {
            k += decoder.decode(encoded, inOff + from, end - from, out);
            from = end;
        }
        return k;
    }

    @Override
    public long encode() {
        if (!encodes) throw nothingToEncode();
        return codec.encode(values, 0, n, encoded, inOff);
    }

    @Override
    void moveOutput(int outOffBytes) {
        // the ByteArrays owns its arena and offsets: there is no offset to move them to
    }

    @Override
    public void verify(String where) {
        if (codec == null) return;
        Arrays.fill(out.data(), (byte) 0x5A); // a pattern no decoder writes by chance
        Arrays.fill(out.offsets(), 1, out.offsets().length, 0x5A5A5A5A); // offsets[0] is 0 by the holder's invariant
        int k;
        try {
            k = decodePages();
        } catch (CorruptDataException | IllegalArgumentException e) {
            throw undecodable(where, e);
        }
        if (k != n || out.count() != n) throw miscounted(where, k);
        compare(where, arm, out, values);
    }

    /** Throws naming the first value whose length or bytes in {@code out} differ from {@code want}'s. */
    static void compare(String where, Arm arm, ByteArrays out, ByteArrays want) {
        int n = want.count();
        int i = Arrays.mismatch(out.offsets(), 0, n + 1, want.offsets(), 0, n + 1);
        if (i >= 0) {
            throw new IllegalStateException(where + ": arm " + arm.name() + " decoded value " + Math.max(0, i - 1) + " with "
                    + (i == 0 ? "a first offset " + out.offsets()[0] : "length " + (out.offsets()[i] - out.offsets()[i - 1]))
                    + ", expected " + (i == 0 ? "0" : "length " + want.length(i - 1)) + " (results would be meaningless; nothing was timed)");
        }
        int b = Arrays.mismatch(out.data(), 0, want.bytes(), want.data(), 0, want.bytes());
        if (b >= 0) {
            int v = Arrays.binarySearch(want.offsets(), 0, n + 1, b);
            int value = v >= 0 ? v : -v - 2;
            throw new IllegalStateException(where + ": arm " + arm.name() + " decoded byte " + (b - want.offsets()[value]) + " of value " + value
                    + " as " + (out.data()[b] & 0xFF) + ", expected " + (want.data()[b] & 0xFF) + " (results would be meaningless; nothing was timed)");
        }
    }

    /** Values {@code v} tiled (repeated from the first) or cut to exactly {@code n}. */
    static ByteArrays tile(ByteArrays v, int n) {
        if (v.count() == 0) throw new IllegalArgumentException("cannot tile an empty byte-array column to " + n + " values");
        long bytes = 0;
        for (int i = 0; i < n; i += v.count()) {
            int take = Math.min(v.count(), n - i);
            bytes += v.offsets()[take];
        }
        if (bytes > Integer.MAX_VALUE - 16) throw new IllegalArgumentException(n + " values tiled take " + bytes + " bytes, more than one arena holds");
        ByteArrays out = new ByteArrays(Math.max(n, 1), bytes);
        for (int i = 0; i < n; i++) {
            int j = i % v.count();
            out.add(v.data(), v.offsets()[j], v.length(j));
        }
        return out;
    }
}
