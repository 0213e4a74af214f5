package io.lanes.workbench.measure;

import io.lanes.workbench.codec.ByteArrayCodec;
import io.lanes.workbench.codec.ByteArrays;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.SelectiveIntCodec;
import io.lanes.workbench.corpus.Column;
import io.lanes.workbench.corpus.ValueType;

import java.util.Arrays;

/**
 * A sparse-read arm ({@link Arm#selection()}) made ready at one working-set point: the column's
 * values encoded by the arm's codec as one page, and each call decoding only the selected rows of
 * it, int32 ({@link SelectiveIntCodec}) or byte arrays ({@link ByteArrayCodec.SelectiveDecoder}).
 * {@link #values()} is the rows the page holds, so values per second compare with a full decode of
 * the same page; {@link #outputBytes()} is what the selected rows take. The output is checked
 * against the selected values. Not thread-safe; the values are not modified.
 */
final class PreparedSelected extends Prepared {
    private final int[] rows;
    private final SelectiveIntCodec ints;
    private final int[] values;
    private final int[] out;
    private final int[] want;
    private final ByteArrayCodec bytes;
    private final ByteArrayCodec.SelectiveDecoder decoder;
    private final ByteArrays strings;
    private final ByteArrays outStrings;
    private final ByteArrays wantStrings;

    PreparedSelected(Arm arm, Column col, int n) {
        super(arm, n, col.id(), arm.codec(), null, maxBytes(arm, col, n));
        this.rows = arm.selection().rows(n);
        if (col.type() == ValueType.INT32 && arm.codec() instanceof SelectiveIntCodec c) {
            ints = c;
            values = tile(col.ints(), n);
            out = new int[rows.length + PAD_BYTES / 4];
            want = new int[rows.length];
            for (int i = 0; i < rows.length; i++) want[i] = values[rows[i]];
            encodedBytes = c.encode(values, 0, n, encoded, 0);
            bytes = null;
            decoder = null;
            strings = outStrings = wantStrings = null;
        } else if (col.type() == ValueType.BYTE_ARRAY && arm.codec() instanceof ByteArrayCodec c && c.newDecoder() instanceof ByteArrayCodec.SelectiveDecoder d) {
            bytes = c;
            decoder = d;
            strings = PreparedByteArrays.tile(col.strings(), n);
            wantStrings = new ByteArrays();
            for (int r : rows) wantStrings.add(strings.data(), strings.offsets()[r], strings.length(r));
            outStrings = new ByteArrays();
            outStrings.reserve(rows.length, wantStrings.bytes());
            encodedBytes = c.encode(strings, 0, n, encoded, 0);
            ints = null;
            values = out = want = null;
        } else {
            throw new IllegalArgumentException("arm " + arm.name() + " cannot read selected rows of the " + col.type().label() + " column " + col.id());
        }
        pageEnds[0] = encodedBytes;
    }

    private static int maxBytes(Arm arm, Column col, int n) {
        if (arm.codec() instanceof ByteArrayCodec c) {
            if (col.type() != ValueType.BYTE_ARRAY) throw new IllegalArgumentException("codec " + c.name() + " does not take " + col.type().label() + " columns like " + col.id());
            return c.maxEncodedBytes(n, PreparedByteArrays.tile(col.strings(), n).bytes());
        }
        return arm.codec().maxEncodedBytes(n);
    }

    @Override
    public long decode() {
        if (ints != null) {
            int k = ints.decodeRows(encoded, inOff, encodedBytes, rows, rows.length, out, outOff);
            return k + out[outOff + k - 1];
        }
        outStrings.clear();
        int k = decoder.decodeRows(encoded, inOff, encodedBytes, rows, rows.length, outStrings);
        return k + outStrings.offsets()[k];
    }

    @Override
    public long encode() {
        return ints != null ? ints.encode(values, 0, n, encoded, inOff) : bytes.encode(strings, 0, n, encoded, inOff);
    }

    @Override
    public long outputBytes() {
        return ints != null ? 4L * rows.length : wantStrings.bytes();
    }

    @Override
    void moveOutput(int outOffBytes) {
        if (ints != null) outOff = outOffBytes / 4; // byte arrays: the holder owns its arrays
    }

    @Override
    public void verify(String where) {
        try {
            if (ints != null) {
                Arrays.fill(out, 0x5A5A5A5A);
                int k = ints.decodeRows(encoded, inOff, encodedBytes, rows, rows.length, out, outOff);
                if (k != rows.length) throw miscounted(where, k);
                int i = Arrays.mismatch(out, outOff, outOff + k, want, 0, k);
                if (i >= 0) throw mismatch(where, arm, rows[i], out[outOff + i], want[i]);
                return;
            }
            outStrings.clear();
            int k = decoder.decodeRows(encoded, inOff, encodedBytes, rows, rows.length, outStrings);
            if (k != rows.length) throw miscounted(where, k);
            PreparedByteArrays.compare(where, arm, outStrings, wantStrings);
        } catch (CorruptDataException | IllegalArgumentException e) {
            throw undecodable(where, e);
        }
    }
}
