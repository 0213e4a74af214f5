package io.lanes.workbench.codec.peer;

import io.lanes.workbench.check.FuzzReport;
import io.lanes.workbench.check.Fuzzer;
import io.lanes.workbench.check.Tally;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.LongCodec;
import io.lanes.workbench.codec.registry.CodecRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The ORC RLE v2 peers: round trips on data that makes ORC's writer pick each sub-encoding, the
 * run walk's tally of those choices, and pages the walk must reject before ORC reads them.
 */
class OrcRleV2Test {
    private static final IntCodec SIGNED = (IntCodec) CodecRegistry.get("peer.orc.rlev2");
    private static final IntCodec UNSIGNED = (IntCodec) CodecRegistry.get("peer.orc.rlev2.unsigned");
    private static final LongCodec WIDE = (LongCodec) CodecRegistry.get("peer.orc.rlev2.64");

    @TempDir
    Path tmp;

    private static byte[] page(IntCodec c, int[] v) {
        byte[] out = new byte[c.maxEncodedBytes(v.length)];
        return Arrays.copyOf(out, c.encode(v, 0, v.length, out, 0));
    }

    private static int[] roundTrip(IntCodec c, int[] v) {
        byte[] p = page(c, v);
        assertEquals(v.length, c.decodedLength(p, 0, p.length));
        int[] back = new int[v.length + 5];
        Arrays.fill(back, 0x5A5A5A5A);
        assertEquals(v.length, c.decode(p, 0, p.length, back, 3));
        assertArrayEquals(v, Arrays.copyOfRange(back, 3, 3 + v.length), c.name());
        assertEquals(0x5A5A5A5A, back[2]);
        assertEquals(0x5A5A5A5A, back[3 + v.length]);
        return v;
    }

    private static Map<String, Long> mix(IntCodec c, int[] v) {
        byte[] p = page(c, v);
        Map<String, Long> d = c.encodingDetail(p, 0, p.length);
        assertEquals(List.of("short_repeat.runs", "short_repeat.values", "direct.runs", "direct.values", "patched_base.runs",
                "patched_base.values", "delta.runs", "delta.values"), List.copyOf(d.keySet()));
        assertEquals(v.length, d.get("short_repeat.values") + d.get("direct.values") + d.get("patched_base.values") + d.get("delta.values"), d.toString());
        return d;
    }

    /** Runs of 5 to 9 equal values: ORC writes each as a SHORT_REPEAT run. */
    private static int[] repeats(int n, SplittableRandom r) {
        int[] v = new int[n];
        for (int i = 0; i < n; ) {
            int x = r.nextInt(-1000, 1000), len = r.nextInt(5, 10);
            for (int k = 0; k < len && i < n; k++) v[i++] = x;
        }
        return v;
    }

    /** Small values with one in 50 a 30-bit outlier: ORC patches the outliers (PATCHED_BASE). */
    private static int[] outliers(int n, SplittableRandom r) {
        int[] v = new int[n];
        for (int i = 0; i < n; i++) v[i] = i % 50 == 7 ? (1 << 29) + r.nextInt(1 << 29) : r.nextInt(16);
        return v;
    }

    /** Strictly increasing with varying gaps: ORC delta-encodes it (DELTA). */
    private static int[] sorted(int n, SplittableRandom r) {
        int[] v = new int[n];
        for (int i = 1; i < n; i++) v[i] = v[i - 1] + 1 + r.nextInt(100);
        return v;
    }

    @Test
    void int32RoundTripsEveryShapeAndTheMixSeesTheSubEncodingOrcChose() {
        SplittableRandom r = new SplittableRandom(30);
        Map<String, Long> sr = mix(SIGNED, roundTrip(SIGNED, repeats(5000, r)));
        assertTrue(sr.get("short_repeat.runs") > 500, sr.toString());
        Map<String, Long> pb = mix(SIGNED, roundTrip(SIGNED, outliers(5000, r)));
        assertTrue(pb.get("patched_base.runs") > 0 && pb.get("patched_base.values") > 4000, pb.toString());
        Map<String, Long> delta = mix(SIGNED, roundTrip(SIGNED, sorted(5000, r)));
        assertTrue(delta.get("delta.values") == 5000, delta.toString());
        int[] random = r.ints(5000).toArray();
        Map<String, Long> direct = mix(SIGNED, roundTrip(SIGNED, random));
        assertEquals(5000, direct.get("direct.values"), direct.toString());
        // the unsigned arm sees the same choices on non-negative data
        assertTrue(mix(UNSIGNED, roundTrip(UNSIGNED, outliers(5000, r))).get("patched_base.runs") > 0);
    }

