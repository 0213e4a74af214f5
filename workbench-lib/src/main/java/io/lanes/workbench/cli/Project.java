package io.lanes.workbench.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/** Locates the project checkout: system property {@code workbench.root}, else the nearest parent holding the top-level pom. */
final class Project {
    private Project() {
    }

    static Path root() {
        String p = System.getProperty("workbench.root");
        if (p != null) return Path.of(p).toAbsolutePath().normalize();
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.isRegularFile(d.resolve("pom.xml")) && Files.isDirectory(d.resolve("workbench-lib"))) return d;
        }
        throw new IllegalStateException("cannot find the project root (a folder with pom.xml and workbench-lib/); run through ./workbench");
    }
}
