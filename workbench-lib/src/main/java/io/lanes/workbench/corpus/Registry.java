package io.lanes.workbench.corpus;

import io.lanes.workbench.corpus.Catalog.ColumnEntry;
import io.lanes.workbench.corpus.Catalog.DatasetEntry;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Produces the columns of a catalog. Generator columns are generated on every call (microseconds);
 * every other column comes from the column cache when a valid copy exists, else its dataset is
 * built (TPC generators, or DuckDB over a verified source file) and the columns written to the
 * cache. Every call returns fresh arrays, which the caller owns. Events worth telling (a bad cache
 * file, a download, a slow build) go to the notes consumer. Safe for concurrent use except that two
 * threads building the same dataset at once both do the work.
 */
public final class Registry {
    /** A column and how this call got it. */
    public record Loaded(Column column, String origin, long nanos) {
    }

    private final Catalog catalog;
    private final Locations locations;
    private final SourceFiles files;
    private final ColumnCache cache;
    private final Consumer<String> notes;

    public Registry(Catalog catalog, Locations locations, Upstream upstream, Consumer<String> notes) {
        this.catalog = catalog;
        this.locations = locations;
        this.notes = notes;
        this.files = new SourceFiles(locations, upstream, notes);
        this.cache = new ColumnCache(locations.cache(), notes);
    }

    /** The project's registry: discovered locations, the network, notes on standard error. */
    public static Registry standard() {
        Locations loc = Locations.discover();
        return new Registry(Catalog.load(loc.catalog()), loc, Upstream.network(), m -> System.err.println("datasets: " + m));
    }

    public Catalog catalog() {
        return catalog;
    }

    public Locations locations() {
        return locations;
    }

    /** The column of that id. */
    public Column column(String id) {
        return load(List.of(id)).getFirst().column();
    }

    /** The columns of a set name, dataset id or column id ({@link Catalog#resolve}). */
    public List<Column> columns(String setDatasetOrColumn) {
        return load(catalog.resolve(setDatasetOrColumn)).stream().map(Loaded::column).toList();
    }

    /**
     * What a run can measure, resolved before it measures anything: the columns that could be had
     * and, for each dataset that could not (a source file found nowhere, a failed download or
     * build), the reason with the fix. Immutable.
     *
     * @param columns loaded columns by id, in the order first asked for
     * @param skipped reason per dataset id that could not be had
     */
    public record Resolution(Map<String, Column> columns, Map<String, String> skipped) {
        public Resolution {
            columns = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(columns));
            skipped = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(skipped));
        }

        /** The loaded columns among {@code ids}, in their order; ids of skipped datasets are left out. */
        public List<Column> of(List<String> ids) {
            return ids.stream().filter(columns::containsKey).map(columns::get).toList();
        }
    }

    /**
     * Loads every column of {@code ids} that can be had, each dataset built at most once, and records
     * the datasets that cannot be had instead of failing: a run resolves all its columns first, then
     * goes on without what is missing and says so.
     *
     * @throws CorpusException if an id is unknown: a typo is not a missing source
     */
    public Resolution resolve(List<String> ids) {
        Map<String, List<String>> byDataset = new LinkedHashMap<>();
        for (String id : ids) {
            ColumnEntry c = catalog.column(id);
            List<String> of = byDataset.computeIfAbsent(c.dataset(), k -> new ArrayList<>());
            if (!of.contains(c.id())) of.add(c.id());
        }
        Map<String, Column> loaded = new LinkedHashMap<>();
        Map<String, String> skipped = new LinkedHashMap<>();
        for (var e : byDataset.entrySet()) {
            try {
                for (Loaded l : load(e.getValue())) loaded.put(l.column().id(), l.column());
            } catch (CorpusException ex) {
                skipped.put(e.getKey(), ex.getMessage());
            }
        }
        Map<String, Column> ordered = new LinkedHashMap<>();
        for (String id : ids) {
            String key = catalog.column(id).id();
            if (loaded.containsKey(key)) ordered.putIfAbsent(key, loaded.get(key));
        }
        return new Resolution(ordered, skipped);
    }

    /**
     * Loads columns by id, in the order given, building each dataset at most once.
     *
     * @throws CorpusException if an id is unknown or a column cannot be produced
     */
    public List<Loaded> load(List<String> ids) {
        List<ColumnEntry> entries = ids.stream().map(catalog::column).toList();
        Map<String, Loaded> done = new LinkedHashMap<>();
        for (ColumnEntry c : entries) {
            if (done.containsKey(c.id())) continue;
            long t0 = System.nanoTime();
            DatasetEntry d = catalog.dataset(c.dataset());
            if (d.kind().equals("generator")) {
                done.put(c.id(), new Loaded(Generators.generate(d, c), "generated", System.nanoTime() - t0));
                continue;
            }
            Optional<Column> hit = cache.read(c);
            if (hit.isPresent()) {
                done.put(c.id(), new Loaded(hit.get(), "cache", System.nanoTime() - t0));
                continue;
            }
            // Build c with every other requested column of its dataset that the cache lacks, in one pass.
            List<ColumnEntry> missing = new ArrayList<>(List.of(c));
            for (ColumnEntry other : entries) {
                if (!other.dataset().equals(d.id()) || done.containsKey(other.id()) || missing.contains(other)) continue;
                long t1 = System.nanoTime();
                Optional<Column> h = cache.read(other);
                if (h.isPresent()) done.put(other.id(), new Loaded(h.get(), "cache", System.nanoTime() - t1));
                else missing.add(other);
            }
            long t2 = System.nanoTime();
            Built built = build(d, missing);
            long each = (System.nanoTime() - t2) / missing.size();
            for (ColumnEntry m : missing) {
                Column col = built.columns().get(m.id());
                cache.write(m, col);
                done.put(m.id(), new Loaded(col, built.origin(), each));
            }
        }
        return ids.stream().map(done::get).toList();
    }

    private record Built(Map<String, Column> columns, String origin) {
    }

    private Built build(DatasetEntry d, List<ColumnEntry> columns) {
        return switch (d.kind()) {
            case "tpch" -> {
                notes.accept("generating " + d.id() + " at scale factor " + d.scale());
                yield new Built(TpchSource.generate(d, columns), "generated (TPC-H)");
            }
            case "tpcds" -> {
                notes.accept("generating " + d.id() + " at scale factor " + d.scale());
                yield new Built(TpcdsSource.generate(d, columns), "generated (TPC-DS)");
            }
            case "file", "npm" -> {
                Catalog.FileEntry f = d.files().getFirst();
                SourceFiles.Found found = files.find(d.id(), f);
                yield new Built(FileSource.read(d, columns, found, f.sha256()), "read (" + found.origin() + ")");
            }
            default -> throw new CorpusException("dataset " + d.id() + ": kind '" + d.kind() + "' cannot be built");
        };
    }

    /** Cache file of a column. */
    java.nio.file.Path cacheFile(String id) {
        return cache.file(id);
    }
}
