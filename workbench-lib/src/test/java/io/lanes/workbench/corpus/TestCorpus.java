package io.lanes.workbench.corpus;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Registries for tests: the project's catalog and mirror with a private cache, or a catalog of the test's own. */
final class TestCorpus {
    private TestCorpus() {
    }

    static final Locations PROJECT = Locations.discover();

    /** The shared mirror the project's CI and developers have beside the checkout. */
    static Path mirror() {
        if (PROJECT.mirrors().isEmpty() || !Files.isDirectory(PROJECT.mirrors().getFirst())) {
            throw new IllegalStateException("tests need the dataset mirror (../shared/datasets or $" + Locations.MIRROR_ENV + ")");
        }
        return PROJECT.mirrors().getFirst();
    }

    /** The project's catalog and mirror, a private cache, no network; notes collected in {@code notes}. */
    static Registry project(Path cache, List<String> notes) {
        return new Registry(Catalog.load(PROJECT.catalog()), new Locations(PROJECT.catalog(), cache, List.of(mirror())),
                Upstream.offline("no network in tests"), notes::add);
    }

    /** A registry over catalog JSON of the test's own. */
    static Registry of(String json, Path cache, List<Path> mirrors, Upstream upstream, List<String> notes) {
        return new Registry(Catalog.parse(json, "test catalog"), new Locations(cache.resolve("catalog.json"), cache, mirrors), upstream,
                notes::add);
    }
}
