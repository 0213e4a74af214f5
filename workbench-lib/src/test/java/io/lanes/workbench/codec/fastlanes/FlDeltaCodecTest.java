package io.lanes.workbench.codec.fastlanes;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.registry.CodecRegistry;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.LongCodec;
import io.lanes.workbench.codec.OutputOrder;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The FastLanes delta page format: lanes, anchors, widths, and every field's validation. */
class FlDeltaCodecTest {
    private static final IntCodec FLAT = (IntCodec) CodecRegistry.get("fastlanes.delta.flat");
    private static final IntCodec TRANSPOSED = (IntCodec) CodecRegistry.get("fastlanes.delta.transposed");
    private static final IntCodec STRIDED = (IntCodec) CodecRegistry.get("fastlanes.delta.strided");
    private static final int BLOCK_HEADER = FlDeltaPages.blockHeader(4);

    static byte[] encode(IntCodec c, int[] v) {
        byte[] out = new byte[c.maxEncodedBytes(v.length)];
        return Arrays.copyOf(out, c.encode(v, 0, v.length, out, 0)); // exact length: the last block ends the array
    }

    static int[] decode(IntCodec c, byte[] page) {
        int[] out = new int[c.decodedLength(page, 0, page.length)];
        assertEquals(out.length, c.decode(page, 0, page.length, out, 0));
        return out;
    }

