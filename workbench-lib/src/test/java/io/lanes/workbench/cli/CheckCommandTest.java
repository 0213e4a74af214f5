package io.lanes.workbench.cli;

import io.lanes.workbench.check.Conformance;
import io.lanes.workbench.check.ConformanceReport;
import io.lanes.workbench.check.ConformanceReport.Check;
import io.lanes.workbench.check.ConformanceReport.Failure;
import io.lanes.workbench.check.ConformanceReport.Result;
import io.lanes.workbench.codec.PluginJars;
import io.lanes.workbench.measure.ChildJvm;
import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.registry.CodecRegistry;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.PlainCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code workbench check}: exit 0 when every codec of the project's own conforms, 1 when one fails, 2
 * for bad usage; peers do not change it. A codec found allocating among others is checked again in a
 * JVM of its own, whose finding counts: a decoder that allocates per call fails there too.
 */
class CheckCommandTest {
    static final Conformance.Settings SMALL = new Conformance.Settings(3, 50, Duration.ofSeconds(2), Duration.ofSeconds(2));

    /** {@code plain} whose decode rejects every page of more than 1000 values. */
    record RejectsLongPages(String name) implements IntCodec {
        private static final PlainCodec PLAIN = new PlainCodec();

        @Override public int maxEncodedBytes(int n) { return PLAIN.maxEncodedBytes(n); }
        @Override public long maxDecodedLength(int pageBytes) { return PLAIN.maxDecodedLength(pageBytes); }
        @Override public int encode(int[] v, int off, int n, byte[] out, int outOff) { return PLAIN.encode(v, off, n, out, outOff); }
        @Override public int decodedLength(byte[] in, int off, int len) { return PLAIN.decodedLength(in, off, len); }

        @Override
        public int decode(byte[] in, int off, int len, int[] out, int outOff) {
            int n = PLAIN.decode(in, off, len, out, outOff);
            if (n > 1000) throw new CorruptDataException("value count", off, n + " values: too many for this codec");
            return n;
        }
    }

    /** {@code plain} whose decode keeps a fresh array per call: it allocates in every JVM. */
    record AllocatesPerDecode(String name) implements IntCodec {
        private static final PlainCodec PLAIN = new PlainCodec();
        /** Where each decode's array goes, so the allocation cannot be optimised away. */
        static volatile int[] kept;

        @Override public int maxEncodedBytes(int n) { return PLAIN.maxEncodedBytes(n); }
        @Override public long maxDecodedLength(int pageBytes) { return PLAIN.maxDecodedLength(pageBytes); }
        @Override public int encode(int[] v, int off, int n, byte[] out, int outOff) { return PLAIN.encode(v, off, n, out, outOff); }
        @Override public int decodedLength(byte[] in, int off, int len) { return PLAIN.decodedLength(in, off, len); }

        @Override
        public int decode(byte[] in, int off, int len, int[] out, int outOff) {
            int n = PLAIN.decode(in, off, len, out, outOff);
            kept = new int[n + 1];
            return n;
        }
    }

    /** The same codec as a user's plugin jar would hold it, {@code demo.allocates}. */
    private static final String PLUGIN_CODEC = """
            package demo;

            import io.lanes.workbench.codec.IntCodec;
            import io.lanes.workbench.codec.PlainCodec;

            public final class AllocatingPlain implements IntCodec {
                private static final PlainCodec PLAIN = new PlainCodec();
                public static volatile int[] kept;

                @Override public String name() { return "demo.allocates"; }
                @Override public int maxEncodedBytes(int n) { return PLAIN.maxEncodedBytes(n); }
                @Override public long maxDecodedLength(int pageBytes) { return PLAIN.maxDecodedLength(pageBytes); }
                @Override public int encode(int[] v, int off, int n, byte[] out, int outOff) { return PLAIN.encode(v, off, n, out, outOff); }
                @Override public int decodedLength(byte[] in, int off, int len) { return PLAIN.decodedLength(in, off, len); }

                @Override public int decode(byte[] in, int off, int len, int[] out, int outOff) {
                    int n = PLAIN.decode(in, off, len, out, outOff);
                    kept = new int[n + 1];
                    return n;
                }
            }
            """;

