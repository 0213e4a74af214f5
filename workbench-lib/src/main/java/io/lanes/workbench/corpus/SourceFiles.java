package io.lanes.workbench.corpus;

import io.lanes.workbench.corpus.Catalog.FileEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;

/**
 * Finds a dataset's source file: the copy committed with the project ({@code datasets/<committed>}),
 * then the local cache ({@code <cache>/files/<name>}), then each mirror folder, then upstream (npm
 * package or URL; the fetched file is stored in the cache). The sha256
 * in the catalog is checked on every load, wherever the file comes from; a cached file that does
 * not match is deleted and fetched again. When nothing matches, the error names every place tried
 * and what was wrong there. Thread-safe: a fetch works in a private temporary folder and ends with an
 * atomic move, so concurrent fetches of one file at worst both download it.
 */
final class SourceFiles {
    /** A verified file and where it was found. */
    record Found(Path path, String origin) {
    }

    private final Locations locations;
    private final Upstream upstream;
    private final Consumer<String> notes;

    SourceFiles(Locations locations, Upstream upstream, Consumer<String> notes) {
        this.locations = locations;
        this.upstream = upstream;
        this.notes = notes;
    }

    /** The cache path of a file. */
    Path cachePath(FileEntry f) {
        return locations.cache().resolve("files").resolve(f.name());
    }

    /**
     * The verified local path of {@code f}, fetching it into the cache if no local copy matches.
     *
     * @throws CorpusException naming every place tried when no matching copy can be had
     */
    Found find(String dataset, FileEntry f) {
        List<String> tried = new ArrayList<>();
        if (f.committed() != null) {
            Path p = locations.catalog().resolveSibling(f.committed());
            if (!Files.isRegularFile(p)) tried.add("committed copy " + p + " (absent)");
            else {
                String sha = sha(p);
                if (sha.equals(f.sha256())) return new Found(p, "committed copy");
                tried.add("committed copy " + p + " (sha256 " + sha + " does not match)");
            }
        }
        Path cached = cachePath(f);
        if (Files.isRegularFile(cached)) {
            String sha = sha(cached);
            if (sha.equals(f.sha256())) return new Found(cached, "cache");
            tried.add("cache " + cached + " (sha256 " + sha + " does not match; deleted)");
            notes.accept("cache file " + cached + ": sha256 " + sha + " does not match the catalog's " + f.sha256() + "; deleted, fetching again");
            delete(cached);
        } else {
            tried.add("cache " + cached + " (absent)");
        }
        if (locations.mirrors().isEmpty()) tried.add("mirrors (none: set " + Locations.MIRROR_ENV + ")");
        else if (f.mirror() == null) tried.add("mirrors (the catalog gives this file no mirror path)");
        for (Path m : f.mirror() == null ? List.<Path>of() : locations.mirrors()) {
            Path p = m.resolve(f.mirror());
            if (!Files.isRegularFile(p)) {
                tried.add("mirror " + p + " (absent)");
                continue;
            }
            String sha = sha(p);
            if (sha.equals(f.sha256())) return new Found(p, "mirror " + m);
            tried.add("mirror " + p + " (sha256 " + sha + " does not match)");
        }
        if (f.npm() != null) {
            try {
                fetchNpm(f, cached);
                return new Found(cached, "npm " + f.npm());
            } catch (IOException e) {
                tried.add("npm pack " + f.npm() + " (" + reason(e) + ")");
            }
        } else if (f.url() != null) {
            try {
                fetchUrl(f, cached);
                return new Found(cached, "download " + f.url());
            } catch (IOException e) {
                tried.add("upstream " + f.url() + " (" + reason(e) + ")");
            }
        }
        throw new CorpusException("dataset " + dataset + ": no copy of " + f.name() + " with sha256 " + f.sha256()
                + "; tried " + String.join("; ", tried) + ". To get it: ./workbench datasets fetch " + dataset
                + " where its upstream is reachable, or point " + Locations.MIRROR_ENV + " at a folder holding "
                + (f.mirror() != null ? f.mirror() : f.name()));
    }

    private void fetchUrl(FileEntry f, Path cached) throws IOException {
        Path tmp = tempDir();
        try {
            Path part = tmp.resolve(f.name());
            notes.accept("downloading " + f.url());
            upstream.download(f.url(), part);
            install(part, f.sha256(), cached);
        } finally {
            deleteTree(tmp);
        }
    }

    private void fetchNpm(FileEntry f, Path cached) throws IOException {
        Path tmp = tempDir();
        try {
            Path part = tmp.resolve(f.name());
            extract(npmTarball(f, tmp), f.npmPath(), part);
            install(part, f.sha256(), cached);
        } finally {
            deleteTree(tmp);
        }
    }

    /**
     * The package's tarball, kept in the cache once fetched and verified: several datasets ship in
     * one package (vega-datasets holds the flights and the bird strikes), and one fetch serves them all.
     */
    private Path npmTarball(FileEntry f, Path tmp) throws IOException {
        Path kept = locations.cache().resolve("files").resolve("npm").resolve(f.npm().replace('/', '_') + ".tgz");
        if (Files.isRegularFile(kept) && Sha256.of(kept).equals(f.npmSha256())) return kept;
        notes.accept("fetching " + f.npm() + " with npm pack");
        Path tgz = upstream.npmPack(f.npm(), tmp);
        String sha = Sha256.of(tgz);
        if (!sha.equals(f.npmSha256())) {
            throw new IOException("tarball sha256 " + sha + " does not match the catalog's " + f.npmSha256());
        }
        Files.createDirectories(kept.getParent());
        Files.move(tgz, kept, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return kept;
    }

    /** Moves a fetched file into the cache if its sha256 matches. */
    private static void install(Path part, String expected, Path cached) throws IOException {
        String sha = Sha256.of(part);
        if (!sha.equals(expected)) throw new IOException("fetched file has sha256 " + sha + ", the catalog says " + expected);
        Files.createDirectories(cached.getParent());
        Files.move(part, cached, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static void extract(Path tgz, String entryPath, Path target) throws IOException {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(tgz));
             TarArchiveInputStream tar = new TarArchiveInputStream(new GzipCompressorInputStream(in))) {
            for (TarArchiveEntry e; (e = tar.getNextEntry()) != null; ) {
                if (e.getName().equals(entryPath)) {
                    Files.copy(tar, target, StandardCopyOption.REPLACE_EXISTING);
                    return;
                }
            }
        }
        throw new IOException(tgz.getFileName() + " has no " + entryPath);
    }

    private Path tempDir() throws IOException {
        Path dir = locations.cache().resolve("tmp");
        Files.createDirectories(dir);
        return Files.createTempDirectory(dir, "fetch-");
    }

    /** An exception as a short reason: its message, or its type when it has none (e.g. a bare ConnectException). */
    private static String reason(IOException e) {
        return e.getMessage() == null || e.getMessage().isBlank() ? e.getClass().getSimpleName() : e.getMessage();
    }

    private static String sha(Path p) {
        try {
            return Sha256.of(p);
        } catch (IOException e) {
            throw new CorpusException("cannot read " + p + ": " + e.getMessage(), e);
        }
    }

    private static void delete(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            throw new CorpusException("cannot delete the bad cache file " + p + ": " + e.getMessage(), e);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }
}
