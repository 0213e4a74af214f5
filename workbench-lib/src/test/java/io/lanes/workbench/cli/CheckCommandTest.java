package io.lanes.workbench.cli;

import io.lanes.workbench.check.Conformance;
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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code workbench check}: exit 0 when every codec of the project's own conforms, 1 when one fails, 2 for bad usage; peers do not change it. */
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

    private static String run(List<Codec> codecs, Path out, int[] rc) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        rc[0] = CheckCommand.check(codecs, SMALL, out, false, new PrintStream(b, true, StandardCharsets.UTF_8));
        return b.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aConformingCodecExitsZeroWithOneLine() {
        int[] rc = new int[1];
        String text = run(List.of(CodecRegistry.get("plain")), null, rc);
        assertEquals(0, rc[0], text);
        assertTrue(text.contains("plain: conforms, 8 checks, "), text);
        assertTrue(text.contains("check: 1 codecs, 0 fail; "), text);
    }

    @Test
    void aFailingCodecExitsOneAndItsReproducerIsWritten(@TempDir Path dir) {
        int[] rc = new int[1];
        String text = run(List.of(new PlainCodec(), new RejectsLongPages("rejects.long")), dir, rc);
        assertEquals(1, rc[0], text);
        assertTrue(text.contains("  FAIL round trip"), text);
        assertTrue(text.contains("first: n=1001 width=0 pattern=zeros: decode threw io.lanes.workbench.codec.CorruptDataException"), text);
        assertTrue(Files.exists(dir.resolve("rejects.long.round_trip.txt")), text);
        assertTrue(text.contains("check: 2 codecs, 1 fail; "), text);
    }

    @Test
    void aPeersFailureIsListedAsThePeersAndLeavesTheExitCodeAlone() {
        int[] rc = new int[1];
        String text = run(List.of(new RejectsLongPages("peer.test.rejects")), null, rc);
        assertEquals(0, rc[0], text);
        assertTrue(text.contains("failures the peer library's own (peer.test.rejects adapts it)"), text);
        assertTrue(text.contains("check: 0 codecs, 0 fail; ") && text.contains("peers: 1 codecs, 1 fail (the peer libraries' own findings"), text);
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
