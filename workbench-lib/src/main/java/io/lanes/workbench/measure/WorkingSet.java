package io.lanes.workbench.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A point of the working-set ladder: the total footprint (decoded output plus an input of at most
 * the plain size) a measurement is sized to. Results name the real input and output bytes too.
 *
 * @param label as written on the command line and in results, e.g. {@code 400KiB}
 * @param bytes the footprint in bytes
 */
public record WorkingSet(String label, long bytes) {
    private static final Pattern P = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(B|KiB|MiB|GiB)", Pattern.CASE_INSENSITIVE);

    /** The standard ladder of DESIGN.md: crosses L1, L2, L3 and memory on common machines. */
    public static final List<WorkingSet> STANDARD = parseList("16KiB,400KiB,1.5MiB,4MiB,32MiB");

    /**
     * The label of the point that measures every column whole, however long, rather than sized to a
     * footprint: its values rounded up to whole 1024-value blocks by tiling from the start.
     */
    public static final String WHOLE_COLUMN = "column";

    /** Parses {@code 16KiB}, {@code 1.5MiB}, ..., or {@value #WHOLE_COLUMN}. */
    public static WorkingSet parse(String s) {
        if (s.trim().equals(WHOLE_COLUMN)) return new WorkingSet(WHOLE_COLUMN, 0);
        Matcher m = P.matcher(s.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("working set '" + s + "' is not a size like 16KiB, 400KiB, 1.5MiB or 32MiB, nor '" + WHOLE_COLUMN + "'");
        }
        double v = Double.parseDouble(m.group(1));
        long unit = switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "b" -> 1L;
            case "kib" -> 1L << 10;
            case "mib" -> 1L << 20;
            default -> 1L << 30;
        };
        long bytes = (long) (v * unit);
        if (bytes < 2048) throw new IllegalArgumentException("working set '" + s + "' is below the 2 KiB minimum");
        return new WorkingSet(s.trim(), bytes);
    }

    /** Parses a comma-separated ladder. */
    public static List<WorkingSet> parseList(String csv) {
        List<WorkingSet> out = new ArrayList<>();
        for (String s : csv.split(",")) if (!s.isBlank()) out.add(parse(s));
        if (out.isEmpty()) throw new IllegalArgumentException("empty working-set ladder");
        return out;
    }

    /** Whether this is the {@value #WHOLE_COLUMN} point. */
    public boolean wholeColumn() {
        return label.equals(WHOLE_COLUMN);
    }

    /**
     * Values of {@code col} to measure at this point, a multiple of 1024 so every block is full: at a
     * footprint, as many as let the output plus a plain-sized input fit it (the column tiled or cut
     * to that many; for byte arrays, by the column's mean length, each value counting its offset
     * decoded and its 4-byte length in PLAIN); at {@value #WHOLE_COLUMN}, the column's size rounded up.
     */
    public int values(io.lanes.workbench.corpus.Column col) {
        if (wholeColumn()) return (int) Math.min(Math.max(1024, (col.size() + 1023L) / 1024 * 1024), 1 << 28);
        // a byte-array value takes its bytes plus a 4-byte offset decoded, its bytes plus a 4-byte
        // length in a PLAIN page: the footprint counts both, by the column's mean length
        double perValue = col.type().integer() ? col.type().bytes() : 4 + (col.size() == 0 ? 0 : col.valueBytes() / (double) col.size());
        long n = (long) (bytes / (2 * perValue));
        n = Math.max(1024, (n / 1024) * 1024);
        return (int) Math.min(n, 1 << 28);
    }
}
