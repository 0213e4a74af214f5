package io.lanes.workbench.check;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

/**
 * What {@link Conformance#check} found for one codec: per check, the cases run and failed and the
 * first failing case with a reproducer. Prints on the console ({@link #lines()},
 * {@link #toString()}) and renders in a notebook ({@link #toHtml()}). A peer adapter's
 * ({@code peer.*}) failures are the peer library's own, listed as such. A check failed only as the
 * codec declares it does by design ({@link io.lanes.workbench.codec.Codec#allocatesByDesign()}) is
 * {@code expected}: listed with its first case, not counted as a failure. Immutable (arrays are
 * copied in and out); thread-safe.
 *
 * @param codec   the codec's registry name
 * @param peer    whether it adapts a peer library ({@code peer.*}): its failures are the peer's
 * @param seed    the seed the random values and mutated pages followed from
 * @param results one per {@link Check}, in its order
 * @param elapsed wall time of the whole check
 */
public record ConformanceReport(String codec, boolean peer, long seed, List<Result> results, Duration elapsed) {
    /** Reproducer arrays longer than this are summarised in the report and written only by {@link #writeReproducers}. */
    static final int INLINE = 16;

    /** The checks, in the order they run and are reported. */
    public enum Check {
        ROUND_TRIP("round trip", "decode gives back the values encode took"),
        ENCODE("encode", "encode leaves its input untouched and writes only [offset, offset + maxEncodedBytes)"),
        DECODED_LENGTH("decodedLength", "decodedLength equals the values decode returns and is at most maxDecodedLength(page bytes)"),
        OUTPUT_ORDER("output order", "decoded values come in the codec's outputOrder()"),
        GUARDS("guards", "decode writes nothing before its output offset or past its values"),
        NO_ALLOCATION("no allocation", "decode allocates nothing per call after warm-up"),
        TRUNCATED("truncated pages", "every truncation of a valid page throws CorruptDataException"),
        MUTATED("mutated pages", "mutated pages (the fuzz engine) give only CorruptDataException: no other exception, hang or oversized allocation");

        private final String label;
        private final String rule;

        Check(String label, String rule) {
            this.label = label;
            this.rule = rule;
        }

        /** The report's name of the check. */
        public String label() {
            return label;
        }

        /** What passing it means. */
        public String rule() {
            return rule;
        }
    }

    /**
     * The first failing case of a check. Fields that do not apply to a case are -1 (numbers) or
     * empty (text).
     *
     * @param detail  what was wrong, in one line
     * @param length  values in the case, or -1 for a truncated or mutated page ({@code at} gives its bytes)
     * @param width   bit width of the values, or -1
     * @param pattern value pattern (or byte-string kind, or the mutation), or empty
     * @param at      where it went wrong: {@code value index 1024}, {@code byte offset 17}, ...
     * @param values  the input values, for a value case (else empty)
     * @param page    the page's bytes, for a page case (else empty)
     */
    public record Failure(String detail, int length, int width, String pattern, String at, long[] values, byte[] page) {
        public Failure {
            values = values.clone();
            page = page.clone();
        }

        @Override
        public long[] values() {
            return values.clone();
        }

        @Override
        public byte[] page() {
            return page.clone();
        }

        /** {@code n=2049 width=13 pattern=random at value index 2048}, leaving out what does not apply. */
        public String where() {
            List<String> parts = new ArrayList<>();
            if (length >= 0) parts.add("n=" + length);
            if (width >= 0) parts.add("width=" + width);
            if (!pattern.isEmpty()) parts.add("pattern=" + pattern);
            if (!at.isEmpty()) parts.add("at " + at);
            return String.join(" ", parts);
        }

        /** The reproducer: inline when short, else its size and first values (the whole one is written by {@link #writeReproducers}). */
        public String reproducer() {
            if (values.length > 0) {
                String head = LongStream.of(values).limit(INLINE).mapToObj(Long::toString).collect(Collectors.joining(", "));
                return values.length <= INLINE ? "values [" + head + "]" : values.length + " values [" + head + ", ...] (written whole by writeReproducers)";
            }
            if (page.length > 0) {
                String hex = HexFormat.ofDelimiter(" ").formatHex(page, 0, Math.min(page.length, 4 * INLINE));
                return page.length <= 4 * INLINE ? "page " + hex : page.length + "-byte page " + hex + " ... (written whole by writeReproducers)";
            }
            return "no values";
        }
    }

    /**
     * One check's outcome.
     *
     * @param check    which check
     * @param applies  false when the check means nothing for this codec (output order of byte strings); {@code note} says why
     * @param cases    cases run
     * @param failures cases failed
     * @param first    the first failing case, or null
     * @param note     why it does not apply, or a remark (time share ran out), or empty
     * @param expected whether the failures are what the codec declares it does by design (its
     *                 {@link io.lanes.workbench.codec.Codec#allocatesByDesign()}, for
     *                 {@link Check#NO_ALLOCATION}): reported, not counted as a defect
     */
    public record Result(Check check, boolean applies, long cases, long failures, Failure first, String note, boolean expected) {
        /** Whether it passed, does not apply, or failed only as the codec declares it does by design. */
        public boolean passed() {
            return failures == 0 || expected;
        }

