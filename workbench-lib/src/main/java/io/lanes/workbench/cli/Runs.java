package io.lanes.workbench.cli;

import io.lanes.workbench.measure.Fingerprint;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/** Where runs write their bundles. */
final class Runs {
    private Runs() {
    }

    /** {@code reports/<prefix><host>-<yyyyMMdd-HHmmss>} under the project root. */
    static Path newBundleDir(String prefix) {
        String ts = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        return Project.root().resolve("reports").resolve(prefix + Fingerprint.capture().get("machine") + "-" + ts);
    }
}
