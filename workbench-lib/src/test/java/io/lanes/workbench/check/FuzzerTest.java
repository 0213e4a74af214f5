package io.lanes.workbench.check;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.registry.CodecRegistry;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.PlainCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The fuzz engine: every codec of the project's own passes a small fixed-seed budget (the CI share
 * of {@code ./workbench fuzz --codec '*'}), and each defect the engine claims to catch is caught
 * in a codec built to have it.
 */
class FuzzerTest {
    /** Mutated pages per codec in CI: seconds in all; the full budget is the README's command. */
    static final int CI_PAGES = Integer.getInteger("wb.fuzz.pages", 200);
    static final long CI_SEED = Long.getLong("wb.fuzz.seed", 20_261_201L);

    @TempDir
    Path out;

    private Fuzzer.Settings settings(int pages, Duration hang) {
        return new Fuzzer.Settings(CI_SEED, pages, Duration.ofMinutes(10), hang, out);
    }

    @Test
    void everyOwnCodecIsCleanOnTheCiBudget() {
        List<Codec> own = CodecRegistry.all().stream().filter(c -> !c.name().startsWith("peer.")).toList();
        FuzzReport r = Fuzzer.run(own, settings(CI_PAGES, Duration.ofSeconds(5)), line -> { });
        String text = String.join("\n", r.lines());
        assertTrue(r.clean(), text);
        for (Tally t : r.tallies()) assertTrue(t.pages() >= CI_PAGES, t.codec() + " ran " + t.pages() + " pages\n" + text);
        assertEquals(0, r.reproducers(), text);
    }

    /**
     * The peers' adapters check every page before the peer library reads it, so a fuzzed page is
     * refused by name or decoded within the contract: the peers are fuzzed with the others, and a
     * finding would be listed as the peer's.
     */
    @Test
    void everyPeerAdapterIsCleanOnTheCiBudget() {
        List<Codec> peers = CodecRegistry.all().stream().filter(c -> c.name().startsWith("peer.")).toList();
        assertTrue(peers.stream().anyMatch(c -> c.name().startsWith("peer.lucene.")) && peers.stream().anyMatch(c -> c.name().startsWith("peer.orc.")));
        FuzzReport r = Fuzzer.run(peers, settings(CI_PAGES, Duration.ofSeconds(5)), line -> { });
        String text = String.join("\n", r.lines());
        assertTrue(r.clean(), text);
        for (Tally t : r.tallies()) assertTrue(t.pages() >= CI_PAGES && t.peer(), t.codec() + " ran " + t.pages() + " pages\n" + text);
    }

    /** What {@link Broken} gets wrong. */
    enum Flaw {
        TRAILING(Outcome.Verdict.TRAILING),
        INDEX_EXCEPTION(Outcome.Verdict.UNDOCUMENTED),
        STRAY_WRITE(Outcome.Verdict.CONTRACT),
        UNWRITTEN_SLOT(Outcome.Verdict.CONTRACT),
        UNBOUNDED_LENGTH(Outcome.Verdict.BOUND),
        SPIN(Outcome.Verdict.HANG),
        HOARD(Outcome.Verdict.OVERSIZED),
        REJECTS_OWN(Outcome.Verdict.OWN_PAGE);

        final Outcome.Verdict caught;

        Flaw(Outcome.Verdict caught) {
            this.caught = caught;
        }
    }

    /** {@code plain} with one flaw, shown on some pages (mostly those whose count's low byte is odd) or on all. */
    record Broken(Flaw flaw) implements IntCodec {
        private static final PlainCodec PLAIN = new PlainCodec();

        @Override
        public String name() {
            return "broken." + flaw.name().toLowerCase(Locale.ROOT);
        }

        @Override
        public int maxEncodedBytes(int n) {
            return PLAIN.maxEncodedBytes(n);
        }

        @Override
        public long maxDecodedLength(int pageBytes) {
            return PLAIN.maxDecodedLength(pageBytes);
        }

        @Override
        public int encode(int[] values, int off, int n, byte[] out, int outOff) {
            return PLAIN.encode(values, off, n, out, outOff);
        }

        @Override
        public int decodedLength(byte[] in, int inOff, int inLen) {
            if (flaw == Flaw.UNBOUNDED_LENGTH && inLen > 0 && in[inOff] == 0) return Integer.MAX_VALUE;
            if (flaw == Flaw.TRAILING && inLen >= 4) {
                int n = Bytes.getInt(in, inOff);
                if (n >= 0 && 4L + 4L * n <= inLen) return n; // the old plain: extra bytes ignored
            }
            return PLAIN.decodedLength(in, inOff, inLen);
        }

