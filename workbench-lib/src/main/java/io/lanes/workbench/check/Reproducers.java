package io.lanes.workbench.check;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Writes a reproducer for a failure: {@code <name>.<kind>.<k>.bin} holding the input's bytes and
 * {@code <name>.<kind>.<k>.txt} with one line saying what it is (codec or file, mutation, seed,
 * finding). At most {@link #PER_KIND} per name and kind, so a codec failing every page does not
 * write a million files; the rest are counted in the report only. The folder is created on the
 * first failure; with no folder (null) nothing is written, as when a caller keeps the findings in a
 * report instead. Used by one thread at a time.
 */
final class Reproducers {
    /** Reproducers kept per codec (or file) and kind of failure. */
    static final int PER_KIND = 5;

    private final Path dir;
    private final Map<String, Integer> written = new HashMap<>();
    private int total;

    Reproducers(Path dir) {
        this.dir = dir;
    }

    /**
     * Writes one reproducer unless {@link #PER_KIND} of that name and kind exist or there is no
     * folder; returns its {@code .bin} file, or null when none was written.
     */
    Path write(String name, String kind, byte[] bytes, String line) {
        String key = name + "." + kind;
        int k = written.merge(key, 1, Integer::sum);
        if (k > PER_KIND || dir == null) return null;
        String stem = key.replaceAll("[^A-Za-z0-9._-]", "_") + "." + k;
        try {
            Files.createDirectories(dir);
            Path bin = dir.resolve(stem + ".bin");
            Files.write(bin, bytes);
            Files.writeString(dir.resolve(stem + ".txt"), line + System.lineSeparator(), StandardCharsets.UTF_8);
            total++;
            return bin;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write a reproducer into " + dir, e);
        }
    }

    /** Reproducers written so far. */
    int total() {
        return total;
    }

    /** The folder reproducers go to. */
    Path dir() {
        return dir;
    }
}
