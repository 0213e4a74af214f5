package io.lanes.workbench.codec.peer;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.LongCodec;
import io.lanes.workbench.codec.registry.CodecRegistry;
import org.apache.lucene.store.ByteArrayDataInput;
import org.apache.lucene.store.ByteArrayDataOutput;
import org.apache.lucene.store.ByteBuffersDataInput;
import org.apache.lucene.store.ByteBuffersDataOutput;
import org.apache.lucene.util.LongValues;
import org.apache.lucene.util.packed.DirectReader;
import org.apache.lucene.util.packed.DirectWriter;
import org.apache.lucene.util.packed.PackedInts;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@code peer.lucene.*} adapters: their pages hold exactly Lucene's own bytes (what
 * {@code PackedInts.getWriterNoHeader} and {@code DirectWriter} write, read back by Lucene's own
 * readers), at the width Lucene's {@code unsignedBitsRequired} picks; and every header field Lucene
 * would trust is rejected, named, when bad.
 */
class LuceneCodecTest {
    /** Counts around the PACKED and PACKED_SINGLE_BLOCK iterations (8, 64 values) and the merge reader's blocks. */
    private static final int[] COUNTS = {0, 1, 2, 7, 8, 9, 63, 64, 65, 100, 1000, 1023, 1025, 4097};

    private static long[] values(int n, int bits, SplittableRandom r) {
        long[] v = new long[n];
        for (int i = 0; i < n; i++) v[i] = r.nextLong() >>> (64 - bits);
        if (n > 0) v[r.nextInt(n)] = bits == 64 ? -1 : PackedInts.maxValue(bits); // the width is reached
        return v;
    }

    private static byte[] encode(LongCodec c, long[] v) {
        byte[] out = new byte[c.maxEncodedBytes(v.length)];
        return Arrays.copyOf(out, c.encode(v, 0, v.length, out, 0));
    }

    private static byte[] encode(IntCodec c, int[] v) {
        byte[] out = new byte[c.maxEncodedBytes(v.length)];
        return Arrays.copyOf(out, c.encode(v, 0, v.length, out, 0));
    }

    /** What {@code PackedInts.getWriterNoHeader} writes for {@code v} at {@code bits}. */
    @SuppressWarnings("deprecation")
    private static byte[] luceneWriter(PackedInts.Format f, long[] v, int bits) throws IOException {
        byte[] buf = new byte[(int) f.byteCount(PackedInts.VERSION_CURRENT, v.length, bits)];
        ByteArrayDataOutput out = new ByteArrayDataOutput(buf);
        PackedInts.Writer w = PackedInts.getWriterNoHeader(out, f, v.length, bits, PackedInts.DEFAULT_BUFFER_SIZE);
        for (long x : v) w.add(x);
        w.finish();
        assertEquals(buf.length, out.getPosition());
        return buf;
    }

    @Test
    @SuppressWarnings("deprecation")
    void packedPagesHoldLucenesOwnBytesAtItsWidthAndLucenesReaderReadsThem() throws IOException {
        SplittableRandom r = new SplittableRandom(30);
        LongCodec packed64 = (LongCodec) CodecRegistry.get("peer.lucene.packed64");
        IntCodec packed = (IntCodec) CodecRegistry.get("peer.lucene.packed");
        IntCodec single = (IntCodec) CodecRegistry.get("peer.lucene.packed-single-block");
        for (int bits = 1; bits <= 64; bits++) {
            for (int n : COUNTS) {
                long[] v = values(n, bits, r);
                int width = n == 0 ? 1 : bits;
                byte[] page = encode(packed64, v);
                assertEquals(width, page[4], "width of " + n + " values of " + bits + " bits");
                byte[] data = Arrays.copyOfRange(page, 5, page.length);
                assertArrayEquals(luceneWriter(PackedInts.Format.PACKED, v, width), data, "PACKED " + bits + " bits, " + n + " values");
                PackedInts.ReaderIterator it = PackedInts.getReaderIteratorNoHeader(new ByteArrayDataInput(data), PackedInts.Format.PACKED,
                        PackedInts.VERSION_CURRENT, n, width, 1);
                for (int i = 0; i < n; i++) assertEquals(v[i], it.next(), "Lucene's reader, value " + i);
                long[] back = new long[n];
                assertEquals(n, packed64.decode(page, 0, page.length, back, 0));
                assertArrayEquals(v, back);
                if (bits > 32) continue;
                int[] iv = new int[n];
                for (int i = 0; i < n; i++) iv[i] = (int) v[i];
                assertArrayEquals(page, encode(packed, iv), "the int32 twin writes the same page");
                byte[] sb = encode(single, iv);
                int sbWidth = n == 0 ? 1 : bits;
                while (!PackedInts.Format.PACKED_SINGLE_BLOCK.isSupported(sbWidth)) sbWidth++;
                assertEquals(sbWidth, sb[4], "single-block width for " + bits + " bits");
                assertArrayEquals(luceneWriter(PackedInts.Format.PACKED_SINGLE_BLOCK, v, sbWidth), Arrays.copyOfRange(sb, 5, sb.length));
                int[] ib = new int[n];
                single.decode(sb, 0, sb.length, ib, 0);
                assertArrayEquals(iv, ib);
            }
        }
    }

