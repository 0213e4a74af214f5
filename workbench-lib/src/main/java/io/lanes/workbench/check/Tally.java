package io.lanes.workbench.check;

import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * One codec's fuzz results: pages tried, clean rejections by exception type, and defects by
 * verdict with the first description of each. Mutable, filled by one thread; read after.
 *
 * @see FuzzReport
 */
public final class Tally {
    private final String codec;
    private final boolean peer;
    private long pages;
    private final Map<String, Long> rejections = new TreeMap<>();
    private final EnumMap<Outcome.Verdict, Long> counts = new EnumMap<>(Outcome.Verdict.class);
    private final EnumMap<Outcome.Verdict, Finding> firsts = new EnumMap<>(Outcome.Verdict.class);
    private String note = "";

    Tally(String codec, boolean peer) {
        this.codec = codec;
        this.peer = peer;
    }

    /**
     * The first defect of one verdict: its description, the input it came from ({@code what}: which
     * page or file, which mutation) and that input's bytes.
     */
    public record Finding(String detail, String what, byte[] input) {
        public Finding {
            input = input.clone();
        }

        @Override
        public byte[] input() {
            return input.clone();
        }
    }

    /** Counts one outcome of a mutated page (or of one of the codec's own pages, or a file); {@code what} and {@code input} say which. */
    void add(Outcome o, String what, byte[] input) {
        pages++;
        counts.merge(o.verdict(), 1L, Long::sum);
        if (o.verdict() == Outcome.Verdict.REJECTED) rejections.merge(o.detail(), 1L, Long::sum);
        if (o.verdict().defect() && !firsts.containsKey(o.verdict())) firsts.put(o.verdict(), new Finding(o.detail(), what, input));
    }

    /** Records why fuzzing of this codec stopped early, or another remark for the report. */
    void note(String text) {
        note = note.isEmpty() ? text : note + "; " + text;
    }

    /** The codec's registry name. */
    public String codec() {
        return codec;
    }

    /** Whether this is a peer library's adapter ({@code peer.*}), reported separately. */
    public boolean peer() {
        return peer;
    }

    /** Pages decoded, mutated and the codec's own. */
    public long pages() {
        return pages;
    }

    /** Pages with this verdict. */
    public long count(Outcome.Verdict v) {
        return counts.getOrDefault(v, 0L);
    }

    /** Defects of every kind. */
    public long defects() {
        long d = 0;
        for (Map.Entry<Outcome.Verdict, Long> e : counts.entrySet()) if (e.getKey().defect()) d += e.getValue();
        return d;
    }

    /** Clean rejections by exception class, e.g. {@code CorruptDataException=18211}. */
    public Map<String, Long> rejections() {
        return Map.copyOf(rejections);
    }

    /** The first finding of each defect seen, in verdict order. */
    public Map<Outcome.Verdict, Finding> firsts() {
        return new EnumMap<>(firsts);
    }

    /** Why fuzzing stopped early, or empty. */
    public String note() {
        return note;
    }
}
