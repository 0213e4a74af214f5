package io.lanes.workbench.cli;

import io.lanes.workbench.measure.Fingerprint;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/** Where runs write their bundles. */
final class Runs {
    private Runs() {
    }

    /**
     * Creates {@code dir} if needed and checks that files can be written there, so a bad output path
     * fails before anything is measured, not after.
     *
     * @throws IllegalArgumentException naming the path and the reason
     */
    static void requireWritable(Path dir) {
        try {
            java.nio.file.Files.createDirectories(dir);
            java.nio.file.Files.deleteIfExists(java.nio.file.Files.createTempFile(dir, ".write-check", ".tmp"));
        } catch (java.io.IOException | SecurityException e) {
            throw new IllegalArgumentException("cannot write into " + dir + ": " + (e.getMessage() == null ? e : e.getMessage()), e);
        }
    }

    /** {@code reports/<prefix><host>-<yyyyMMdd-HHmmss>} under the project root. */
    static Path newBundleDir(String prefix) {
        String ts = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        return Project.root().resolve("reports").resolve(prefix + Fingerprint.capture().get("machine") + "-" + ts);
    }
}
