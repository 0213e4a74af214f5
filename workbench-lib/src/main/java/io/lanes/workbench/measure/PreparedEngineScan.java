package io.lanes.workbench.measure;

import io.lanes.workbench.corpus.Column;
import io.lanes.workbench.corpus.Pages;

/**
 * An engine reference arm ({@link EngineScan}) made ready on a writer's pages: one call is one SQL
 * query over the file and column the pages come from. There is no input buffer to place and no
 * output buffer to fill (the engine decodes into its own vectors), so placements change nothing, and
 * {@link #verify} checks the query's one-row answer (a checksum of every value, or the row count)
 * against the reference values the decoder arms are checked against. The pages' bytes are reported
 * as the input, so the row's bits per value are those of the same pages. Not thread-safe; the pages
 * are not modified.
 */
final class PreparedEngineScan extends Prepared {
    private final EngineScan.Query query;
    private final long outputBytes;

    PreparedEngineScan(Arm arm, Pages pages) {
        super(arm, pages.values().size(), pages.values().id(), null, null, 0);
        this.query = EngineScan.prepare(arm.name(), pages);
        long bytes = pages.encodedBytes();
        if (bytes > Integer.MAX_VALUE) throw new IllegalArgumentException(what + ": " + bytes + " bytes of pages do not fit one buffer");
        encodedBytes = (int) bytes;
        Column v = pages.values();
        outputBytes = switch (v.type()) {
            case INT32 -> 4L * n;
            case INT64 -> 8L * n;
            case BYTE_ARRAY -> v.strings().bytes();
        };
    }

    @Override
    public long decode() {
        return query.run();
    }

    @Override
    public long encode() {
        throw new IllegalStateException("arm " + arm.name() + " on " + what + " has nothing to encode: an engine scans the file as written");
    }

    @Override
    public void verify(String where) {
        long got;
        try {
            got = query.run();
        } catch (IllegalStateException e) {
            throw new IllegalStateException(where + ": " + e.getMessage() + " (nothing was timed)", e);
        }
        if (got != query.expected()) {
            throw new IllegalStateException(where + ": arm " + arm.name() + " answered " + got + " for " + query.sql() + ", the reference values give "
                    + query.expected() + " (results would be meaningless; nothing was timed)");
        }
    }

    @Override
    void moveOutput(int outOffBytes) {
        // the engine's output is its own vectors: nothing of ours to move
    }

    /** What a decoder writes for the same values (n times the width, or the strings' bytes); the engine keeps them in its vectors. */
    @Override
    public long outputBytes() {
        return outputBytes;
    }
}
