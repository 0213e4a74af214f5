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

    static Outcome rejected(Throwable e) {
        return new Outcome(Verdict.REJECTED, e.getClass().getSimpleName());
    }

    static Outcome defect(Verdict v, String detail) {
        return new Outcome(v, detail);
    }
}
