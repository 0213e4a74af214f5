package io.lanes.workbench.check;

import io.lanes.workbench.check.ConformanceReport.Check;
import io.lanes.workbench.check.ConformanceReport.Failure;
import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.OutputOrder;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.PlainCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link Conformance} catches what it claims to: each deliberately broken codec below is {@code plain}
 * with one flaw, and the report must fail exactly the checks that flaw breaks, naming the first
 * failing case (length, width, pattern, where) with its reproducer; {@code plain} itself passes.
 */
class ConformanceCatchesTest {
    /** A small fuzz budget: the flaws here show on valid or truncated pages already. */
    static final Conformance.Settings SETTINGS = new Conformance.Settings(7, 100, Duration.ofSeconds(2), Duration.ofSeconds(2));

    /** What {@link Broken} gets wrong. */
    enum Flaw {
        /** The last value of a page whose count is odd comes out one too high. */
        TAIL_OFF_BY_ONE,
        /** Writes a zero in the slot after its values. */
        WRITES_PAST,
        /** decodedLength says one more than the page holds for pages of 1024 values and more. */
        LYING_LENGTH,
        /** decode reads the values without checking the page is long enough: a truncated page throws ArrayIndexOutOfBoundsException. */
        INDEX_EXCEPTION_WHEN_TRUNCATED,
        /** decode allocates a scratch array per call. */
        ALLOCATES,
        /** decode writes from slot 0 whatever the output offset. */
        IGNORES_OFFSET,
        /** Declares TRANSPOSED output but decodes in file order. */
        WRONG_ORDER,
        /** encode overwrites its input with zeros as it goes. */
        CLOBBERS_INPUT
    }

    /** {@code plain} with one flaw. */
    record Broken(Flaw flaw, String name) implements IntCodec {
        private static final PlainCodec PLAIN = new PlainCodec();
        /** Where ALLOCATES keeps its scratch, so the allocation cannot be optimised away. */
        static volatile int[] sink;

        Broken(Flaw flaw) {
            this(flaw, "broken." + flaw.name().toLowerCase(Locale.ROOT));
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
        public OutputOrder outputOrder() {
            return flaw == Flaw.WRONG_ORDER ? OutputOrder.TRANSPOSED : OutputOrder.FLAT;
        }

        @Override
        public int encode(int[] values, int off, int n, byte[] out, int outOff) {
            int bytes = PLAIN.encode(values, off, n, out, outOff);
            if (flaw == Flaw.CLOBBERS_INPUT) java.util.Arrays.fill(values, off, off + n, 0);
            return bytes;
        }

        @Override
        public int decodedLength(byte[] in, int inOff, int inLen) {
            int n = PLAIN.decodedLength(in, inOff, inLen);
            return flaw == Flaw.LYING_LENGTH && n >= 1024 ? n + 1 : n;
        }

        @Override
        public int decode(byte[] in, int inOff, int inLen, int[] out, int outOff) {
            int n = flaw == Flaw.INDEX_EXCEPTION_WHEN_TRUNCATED ? Bytes.getInt(in, inOff) : PLAIN.decodedLength(in, inOff, inLen);
            int at = flaw == Flaw.IGNORES_OFFSET ? 0 : outOff;
            Bytes.requireOutput(out.length, at, n);
            if (flaw == Flaw.ALLOCATES) sink = new int[n + 1];
            for (int i = 0; i < n; i++) out[at + i] = Bytes.getInt(in, inOff + 4 + 4 * i);
            if (flaw == Flaw.TAIL_OFF_BY_ONE && (n & 1) == 1) out[at + n - 1]++;
            if (flaw == Flaw.WRITES_PAST) out[at + n] = 0;
            return n;
        }
    }

    /** Checks the broken codec; asserts it fails exactly {@code expected} and returns the report. */
    private static ConformanceReport failsExactly(Flaw flaw, Check... expected) {
        ConformanceReport r = Conformance.check(new Broken(flaw), SETTINGS);
        Set<Check> failed = EnumSet.noneOf(Check.class);
        r.failed().forEach(f -> failed.add(f.check()));
        assertEquals(EnumSet.copyOf(List.of(expected)), failed, r.toString());
        assertFalse(r.passed(), r.toString());
        for (Check c : expected) {
            assertTrue(r.lines().stream().anyMatch(l -> l.startsWith("  FAIL " + c.label())), r.toString());
            assertTrue(r.result(c).first() != null, r.toString());
        }
        return r;
    }

    private static Failure first(ConformanceReport r, Check c) {
        return r.result(c).first();
    }

