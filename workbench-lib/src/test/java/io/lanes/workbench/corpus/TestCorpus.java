package io.lanes.workbench.corpus;

import java.nio.file.Path;
import java.util.List;

/**
 * Registries for tests: the project's catalog with its committed files and a private cache (no
 * mirror, no network: what a fresh clone has), or a catalog of the test's own.
 */
final class TestCorpus {
    private TestCorpus() {
    }

    static final Locations PROJECT = Locations.discover();

    /** The parquet-testing files committed under {@code datasets/}. */
    static Path parquetTesting() {
        return PROJECT.catalog().resolveSibling("parquet-testing");
    }

    /** The project's catalog and committed files, a private cache, no mirror, no network; notes collected in {@code notes}. */
    static Registry project(Path cache, List<String> notes) {
        return new Registry(Catalog.load(PROJECT.catalog()), new Locations(PROJECT.catalog(), cache, List.of()),
                Upstream.offline("no network in tests"), notes::add);
    }

    /** A registry over catalog JSON of the test's own. */
    static Registry of(String json, Path cache, List<Path> mirrors, Upstream upstream, List<String> notes) {
        return new Registry(Catalog.parse(json, "test catalog"), new Locations(cache.resolve("catalog.json"), cache, mirrors), upstream,
                notes::add);
    }
}