        /** {@code pass}, {@code FAIL}, {@code expected} or {@code n/a}: in words, not colour. */
        public String verdict() {
            return !applies ? "n/a" : failures == 0 ? "pass" : expected ? "expected" : "FAIL";
        }
    }

    public ConformanceReport {
        results = List.copyOf(results);
    }

    /** Whether every check that applies passed. */
    public boolean passed() {
        return results.stream().allMatch(Result::passed);
    }

    /** The checks that failed, in order. */
    public List<Result> failed() {
        return results.stream().filter(r -> !r.passed()).toList();
    }

    /** The result of one check. */
    public Result result(Check c) {
        return results.stream().filter(r -> r.check() == c).findFirst().orElseThrow();
    }

    /** Whose failures these are: the codec's, or the peer library's. */
    private String whose() {
        return peer ? "the peer library's own (" + codec + " adapts it)" : codec + "'s";
    }

    /** The checks whose failures are the codec's declared design, in order. */
    public List<Result> expected() {
        return results.stream().filter(r -> r.failures() > 0 && r.expected()).toList();
    }

    /** Whether it passed, and with which failures expected by design. */
    private String status() {
        if (!passed()) return failed().size() + " checks FAIL (failures " + whose() + ")";
        List<Result> x = expected();
        return x.isEmpty() ? "conforms" : "conforms; expected by design: " + x.stream().map(r -> r.check().label() + " (" + r.note() + ")").collect(Collectors.joining(", "));
    }

    /** A summary line, a line per check, and for a failure its first case and reproducer. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        long cases = results.stream().mapToLong(Result::cases).sum();
        out.add(String.format(Locale.ROOT, "%s: %s, %d checks, %d cases, %.1f s, seed %d", codec, status(), results.size(), cases, elapsed.toMillis() / 1000.0, seed));
        // the verdict column is as wide as its widest word: "expected" only where a check failed by design
        int w = Math.max(4, results.stream().mapToInt(r -> r.verdict().length()).max().orElse(0));
        for (Result r : results) {
            out.add(String.format(Locale.ROOT, "  %-" + w + "s %-16s %9d cases %7d failed%s", r.verdict(), r.check().label(), r.cases(), r.failures(), r.note().isEmpty() ? "" : "  (" + r.note() + ")"));
            if (r.first() != null) {
                out.add("       first: " + r.first().where() + ": " + r.first().detail());
                out.add("       reproducer: " + r.first().reproducer());
            }
        }
        return out;
    }

    @Override
    public String toString() {
        return String.join(System.lineSeparator(), lines());
    }

    /** A small HTML table (escaped) for a notebook: one row per check, pass/fail spelled out. */
    public String toHtml() {
        StringBuilder h = new StringBuilder();
        h.append("<div class=\"conformance\"><p><b>").append(esc(codec)).append("</b>: ")
                .append(esc(status()))
                .append(String.format(Locale.ROOT, ", %.1f s, seed %d</p>", elapsed.toMillis() / 1000.0, seed));
        h.append("<table><thead><tr><th>verdict</th><th>check</th><th>rule</th><th>cases</th><th>failed</th><th>first failing case</th></tr></thead><tbody>");
        for (Result r : results) {
            String first = r.first() == null ? r.note() : r.first().where() + ": " + r.first().detail() + "; reproducer: " + r.first().reproducer();
            h.append("<tr><td>").append(r.verdict()).append("</td><td>").append(esc(r.check().label())).append("</td><td>").append(esc(r.check().rule()))
                    .append("</td><td>").append(r.cases()).append("</td><td>").append(r.failures()).append("</td><td>").append(esc(first)).append("</td></tr>");
        }
        return h.append("</tbody></table></div>").toString();
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /**
     * Writes each failure's whole reproducer into {@code dir} (created): {@code <codec>.<check>.txt}
     * with the case and the values one per line, or {@code <codec>.<check>.bin} with the page's bytes
     * beside a {@code .txt} saying what it is.
     *
     * @return the files written, none when every check passed
     */
    public List<Path> writeReproducers(Path dir) {
        List<Path> written = new ArrayList<>();
        for (Result r : failed()) {
            if (r.first() == null) continue;
            Failure f = r.first();
            String stem = (codec + "." + r.check().name().toLowerCase(Locale.ROOT)).replaceAll("[^A-Za-z0-9._-]", "_");
            String head = "codec=" + codec + " seed=" + seed + " check=" + r.check().label() + " " + f.where() + ": " + f.detail();
            try {
                Files.createDirectories(dir);
                Path txt = dir.resolve(stem + ".txt");
                if (f.values.length > 0) {
                    Files.writeString(txt, head + "\n" + Arrays.stream(f.values).mapToObj(Long::toString).collect(Collectors.joining("\n", "", "\n")), StandardCharsets.UTF_8);
                } else {
                    Path bin = dir.resolve(stem + ".bin");
                    Files.write(bin, f.page);
                    Files.writeString(txt, head + "\n", StandardCharsets.UTF_8);
                    written.add(bin);
                }
                written.add(txt);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write a reproducer into " + dir, e);
            }
        }
        return written;
    }
}
