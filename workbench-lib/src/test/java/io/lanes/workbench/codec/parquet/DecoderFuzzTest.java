package io.lanes.workbench.codec.parquet;

import io.lanes.workbench.codec.ByteArrayCodec;
import io.lanes.workbench.codec.ByteArrays;
import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.CodecRegistry;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.LongCodec;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Fuzzes every decoder of this issue (Parquet encodings and general-purpose baselines; not the
 * peers) with mutated valid pages: bit flips (biased to the headers), truncations, overwritten
 * varint length fields and random byte runs. A decoder may only throw
 * {@link CorruptDataException}, or complain that the page exceeds the caller's buffer
 * (IllegalArgumentException for a count over its length, {@link ByteArrays.LimitExceeded}), or decode: then it returns the page's own count and writes nothing
 * outside its range. Cases: {@code -Dwb.fuzz.cases=N} per decoder; by default enough for 100,000+
 * in all. A hang fails the test by its timeout.
 */
class DecoderFuzzTest {
    static final int DEFAULT_TOTAL = 120_000;
    static final long SEED = Long.getLong("wb.fuzz.seed", 20_261_130L);
    static final int SENTINEL = 0x5EED5EED;

    static List<Codec> ours() {
        List<Codec> l = new ArrayList<>();
        for (Codec c : CodecRegistry.all()) {
            String n = c.name();
            if (n.startsWith("parquet.") || n.startsWith("zstd") || n.startsWith("lz4") || n.startsWith("bss")) l.add(c);
        }
        return l;
    }

    static int casesPerDecoder(int decoders) {
        Integer set = Integer.getInteger("wb.fuzz.cases");
        return set != null ? set : (DEFAULT_TOTAL + decoders - 1) / decoders;
    }

    @TestFactory
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    Stream<DynamicTest> mutatedPagesFailCleanlyOrDecode() {
        List<Codec> codecs = ours();
        int cases = casesPerDecoder(codecs.size());
        List<DynamicTest> tests = new ArrayList<>();
        long[] total = {0};
        for (Codec c : codecs) {
            tests.add(DynamicTest.dynamicTest(c.name(), () -> {
                SplittableRandom r = new SplittableRandom(SEED ^ c.name().hashCode());
                List<byte[]> pages = validPages(c, r);
                Target t = target(c);
                for (int i = 0; i < cases; i++) {
                    byte[] page = pages.get(r.nextInt(pages.size()));
                    byte[] bad = mutate(page, r);
                    t.check(bad, "case " + i + " of seed " + SEED);
                }
                total[0] += cases;
            }));
        }
        tests.add(DynamicTest.dynamicTest("total cases", () -> assertTrue(total[0] >= Math.min(100_000, (long) cases * codecs.size()),
                "ran " + total[0] + " fuzz cases")));
        return tests.stream();
    }

    /** Pages of a few shapes: narrow, wide, sorted, runs; lengths around block edges. */
    static List<byte[]> validPages(Codec c, SplittableRandom r) {
        List<byte[]> pages = new ArrayList<>();
        for (int n : new int[] {0, 1, 9, 130, 1000, 2049}) {
            for (int shape = 0; shape < 4; shape++) {
                long[] v = new long[n];
                long acc = r.nextLong();
                for (int i = 0; i < n; i++) {
                    v[i] = switch (shape) {
                        case 0 -> r.nextInt(16);
                        case 1 -> r.nextLong();
                        case 2 -> acc += r.nextInt(100);
                        default -> (i / 37) % 3;
                    };
                }
                pages.add(encode(c, v, r));
            }
        }
        return pages;
    }

    static byte[] encode(Codec c, long[] v, SplittableRandom r) {
        int n = v.length;
        byte[] out;
        int len;
        if (c instanceof IntCodec ic) {
            int[] x = new int[n];
            for (int i = 0; i < n; i++) x[i] = (int) v[i];
            out = new byte[ic.maxEncodedBytes(n)];
            len = ic.encode(x, 0, n, out, 0);
        } else if (c instanceof LongCodec lc) {
            out = new byte[lc.maxEncodedBytes(n)];
            len = lc.encode(v, 0, n, out, 0);
        } else {
            ByteArrayCodec bc = (ByteArrayCodec) c;
            ByteArrays b = new ByteArrays();
            for (long x : v) {
                byte[] s = Long.toString(x & 0xFFFFFFL, 7 + r.nextInt(20)).getBytes();
                b.add(s, 0, s.length);
            }
            out = new byte[bc.maxEncodedBytes(n, b.bytes())];
            len = bc.encode(b, 0, n, out, 0);
        }
        return Arrays.copyOf(out, len);
    }

