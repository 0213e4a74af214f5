package io.lanes.workbench.codec.peer;

import io.lanes.workbench.check.Allocations;
import io.lanes.workbench.check.Mutator;
import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.registry.CodecRegistry;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.IntCodec;
import me.lemire.integercompression.BinaryPacking;
import me.lemire.integercompression.Composition;
import me.lemire.integercompression.IntWrapper;
import me.lemire.integercompression.IntegerCODEC;
import me.lemire.integercompression.VariableByte;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Peer adapter behaviour the conformance suite does not single out: the IntCodec contract held
 * against JavaFastPFOR's trust in its input (writes past the block, slots left unwritten, outcomes
 * that depend on earlier calls, counts the words cannot hold), and the peer's own defects reported
 * as such.
 */
class JfpCodecTest {
    /** Written around a decoder's output to catch writes outside its range. */
    static final int SENTINEL = 0x5EED5EED;

    /** Fails naming the first slot of {@code out[from, to)} that is not {@link #SENTINEL}. */
    static void assertUntouched(int[] out, int from, int to, String what) {
        for (int i = from; i < to; i++) if (out[i] != SENTINEL) fail(what + ": out[" + i + "] = " + out[i]);
    }

    static List<IntCodec> peers() {
        return CodecRegistry.match("peer.jfp.*").stream().map(c -> (IntCodec) c).toList();
    }

    /** Values of mixed widths with outliers, so the FastPFOR family stores exceptions at several widths. */
    static int[] mixed(int n, SplittableRandom r) {
        int[] v = new int[n];
        for (int i = 0; i < n; i++) v[i] = r.nextInt(20) == 0 ? r.nextInt() >>> r.nextInt(16) : r.nextInt(1 << (r.nextInt(9)));
        return v;
    }

    static byte[] encode(IntCodec c, int[] v) {
        byte[] out = new byte[c.maxEncodedBytes(v.length)];
        return Arrays.copyOf(out, c.encode(v, 0, v.length, out, 0));
    }

