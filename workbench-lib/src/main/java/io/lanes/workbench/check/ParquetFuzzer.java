package io.lanes.workbench.check;

import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.registry.CodecRegistry;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.parquet.ParquetFile;
import io.lanes.workbench.parquet.ParquetPage;
import io.lanes.workbench.corpus.CorpusException;
import io.lanes.workbench.corpus.Pages;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * The fuzz engine for whole Parquet files: mutations of a valid file (bit flips, truncation, byte
 * overwrites in the footer and at page headers) are read through the pages path a bench uses and
 * every page it returns is decoded and judged as {@link Fuzzer} judges a codec's page. A read may
 * end only in pages or in the documented {@link CorpusException} / {@link CorruptDataException}
 * naming the file and, once the footer is readable, the column; any other exception escaping is a
 * raw exception, a defect with a reproducer (the mutated file). Each read runs under the
 * {@link Watchdog}.
 *
 * <p>The unmutated file is read whole ({@link Pages#ofFile(Path, List)}); each mutated copy is read
 * for one column in turn ({@link Pages#ofFile(Path, String, List)}, as {@code bench --pages FILE
 * --column C}), its page-header overwrites aimed near that column's chunk: the whole-file form
 * loads the independent reader's reference values for every column, about 2 s a read for a
 * 66-column file. The decoders are those the unmutated file's value pages name, one page format
 * per value width. Deterministic for a seed. Each run has its own worker thread and temporary
 * folder, as with {@link Fuzzer}.
 */
public final class ParquetFuzzer {
    /** Page headers: a Thrift compact PageHeader opens with field 1 (type 0, 2 or 3) then field 2's i32 marker. */
    private static final int I32_FIELD = 0x15;
    /** The defects a file run shows: raw exceptions are "undocumented"; a page's decode defects keep their codec verdicts. */
    private static final List<Outcome.Verdict> COLUMNS = List.of(Outcome.Verdict.UNDOCUMENTED, Outcome.Verdict.UNNAMED, Outcome.Verdict.HANG,
            Outcome.Verdict.OVERSIZED, Outcome.Verdict.BOUND, Outcome.Verdict.CONTRACT, Outcome.Verdict.OWN_PAGE);

    private ParquetFuzzer() {
    }

    /**
     * Fuzzes each file with {@code s.pages()} mutated copies (written one at a time into a temporary
     * folder, a failing one copied into {@code s.out()}); the time is shared evenly among the files.
     *
     * @throws CorpusException if a given file cannot be read as it is
     */
    public static FuzzReport run(List<Path> files, Fuzzer.Settings s, Consumer<String> progress) {
        long start = System.nanoTime();
        long deadline = start + s.total().toNanos();
        Reproducers repro = new Reproducers(s.out());
        List<Tally> tallies = new ArrayList<>();
        Path tmp;
        try {
            tmp = Files.createTempDirectory("lanes-fuzz-parquet");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary folder for mutated files", e);
        }
        try (Watchdog dog = new Watchdog(s.decodeLimit())) {
            for (int i = 0; i < files.size(); i++) {
                long now = System.nanoTime();
                Tally t = fuzz(files.get(i), s, now + Math.max(0, (deadline - now) / (files.size() - i)), dog, repro, tmp);
                tallies.add(t);
                progress.accept(String.format("%-42s %8d reads %6d defects %7.1f s%s", t.codec(), t.pages(), t.defects(), (System.nanoTime() - now) / 1e9,
                        t.note().isEmpty() ? "" : "  (" + t.note() + ")"));
            }
        } finally {
            deleteQuietly(tmp);
        }
        return new FuzzReport("fuzz parquet", "reads", COLUMNS, tallies, Duration.ofNanos(System.nanoTime() - start), repro.total(), repro.dir(), 0);
    }

    /** One file: its mutations until the budget or its time share runs out. */
    static Tally fuzz(Path file, Fuzzer.Settings s, long deadline, Watchdog dog, Reproducers repro, Path tmp) {
        byte[] original;
        try {
            original = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new CorpusException("file " + file + ": cannot read it: " + e.getMessage(), e);
        }
        List<String> columns = new ArrayList<>();
        List<Codec> decoders = decoders(file, columns);
        Map<String, Subject> subjects = new LinkedHashMap<>();
        for (Codec c : decoders) subjects.put(c.pageFormat(), Subject.of(c));
        int footer = footerStart(original);
        int[] headers = pageHeaders(original, footer);
        Tally t = new Tally(file.toString(), false);
        SplittableRandom r = new SplittableRandom(s.seed() * 0x9E3779B97F4A7C15L ^ file.getFileName().toString().hashCode());
        Path target = tmp.resolve(file.getFileName());
        // the unmutated file first, with time to load the reader's native code (DuckDB): it must read cleanly
        Watchdog.Run<Outcome> first = dog.run(() -> read(file, null, decoders, subjects), Fuzzer.FIRST_DECODE_LIMIT);
        Outcome clean = first.hung() || first.error() != null ? Fuzzer.judge(first, Long.MAX_VALUE, original.length, false) : first.result();
        if (clean.verdict() != Outcome.Verdict.DECODED) {
            clean = Outcome.defect(clean.verdict().defect() ? clean.verdict() : Outcome.Verdict.OWN_PAGE, "the unmutated file: " + clean.verdict().label() + " " + clean.detail());
        }
        t.add(clean, "the unmutated file", original);
        if (clean.verdict() == Outcome.Verdict.HANG) {
            t.note("stopped: reading the unmutated file hung");
            return t;
        }
        int done = 0;
        for (; done < s.pages() && System.nanoTime() < deadline; done++) {
            int col = done % columns.size();
            String column = columns.get(col);
            // chunks lie in column order, so the column's page headers are near its share of them
            int lo = headers.length * col / columns.size(), hi = Math.max(lo + 1, headers.length * (col + 1) / columns.size());
            Mutator.Mutant m = mutate(original, footer, Arrays.copyOfRange(headers, Math.min(lo, headers.length), Math.min(hi, headers.length)), r);
            try {
                Files.write(target, m.page());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write a mutated file to " + target, e);
            }
            Watchdog.Run<Outcome> run = dog.run(() -> read(target, column, decoders, subjects));
            // the reader holds the file and its pages: the bound is the slack plus 16 bytes per file byte
            Outcome o = Fuzzer.judge(run, Fuzzer.ALLOCATION_SLACK + 16L * m.page().length, m.page().length, false);
            String what = "mutated file " + done + " read for column " + column + ": " + m.kind() + " " + m.what();
            t.add(o, what, m.page());
            if (o.verdict().defect()) {
                repro.write(file.getFileName().toString(), o.verdict().name().toLowerCase(Locale.ROOT), m.page(), "file=" + file + " seed=" + s.seed()
                        + " " + what + " -> " + o.verdict().label() + ": " + o.detail());
            }
            if (o.verdict() == Outcome.Verdict.HANG) {
                t.note("stopped after a hang: its read thread may still run");
                return t;
            }
        }
        if (done < s.pages()) t.note("time share ran out after " + done + " mutated files");
        return t;
    }

    /**
     * Reads a (mutated) file through the pages path, one column or ({@code column} null) every
     * column, and decodes every page it yields; the verdict is a rejection by a documented exception
     * naming file and column, a defect, or decoded.
     */
    static Outcome read(Path file, String column, List<Codec> decoders, Map<String, Subject> subjects) {
        List<Pages> pages;
        try {
            if (column != null) {
                pages = List.of(Pages.ofFile(file, column, decoders));
            } else {
                Pages.Selection sel = Pages.ofFile(file, decoders);
                for (String why : sel.skipped()) {
                    if (!why.contains(file.toString()) || !why.contains("column '")) {
                        return Outcome.defect(Outcome.Verdict.UNNAMED, "a skipped column's reason names no file and column: " + why);
                    }
                }
                pages = sel.pages();
            }
        } catch (CorpusException | CorruptDataException e) {
            return named(e, file, column) ? Outcome.rejected(e) : Outcome.defect(Outcome.Verdict.UNNAMED, "the rejection names no file and column: " + e);
        } catch (RuntimeException e) {
            return Outcome.defect(Outcome.Verdict.UNDOCUMENTED, "Pages.ofFile threw " + e);
        }
        for (Pages p : pages) {
            for (ParquetPage page : p.pages()) {
                Subject sub = subjects.get(CodecRegistry.get(page.codec()).pageFormat());
                Outcome o = sub.decode(page.codecPage());
                if (o.verdict().defect()) return Outcome.defect(o.verdict(), p.values().id() + " row group " + page.rowGroup() + ", " + sub.codec.name() + ": " + o.detail());
            }
        }
        return Outcome.decoded();
    }

    /**
     * Whether a rejection names the file and, when the file's footer can be read (so its columns are
     * known), the column; a file whose footer cannot be read has no column to name.
     */
    static boolean named(RuntimeException e, Path file, String column) {
        String m = String.valueOf(e.getMessage());
        if (!m.contains(file.toString())) return false;
        if (column == null || m.contains("'" + column + "'")) return true;
        try {
            ParquetFile.open(file);
            return false;
        } catch (IOException | RuntimeException unreadable) {
            return true;
        }
    }

    /**
     * The codecs of the unmutated file's INT32 and INT64 value pages (the columns the pages path
     * reads), the first format met per value width; the columns with pages in those formats are
     * added to {@code columns}.
     */
    public static List<Codec> decoders(Path file, List<String> columns) {
        Map<Integer, Codec> byWidth = new LinkedHashMap<>();
        ParquetFile pf;
        try {
            pf = ParquetFile.open(file);
        } catch (IOException | RuntimeException e) {
            throw new CorpusException("file " + file + ": cannot read it as Parquet to choose its decoders: " + e.getMessage(), e);
        }
        for (ParquetFile.Column c : pf.columns()) {
            if (!c.physicalType().equals("INT32") && !c.physicalType().equals("INT64")) continue;
            List<ParquetPage> pages;
            try {
                pages = pf.pages(c.path());
            } catch (IOException | RuntimeException e) {
                throw new CorpusException("file " + file + ", column '" + c.path() + "': cannot read its pages to choose its decoders: " + e.getMessage(), e);
            }
            for (ParquetPage p : pages) {
                if (!p.holdsValues() || p.codec() == null) continue;
                Codec codec = CodecRegistry.get(p.codec());
                byWidth.putIfAbsent(codec.valueBits(), codec);
                if (byWidth.get(codec.valueBits()).pageFormat().equals(codec.pageFormat()) && !columns.contains(c.path())) columns.add(c.path());
            }
        }
        if (byWidth.isEmpty()) throw new CorpusException("file " + file + ": no INT32 or INT64 column has a page a registered codec decodes");
        return List.copyOf(byWidth.values());
    }

    /** Offset of the footer (the Thrift FileMetaData before its length and the magic), or 0 if the tail is not a footer. */
    static int footerStart(byte[] f) {
        if (f.length < 12) return 0;
        long len = (f[f.length - 8] & 0xFFL) | (f[f.length - 7] & 0xFFL) << 8 | (f[f.length - 6] & 0xFFL) << 16 | (f[f.length - 5] & 0xFFL) << 24;
        return len > f.length - 12 ? 0 : (int) (f.length - 8 - len);
    }

    /**
     * Likely page-header offsets before the footer: a Thrift compact field-1 i32 marker, a type of
     * DATA_PAGE (0), DICTIONARY_PAGE (2) or DATA_PAGE_V2 (3) zigzag-encoded, then field 2's marker.
     * A heuristic (a few matches fall in page data), so the overwrites aim there, not a parse.
     */
    static int[] pageHeaders(byte[] f, int footer) {
        List<Integer> at = new ArrayList<>();
        for (int i = 4; i + 2 < footer; i++) {
            if (f[i] == I32_FIELD && (f[i + 1] == 0 || f[i + 1] == 4 || f[i + 1] == 6) && f[i + 2] == I32_FIELD) at.add(i);
        }
        return at.stream().mapToInt(Integer::intValue).toArray();
    }

    /** One mutation of a file: bit flips anywhere, a truncation, or 1-4 bytes overwritten in the footer or at a page header. */
    static Mutator.Mutant mutate(byte[] f, int footer, int[] headers, SplittableRandom r) {
        int kind = r.nextInt(4);
        if (kind == 0) {
            int len = r.nextInt(f.length);
            return new Mutator.Mutant(Arrays.copyOf(f, len), Mutator.Kind.TRUNCATE, "truncated to " + len + " of " + f.length + " bytes");
        }
        if (kind == 1) {
            byte[] b = f.clone();
            StringBuilder what = new StringBuilder("bits flipped at");
            for (int k = 1 + r.nextInt(3); k > 0; k--) {
                int pos = r.nextInt(f.length);
                int bit = r.nextInt(8);
                b[pos] ^= (byte) (1 << bit);
                what.append(' ').append(pos).append('.').append(bit);
            }
            return new Mutator.Mutant(b, Mutator.Kind.BIT_FLIP, what.toString());
        }
        boolean inFooter = kind == 2 || headers.length == 0;
        int pos = inFooter ? footer + r.nextInt(f.length - footer) : Math.min(f.length - 1, headers[r.nextInt(headers.length)] + r.nextInt(24));
        byte[] b = f.clone();
        int n = 1 + r.nextInt(4);
        StringBuilder what = new StringBuilder((inFooter ? "footer" : "page header") + " bytes at " + pos + " set to");
        for (int k = 0; k < n && pos + k < b.length; k++) {
            int v = new int[] {0x00, 0xFF, 0x7F, 0x80, 0x01, r.nextInt(256)}[r.nextInt(6)];
            b[pos + k] = (byte) v;
            what.append(String.format(" %02x", v));
        }
        return new Mutator.Mutant(b, Mutator.Kind.FIELD, what.toString());
    }

    private static void deleteQuietly(Path dir) {
        try (var s = Files.walk(dir)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException ignored) { // a temporary folder left behind is harmless
        }
    }
}
