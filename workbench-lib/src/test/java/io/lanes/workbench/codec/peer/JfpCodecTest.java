package io.lanes.workbench.codec.peer;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.CodecRegistry;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.IntCodec;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Peer adapter behaviour the conformance suite does not single out. */
class JfpCodecTest {
    static byte[] encode(IntCodec c, int[] v) {
        byte[] out = new byte[c.maxEncodedBytes(v.length)];
        return Arrays.copyOf(out, c.encode(v, 0, v.length, out, 0));
    }

    @Test
    void vectorFastPforRoundTripsThirtyTwoBitExceptionsThatDoNotFillABlock() {
        // 32-bit exceptions in a partial vector block: the library's decoder alone reads back one word short
        IntCodec c = (IntCodec) CodecRegistry.get("peer.jfp.vectorfastpfor");
        for (int n : new int[] {1000, 70_000}) {
            int[] v = new int[n];
            for (int i = 0; i < n; i++) v[i] = (i & 1) == 0 ? -1 : 0;
            byte[] page = encode(c, v);
            int[] out = new int[n];
            c.decode(page, 0, page.length, out, 0);
            assertArrayEquals(v, out, "n=" + n);
        }
    }

    @Test
    void aCorruptExceptionCountIsRejectedBeforeTheLibrarySizesAnArrayByIt() {
        for (String name : new String[] {"peer.jfp.fastpfor", "peer.jfp.fastpfor128", "peer.jfp.vectorfastpfor"}) {
            IntCodec c = (IntCodec) CodecRegistry.get(name);
            int[] v = new int[4096];
            for (int i = 0; i < v.length; i++) v[i] = i % 97 == 0 ? 1 << 30 : i & 7; // exceptions at a wide width
            byte[] page = encode(c, v);
            // words: [0] the block codec's count, [1] the page header (metadata offset from word 1), then at
            // the metadata: its byte size, its bytes, the exception bitmap, then the first exception count
            int words = (page.length - 4) / 4;
            int meta = 1 + (Bytes.getInt(page, 4 + 4) & ((1 << 30) - 1));
            int metaBytes = Bytes.getInt(page, 4 + 4 * meta);
            int bitmap = meta + 1 + (metaBytes + 3) / 4;
            int firstCount = bitmap + 1;
            assertTrue(firstCount < words && Bytes.getInt(page, 4 + 4 * bitmap) != 0, name + ": page layout");
            byte[] bad = page.clone();
            Bytes.putInt(bad, 4 + 4 * firstCount, 1 << 30);
            CorruptDataException e = assertThrows(CorruptDataException.class, () -> c.decode(bad, 0, bad.length, new int[v.length], 0));
            assertTrue(e.field().contains("exception count"), name + ": " + e.getMessage());
        }
    }

    @Test
    void aCountThatDisagreesWithTheStreamIsRejected() {
        IntCodec c = (IntCodec) CodecRegistry.get("peer.jfp.binarypacking");
        int[] v = new int[300];
        Arrays.fill(v, 5);
        byte[] page = encode(c, v);
        Bytes.putInt(page, 0, 200);
        CorruptDataException e = assertThrows(CorruptDataException.class, () -> c.decode(page, 0, page.length, new int[400], 0));
        assertTrue(e.field().contains("block count"), e.getMessage());
    }
}