    static byte[] mutate(byte[] page, SplittableRandom r) {
        byte[] b = page.clone();
        switch (r.nextInt(5)) {
            case 0 -> { // bit flips, mostly in the header
                for (int k = 1 + r.nextInt(3); k > 0 && b.length > 0; k--) {
                    int pos = r.nextInt(4) > 0 ? r.nextInt(Math.min(b.length, 24)) : r.nextInt(b.length);
                    b[pos] ^= (byte) (1 << r.nextInt(8));
                }
            }
            case 1 -> { // truncation
                return Arrays.copyOf(b, b.length == 0 ? 0 : r.nextInt(b.length));
            }
            case 2 -> { // a header varint overwritten with a large or boundary value
                if (b.length > 0) {
                    int pos = r.nextInt(Math.min(b.length, 12));
                    long v = switch (r.nextInt(4)) {
                        case 0 -> r.nextLong() >>> r.nextInt(64);
                        case 1 -> 0;
                        case 2 -> Integer.MAX_VALUE;
                        default -> (1L << r.nextInt(40)) + r.nextInt(3) - 1;
                    };
                    byte[] enc = new byte[10];
                    int l = Leb128.write(v, enc, 0);
                    System.arraycopy(enc, 0, b, pos, Math.min(l, b.length - pos));
                }
            }
            case 3 -> { // a run of random bytes anywhere
                if (b.length > 0) {
                    int pos = r.nextInt(b.length);
                    for (int k = pos; k < Math.min(b.length, pos + 1 + r.nextInt(8)); k++) b[k] = (byte) r.nextInt();
                }
            }
            default -> { // a single byte set to an extreme
                if (b.length > 0) b[r.nextInt(b.length)] = (byte) new int[] {0, 0xFF, 0x80, 0x7F, 0x21, 0x41}[r.nextInt(6)];
            }
        }
        return b;
    }

    interface Target {
        void check(byte[] page, String what);
    }

    static Target target(Codec c) {
        int cap = 1 << 16;
        if (c instanceof IntCodec ic) {
            int[] out = new int[cap + 2];
            return (page, what) -> {
                Arrays.fill(out, SENTINEL);
                int n;
                try {
                    n = ic.decode(page, 0, page.length, out, 1);
                } catch (CorruptDataException expected) {
                    return;
                } catch (IllegalArgumentException e) {
                    assertBufferComplaint(() -> ic.decodedLength(page, 0, page.length), cap, c, what, e);
                    return;
                } catch (RuntimeException e) {
                    throw new AssertionError(c.name() + " " + what + ": " + e, e);
                }
                assertEquals(ic.decodedLength(page, 0, page.length), n, c.name() + " " + what + ": returned count");
                assertEquals(SENTINEL, out[0], c.name() + " " + what + ": wrote before its offset");
                assertEquals(SENTINEL, out[n + 1], c.name() + " " + what + ": wrote past its count");
            };
        }
        if (c instanceof LongCodec lc) {
            long[] out = new long[cap + 2];
            return (page, what) -> {
                Arrays.fill(out, SENTINEL);
                int n;
                try {
                    n = lc.decode(page, 0, page.length, out, 1);
                } catch (CorruptDataException expected) {
                    return;
                } catch (IllegalArgumentException e) {
                    assertBufferComplaint(() -> lc.decodedLength(page, 0, page.length), cap, c, what, e);
                    return;
                } catch (RuntimeException e) {
                    throw new AssertionError(c.name() + " " + what + ": " + e, e);
                }
                assertEquals(lc.decodedLength(page, 0, page.length), n, c.name() + " " + what + ": returned count");
                assertEquals(SENTINEL, out[0], c.name() + " " + what + ": wrote before its offset");
                assertEquals(SENTINEL, out[n + 1], c.name() + " " + what + ": wrote past its count");
            };
        }
        ByteArrayCodec bc = (ByteArrayCodec) c;
        ByteArrayCodec.Decoder d = bc.newDecoder(); // one decoder for every page, as in a column chunk
        ByteArrays out = new ByteArrays(cap, 64 << 20);
        return (page, what) -> {
            out.clear();
            int n;
            try {
                n = d.decode(page, 0, page.length, out);
            } catch (CorruptDataException | ByteArrays.LimitExceeded expected) {
                // a DELTA_BYTE_ARRAY page may legitimately expand past the output's limits
                return;
            } catch (RuntimeException e) {
                throw new AssertionError(c.name() + " " + what + ": " + e, e);
            }
            assertEquals(bc.decodedLength(page, 0, page.length), n, c.name() + " " + what + ": returned count");
            assertEquals(n, out.count(), c.name() + " " + what + ": values appended");
            assertTrue(out.bytes() >= 0 && out.bytes() <= out.data().length, c.name() + " " + what + ": arena");
        };
    }

    interface Count {
        int get();
    }

    /** An IllegalArgumentException is allowed only as "the page's count exceeds the buffer". */
    static void assertBufferComplaint(Count count, int cap, Codec c, String what, IllegalArgumentException e) {
        int n;
        try {
            n = count.get();
        } catch (CorruptDataException ce) {
            fail(c.name() + " " + what + ": decode threw " + e + " but decodedLength rejects the page: " + ce);
            return;
        }
        assertTrue(n > cap, () -> c.name() + " " + what + ": IllegalArgumentException for a page of " + n + " values: " + e);
    }
}