    @Test
    void int32EdgeValuesAndLengthsRoundTrip() {
        int[] edges = {Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 0, 1, Integer.MIN_VALUE, Integer.MIN_VALUE, Integer.MIN_VALUE, Integer.MAX_VALUE};
        for (IntCodec c : List.of(SIGNED, UNSIGNED)) {
            roundTrip(c, edges);
            for (int n : new int[] {0, 1, 2, 3, 4, 10, 11, 511, 512, 513, 1023, 1024, 1025, 4099}) roundTrip(c, new SplittableRandom(n).ints(n, -5, 5).toArray());
        }
        // negatives cost the unsigned arm 32 bits each, and still round-trip
        int[] negative = new SplittableRandom(1).ints(4096, -100, 0).toArray();
        roundTrip(UNSIGNED, negative);
        assertTrue(page(UNSIGNED, negative).length > 4 * 4096 - 64);
        assertTrue(page(SIGNED, negative).length < 4096 + 64);
    }

    @Test
    void int64RoundTripsExtremesDeltasAndOutliers() {
        SplittableRandom r = new SplittableRandom(64);
        long[][] cases = {
                {},
                {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1, Long.MIN_VALUE, Long.MIN_VALUE, Long.MIN_VALUE, Long.MAX_VALUE, 1},
                r.longs(3000).toArray(),
                Arrays.stream(sorted(3000, r)).asLongStream().map(x -> x * 1_000_000_007L - (1L << 60)).toArray(),
                Arrays.stream(outliers(3000, r)).asLongStream().map(x -> x > 16 ? x << 30 : x).toArray(),
        };
        for (long[] v : cases) {
            byte[] out = new byte[WIDE.maxEncodedBytes(v.length)];
            int len = WIDE.encode(v, 0, v.length, out, 0);
            long[] back = new long[v.length + 2];
            assertEquals(v.length, WIDE.decode(out, 0, len, back, 1));
            assertArrayEquals(v, Arrays.copyOfRange(back, 1, 1 + v.length));
        }
        long[] patched = cases[4];
        byte[] out = new byte[WIDE.maxEncodedBytes(patched.length)];
        int len = WIDE.encode(patched, 0, patched.length, out, 0);
        assertTrue(WIDE.encodingDetail(out, 0, len).get("patched_base.runs") > 0);
    }

    /** The walk on ORC's own pages of every shape: it accounts for every value, and a page one byte short fails it. */
    @Test
    void theWalkCountsEveryValueOfEveryPageAndNothingMore() {
        SplittableRandom r = new SplittableRandom(7);
        for (int t = 0; t < 200; t++) {
            int n = r.nextInt(1, 3000);
            int[] v = switch (t % 4) {
                case 0 -> repeats(n, r);
                case 1 -> outliers(n, r);
                case 2 -> sorted(n, r);
                default -> r.ints(n, -r.nextInt(1, 1 << 20), 1 << 20).toArray();
            };
            byte[] p = page(SIGNED, v);
            Map<String, Long> d = mix(SIGNED, v);
            long runs = d.get("short_repeat.runs") + d.get("direct.runs") + d.get("patched_base.runs") + d.get("delta.runs");
            assertTrue(runs >= (n + 511) / 512, d.toString());
            // one byte fewer no longer holds the runs
            assertThrows(CorruptDataException.class, () -> SIGNED.decode(p, 0, p.length - 1, new int[n], 0));
        }
    }

    private static CorruptDataException rejects(IntCodec c, String hex) {
        byte[] p = HexFormat.ofDelimiter(" ").parseHex(hex);
        return assertThrows(CorruptDataException.class, () -> c.decode(p, 0, p.length, new int[1 << 16], 0), hex);
    }

