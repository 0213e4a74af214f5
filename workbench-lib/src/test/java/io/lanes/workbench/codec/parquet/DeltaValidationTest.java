package io.lanes.workbench.codec.parquet;

import io.lanes.workbench.codec.registry.CodecRegistry;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.LongCodec;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Each DELTA_BINARY_PACKED header field is validated and named, with the offset of the bad byte. */
class DeltaValidationTest {
    static final IntCodec D32 = (IntCodec) CodecRegistry.get("parquet.delta.miniblock");
    static final LongCodec D64 = (LongCodec) CodecRegistry.get("parquet.delta64.vscan");

    static byte[] page(int... bytes) {
        byte[] b = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) b[i] = (byte) bytes[i];
        return b;
    }

    static CorruptDataException rejects(IntCodec c, byte[] p) {
        return assertThrows(CorruptDataException.class, () -> c.decode(p, 0, p.length, new int[1 << 12], 0));
    }

    @Test
    void blockSizeMustBeAPositiveMultipleOf128() {
        CorruptDataException e = rejects(D32, page(0x40, 4, 2, 0));
        assertEquals("block size", e.field());
        assertEquals(0, e.offset());
        assertEquals("block size", rejects(D32, page(0, 4, 2, 0)).field());
    }

    @Test
    void miniblockCountMustDivideTheBlockIntoMultiplesOf32() {
        CorruptDataException e = rejects(D32, page(0x80, 1, 3, 2, 0));
        assertEquals("miniblocks per block", e.field());
        assertEquals(2, e.offset());
        assertEquals("miniblocks per block", rejects(D32, page(0x80, 1, 8, 2, 0)).field()); // 16 values a miniblock
        assertEquals("miniblocks per block", rejects(D32, page(0x80, 1, 0, 2, 0)).field());
    }

    @Test
    void countMustFitThePage() {
        // 1000 values need 8 blocks of at least 5 bytes; the page ends after the header
        CorruptDataException e = rejects(D32, page(0x80, 1, 4, 0xE8, 0x07, 0));
        assertEquals("total value count", e.field());
        assertEquals(3, e.offset());
    }

    @Test
    void wholeBlockWidthsAreCheckedFourAtATime() {
        // 129 values: one whole block (widths read four at once), min delta 0, then widths 1,0,w,0
        for (int w : new int[] {33, 34, 64, 127, 128, 200, 255}) {
            CorruptDataException e = rejects(D32, page(0x80, 1, 4, 0x81, 1, 0, 0, 1, 0, w, 0));
            assertEquals("miniblock width", e.field(), "width " + w);
            assertEquals(9, e.offset(), "width " + w);
        }
        // 32 is the widest int32 width: the block passes the width check and fails only for missing data
        CorruptDataException e = rejects(D32, page(0x80, 1, 4, 0x81, 1, 0, 0, 32, 32, 32, 32));
        assertEquals("miniblock data", e.field());
    }

    @Test
    void widthsMustNotExceedTheValueType() {
        // 2 values: one block, min delta 0, widths 33,0,0,0
        CorruptDataException e = rejects(D32, page(0x80, 1, 4, 2, 0, 0, 33, 0, 0, 0));
        assertEquals("miniblock width", e.field());
        assertEquals(6, e.offset());
        byte[] w65 = page(0x80, 1, 4, 2, 0, 0, 65, 0, 0, 0);
        CorruptDataException e64 = assertThrows(CorruptDataException.class, () -> D64.decode(w65, 0, w65.length, new long[8], 0));
        assertEquals("miniblock width", e64.field());
        // widths of miniblocks past the last value are ignored, whatever they hold (the spec says readers must accept them)
        byte[] unused = page(0x80, 1, 4, 2, 0, 0, 1, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0);
        int[] out = new int[2];
        assertEquals(2, D32.decode(unused, 0, unused.length, out, 0));
        assertEquals("[0, 0]", Arrays.toString(out));
    }

    @Test
    void miniblockDataMustBeInsideThePage() {
        // width 8 needs 32 bytes; only 3 follow
        CorruptDataException e = rejects(D32, page(0x80, 1, 4, 2, 0, 0, 8, 0, 0, 0, 1, 2, 3));
        assertEquals("miniblock data", e.field());
        assertEquals(10, e.offset());
    }

    @Test
    void varintsMustEndInsideThePage() {
        CorruptDataException e = rejects(D32, page(0x80, 1, 4, 0x82));
        assertEquals("total value count", e.field());
    }
}
