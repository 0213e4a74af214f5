package io.lanes.workbench.check;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The result of a codec fuzz run: a tally per codec, the project's own codecs and the peer
 * libraries' adapters ({@code peer.*}) apart. Peers' defects are the peer library's and are listed
 * in their own section; only the project's own codecs decide {@link #clean()}. Immutable.
 *
 * @param title        what was fuzzed, the summary line's opening: {@code fuzz} or {@code fuzz parquet}
 * @param unit         what a tally counts: {@code pages} (decoded) or {@code reads} (of a mutated file)
 * @param columns      the defects shown as columns and totals (every defect counts for {@link #clean()})
 * @param tallies      one per codec (or file) fuzzed, in run order
 * @param elapsed      wall time of the run
 * @param reproducers  reproducers written (each a .bin and a .txt)
 * @param folder       where they were written
 * @param abandoned    decode threads abandoned after a hang (each may still be running)
 */
public record FuzzReport(String title, String unit, List<Outcome.Verdict> columns, List<Tally> tallies, Duration elapsed, int reproducers, Path folder, int abandoned) {
    /** The defect columns of a codec run: every defect a codec can show. */
    static final List<Outcome.Verdict> CODEC_DEFECTS = Arrays.stream(Outcome.Verdict.values()).filter(v -> v.defect() && v != Outcome.Verdict.UNNAMED).toList();

    public FuzzReport {
        columns = List.copyOf(columns);
        tallies = List.copyOf(tallies);
    }

    /** Whether no codec of the project's own (not {@code peer.*}) shows a defect. */
    public boolean clean() {
        return tallies.stream().filter(t -> !t.peer()).allMatch(t -> t.defects() == 0);
    }

    /** The table of the project's codecs, then the peers' section, then the summary line last. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        section(out, title, t -> !t.peer());
        if (tallies.stream().anyMatch(Tally::peer)) {
            out.add("");
            section(out, "peer libraries' adapters: their findings are the peer library's own (not counted in the verdict)", Tally::peer);
        }
        out.add("");
        if (reproducers > 0) out.add("reproducers: " + reproducers + " (each a .bin of the input and a .txt saying what it is) in " + folder);
        if (abandoned > 0) out.add("decode threads abandoned after a hang: " + abandoned);
        boolean peers = tallies.stream().anyMatch(Tally::peer);
        out.add(String.format("%s: %s%s; %.0f s", title, totals(t -> !t.peer()), peers ? "; peers: " + totals(Tally::peer) : "", elapsed.toMillis() / 1000.0));
        return out;
    }

    private void section(List<String> out, String title, Predicate<Tally> which) {
        out.add(title);
        StringBuilder head = new StringBuilder(String.format("%-40s %9s", unit.equals("reads") ? "file" : "codec", unit));
        for (Outcome.Verdict v : columns) head.append(String.format(" %" + Math.max(6, v.label().length()) + "s", v.label()));
        out.add(head.append("  clean outcomes").toString());
        for (Tally t : tallies) {
            if (!which.test(t)) continue;
            StringBuilder row = new StringBuilder(String.format("%-40s %9d", t.codec(), t.pages()));
            for (Outcome.Verdict v : columns) row.append(String.format(" %" + Math.max(6, v.label().length()) + "d", t.count(v)));
            row.append("  ").append(rejections(t));
            if (!t.note().isEmpty()) row.append("  (").append(t.note()).append(')');
            out.add(row.toString());
            for (Map.Entry<Outcome.Verdict, Tally.Finding> e : t.firsts().entrySet()) {
                out.add("    first " + e.getKey().label() + ": " + e.getValue().detail() + " (" + e.getValue().what() + ")");
            }
        }
    }

    private static String rejections(Tally t) {
        List<String> parts = new ArrayList<>();
        parts.add("decoded " + t.count(Outcome.Verdict.DECODED));
        t.rejections().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> parts.add(e.getKey() + " " + e.getValue()));
        if (t.count(Outcome.Verdict.TOO_LARGE) > 0) parts.add("larger than the fuzz buffer " + t.count(Outcome.Verdict.TOO_LARGE));
        return String.join(", ", parts);
    }

    /** {@code 60 codecs, 1200000 pages, 0 undocumented, 0 hangs, ...} (or {@code 1 files, 5001 reads, ...}) over the tallies {@code which} selects. */
    private String totals(Predicate<Tally> which) {
        List<Tally> ts = tallies.stream().filter(which).toList();
        String defects = columns.stream().map(v -> ts.stream().mapToLong(t -> t.count(v)).sum() + " " + v.label()).collect(Collectors.joining(", "));
        return ts.size() + (unit.equals("reads") ? " files, " : " codecs, ") + ts.stream().mapToLong(Tally::pages).sum() + " " + unit + ", " + defects;
    }
}