    static int[] walk(int n, int start, int maxStep, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] v = new int[n];
        int acc = start;
        for (int i = 0; i < n; i++) v[i] = acc += r.nextInt(maxStep + 1);
        return v;
    }

    @Test
    void aSequenceIsWidthZeroInDeltasAndAnchors() {
        int[] v = new int[3 * 1024];
        for (int i = 0; i < v.length; i++) v[i] = 5 + 3 * i;
        byte[] page = encode(FLAT, v);
        assertEquals(FlDeltaPages.FL_ORDER, page[4]);
        for (int b = 0; b < 3; b++) {
            int at = FlDeltaPages.HEADER + b * BLOCK_HEADER;
            assertEquals(0, page[at], "delta width");
            assertEquals(0, page[at + 1], "anchor width");
            assertEquals(0, page[at + 2], "no exceptions");
            assertEquals(b == 0 ? 5 - 3 : v[1024 * b - 1], Bytes.getInt(page, at + 4), "base: the value before the block (first value minus the frame)");
            assertEquals(3, Bytes.getInt(page, at + 8), "frame: the smallest delta");
        }
        assertEquals(FlDeltaPages.HEADER + 3 * BLOCK_HEADER, page.length);
        assertArrayEquals(v, decode(FLAT, page));
    }

    @Test
    void contiguousLanesStoreTheSequentialDeltasStridedOnesCostMore() {
        int[] v = walk(100 * 1024, 1_000_000, 3, 1);
        byte[] fl = encode(FLAT, v);
        byte[] strided = encode(STRIDED, v);
        // deltas 0..3: width 2 in every FL_ORDER block; strided deltas span 32 of them
        for (int b = 0, at = FlDeltaPages.HEADER; b < 100; b++) {
            assertEquals(2, fl[at], "block " + b + " delta width");
            at = blockEnd(fl, at);
        }
        assertTrue(strided.length > 2 * fl.length, strided.length + " vs " + fl.length);
        assertArrayEquals(v, decode(FLAT, fl));
        assertArrayEquals(v, decode(STRIDED, strided));
        int[] t = new int[v.length];
        OutputOrder.TRANSPOSED.arrange(v, v.length, t);
        assertArrayEquals(t, decode(TRANSPOSED, fl), "the same page, left in FL_ORDER");
    }

    /** End of the int32 block at {@code at}. */
    static int blockEnd(byte[] page, int at) {
        int exc = (page[at + 2] & 0xFF) | (page[at + 3] & 0xFF) << 8;
        return at + BLOCK_HEADER + FlDeltaPages.anchorBytes(32, page[at + 1]) + 128 * page[at] + exc * FlDeltaPages.exceptionBytes(4);
    }

    @Test
    void jumpsResetsAndWrapsAreExceptionsNotWiderBlocks() {
        int[] v = new int[4096];
        for (int i = 0; i < v.length; i++) v[i] = (i % 1500) * 2 + (i % 700 == 350 ? 1_000_000 : 0); // resets, spikes up and back
        v[3000] = Integer.MIN_VALUE + 5; // a wrap down and back up
        byte[] page = encode(FLAT, v);
        for (int b = 0, at = FlDeltaPages.HEADER; b < 4; b++) {
            assertEquals(0, page[at], "block " + b + ": every delta but the exceptions is the frame, 2");
            assertEquals(2, Bytes.getInt(page, at + 8), "block " + b + ": the frame skips the negative deltas");
            assertTrue(((page[at + 2] & 0xFF) | (page[at + 3] & 0xFF) << 8) > 0, "block " + b + " has exceptions");
            at = blockEnd(page, at);
        }
        assertArrayEquals(v, decode(FLAT, page));
        int[] t = new int[v.length];
        OutputOrder.TRANSPOSED.arrange(v, v.length, t);
        assertArrayEquals(t, decode(TRANSPOSED, page), "exceptions patched along transposed lanes");
        assertArrayEquals(v, decode(STRIDED, encode(STRIDED, v)), "and along strided lanes");
        int[] tail = Arrays.copyOf(v, 1024 + 900);
        assertArrayEquals(tail, decode(FLAT, encode(FLAT, tail)), "and in the sequential tail");
    }

    /** Exception count of block {@code b} of a page of full blocks. */
    private static int exceptionsOfBlock(byte[] page, int b) {
        int at = FlDeltaPages.HEADER;
        for (int i = 0; i < b; i++) at = blockEnd(page, at);
        return (page[at + 2] & 0xFF) | (page[at + 3] & 0xFF) << 8;
    }

    /** A slow ramp with {@code k} spikes a block, each spike two exceptions at a narrow width. */
    private static int[] spiky(int k) {
        SplittableRandom r = new SplittableRandom(k);
        int[] v = new int[3 * 1024];
        for (int i = 0; i < v.length; i++) v[i] = 3 * i + r.nextInt(2);
        for (int b = 0; b < 3; b++) {
            for (int j = 0; j < k; j++) v[b * 1024 + r.nextInt(1024)] += 1 << 20;
        }
        return v;
    }

    @Test
    void theEncoderKeepsABlockWithinTheLaneTailPathAtTheFewestBits() {
        IntCodec uncapped = new FlDeltaCodec32("uncapped", false, OutputOrder.FLAT, 1024);
        for (int k : new int[] {1, 16, 17, 33, 200}) {
            int[] v = spiky(k);
            byte[] capped = encode(FLAT, v);
            byte[] free = encode(uncapped, v);
            for (int b = 0; b < 3; b++) assertTrue(exceptionsOfBlock(capped, b) <= 32, k + " spikes: block " + b + " has " + exceptionsOfBlock(capped, b));
            int most = 0;
            for (int b = 0; b < 3; b++) most = Math.max(most, exceptionsOfBlock(free, b));
            if (most <= 32) assertArrayEquals(free, capped, k + " spikes: within the cap the choice is the size-optimal one");
            else assertTrue(capped.length > free.length, k + " spikes: the cap costs bytes");
            assertArrayEquals(v, decode(FLAT, capped), k + " spikes");
        }
        assertThrows(IllegalArgumentException.class, () -> new FlDeltaCodec32("x", false, OutputOrder.FLAT, 1025));
        assertThrows(IllegalArgumentException.class, () -> new FlDeltaCodec64("x", false, OutputOrder.FLAT, -1));
    }

    @Test
    void fewExceptionsAddToLaneTailsManyPatchTheDeltasBothDecodeAlike() {
        // a slow ramp with k spikes per block: up to 32 exceptions a block decodes by adding to lane
        // tails, more by patching the deltas and summing again; every output order, both types. The
        // encoders here do not cap exceptions (the registered ones keep within the lane-tail path),
        // so the decoders also meet pages with up to 400 a block, as another writer may produce.
        IntCodec flat = new FlDeltaCodec32("flat.uncapped", false, OutputOrder.FLAT, 1024);
        IntCodec strided = new FlDeltaCodec32("strided.uncapped", true, OutputOrder.FLAT, 1024);
        LongCodec flat64 = new FlDeltaCodec64("flat64.uncapped", false, OutputOrder.FLAT, 1024);
        LongCodec transposed64 = (LongCodec) CodecRegistry.get("fastlanes.delta.transposed64");
        LongCodec strided64 = new FlDeltaCodec64("strided64.uncapped", true, OutputOrder.FLAT, 1024);
        for (int k : new int[] {1, 16, 17, 32, 33, 200}) {
            int[] v = spiky(k);
            byte[] page = encode(flat, v);
            assertTrue(exceptionsOfBlock(page, 1) >= Math.min(k, 32), k + " spikes: block 1 has " + exceptionsOfBlock(page, 1) + " exceptions");
            assertArrayEquals(v, decode(FLAT, page), k + " spikes, flat");
            int[] t = new int[v.length];
            OutputOrder.TRANSPOSED.arrange(v, v.length, t);
            assertArrayEquals(t, decode(TRANSPOSED, page), k + " spikes, transposed");
            assertArrayEquals(v, decode(STRIDED, encode(strided, v)), k + " spikes, strided");
            long[] w = Arrays.stream(v).asLongStream().map(x -> x * 5_000_000_000L).toArray();
            assertArrayEquals(w, decode64((LongCodec) CodecRegistry.get("fastlanes.delta.flat64"), encode64(flat64, w)), k + " spikes, int64 flat");
            long[] tw = new long[w.length];
            OutputOrder.TRANSPOSED.arrange(w, w.length, tw);
            assertArrayEquals(tw, decode64(transposed64, encode64(flat64, w)), k + " spikes, int64 transposed");
            assertArrayEquals(w, decode64((LongCodec) CodecRegistry.get("fastlanes.delta.strided64"), encode64(strided64, w)), k + " spikes, int64 strided");
        }
    }

    @Test
    void aCorruptExceptionPositionLeavesTheNextRowOrderDecodeIntact() {
        // row order carries exceptions down the lanes through a per-thread grid that must stay zero:
        // a page whose last exception position is corrupt fails, and the next page on the thread
        // decodes as if that one had never been seen
        int[] v = spiky(16);
        byte[] page = encode(TRANSPOSED, v);
        int exc = exceptionsOfBlock(page, 0);
        assertTrue(exc > 1, exc + " exceptions in block 0");
        int last = blockEnd(page, FlDeltaPages.HEADER) - exc * FlDeltaPages.exceptionBytes(4) + 2 * (exc - 1);
        byte[] bad = page.clone();
        FlDeltaPages.putU16(bad, last, 1024);
        CorruptDataException e = assertThrows(CorruptDataException.class, () -> decode(TRANSPOSED, bad));
        assertEquals(last, e.offset(), e.getMessage());
        int[] want = new int[v.length];
        OutputOrder.TRANSPOSED.arrange(v, v.length, want);
        assertArrayEquals(want, decode(TRANSPOSED, page));
    }

    private static byte[] encode64(LongCodec c, long[] v) {
        byte[] out = new byte[c.maxEncodedBytes(v.length)];
        return Arrays.copyOf(out, c.encode(v, 0, v.length, out, 0));
    }

    private static long[] decode64(LongCodec c, byte[] page) {
        long[] out = new long[c.decodedLength(page, 0, page.length)];
        assertEquals(out.length, c.decode(page, 0, page.length, out, 0));
        return out;
    }

    @Test
    void wrappingDeltasAndLimits() {
        SplittableRandom r = new SplittableRandom(2);
        int[] wrap = new int[2500];
        for (int i = 0; i < wrap.length; i++) wrap[i] = switch (i % 4) {
            case 0 -> Integer.MAX_VALUE;
            case 1 -> Integer.MIN_VALUE;
            case 2 -> r.nextInt();
            default -> Integer.MAX_VALUE - 2 + i; // wraps past MAX
        };
        long[] wrap64 = new long[2500];
        for (int i = 0; i < wrap64.length; i++) wrap64[i] = i % 2 == 0 ? Long.MIN_VALUE + r.nextInt(3) : Long.MAX_VALUE - i;
        for (String name : new String[] {"fastlanes.delta.flat", "fastlanes.delta.transposed", "fastlanes.delta.strided"}) {
            IntCodec c = (IntCodec) CodecRegistry.get(name);
            int[] want = new int[wrap.length];
            c.outputOrder().arrange(wrap, wrap.length, want);
            byte[] page = encode(c, wrap);
            if (c != STRIDED) assertEquals(32, page[FlDeltaPages.HEADER], name + ": neighbours differ by anything: full-width deltas");
            assertArrayEquals(want, decode(c, page), name);
            LongCodec c64 = (LongCodec) CodecRegistry.get(name + "64");
            byte[] out = new byte[c64.maxEncodedBytes(wrap64.length)];
            int len = c64.encode(wrap64, 0, wrap64.length, out, 0);
            long[] back = new long[wrap64.length];
            c64.decode(Arrays.copyOf(out, len), 0, len, back, 0);
            long[] want64 = new long[wrap64.length];
            c64.outputOrder().arrange(wrap64, wrap64.length, want64);
            assertArrayEquals(want64, back, name + "64");
        }
    }

    @Test
    void tailsAndShortPages() {
        for (int n : new int[] {0, 1, 2, 1023, 1025, 2047}) {
            int[] v = walk(n, -7, 1000, n);
            for (IntCodec c : new IntCodec[] {FLAT, TRANSPOSED, STRIDED}) {
                int[] want = new int[n];
                c.outputOrder().arrange(v, n, want);
                assertArrayEquals(want, decode(c, encode(c, v)), c.name() + " n=" + n);
            }
        }
    }

    private static void corrupt(IntCodec c, byte[] page, Consumer<byte[]> change, String field, int offset) {
        byte[] bad = page.clone();
        change.accept(bad);
        CorruptDataException e = assertThrows(CorruptDataException.class, () -> c.decode(bad, 0, bad.length, new int[1 << 16], 0));
        assertEquals(field, e.field(), e.getMessage());
        assertEquals(offset, e.offset(), e.getMessage());
    }

    @Test
    void everyFieldIsValidated() {
        int[] v = walk(2100, 0, 50, 3);
        byte[] page = encode(FLAT, v);
        int b0 = FlDeltaPages.HEADER;
        int b1 = blockEnd(page, b0);
        int b2 = blockEnd(page, b1);
        corrupt(FLAT, page, b -> Bytes.putInt(b, 0, -1), "value count", 0);
        corrupt(FLAT, page, b -> Bytes.putInt(b, 0, 1 << 30), "block headers", 5);
        corrupt(FLAT, page, b -> b[4] = FlDeltaPages.STRIDED, "lanes", 4);
        corrupt(STRIDED, page, b -> { }, "lanes", 4);
        corrupt(FLAT, page, b -> b[b0] = 33, "delta width", b0);
        corrupt(FLAT, page, b -> b[b1 + 1] = (byte) 255, "anchor width", b1 + 1);
        corrupt(FLAT, page, b -> b[b2] = 40, "tail width", b2);
        corrupt(FLAT, page, b -> FlDeltaPages.putU16(b, b1 + 2, 1025), "exception count", b1 + 2);
        corrupt(FLAT, page, b -> FlDeltaPages.putU16(b, b2 + 1, 53), "exception count", b2 + 1);
        int[] spiky = walk(2100, 0, 50, 3);
        spiky[100] += 1 << 30;
        byte[] sp = encode(FLAT, spiky);
        int exc = (sp[b0 + 2] & 0xFF) | (sp[b0 + 3] & 0xFF) << 8;
        assertTrue(exc > 0);
        int positions = blockEnd(sp, b0) - exc * FlDeltaPages.exceptionBytes(4);
        corrupt(FLAT, sp, b -> FlDeltaPages.putU16(b, positions, 1024), "exception position", positions);
        corrupt(FLAT, Arrays.copyOf(page, b1 + 9), b -> { }, "block header", b1);
        corrupt(FLAT, Arrays.copyOf(page, b1 + BLOCK_HEADER + 3), b -> { }, "block payload", b1 + BLOCK_HEADER);
        corrupt(FLAT, Arrays.copyOf(page, b2 + 5), b -> { }, "tail header", b2);
        corrupt(FLAT, Arrays.copyOf(page, page.length - 1), b -> { }, "tail payload", b2 + FlDeltaPages.tailHeader(4));
        corrupt(FLAT, Arrays.copyOf(page, page.length + 1), b -> { }, "page length", page.length);
        corrupt(FLAT, Arrays.copyOf(page, 3), b -> { }, "page header", 0);
    }
}