    @Test
    void plainPassesEveryCheck() {
        ConformanceReport r = Conformance.check(new PlainCodec(), SETTINGS);
        assertTrue(r.passed(), r.toString());
        assertTrue(r.lines().getFirst().startsWith("plain: conforms, 8 checks, "), r.toString());
        assertTrue(r.result(Check.ROUND_TRIP).cases() > 8000, r.toString());
    }

    @Test
    void anOffByOneInTheTailFailsTheRoundTripAtTheLastValue() {
        ConformanceReport r = failsExactly(Flaw.TAIL_OFF_BY_ONE, Check.ROUND_TRIP);
        Failure f = first(r, Check.ROUND_TRIP);
        assertEquals(1, f.length(), r.toString());
        assertEquals(0, f.width(), r.toString());
        assertEquals("zeros", f.pattern(), r.toString());
        assertEquals("value index 0", f.at(), r.toString());
        assertEquals("decoded 1, encoded 0", f.detail());
        assertEquals("values [0]", f.reproducer());
        assertTrue(r.result(Check.ROUND_TRIP).failures() > 1000, r.toString());
    }

    @Test
    void aDecodeWritingPastItsValuesFailsTheGuards() {
        // the fuzz engine's subject watches the slots after the values too
        ConformanceReport r = failsExactly(Flaw.WRITES_PAST, Check.GUARDS, Check.MUTATED);
        Failure f = first(r, Check.GUARDS);
        assertEquals(0, f.length(), r.toString());
        assertEquals("value index 0", f.at(), r.toString());
        assertEquals("decode wrote past its 0 values", f.detail());
    }

    @Test
    void aDecodedLengthThatLiesIsCaughtAtTheFirstLengthItLiesAbout() {
        // the fuzz engine sees the same lie on the codec's own pages: a count above the page's bound
        ConformanceReport r = failsExactly(Flaw.LYING_LENGTH, Check.DECODED_LENGTH, Check.MUTATED);
        Failure f = first(r, Check.DECODED_LENGTH);
        assertEquals(1024, f.length(), r.toString());
        assertEquals(0, f.width(), r.toString());
        assertEquals("decodedLength says 1025 for a page of 1024 values", f.detail());
        assertTrue(f.reproducer().startsWith("1024 values [0, 0, "), f.reproducer());
        assertTrue(first(r, Check.MUTATED).detail().startsWith("over bound: decodedLength 1025"), r.toString());
    }

    @Test
    void anIndexExceptionOnATruncatedPageFailsTheTruncationAndFuzzChecks() {
        ConformanceReport r = failsExactly(Flaw.INDEX_EXCEPTION_WHEN_TRUNCATED, Check.TRUNCATED, Check.MUTATED);
        Failure f = first(r, Check.TRUNCATED);
        assertTrue(f.detail().startsWith("undocumented: decode threw java.lang.ArrayIndexOutOfBoundsException"), f.detail());
        assertEquals(0, f.width(), r.toString());
        assertEquals("random", f.pattern(), r.toString());
        assertTrue(f.at().matches("cut at byte offset \\d+ of a 10004-byte page"), f.at());
        assertTrue(first(r, Check.MUTATED).detail().startsWith("undocumented: "), r.toString());
    }

    @Test
    void aDecodeAllocatingPerCallFailsTheAllocationCheck() {
        ConformanceReport r = failsExactly(Flaw.ALLOCATES, Check.NO_ALLOCATION);
        Failure f = first(r, Check.NO_ALLOCATION);
        assertEquals(65537, f.length(), r.toString());
        assertEquals(3, r.result(Check.NO_ALLOCATION).failures(), r.toString());
        assertTrue(f.detail().matches("decode allocated 26\\d{4} bytes per call after warm-up .*"), f.detail()); // an int[65538] is 262,168 bytes
        assertTrue(f.reproducer().startsWith("65537 values ["), f.reproducer());
    }

    /** A codec declaring what its decode allocates by design (a measured arm), otherwise {@code inner}. */
    record Declared(IntCodec inner, String allocatesByDesign) implements IntCodec {
        @Override
        public String name() {
            return "declared." + inner.name();
        }

        @Override
        public int maxEncodedBytes(int n) {
            return inner.maxEncodedBytes(n);
        }

        @Override
        public long maxDecodedLength(int pageBytes) {
            return inner.maxDecodedLength(pageBytes);
        }

        @Override
        public int encode(int[] values, int off, int n, byte[] out, int outOff) {
            return inner.encode(values, off, n, out, outOff);
        }

        @Override
        public int decodedLength(byte[] in, int inOff, int inLen) {
            return inner.decodedLength(in, inOff, inLen);
        }

        @Override
        public int decode(byte[] in, int inOff, int inLen, int[] out, int outOff) {
            return inner.decode(in, inOff, inLen, out, outOff);
        }
    }