    @Test
    void thePageForNoValuesHasOneFormAndRejectsAWordAppended() {
        for (IntCodec c : peers()) {
            byte[] page = encode(c, new int[0]);
            assertEquals(4, page.length, c.name() + ": the count alone");
            assertEquals(0, c.decode(page, 0, page.length, new int[0], 0), c.name());
            byte[] extended = Arrays.copyOf(page, 8); // a zero word, which the library itself may write for no values
            CorruptDataException e = assertThrows(CorruptDataException.class, () -> c.decode(extended, 0, extended.length, new int[0], 0), c.name());
            assertTrue(e.getMessage().contains("count alone"), e.getMessage());
        }
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

    @Test
    void fastPfor128CannotPatchAnExceptionPastItsBlock() {
        // the fuzz campaign saw fastpfor128 return 129 values and write out[256]: an exception position byte of up to 255 in a block of 128
        IntCodec c = (IntCodec) CodecRegistry.get("peer.jfp.fastpfor128");
        int[] v = new int[129];
        Arrays.fill(v, 1);
        v[5] = 1 << 20;
        byte[] page = encode(c, v);
        int meta = 1 + Bytes.getInt(page, 4 + 4); // word 1 is the page header: the metadata's offset from it
        assertEquals(4, Bytes.getInt(page, 4 + 4 * meta), "metadata: width, exception count, full width, one position");
        int first = 4 + 4 * (meta + 1);
        int word = Bytes.getInt(page, first); // bytes fill the word from its low end
        assertEquals(1, word >>> 8 & 0xFF, "one exception");
        assertEquals(5, word >>> 24, "at position 5");
        byte[] bad = page.clone();
        bad[first + 3] = (byte) 255;
        int[] out = new int[600];
        Arrays.fill(out, SENTINEL);
        CorruptDataException e = assertThrows(CorruptDataException.class, () -> c.decode(bad, 0, bad.length, out, 0));
        assertEquals("peer.jfp.fastpfor128 exception position", e.field(), e.getMessage());
        assertUntouched(out, 0, out.length, "rejected before the library wrote");
    }

    @Test
    void vectorBinaryPackingWritesEverySlotOrIsRejected() {
        // the fuzz campaign saw vectorbinarypacking return 1023 values with 256 slots never written: a block width above 32
        IntCodec c = (IntCodec) CodecRegistry.get("peer.jfp.vectorbinarypacking");
        int[] v = new int[1023]; // all zero: width-0 blocks, whose values the library must still write
        byte[] page = encode(c, v);
        int[] out = new int[2048];
        Arrays.fill(out, SENTINEL);
        assertEquals(1023, c.decode(page, 0, page.length, out, 0));
        assertArrayEquals(new int[1023], Arrays.copyOf(out, 1023), "every slot written, zeros included");
        assertUntouched(out, 1023, out.length, "nothing past the values");
        byte[] bad = page.clone();
        Bytes.putInt(bad, 4 + 4, 33); // word 1: the first 256-value block's width
        Arrays.fill(out, SENTINEL);
        CorruptDataException e = assertThrows(CorruptDataException.class, () -> c.decode(bad, 0, bad.length, out, 0));
        assertEquals("peer.jfp.vectorbinarypacking block width", e.field(), e.getMessage());
        assertUntouched(out, 0, out.length, "rejected before the library wrote");
    }

    @Test
    void aCountTheWordsCannotHoldIsRejectedByDecodedLength() {
        for (IntCodec c : peers()) {
            for (String page : List.of("ffffffff0700", "ffffff7f00000000", "00001000" + "00001000" + "00000000".repeat(7))) {
                byte[] b = HexFormat.of().parseHex(page);
                assertThrows(CorruptDataException.class, () -> c.decodedLength(b, 0, b.length), c.name() + " " + page);
            }
        }
    }

    @Test
    void mutatedPagesDecodeAlikeWhateverWasDecodedBeforeAndWriteOnlyTheirRange() {
        // the fuzz campaign saw vectorfastpfor give different outcomes for one page after different earlier pages
        SplittableRandom r = new SplittableRandom(20_261_130L);
        for (IntCodec c : peers()) {
            byte[] base = encode(c, mixed(3000, r));
            byte[][] primes = {encode(c, mixed(5000, r)), encode(c, mixed(4000, new SplittableRandom(1)))};
            int[] scratch = new int[5000];
            int[] out = new int[4096 + 2 * JfpCodec.GUARD];
            for (int i = 0; i < 400; i++) {
                byte[] m = Mutator.mutate(base, primes[i & 1], r).page();
                String[] outcome = new String[2];
                for (int p = 0; p < 2; p++) {
                    c.decode(primes[p], 0, primes[p].length, scratch, 0);
                    Arrays.fill(out, SENTINEL);
                    int k = p;
                    Allocations.Run run = Allocations.run(() -> outcome[k] = "decoded " + c.decode(m, 0, m.length, out, 1));
                    assertTrue(run.bounded(), c.name() + " case " + i + ": " + run);
                    Throwable t = run.thrown();
                    if (t != null) {
                        assertTrue(t instanceof CorruptDataException || t instanceof IllegalArgumentException && c.decodedLength(m, 0, m.length) > out.length - 1,
                                c.name() + " case " + i + ": " + t);
                        outcome[p] = t.toString();
                        assertUntouched(out, 0, out.length, c.name() + " case " + i + ": rejected the page after writing");
                    } else {
                        int n = c.decodedLength(m, 0, m.length);
                        assertUntouched(out, 0, 1, c.name() + " case " + i + ": wrote before its offset");
                        assertUntouched(out, n + 1, out.length, c.name() + " case " + i + ": wrote past its " + n + " values");
                        outcome[p] += " " + Arrays.hashCode(Arrays.copyOfRange(out, 1, n + 1));
                    }
                }
                assertEquals(outcome[0], outcome[1], c.name() + " case " + i + ": the outcome depends on the page decoded before");
            }
        }
    }

    @Test
    void aPeerWritingPastItsValuesIsReportedAsThePeersDefectAndTheSlotsRestored() {
        IntegerCODEC writesPast = new IntegerCODEC() {
            private final BinaryPacking bp = new BinaryPacking();

            @Override
            public void compress(int[] in, IntWrapper inpos, int inlength, int[] out, IntWrapper outpos) {
                bp.compress(in, inpos, inlength, out, outpos);
            }

            @Override
            public void uncompress(int[] in, IntWrapper inpos, int inlength, int[] out, IntWrapper outpos) {
                bp.uncompress(in, inpos, inlength, out, outpos);
                out[outpos.get() + 3] = 12345;
            }
        };
        BinaryPacking bp = new BinaryPacking();
        JfpCodec c = new JfpCodec("test.writes-past", BinaryPacking.BLOCK_SIZE, n -> 1 + bp.maxHeadlessCompressedLength(new IntWrapper(), n),
                JfpCodec.Layout.PACKED, 0, () -> writesPast, VariableByte::new, Composition::new);
        int[] v = new int[256];
        Arrays.fill(v, 7);
        byte[] page = encode(c, v);
        int[] out = new int[300];
        Arrays.fill(out, SENTINEL);
        CorruptDataException e = assertThrows(CorruptDataException.class, () -> c.decode(page, 0, page.length, out, 0));
        assertTrue(e.getMessage().contains("wrote out[259], past the 256 values it reported") && e.getMessage().contains("a defect of the peer library"), e.getMessage());
        assertEquals(SENTINEL, out[259], "restored");
    }
}
