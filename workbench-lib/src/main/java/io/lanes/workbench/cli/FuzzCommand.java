package io.lanes.workbench.cli;

import io.lanes.workbench.check.FuzzReport;
import io.lanes.workbench.check.Fuzzer;
import io.lanes.workbench.check.ParquetFuzzer;
import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.corpus.CorpusException;
import io.lanes.workbench.corpus.DuckWritten;
import io.lanes.workbench.corpus.Locations;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * {@code workbench fuzz}: the fuzz engine ({@link Fuzzer}, {@link ParquetFuzzer}) on the command
 * line. Exit 0 when no codec of the project's own (nor, with {@code --parquet}, the reader) shows a
 * defect; 1 when one does (a bug: the table and the reproducers say where); 2 for bad usage.
 */
@Command(name = "fuzz", mixinStandardHelpOptions = true,
        description = "Decode mutated pages (or mutated Parquet files) and check every codec's contract: only documented exceptions, "
                + "no hang, bounded allocation, no trailing bytes accepted, decodedLength within its bound, nothing written outside the output range. "
                + "Peer libraries' adapters (peer.*) are reported apart. Reproducers of every failure go to --out.")
final class FuzzCommand implements Callable<Integer> {
    private static final Pattern DURATION = Pattern.compile("(\\d+)(ms|s|m|h)");

    @Mixin
    CodecOptions codecs;
    @Option(names = "--parquet", paramLabel = "FILE", description = "mutate this whole Parquet file and read it through the pages path (bench --pages), repeatable")
    List<Path> parquet = new ArrayList<>();
    @Option(names = "--parquet-suite", description = "mutate the committed parquet-testing files (datasets/parquet-testing) and four files DuckDB writes "
            + "from a fixed query (v1 Snappy, v2 ZSTD, v2 uncompressed, v2 ZSTD without dictionaries; written to datasets/cache/duckdb-written), as --parquet does")
    boolean parquetSuite;
    @Option(names = "--pages", paramLabel = "N", description = "mutated pages per codec, or mutated files per --parquet file (default: ${DEFAULT-VALUE})")
    int pages = 2000;
    @Option(names = "--seed", paramLabel = "S", description = "seed of every random choice (default: ${DEFAULT-VALUE})")
    long seed = 1;
    @Option(names = "--time", paramLabel = "LIMIT", description = "time for the whole run, e.g. 90s, 10m, 1h (default: ${DEFAULT-VALUE}); shared evenly, a codec out of time stops early and says so")
    String time = "1h";
    @Option(names = "--hang-after", paramLabel = "LIMIT", description = "a single decode taking longer counts as a hang (default: ${DEFAULT-VALUE})")
    String hangAfter = "2s";
    @Option(names = "--out", paramLabel = "DIR", description = "folder for reproducer files, created on the first failure (default: ${DEFAULT-VALUE})")
    Path out = Path.of("fuzz-findings");

    @Override
    public Integer call() {
        codecs.plugins.install();
        Fuzzer.Settings s = new Fuzzer.Settings(seed, pages, duration("--time", time), duration("--hang-after", hangAfter), out);
        List<Path> files = new ArrayList<>(parquet);
        if (parquetSuite) files.addAll(suite());
        return run(s, files) ? 0 : 1;
    }

    /** The committed parquet-testing files, then the DuckDB-written ones (made anew in the cache, where a finding can be replayed against them). */
    private static List<Path> suite() {
        Locations at = Locations.discover();
        Path committed = at.catalog().resolveSibling("parquet-testing");
        List<Path> files = new ArrayList<>();
        List<Path> listed;
        try (Stream<Path> s = Files.list(committed)) {
            listed = s.filter(p -> p.getFileName().toString().endsWith(".parquet")).sorted().toList();
        } catch (IOException e) {
            throw new CorpusException("cannot list the committed Parquet files in " + committed + ": " + e.getMessage(), e);
        }
        for (Path f : listed) {
            try {
                ParquetFuzzer.decoders(f, new ArrayList<>());
                files.add(f);
            } catch (CorpusException e) {
                // the pages path reads integer columns only (byte-array files are fuzzed as codecs' pages)
                System.out.println("parquet suite: skipped " + f.getFileName() + ": " + e.getMessage());
            }
        }
        Path duck = at.cache().resolve("duckdb-written");
        files.addAll(DuckWritten.write(duck));
        System.out.println("parquet suite: " + (files.size() - DuckWritten.FILES_WRITTEN) + " committed files from " + committed + ", "
                + DuckWritten.FILES_WRITTEN + " DuckDB-written files in " + duck);
        return files;
    }

    /** Runs the fuzzers and prints their reports; true when no defect of the project's own shows. */
    private boolean run(Fuzzer.Settings s, List<Path> files) {
        List<FuzzReport> reports = new ArrayList<>();
        if (!codecs.patterns.isEmpty() || files.isEmpty()) {
            List<Codec> chosen = codecs.matchedOrAll();
            System.out.println("fuzzing " + chosen.size() + " codecs, " + pages + " mutated pages each, seed " + seed);
            reports.add(Fuzzer.run(chosen, s, System.out::println));
        }
        if (!files.isEmpty()) {
            System.out.println("fuzzing " + files.size() + " Parquet files, " + pages + " mutated copies each, seed " + seed);
            reports.add(ParquetFuzzer.run(files, s, System.out::println));
        }
        boolean clean = true;
        for (FuzzReport r : reports) {
            System.out.println();
            r.lines().forEach(System.out::println);
            clean &= r.clean();
        }
        return clean;
    }

    /** {@code 500ms}, {@code 90s}, {@code 10m}, {@code 1h}. */
    static Duration duration(String option, String text) {
        Matcher m = DURATION.matcher(text.trim());
        if (!m.matches()) throw new IllegalArgumentException(option + " '" + text + "': give a number and a unit, e.g. 500ms, 90s, 10m, 1h");
        long v = Long.parseLong(m.group(1));
        return switch (m.group(2)) {
            case "ms" -> Duration.ofMillis(v);
            case "s" -> Duration.ofSeconds(v);
            case "m" -> Duration.ofMinutes(v);
            default -> Duration.ofHours(v);
        };
    }
}
