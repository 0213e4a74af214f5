package io.lanes.workbench.codec.frame;

import io.lanes.workbench.check.FuzzReport;
import io.lanes.workbench.check.Fuzzer;
import io.lanes.workbench.check.Tally;
import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.registry.CodecRegistry;
import io.lanes.workbench.codec.OutputOrder;
import io.lanes.workbench.codec.pfor.PforCodec32;
import io.lanes.workbench.codec.pfor.PforCodec64;
import io.lanes.workbench.codec.pfor.PforPacking;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every FOR, PFOR and FastLanes delta decoder, the native FOR arms (whose C code trusts the bounds
 * Java checks), plus PFOR at vector sizes 128 and 4096 (not registered), through the fuzz engine ({@link Fuzzer}) with a larger budget than every codec's CI
 * share: 120,000 mutated pages in all by default ({@code -Dwb.fuzz.cases=N} per decoder), header
 * fields overwritten with boundary values among them. A decoder may only throw
 * CorruptDataException, complain that the count exceeds the buffer, or decode the page's own count
 * without writing outside it.
 */
class FrameCodecsFuzzTest {
    static final int DEFAULT_TOTAL = 120_000;
    static final long SEED = Long.getLong("wb.fuzz.seed", 20_261_130L);

    @TempDir
    Path out;

    static List<Codec> decoders() {
        List<Codec> l = new ArrayList<>();
        for (Codec c : CodecRegistry.all()) {
            String n = c.name();
            if (n.startsWith("for.") || n.startsWith("native.for.") || n.startsWith("pfor.") || n.startsWith("fastlanes.delta.")) l.add(c);
        }
        l.add(new PforCodec32("pfor.seq.delta@128", PforPacking.SEQUENTIAL, true, OutputOrder.FLAT, 7));
        l.add(new PforCodec32("pfor.fastlanes.transposed@4096", PforPacking.FASTLANES, false, OutputOrder.TRANSPOSED, 12));
        l.add(new PforCodec64("pfor.seq.delta64@128", PforPacking.SEQUENTIAL, true, OutputOrder.FLAT, 7));
        return l;
    }

    @Test
    void mutatedPagesFailCleanlyOrDecode() {
        List<Codec> codecs = decoders();
        int pages = Integer.getInteger("wb.fuzz.cases", (DEFAULT_TOTAL + codecs.size() - 1) / codecs.size());
        FuzzReport r = Fuzzer.run(codecs, new Fuzzer.Settings(SEED, pages, Duration.ofMinutes(5), Duration.ofSeconds(5), out), line -> { });
        String text = String.join("\n", r.lines());
        assertTrue(r.clean(), text);
        for (Tally t : r.tallies()) assertTrue(t.pages() >= pages, t.codec() + " ran " + t.pages() + " pages\n" + text);
    }
}
