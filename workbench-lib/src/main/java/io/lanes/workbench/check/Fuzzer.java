package io.lanes.workbench.check;

import io.lanes.workbench.codec.Codec;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * The fuzz engine for codecs: for each codec, the valid pages it encodes from {@link Inputs} must
 * decode, then {@code pages} mutations of them ({@link Mutator}) are decoded one by one under the
 * {@link Watchdog} and judged by the codec contract ({@link Subject}): clean rejections counted by
 * exception type; undocumented exceptions, hangs, allocations above the bound, trailing bytes
 * accepted, {@code decodedLength} above {@link Codec#maxDecodedLength(int)} and output-contract
 * breaches are defects, each with a reproducer file. Any {@link Codec} works, built-in or a user's.
 *
 * <p>Deterministic: a codec's pages follow from the seed and the codec's name alone, so a finding
 * reproduces with the same seed whatever other codecs are fuzzed alongside. Each run has its own
 * worker thread and tallies, so runs on different threads do not interfere, except through a
 * reproducer folder they share.
 */
public final class Fuzzer {
    /** Time allowed to a codec's first decode, which may build or load code (the {@code native.*} arms compile C). */
    static final Duration FIRST_DECODE_LIMIT = Duration.ofMinutes(5);
    /** Allocation allowed to one decode beyond what its page and decoded values account for. */
    static final long ALLOCATION_SLACK = 64L << 20;

    /**
     * @param seed        the seed every codec's random choices derive from
     * @param pages       mutated pages per codec
     * @param total       time for the whole run, shared out evenly among the codecs not yet run
     * @param decodeLimit a decode taking longer is a hang
     * @param out         folder for reproducer files (created on the first failure)
     */
    public record Settings(long seed, int pages, Duration total, Duration decodeLimit, Path out) {
        public Settings {
            if (pages < 0) throw new IllegalArgumentException("--pages " + pages + " is negative");
            if (total.isNegative() || total.isZero()) throw new IllegalArgumentException("time limit " + total + " is not positive");
        }
    }

    private Fuzzer() {
    }

    /**
     * Fuzzes every codec in order; {@code progress} gets one line per codec as it finishes.
     *
     * @return the per-codec tallies; the report says whether any non-peer codec has a defect
     */
    public static FuzzReport run(List<? extends Codec> codecs, Settings s, Consumer<String> progress) {
        long start = System.nanoTime();
        long deadline = start + s.total().toNanos();
        Reproducers repro = new Reproducers(s.out());
        List<Tally> tallies = new ArrayList<>();
        try (Watchdog dog = new Watchdog(s.decodeLimit())) {
            for (int i = 0; i < codecs.size(); i++) {
                long now = System.nanoTime();
                long share = (deadline - now) / (codecs.size() - i);
                Tally t = fuzz(codecs.get(i), s, now + Math.max(0, share), dog, repro);
                tallies.add(t);
                progress.accept(String.format("%-42s %8d pages %6d defects %7.1f s%s", t.codec(), t.pages(), t.defects(), (System.nanoTime() - now) / 1e9,
                        t.note().isEmpty() ? "" : "  (" + t.note() + ")"));
            }
            return new FuzzReport("fuzz", "pages", FuzzReport.CODEC_DEFECTS, tallies, Duration.ofNanos(System.nanoTime() - start), repro.total(), repro.dir(), dog.abandoned());
        }
    }

    /** One codec: its own pages, then the mutations, until the page budget or its time share runs out. */
    static Tally fuzz(Codec c, Settings s, long deadline, Watchdog dog, Reproducers repro) {
        Tally t = new Tally(c.name(), c.name().startsWith("peer."));
        SplittableRandom r = new SplittableRandom(s.seed() * 0x9E3779B97F4A7C15L ^ c.name().hashCode());
        Subject sub = Subject.of(c);
        List<byte[]> own = sub.seeds(r.split());
        for (int i = 0; i < own.size(); i++) {
            byte[] page = own.get(i);
            Watchdog.Run<Outcome> run = i == 0 ? dog.run(() -> sub.decode(page), FIRST_DECODE_LIMIT) : dog.run(() -> sub.decode(page));
            // the first decode may build code and fill scratch buffers: its allocation is not the decoder's
            Outcome o = i == 0 && !run.hung() && run.error() == null ? run.result() : judge(run, allowance(c, page.length), page.length, false);
            if (o.verdict() != Outcome.Verdict.DECODED && !o.verdict().defect()) o = Outcome.defect(Outcome.Verdict.OWN_PAGE, o.verdict().label() + " " + o.detail());
            record(t, o, c, page, "its own page " + i + " of " + page.length + " bytes", s, repro);
            if (o.verdict() == Outcome.Verdict.HANG) return stop(t);
        }
        List<byte[]> seeds = own;
        if (own.isEmpty()) {
            t.note("its encoder took none of the inputs: mutations of an empty page only");
            seeds = List.of(new byte[0]);
        }
        int mutated = 0;
        for (; mutated < s.pages() && System.nanoTime() < deadline; mutated++) {
            Mutator.Mutant m = Mutator.mutate(seeds.get(r.nextInt(seeds.size())), seeds.get(r.nextInt(seeds.size())), r);
            Outcome o = judge(dog.run(() -> sub.decode(m.page())), allowance(c, m.page().length), m.page().length, m.kind() == Mutator.Kind.EXTEND);
            record(t, o, c, m.page(), "mutated page " + mutated + ": " + m.kind() + " " + m.what(), s, repro);
            if (o.verdict() == Outcome.Verdict.HANG) return stop(t);
        }
        if (mutated < s.pages()) t.note("time share ran out after " + mutated + " mutated pages");
        return t;
    }

    /** A hung decode still owns the subject's buffers: this codec is fuzzed no further. */
    private static Tally stop(Tally t) {
        t.note("stopped after a hang: its decode thread may still run");
        return t;
    }

    /**
     * The verdict on one watched decode: a hang, an error or an allocation above the bound first,
     * then the subject's own; a decoded page that is a valid one with bytes appended ({@code extended})
     * is trailing bytes accepted. {@code allowed}: the allocation bound, for an input of {@code bytes} bytes.
     */
    static Outcome judge(Watchdog.Run<Outcome> run, long allowed, int bytes, boolean extended) {
        if (run.hung()) return Outcome.defect(Outcome.Verdict.HANG, "decode ran longer than the limit");
        if (run.error() instanceof OutOfMemoryError e) return Outcome.defect(Outcome.Verdict.OVERSIZED, "OutOfMemoryError: " + e.getMessage());
        if (run.error() != null) return Outcome.defect(Outcome.Verdict.UNDOCUMENTED, run.error().toString());
        if (run.allocated() > allowed) {
            return Outcome.defect(Outcome.Verdict.OVERSIZED, "allocated " + run.allocated() + " bytes, the bound for an input of " + bytes + " bytes is " + allowed);
        }
        Outcome o = run.result();
        if (extended && o.verdict() == Outcome.Verdict.DECODED) {
            return Outcome.defect(Outcome.Verdict.TRAILING, "decoded a valid page with bytes appended");
        }
        return o;
    }

    /**
     * What one decode may allocate: {@link #ALLOCATION_SLACK} plus 16 bytes per page byte plus the
     * values the page may hold (a decoder may size scratch from its validated count; the fuzz
     * buffer caps that count).
     */
    static long allowance(Codec c, int pageBytes) {
        long values = Math.min(Math.max(0, c.maxDecodedLength(pageBytes)), Subject.CAPACITY + 1L);
        return ALLOCATION_SLACK + 16L * pageBytes + values * Math.max(1, c.valueBits() / 8);
    }

    /** Counts the outcome and writes a reproducer for a defect. */
    private static void record(Tally t, Outcome o, Codec c, byte[] page, String what, Settings s, Reproducers repro) {
        t.add(o, what, page);
        if (o.verdict().defect()) {
            repro.write(c.name(), o.verdict().name().toLowerCase(Locale.ROOT), page,
                    "codec=" + c.name() + " seed=" + s.seed() + " " + what + " -> " + o.verdict().label() + ": " + o.detail());
        }
    }
}