    @Test
    void int32ValuesPackAsUnsignedSoANegativeOneTakesThirtyTwoBits() {
        for (String name : List.of("peer.lucene.packed", "peer.lucene.packed-single-block", "peer.lucene.direct")) {
            IntCodec c = (IntCodec) CodecRegistry.get(name);
            int[] v = {0, -1, Integer.MIN_VALUE, 5};
            byte[] page = encode(c, v);
            assertEquals(32, page[4], name);
            int[] out = new int[4];
            c.decode(page, 0, page.length, out, 0);
            assertArrayEquals(v, out, name);
        }
    }

    @Test
    void directPagesAreDirectWritersBytesAndItsRandomAccessReaderReadsThem() throws IOException {
        SplittableRandom r = new SplittableRandom(31);
        LongCodec c = (LongCodec) CodecRegistry.get("peer.lucene.direct64");
        for (int bits = 1; bits <= 64; bits++) {
            int width = DirectWriter.unsignedBitsRequired(PackedInts.maxValue(bits));
            for (int n : COUNTS) {
                long[] v = values(n, bits, r);
                byte[] page = encode(c, v);
                assertEquals(n == 0 ? 1 : width, page[4], bits + " bits");
                ByteBuffersDataOutput lucene = new ByteBuffersDataOutput();
                DirectWriter w = DirectWriter.getInstance(lucene, n, page[4]);
                for (long x : v) w.add(x);
                w.finish();
                assertArrayEquals(lucene.toArrayCopy(), Arrays.copyOfRange(page, 5, page.length), "the data length LuceneLayout expects, " + bits + " bits, " + n + " values");
                LongValues random = DirectReader.getInstance(new ByteBuffersDataInput(List.of(ByteBuffer.wrap(page, 5, page.length - 5).slice())), page[4]);
                for (int k = 0; k < Math.min(n, 50); k++) {
                    int i = r.nextInt(n);
                    assertEquals(v[i], random.get(i), "value " + i);
                }
                long[] back = new long[n];
                c.decode(page, 0, page.length, back, 0);
                assertArrayEquals(v, back);
            }
        }
    }

    /** Decodes {@code page} with {@code c} and returns the field it was rejected as. */
    private static String rejected(Codec c, byte[] page) {
        CorruptDataException e = assertThrows(CorruptDataException.class, () -> {
            if (c instanceof IntCodec ic) ic.decode(page, 0, page.length, new int[1 << 12], 0);
            else ((LongCodec) c).decode(page, 0, page.length, new long[1 << 12], 0);
        }, c.name() + " on " + Arrays.toString(page));
        assertTrue(e.getMessage().contains(e.field()), e.getMessage());
        return e.field();
    }

    private static byte[] page(int n, int bits, int dataBytes) {
        byte[] p = new byte[5 + dataBytes];
        Bytes.putInt(p, 0, n);
        p[4] = (byte) bits;
        return p;
    }

    @Test
    void everyHeaderFieldLuceneTrustsIsCheckedAndNamed() {
        for (Codec c : CodecRegistry.match("peer.lucene.*")) {
            String name = c.name();
            int valueBits = c.valueBits();
            assertEquals("value count", rejected(c, new byte[3]));
            assertEquals(name + " bits per value", rejected(c, new byte[4]));
            assertEquals("value count", rejected(c, page(-1, 8, 0)));
            // Lucene's decoder table is indexed by width - 1: width 0 or above 64 is an index exception there
            assertEquals(name + " bits per value", rejected(c, page(0, 0, 0)));
            assertEquals(name + " bits per value", rejected(c, page(8, valueBits + 1, 8 * (valueBits + 1))));
            // a count the data cannot hold: Lucene's reader would read whatever follows
            assertEquals(name + " packed values", rejected(c, page(Integer.MAX_VALUE, 1, 16)));
            assertEquals(name + " packed values", rejected(c, page(16, 8, 15)));
            // bytes after the data would be ignored by Lucene
            byte[] valid = c instanceof IntCodec ic ? encode(ic, new int[] {1, 2, 3}) : encode((LongCodec) c, new long[] {1, 2, 3});
            byte[] longer = Arrays.copyOf(valid, valid.length + 1);
            assertEquals(name + " packed values", rejected(c, longer));
            assertTrue(c.maxDecodedLength(valid.length) >= 3, name);
        }
        // widths the layout does not offer: Lucene's PACKED_SINGLE_BLOCK gives a null decoder for 11, DirectReader throws for 3
        assertEquals("peer.lucene.packed-single-block bits per value", rejected(CodecRegistry.get("peer.lucene.packed-single-block"), page(2, 11, 8)));
        assertEquals("peer.lucene.direct bits per value", rejected(CodecRegistry.get("peer.lucene.direct"), page(8, 3, 3)));
        assertEquals("peer.lucene.direct64 bits per value", rejected(CodecRegistry.get("peer.lucene.direct64"), page(1, 33, 8)));
    }
}
