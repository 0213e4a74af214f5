package io.lanes.workbench.check;

import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.parquet.ParquetFile;
import io.lanes.workbench.parquet.ParquetPage;
import io.lanes.workbench.corpus.DuckWritten;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Parquet file fuzzer's parts: the unmutated file reads and decodes cleanly, a truncated one is
 * a documented rejection naming the file, mutations aim at the footer and page headers, and a small
 * run tallies every read. (Counts of raw exceptions from the reader are the report's business: the
 * reader's hardening is tested where it is made.)
 */
class ParquetFuzzerTest {
    /** Maven runs tests in the module directory. */
    private static final Path FILE = Path.of("../datasets/parquet-testing/delta_binary_packed.parquet");

    @TempDir
    Path dir;

    private static Map<String, Subject> subjects(List<Codec> decoders) {
        Map<String, Subject> m = new LinkedHashMap<>();
        for (Codec c : decoders) m.put(c.pageFormat(), Subject.of(c));
        return m;
    }

    @Test
    void theUnmutatedFileDecodesAndATruncatedOneIsRejectedByTheDocumentedException() throws IOException {
        List<String> columns = new ArrayList<>();
        List<Codec> decoders = ParquetFuzzer.decoders(FILE, columns);
        assertEquals(List.of("parquet.delta", "parquet.delta64"), decoders.stream().map(Codec::name).sorted().toList());
        assertEquals(66, columns.size(), columns.toString());
        assertEquals(Outcome.Verdict.DECODED, ParquetFuzzer.read(FILE, null, decoders, subjects(decoders)).verdict());
        assertEquals(Outcome.Verdict.DECODED, ParquetFuzzer.read(FILE, columns.get(3), decoders, subjects(decoders)).verdict());
        byte[] b = Files.readAllBytes(FILE);
        Path cut = dir.resolve("cut.parquet");
        Files.write(cut, Arrays.copyOf(b, b.length / 2));
        assertEquals(new Outcome(Outcome.Verdict.REJECTED, "CorpusException"), ParquetFuzzer.read(cut, null, decoders, subjects(decoders)));
        assertEquals(new Outcome(Outcome.Verdict.REJECTED, "CorpusException"), ParquetFuzzer.read(cut, columns.get(3), decoders, subjects(decoders)));
    }

    @Test
    void overwritesLandInTheFooterOrAtPageHeaders() throws IOException {
        byte[] b = Files.readAllBytes(FILE);
        int footer = ParquetFuzzer.footerStart(b);
        assertTrue(footer > 4 && footer < b.length - 8, "footer at " + footer);
        int[] headers = ParquetFuzzer.pageHeaders(b, footer);
        assertTrue(headers.length >= 66, "page headers found: " + headers.length); // at least one per column
        SplittableRandom r = new SplittableRandom(1);
        int aimed = 0;
        for (int i = 0; i < 400; i++) {
            Mutator.Mutant m = ParquetFuzzer.mutate(b, footer, headers, r);
            if (m.kind() != Mutator.Kind.FIELD) continue;
            int pos = Integer.parseInt(m.what().replaceAll(".* bytes at (\\d+) .*", "$1"));
            boolean atHeader = Arrays.stream(headers).anyMatch(h -> pos >= h && pos < h + 24);
            assertTrue(pos >= footer || atHeader, m.what());
            aimed++;
        }
        assertTrue(aimed > 100, "field overwrites: " + aimed);
    }

    @Test
    void aSmallRunTalliesEveryRead() {
        FuzzReport r = ParquetFuzzer.run(List.of(FILE), new Fuzzer.Settings(7, 20, Duration.ofMinutes(5), Duration.ofSeconds(10), dir.resolve("out")), line -> { });
        Tally t = r.tallies().getFirst();
        assertEquals(21, t.pages(), String.join("\n", r.lines())); // the unmutated file, then 20 mutations
        assertEquals(0, t.count(Outcome.Verdict.OWN_PAGE), String.join("\n", r.lines()));
        assertTrue(r.lines().getLast().startsWith("fuzz parquet: 1 files, 21 reads, "), r.lines().getLast());
    }

    @Test
    void duckDbWrittenFilesReadWholeAndASmallRunOfTheirMutationsShowsNoDefect() throws IOException {
        List<Path> files = DuckWritten.write(dir.resolve("duck"));
        for (Path f : files) {
            // DuckDB pads the last bit-packed run of a page's definition levels to 256 levels
            List<ParquetPage> nullable = ParquetFile.open(f).pages("nullable").stream().filter(p -> !p.kind().equals("DICTIONARY")).toList();
            assertEquals(60_000, nullable.stream().mapToInt(ParquetPage::numValues).sum(), f.toString());
            assertEquals(60_000 - 4_616, nullable.stream().mapToInt(ParquetPage::nonNull).sum(), f + ": a null every 13th row");
            List<String> columns = new ArrayList<>();
            List<Codec> decoders = ParquetFuzzer.decoders(f, columns);
            assertTrue(columns.size() >= 3, f + ": " + columns);
            assertEquals(Outcome.Verdict.DECODED, ParquetFuzzer.read(f, null, decoders, subjects(decoders)).verdict(), f.toString());
        }
        FuzzReport r = ParquetFuzzer.run(files, new Fuzzer.Settings(7, 15, Duration.ofMinutes(5), Duration.ofSeconds(10), dir.resolve("out")), line -> { });
        assertTrue(r.clean(), String.join("\n", r.lines()));
        assertEquals(DuckWritten.FILES_WRITTEN * 16, r.tallies().stream().mapToLong(Tally::pages).sum(), String.join("\n", r.lines()));
    }
}