    @Test
    void anAllocationDeclaredByDesignIsReportedAsExpectedNotAsAFailure(@TempDir Path dir) {
        ConformanceReport r = Conformance.check(new Declared(new Broken(Flaw.ALLOCATES), "an int[] per call"), SETTINGS);
        assertTrue(r.passed(), r.toString());
        ConformanceReport.Result a = r.result(Check.NO_ALLOCATION);
        assertTrue(a.expected() && a.failures() > 0 && a.first() != null, r.toString());
        assertEquals("expected", a.verdict());
        assertEquals("allocates an int[] per call by design", a.note());
        assertTrue(r.lines().getFirst().startsWith("declared.broken.allocates: conforms; expected by design: no allocation (allocates an int[] per call by design), 8 checks, "), r.toString());
        assertTrue(r.lines().stream().anyMatch(l -> l.startsWith("  expected no allocation ")), r.toString());
        assertTrue(r.lines().stream().anyMatch(l -> l.startsWith("  pass     round trip ")), "the verdict column widens for every line\n" + r);
        assertTrue(r.toHtml().contains("<td>expected</td><td>no allocation</td>"), r.toHtml());
        assertEquals(List.of(), r.writeReproducers(dir), "nothing failed");
    }

    @Test
    void aDeclaredAllocatorThatAllocatesNothingIsSaidToBe() {
        ConformanceReport r = Conformance.check(new Declared(new PlainCodec(), "an int[] per call"), SETTINGS);
        assertTrue(r.passed(), r.toString());
        ConformanceReport.Result a = r.result(Check.NO_ALLOCATION);
        assertEquals("pass", a.verdict(), r.toString());
        assertEquals("declares it allocates an int[] per call by design, yet allocated nothing", a.note());
        assertTrue(r.lines().getFirst().startsWith("declared.plain: conforms, 8 checks, "), r.toString());
    }

    @Test
    void aDecodeIgnoringItsOffsetFailsTheGuardsAndTheRoundTrip() {
        ConformanceReport r = failsExactly(Flaw.IGNORES_OFFSET, Check.GUARDS, Check.ROUND_TRIP, Check.MUTATED);
        Failure f = first(r, Check.GUARDS);
        assertEquals(1, f.length(), r.toString());
        assertEquals("value index -3", f.at(), r.toString());
        assertEquals("decode wrote before its output offset", f.detail());
    }

    @Test
    void aWrongOutputOrderIsNamedAsSuch() {
        ConformanceReport r = failsExactly(Flaw.WRONG_ORDER, Check.OUTPUT_ORDER);
        Failure f = first(r, Check.OUTPUT_ORDER);
        assertTrue(f.length() >= 1024, r.toString());
        assertEquals("values come in FLAT order, the codec declares TRANSPOSED", f.detail());
    }

    @Test
    void anEncodeChangingItsInputFailsTheEncodeCheck() {
        ConformanceReport r = failsExactly(Flaw.CLOBBERS_INPUT, Check.ENCODE);
        Failure f = first(r, Check.ENCODE);
        assertEquals(1, f.length(), r.toString());
        assertEquals(1, f.width(), r.toString());
        assertEquals("max", f.pattern(), r.toString());
        assertEquals("encode changed its input at value index 0", f.detail());
    }

    @Test
    void aPeersFailuresAreThePeerLibrarysAndTheReportRendersForConsoleNotebookAndFiles(@TempDir Path dir) throws IOException {
        ConformanceReport r = Conformance.check(new Broken(Flaw.LYING_LENGTH, "peer.test.<lying>"), SETTINGS);
        assertTrue(r.peer() && !r.passed(), r.toString());
        assertTrue(r.lines().getFirst().contains("(failures the peer library's own (peer.test.<lying> adapts it))"), r.lines().getFirst());
        String html = r.toHtml();
        assertTrue(html.contains("peer.test.&lt;lying&gt;") && !html.contains("<lying>"), html);
        assertTrue(html.contains("<td>FAIL</td><td>decodedLength</td>") && html.contains("<td>pass</td><td>encode</td>"), html);
        assertEquals(r.toString(), String.join(System.lineSeparator(), r.lines()));
        List<Path> files = r.writeReproducers(dir);
        Path txt = dir.resolve("peer.test._lying_.decoded_length.txt");
        assertTrue(files.contains(txt), files.toString());
        List<String> lines = Files.readAllLines(txt);
        assertTrue(lines.getFirst().startsWith("codec=peer.test.<lying> seed=7 check=decodedLength n=1024 width=0 pattern=zeros: "), lines.getFirst());
        assertEquals(1 + 1024, lines.size());
    }
}
