package io.lanes.workbench.codec.parquet;

import io.lanes.workbench.check.FuzzReport;
import io.lanes.workbench.check.Fuzzer;
import io.lanes.workbench.check.Tally;
import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.registry.CodecRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every decoder of the Parquet encodings and the general-purpose baselines (not the peers) through
 * the fuzz engine ({@link Fuzzer}) with a larger budget than every codec's CI share: 120,000 mutated
 * pages in all by default ({@code -Dwb.fuzz.cases=N} per decoder), header varints overwritten with
 * boundary values among them. A decoder may only throw CorruptDataException, or complain that the
 * page exceeds the caller's buffer, or decode: then it returns the page's own count and writes
 * nothing outside its range. A hang is a defect after 5 s.
 */
class DecoderFuzzTest {
    static final int DEFAULT_TOTAL = 120_000;
    static final long SEED = Long.getLong("wb.fuzz.seed", 20_261_130L);

    @TempDir
    Path out;

    static List<Codec> ours() {
        return CodecRegistry.all().stream().filter(c -> {
            String n = c.name();
            return n.startsWith("parquet.") || n.startsWith("zstd") || n.startsWith("lz4") || n.startsWith("bss");
        }).toList();
    }

    @Test
    void mutatedPagesFailCleanlyOrDecode() {
        List<Codec> codecs = ours();
        int pages = Integer.getInteger("wb.fuzz.cases", (DEFAULT_TOTAL + codecs.size() - 1) / codecs.size());
        FuzzReport r = Fuzzer.run(codecs, new Fuzzer.Settings(SEED, pages, Duration.ofMinutes(5), Duration.ofSeconds(5), out), line -> { });
        String text = String.join("\n", r.lines());
        assertTrue(r.clean(), text);
        for (Tally t : r.tallies()) assertTrue(t.pages() >= pages, t.codec() + " ran " + t.pages() + " pages\n" + text);
    }
}