    @Test
    void corruptPagesAreRejectedNamingTheField() {
        assertEquals("peer.orc.rlev2 value count", rejects(SIGNED, "ff ff ff ff").field());
        // 2^20 values in 4 bytes of runs: more than any 4 bytes hold
        assertEquals("peer.orc.rlev2 value count", rejects(SIGNED, "00 00 10 00 c0 00 00 00").field());
        // a SHORT_REPEAT of 3 values (1 value byte) and a page that says 4
        assertEquals("peer.orc.rlev2 value count", rejects(SIGNED, "04 00 00 00 00 02").field());
        // ... that says 2: the run holds more than the page
        assertEquals("peer.orc.rlev2 value count", rejects(SIGNED, "02 00 00 00 00 02").field());
        // a stray byte after the run starts another one, cut short
        assertEquals("peer.orc.rlev2 short-repeat value", rejects(SIGNED, "03 00 00 00 00 02 00").field());
        // DIRECT, 8 values of 8 bits, 7 bytes present
        assertEquals("peer.orc.rlev2 direct values", rejects(SIGNED, "08 00 00 00 4e 07 01 02 03 04 05 06 07").field());
        // PATCHED_BASE of 4 values with a patch list of length 0 (ORC would read past its empty array)
        assertEquals("peer.orc.rlev2 patch list length", rejects(SIGNED, "04 00 00 00 86 03 00 00 00 00").field());
        // PATCHED_BASE whose patch width (64) and gap width (8) exceed a long
        assertEquals("peer.orc.rlev2 patch width", rejects(SIGNED, "04 00 00 00 86 03 1f e1 00 00").field());
        // DELTA of packed deltas (width code 1) holding one value
        assertEquals("peer.orc.rlev2 delta run length", rejects(SIGNED, "01 00 00 00 c2 00 00 02").field());
        // DELTA whose first value is an 11-byte varint
        assertEquals("peer.orc.rlev2 delta first value", rejects(SIGNED, "02 00 00 00 c0 01 80 80 80 80 80 80 80 80 80 80 00 00").field());
        // a SHORT_REPEAT of an 8-byte value in an int32 page: ORC reads it, the adapter refuses the value
        assertEquals("peer.orc.rlev2 value", rejects(SIGNED, "03 00 00 00 38 7f ff ff ff ff ff ff fe").field());
        assertEquals("peer.orc.rlev2.unsigned value", rejects(UNSIGNED, "03 00 00 00 20 01 00 00 00 00").field());
    }

    @Test
    void libraryExceptionsNameThePeer() {
        // PATCHED_BASE of 4 values at 1 bit whose one patch entry says "gap 255, patch 0": ORC reads
        // a next entry the list does not have; the header walk cannot see it (it is packed data)
        CorruptDataException e = rejects(SIGNED, "04 00 00 00 80 03 00 e1 00 00 ff 00");
        assertEquals("peer.orc.rlev2 runs", e.field());
        assertTrue(e.getMessage().contains("the peer library threw"), e.getMessage());
    }

    /** The version the descriptions name is the jar the adapter runs. */
    @Test
    void theNamedLibraryIsTheOneOnTheClassPath() {
        String jar = org.apache.orc.impl.RunLengthIntegerReaderV2.class.getProtectionDomain().getCodeSource().getLocation().getPath();
        assertTrue(jar.endsWith("orc-core-2.2.1-nohive.jar"), jar);
        for (var c : List.of(SIGNED, WIDE, UNSIGNED)) assertTrue(c.description().contains(OrcRleV2.LIBRARY + "'s"), c.description());
    }

    @Test
    void fuzzedPagesEndInValuesOrARejectionNeverAHangOrAStrayWrite() {
        List<io.lanes.workbench.codec.Codec> arms = List.of(SIGNED, WIDE, UNSIGNED);
        FuzzReport r = Fuzzer.run(arms, new Fuzzer.Settings(30, 2000, Duration.ofMinutes(5), Duration.ofSeconds(5), tmp), line -> { });
        String text = String.join("\n", r.lines());
        for (Tally t : r.tallies()) {
            assertTrue(t.pages() >= 2000, text);
            assertEquals(0, t.defects(), text);
        }
    }
}
