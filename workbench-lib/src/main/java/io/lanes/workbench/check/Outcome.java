package io.lanes.workbench.check;

/**
 * What one decode of one page came to. Clean outcomes are {@link Verdict#DECODED},
 * {@link Verdict#REJECTED} (a documented exception, named in {@link #detail()}) and
 * {@link Verdict#TOO_LARGE} (the page validly holds more values than the fuzz buffer takes, and the
 * decoder said so); every other verdict is a defect of the codec.
 *
 * @param verdict the class of the outcome
 * @param detail  for REJECTED the exception's simple class name; for a defect a one-line description
 */
public record Outcome(Verdict verdict, String detail) {
    /** The classes of outcome; the order is the report's column order for defects. */
    public enum Verdict {
        DECODED(false, "decoded"),
        REJECTED(false, "rejected"),
        TOO_LARGE(false, "too large"),
        UNDOCUMENTED(true, "undocumented"),
        HANG(true, "hangs"),
        OVERSIZED(true, "oversized"),
        TRAILING(true, "trailing accepted"),
        BOUND(true, "over bound"),
        CONTRACT(true, "contract breaches"),
        /** A peer adapter's {@link io.lanes.workbench.codec.CorruptDataException} saying the peer library broke the contract on a page the adapter passed. */
        PEER_DEFECT(true, "peer library defects"),
        OWN_PAGE(true, "own pages rejected"),
        /** A Parquet file's rejection (or a skipped column's reason) that does not name the file and column. */
        UNNAMED(true, "unnamed rejections");

        private final boolean defect;
        private final String label;

        Verdict(boolean defect, String label) {
            this.defect = defect;
            this.label = label;
        }

        /** Whether this verdict is a defect of the codec. */
        public boolean defect() {
            return defect;
        }

        /** The report's column heading. */
        public String label() {
            return label;
        }
    }

    static Outcome decoded() {
        return new Outcome(Verdict.DECODED, "");
    }

    /**
     * The phrase a peer adapter ({@code io.lanes.workbench.codec.peer}) puts in a
     * {@link io.lanes.workbench.codec.CorruptDataException} when the peer library, not the page, is at fault.
     */
    static final String PEER_LIBRARY = "a defect of the peer library";

    /** A documented rejection, unless the message says the peer library is at fault: that is a defect, never hidden among rejections. */
    static Outcome rejected(Throwable e) {
        if (e.getMessage() != null && e.getMessage().contains(PEER_LIBRARY)) return defect(Verdict.PEER_DEFECT, e.getMessage());
        return new Outcome(Verdict.REJECTED, e.getClass().getSimpleName());
    }

    static Outcome defect(Verdict v, String detail) {
        return new Outcome(v, detail);
    }
}