        @Override
        public int decode(byte[] in, int inOff, int inLen, int[] out, int outOff) {
            boolean odd = inLen > 0 && (in[inOff] & 1) == 1;
            switch (flaw) {
                case INDEX_EXCEPTION -> {
                    if (odd) throw new ArrayIndexOutOfBoundsException("Index 67 out of bounds for length 67");
                }
                case SPIN -> {
                    if (inLen == 0) while (!Thread.currentThread().isInterrupted()) Thread.onSpinWait();
                }
                case HOARD -> {
                    if (inLen > 0 && in[inOff] == 1) HOARDED[0] = new byte[96 << 20]; // kept reachable, so it is really allocated
                }
                case REJECTS_OWN -> throw new CorruptDataException("everything", 0, "rejects every page");
                default -> { }
            }
            int n = decodedLength(in, inOff, inLen);
            if (flaw == Flaw.UNBOUNDED_LENGTH && n == Integer.MAX_VALUE) throw new CorruptDataException("value count", 0, "too many");
            Bytes.requireOutput(out.length, outOff, n);
            int written = flaw == Flaw.UNWRITTEN_SLOT && odd ? n - 1 : n;
            for (int i = 0; i < written; i++) out[outOff + i] = Bytes.getInt(in, inOff + 4 + 4 * i);
            if (flaw == Flaw.STRAY_WRITE && odd) out[outOff + n] = 0;
            return n;
        }

        private static final byte[][] HOARDED = new byte[1][];
    }

    @ParameterizedTest
    @EnumSource(Flaw.class)
    void eachFlawIsCaughtAndReproduced(Flaw flaw) throws IOException {
        Broken c = new Broken(flaw);
        FuzzReport r = Fuzzer.run(List.of(c), settings(400, Duration.ofMillis(500)), line -> { });
        Tally t = r.tallies().getFirst();
        String text = String.join("\n", r.lines());
        assertTrue(t.count(flaw.caught) > 0, flaw + " not caught as " + flaw.caught + "\n" + text);
        assertFalse(r.clean(), text);
        String kind = c.name() + "." + flaw.caught.name().toLowerCase(Locale.ROOT);
        try (Stream<Path> files = Files.list(out)) {
            List<Path> repro = files.filter(p -> p.getFileName().toString().startsWith(kind)).toList();
            assertTrue(repro.stream().anyMatch(p -> p.toString().endsWith(".bin")), "no reproducer " + kind + " in " + out);
            Path line = repro.stream().filter(p -> p.toString().endsWith(".txt")).findFirst().orElseThrow();
            assertTrue(Files.readString(line).startsWith("codec=" + c.name() + " seed=" + CI_SEED), Files.readString(line));
        }
        assertTrue(r.lines().getLast().startsWith("fuzz: 1 codecs, "), text);
    }

    @Test
    void aPeersDefectsAreListedApartAndDoNotFailTheRun() {
        Broken peer = new Broken(Flaw.TRAILING);
        Codec named = new IntCodec() {
            @Override public String name() { return "peer.test.trailing"; }
            @Override public int maxEncodedBytes(int n) { return peer.maxEncodedBytes(n); }
            @Override public long maxDecodedLength(int pageBytes) { return peer.maxDecodedLength(pageBytes); }
            @Override public int encode(int[] v, int off, int n, byte[] o, int oo) { return peer.encode(v, off, n, o, oo); }
            @Override public int decodedLength(byte[] in, int a, int b) { return peer.decodedLength(in, a, b); }
            @Override public int decode(byte[] in, int a, int b, int[] o, int oo) { return peer.decode(in, a, b, o, oo); }
        };
        FuzzReport r = Fuzzer.run(List.of(new PlainCodec(), named), settings(300, Duration.ofSeconds(2)), line -> { });
        String text = String.join("\n", r.lines());
        assertTrue(r.clean(), text);
        assertTrue(r.tallies().get(1).peer() && r.tallies().get(1).count(Outcome.Verdict.TRAILING) > 0, text);
        assertTrue(text.contains("peer libraries' adapters"), text);
        assertTrue(r.lines().getLast().matches("fuzz: 1 codecs, \\d+ pages, 0 undocumented, 0 hangs, 0 oversized, 0 trailing accepted.*; peers: 1 codecs, .*"), r.lines().getLast());
    }

    @Test
    void aCodecsPagesFollowFromTheSeedAlone() {
        Codec c = CodecRegistry.get("parquet.rle");
        FuzzReport a = Fuzzer.run(List.of(c), settings(300, Duration.ofSeconds(5)), line -> { });
        FuzzReport b = Fuzzer.run(List.of(CodecRegistry.get("plain"), c), settings(300, Duration.ofSeconds(5)), line -> { });
        assertEquals(a.tallies().getFirst().rejections(), b.tallies().get(1).rejections());
        assertEquals(a.tallies().getFirst().count(Outcome.Verdict.DECODED), b.tallies().get(1).count(Outcome.Verdict.DECODED));
    }
}