    private static final String PLUGIN_PROVIDER = """
            package demo;

            import io.lanes.workbench.codec.Codec;
            import io.lanes.workbench.codec.CodecProvider;
            import java.util.List;

            public final class AllocatingProvider implements CodecProvider {
                @Override public List<Codec> codecs() { return List.of(new AllocatingPlain()); }
            }
            """;

    /** What a {@code check} printed and its exit code. */
    record Ran(String text, int exitCode) {
    }

    /** {@code check} over {@code codecs} with {@link #SMALL} settings, each checked here with them; reproducers into {@code out} unless null. */
    private static Ran check(List<Codec> codecs, Path out) {
        return check(codecs, c -> Conformance.check(c, SMALL), out);
    }

    /** {@code check} over {@code codecs}, {@code inThisJvm} checking each in this JVM (a test plants a finding there). */
    private static Ran check(List<Codec> codecs, Function<Codec, ConformanceReport> inThisJvm, Path out) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int rc = CheckCommand.check(codecs, SMALL, inThisJvm, out, false, new PrintStream(b, true, StandardCharsets.UTF_8));
        return new Ran(b.toString(StandardCharsets.UTF_8), rc);
    }

    /** {@code workbench ARGS} in a JVM of its own, as a user runs it: its stdout and stderr, and its exit code. */
    private static Ran inAJvmOfItsOwn(List<String> args) {
        ChildJvm.Result r = ChildJvm.run(ChildJvm.command(List.of(), List.of("-Xmx1g"), Main.class, args), 600);
        return new Ran(r.stdout() + r.stderr(), r.exitCode());
    }

    /**
     * {@code r} with its allocation check failed as the shared JVM's JIT can fail it: the finding is
     * planted, since which codec the JIT makes allocate after which differs from run to run.
     */
    private static ConformanceReport allocating(ConformanceReport r, long bytesPerCall) {
        List<Result> planted = r.results().stream().map(x -> x.check() != Check.NO_ALLOCATION ? x
                : new Result(x.check(), true, x.cases(), 1, new Failure("decode allocated " + bytesPerCall + " bytes per call after warm-up (planted by the test)",
                        65537, 17, "random", "", new long[0], new byte[0]), "", false)).toList();
        return new ConformanceReport(r.codec(), r.peer(), r.seed(), planted, r.elapsed());
    }

    @Test
    void aConformingCodecExitsZeroWithOneLine() {
        Ran r = check(List.of(CodecRegistry.get("plain")), null);
        assertEquals(0, r.exitCode(), r.text());
        assertTrue(r.text().contains("plain: conforms, 8 checks, "), r.text());
        assertTrue(r.text().contains("check: 1 codecs, 0 fail; "), r.text());
    }

    @Test
    void aFailingCodecExitsOneAndItsReproducerIsWritten(@TempDir Path dir) {
        Ran r = check(List.of(new PlainCodec(), new RejectsLongPages("rejects.long")), dir);
        assertEquals(1, r.exitCode(), r.text());
        assertTrue(r.text().contains("  FAIL round trip"), r.text());
        assertTrue(r.text().contains("first: n=1001 width=0 pattern=zeros: decode threw io.lanes.workbench.codec.CorruptDataException"), r.text());
        assertTrue(Files.exists(dir.resolve("rejects.long.round_trip.txt")), r.text());
        assertTrue(r.text().contains("check: 2 codecs, 1 fail; "), r.text());
    }

    @Test
    void aPeersFailureIsListedAsThePeersAndLeavesTheExitCodeAlone() {
        Ran r = check(List.of(new RejectsLongPages("peer.test.rejects")), null);
        assertEquals(0, r.exitCode(), r.text());
        assertTrue(r.text().contains("failures the peer library's own (peer.test.rejects adapts it)"), r.text());
        assertTrue(r.text().contains("check: 0 codecs, 0 fail; ") && r.text().contains("peers: 1 codecs, 1 fail (the peer libraries' own findings"), r.text());
    }

    @Test
    void aCleanCodecFoundAllocatingHereIsCheckedAgainInAJvmOfItsOwnAndConforms() {
        Ran r = check(List.of(CodecRegistry.get("plain"), CodecRegistry.get("parquet.plain")),
                c -> c.name().equals("plain") ? allocating(Conformance.check(c, SMALL), 4096) : Conformance.check(c, SMALL), null);
        // the child JVM really checked plain: only a child exiting 0 makes it conform
        assertEquals(0, r.exitCode(), r.text());
        assertTrue(r.text().contains("plain: conforms in a JVM of its own (allocation checked again there: 0 bytes per call); in this shared JVM, "
                + "after other codecs, its decode allocated 4,096 bytes per call"), r.text());
        assertFalse(r.text().contains("FAIL"), r.text());
        assertTrue(r.text().contains("check: 2 codecs, 0 fail (1 found allocating here conform in a JVM of their own); "), r.text());
    }

    @Test
    void aPluginThatAllocatesPerDecodeFailsInAJvmOfItsOwnToo(@TempDir Path tmp) {
        Path jar = PluginJars.build(tmp, "allocates.jar", Map.of("AllocatingPlain", PLUGIN_CODEC, "AllocatingProvider", PLUGIN_PROVIDER),
                List.of("demo.AllocatingProvider"));
        // installing a plugin seals a JVM's registry: the CLI runs in a JVM of its own, as a user's would
        Ran r = inAJvmOfItsOwn(List.of("check", "--plugin", jar.toString(), "--codec", "demo.allocates", "--codec", "plain", "--pages", "10", "--warm-up", "1"));
        assertEquals(1, r.exitCode(), r.text());
        // int[65538] a call: 16 bytes of header and 4 a slot, in both JVMs
        assertTrue(r.text().contains("demo.allocates: FAIL: allocates in a JVM of its own too: 262,168 bytes per call there, 262,168 bytes per call in this shared JVM"), r.text());
        assertTrue(r.text().contains("plain: conforms, 8 checks, "), r.text());
        assertTrue(r.text().contains("check: 2 codecs, 1 fail; "), r.text());
    }

    @Test
    void aCodecNoOtherJvmCanLoadIsReportedNotRecheckedAndFails() {
        Ran r = check(List.of(new PlainCodec(), new AllocatesPerDecode("allocates.unregistered")), null);
        assertEquals(1, r.exitCode(), r.text());
        assertTrue(r.text().contains("  FAIL no allocation"), r.text());
        assertTrue(r.text().contains("allocates.unregistered: FAIL: allocates in the shared JVM (262,168 bytes per call); not rechecked because it is not a registered codec"), r.text());
        assertTrue(r.text().contains("check: 2 codecs, 1 fail; "), r.text());
    }

    @Test
    void aCodecCheckedAloneIsInAJvmOfItsOwnAlready() {
        Ran r = check(List.of(new AllocatesPerDecode("allocates.alone")), null);
        assertEquals(1, r.exitCode(), r.text());
        assertTrue(r.text().contains("  FAIL no allocation"), r.text());
        assertFalse(r.text().contains("rechecked") || r.text().contains("JVM of its own"), r.text());
    }

    @Test
    void badOptionsAreUsageErrors() {
        assertEquals(2, Main.commandLine().execute("check", "--codec", "nosuch*"));
        assertEquals(2, Main.commandLine().execute("check", "--codec", "plain", "--pages", "-1"));
        assertEquals(2, Main.commandLine().execute("check", "--seed", "x"));
    }

    @Test
    void theCommandLineChecksTheCodecsItIsGiven() {
        assertEquals(0, Main.commandLine().execute("check", "--codec", "plain", "--codec", "parquet.plain", "--pages", "20"));
    }
}
