package io.lanes.workbench.corpus;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the registry reads and writes: the catalog file, the local cache and the mirror folders.
 *
 * @param catalog the catalog file ({@code <root>/datasets/catalog.json})
 * @param cache   the local cache folder ({@code <root>/datasets/cache}, git-ignored)
 * @param mirrors mirror folders, searched in order after the cache
 */
public record Locations(Path catalog, Path cache, List<Path> mirrors) {
    /** Environment variable naming mirror folders, separated by the platform's path separator. */
    public static final String MIRROR_ENV = "WORKBENCH_MIRROR";
    /** System property naming the project root; the same one the command line uses. */
    public static final String ROOT_PROPERTY = "workbench.root";

    public Locations {
        mirrors = List.copyOf(mirrors);
    }

    /**
     * The project's locations: the root is {@code -Dworkbench.root} or else the nearest folder at or
     * above the working directory that holds {@code datasets/catalog.json} and {@code pom.xml} (so
     * it works from the project root, a module folder or the notebooks folder). Mirrors come from
     * {@value #MIRROR_ENV}, else {@code <root>/../shared/datasets} when that folder exists.
     *
     * @throws CorpusException if no project root can be found
     */
    public static Locations discover() {
        Path root = root();
        String env = System.getenv(MIRROR_ENV);
        List<Path> mirrors = new ArrayList<>();
        if (env != null && !env.isBlank()) {
            for (String p : env.split(File.pathSeparator)) if (!p.isBlank()) mirrors.add(Path.of(p).toAbsolutePath().normalize());
        } else {
            Path shared = root.resolve("../shared/datasets").normalize();
            if (Files.isDirectory(shared)) mirrors.add(shared);
        }
        return new Locations(root.resolve("datasets/catalog.json"), root.resolve("datasets/cache"), mirrors);
    }

    private static Path root() {
        String p = System.getProperty(ROOT_PROPERTY);
        if (p != null) {
            Path root = Path.of(p).toAbsolutePath().normalize();
            if (!Files.isRegularFile(root.resolve("datasets/catalog.json"))) {
                throw new CorpusException("-D" + ROOT_PROPERTY + "=" + root + " holds no datasets/catalog.json");
            }
            return root;
        }
        Path start = Path.of("").toAbsolutePath();
        for (Path d = start; d != null; d = d.getParent()) {
            if (Files.isRegularFile(d.resolve("datasets/catalog.json")) && Files.isRegularFile(d.resolve("pom.xml"))) return d;
        }
        throw new CorpusException("cannot find the project root (a folder with pom.xml and datasets/catalog.json) at or above "
                + start + "; run from the project or set -D" + ROOT_PROPERTY);
    }
}
