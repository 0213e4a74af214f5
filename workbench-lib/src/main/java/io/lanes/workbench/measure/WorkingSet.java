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

    /** Parses {@code 16KiB}, {@code 1.5MiB}, ... */
    public static WorkingSet parse(String s) {
        Matcher m = P.matcher(s.trim());
        if (!m.matches()) throw new IllegalArgumentException("working set '" + s + "' is not a size like 16KiB, 400KiB, 1.5MiB or 32MiB");
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

    /**
     * Values to measure at this point for values of {@code valueBytes} bytes: the output plus a
     * plain-sized input fit the footprint; a multiple of 1024 so every block is full.
     */
    public int values(int valueBytes) {
        long n = bytes / (2L * valueBytes);
        n = Math.max(1024, (n / 1024) * 1024);
        return (int) Math.min(n, 1 << 28);
    }
}
