package io.lanes.workbench.codec;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The fuzz harness every codec family's fuzz test shares (lifted from the Parquet decoders' fuzz
 * test): what a decoder may do with a mutated page, the byte-level mutations every format gets, and
 * how many cases to run. A decoder may only throw {@link CorruptDataException}, or complain that the
 * page exceeds the caller's buffer (an IllegalArgumentException for a count over its length,
 * {@link ByteArrays.LimitExceeded}), or decode: then it returns the page's own count and writes
 * nothing outside its range. Cases per decoder: {@code -Dwb.fuzz.cases=N}, unlimited; the seed:
 * {@code -Dwb.fuzz.seed=S}.
 */
public final class PageFuzz {
    /** Seed of every fuzz test's random choices. */
    public static final long SEED = Long.getLong("wb.fuzz.seed", 20_261_130L);
    /** Written around a decoder's output to catch writes outside its range. */
    public static final int SENTINEL = 0x5EED5EED;

    private PageFuzz() {
    }

    /** Cases per decoder: {@code -Dwb.fuzz.cases} if set, else enough for {@code total} over all decoders. */
    public static int casesPerDecoder(int decoders, int total) {
        Integer set = Integer.getInteger("wb.fuzz.cases");
        return set != null ? set : (total + decoders - 1) / decoders;
    }

    /** Checks one mutated page against a decoder. */
    public interface Target {
        void check(byte[] page, String what);
    }

    /** A target decoding into one reused output of 65,536 values (plus sentinels), as in a column chunk. */
    public static Target target(Codec c) {
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

    /** Supplies a page's value count. */
    public interface Count {
        int get();
    }

    /** An IllegalArgumentException is allowed only as "the page's count exceeds the buffer". */
    public static void assertBufferComplaint(Count count, int cap, Codec c, String what, IllegalArgumentException e) {
        int n;
        try {
            n = count.get();
        } catch (CorruptDataException ce) {
            fail(c.name() + " " + what + ": decode threw " + e + " but decodedLength rejects the page: " + ce);
            return;
        }
        assertTrue(n > cap, () -> c.name() + " " + what + ": IllegalArgumentException for a page of " + n + " values: " + e);
    }

    /**
     * One byte-level mutation of a copy of {@code page}: 1-3 bit flips (three in four within the first
     * {@code headerBytes}), a truncation, a run of up to 8 random bytes anywhere, or one byte set to an
     * extreme.
     */
    public static byte[] mutateBytes(byte[] page, SplittableRandom r, int headerBytes) {
        byte[] b = page.clone();
        switch (r.nextInt(4)) {
            case 0 -> {
                for (int k = 1 + r.nextInt(3); k > 0 && b.length > 0; k--) {
                    int pos = r.nextInt(4) > 0 ? r.nextInt(Math.min(b.length, headerBytes)) : r.nextInt(b.length);
                    b[pos] ^= (byte) (1 << r.nextInt(8));
                }
            }
            case 1 -> {
                return Arrays.copyOf(b, b.length == 0 ? 0 : r.nextInt(b.length));
            }
            case 2 -> {
                if (b.length > 0) {
                    int pos = r.nextInt(b.length);
                    for (int k = pos; k < Math.min(b.length, pos + 1 + r.nextInt(8)); k++) b[k] = (byte) r.nextInt();
                }
            }
            default -> {
                if (b.length > 0) b[r.nextInt(b.length)] = (byte) new int[] {0, 0xFF, 0x80, 0x7F, 0x21, 0x41}[r.nextInt(6)];
            }
        }
        return b;
    }
}
