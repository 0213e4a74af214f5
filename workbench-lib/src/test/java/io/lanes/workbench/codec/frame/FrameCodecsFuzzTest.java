package io.lanes.workbench.codec.frame;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.CodecRegistry;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.LongCodec;
import io.lanes.workbench.codec.OutputOrder;
import io.lanes.workbench.codec.PageFuzz;
import io.lanes.workbench.codec.pfor.PforCodec32;
import io.lanes.workbench.codec.pfor.PforCodec64;
import io.lanes.workbench.codec.pfor.PforPacking;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fuzzes every FOR, PFOR and FastLanes delta decoder (plus PFOR at vector sizes 128 and 4096) with
 * mutated valid pages through {@link PageFuzz}: its byte-level mutations, plus overwriting a
 * little-endian count, offset, width or frame field (1, 2, 4 or 8 bytes, half the time within the
 * headers) with a boundary value. A decoder may only throw CorruptDataException, complain that the
 * count exceeds the buffer, or decode the page's own count without writing outside it. Cases:
 * 120,000 in all by default, {@code -Dwb.fuzz.cases=N} per decoder.
 */
class FrameCodecsFuzzTest {
    static final int DEFAULT_TOTAL = 120_000;

    static List<Codec> decoders() {
        List<Codec> l = new ArrayList<>();
        for (Codec c : CodecRegistry.all()) {
            String n = c.name();
            if (n.startsWith("for.") || n.startsWith("pfor.") || n.startsWith("fastlanes.delta.")) l.add(c);
        }
        l.add(new PforCodec32("pfor.seq.delta@128", PforPacking.SEQUENTIAL, true, OutputOrder.FLAT, 7));
        l.add(new PforCodec32("pfor.fastlanes.transposed@4096", PforPacking.FASTLANES, false, OutputOrder.TRANSPOSED, 12));
        l.add(new PforCodec64("pfor.seq.delta64@128", PforPacking.SEQUENTIAL, true, OutputOrder.FLAT, 7));
        return l;
    }

    @TestFactory
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    Stream<DynamicTest> mutatedPagesFailCleanlyOrDecode() {
        List<Codec> codecs = decoders();
        int cases = PageFuzz.casesPerDecoder(codecs.size(), DEFAULT_TOTAL);
        List<DynamicTest> tests = new ArrayList<>();
        long[] total = {0};
        for (Codec c : codecs) {
            tests.add(DynamicTest.dynamicTest(c.name(), () -> {
                SplittableRandom r = new SplittableRandom(PageFuzz.SEED ^ c.name().hashCode());
                List<byte[]> pages = validPages(c, r);
                PageFuzz.Target t = PageFuzz.target(c);
                for (int i = 0; i < cases; i++) t.check(mutate(pages.get(r.nextInt(pages.size())), r), "case " + i + " of seed " + PageFuzz.SEED);
                total[0] += cases;
            }));
        }
        tests.add(DynamicTest.dynamicTest("total cases", () -> assertTrue(total[0] >= Math.min(100_000, (long) cases * codecs.size()),
                "ran " + total[0] + " fuzz cases")));
        return tests.stream();
    }

    /** Pages of several shapes (narrow, full range, sorted, outliers, runs) at lengths around vector edges. */
    static List<byte[]> validPages(Codec c, SplittableRandom r) {
        List<byte[]> pages = new ArrayList<>();
        for (int n : new int[] {0, 1, 9, 130, 1024, 1100, 2049, 4500}) {
            for (int shape = 0; shape < 5; shape++) {
                long[] v = new long[n];
                long acc = r.nextLong();
                for (int i = 0; i < n; i++) {
                    v[i] = switch (shape) {
                        case 0 -> r.nextInt(16);
                        case 1 -> r.nextLong();
                        case 2 -> acc += r.nextInt(100);
                        case 3 -> i % 97 == 5 ? r.nextLong() : r.nextInt(200);
                        default -> (i / 37) % 3;
                    };
                }
                pages.add(encode(c, v));
            }
        }
        return pages;
    }

    static byte[] encode(Codec c, long[] v) {
        int n = v.length;
        byte[] out;
        int len;
        if (c instanceof IntCodec ic) {
            int[] x = new int[n];
            for (int i = 0; i < n; i++) x[i] = (int) v[i];
            out = new byte[ic.maxEncodedBytes(n)];
            len = ic.encode(x, 0, n, out, 0);
        } else {
            LongCodec lc = (LongCodec) c;
            out = new byte[lc.maxEncodedBytes(n)];
            len = lc.encode(v, 0, n, out, 0);
        }
        return Arrays.copyOf(out, len); // exact length: vector code must not read past the array
    }

    /** A {@link PageFuzz} byte mutation, or (two times in five) a little-endian field overwritten with a boundary value. */
    static byte[] mutate(byte[] page, SplittableRandom r) {
        if (r.nextInt(5) >= 2 || page.length == 0) return PageFuzz.mutateBytes(page, r, 32);
        byte[] b = page.clone();
        int size = new int[] {1, 2, 4, 8}[r.nextInt(4)];
        int pos = r.nextBoolean() ? r.nextInt(Math.min(b.length, 64)) : r.nextInt(b.length);
        long v = switch (r.nextInt(8)) {
            case 0 -> 0;
            case 1 -> 1;
            case 2 -> -1;
            case 3 -> Integer.MAX_VALUE;
            case 4 -> Integer.MIN_VALUE;
            case 5 -> b.length + r.nextInt(5) - 2;
            case 6 -> (1L << r.nextInt(20)) + r.nextInt(3) - 1;
            default -> r.nextLong();
        };
        byte[] le = new byte[8];
        Bytes.putLong(le, 0, v);
        System.arraycopy(le, 0, b, pos, Math.min(size, b.length - pos));
        return b;
    }
}
