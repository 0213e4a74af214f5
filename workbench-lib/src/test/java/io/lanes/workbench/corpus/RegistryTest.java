package io.lanes.workbench.corpus;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RegistryTest {
    @TempDir
    Path tmp;

    private final List<String> notes = new ArrayList<>();

    // ---- the project's catalog over its committed files ----

    @Test
    void committedColumnsMatchTheFileAndComeFromTheCacheTheSecondTime() throws IOException {
        String[] first = Files.readAllLines(TestCorpus.PROJECT.catalog().resolveSibling("fastlanes-data/nyc_fhv_tripdata_2019-01_65536.csv"),
                StandardCharsets.UTF_8).getFirst().split("\\|", -1);
        Registry r = TestCorpus.project(tmp.resolve("cache"), notes);
        List<Registry.Loaded> a = r.load(List.of("nyc.fhv.pickup_datetime", "nyc.fhv.dropoff_datetime", "nyc.fhv.pickup_datetime_us"));
        assertEquals("read (committed copy)", a.getFirst().origin());
        Column time = a.get(0).column(), drop = a.get(1).column(), micros = a.get(2).column();
        assertEquals(65536, time.size());
        assertEquals(LocalDateTime.parse(first[1].replace(' ', 'T')).toEpochSecond(ZoneOffset.UTC), time.ints()[0]);
        assertEquals(LocalDateTime.parse(first[2].replace(' ', 'T')).toEpochSecond(ZoneOffset.UTC), drop.ints()[0]);
        assertEquals(time.ints()[0] * 1_000_000L, micros.longs()[0]);
        assertEquals(ValueType.INT64, micros.type());

        List<Registry.Loaded> b = r.load(List.of("nyc.fhv.pickup_datetime", "nyc.fhv.pickup_datetime_us"));
        assertEquals("cache", b.get(0).origin());
        assertEquals("cache", b.get(1).origin());
        assertArrayEquals(time.ints(), b.get(0).column().ints());
        assertArrayEquals(micros.longs(), b.get(1).column().longs());
        assertEquals(time.provenance(), b.get(0).column().provenance());
    }

    @Test
    void theOfflineSetsNeedNoMirrorAndNoNetwork() {
        // what a fresh clone has: the committed files, the generators, and npm for the registry-shipped data
        Catalog cat = Catalog.load(TestCorpus.PROJECT.catalog());
        for (String set : List.of("default", "int64", "sorted", "quick", "uniform", "strings")) {
            for (String id : cat.resolve(set)) {
                Catalog.DatasetEntry d = cat.dataset(cat.column(id).dataset());
                boolean offline = switch (d.kind()) {
                    case "generator", "tpch", "tpcds", "npm" -> true;
                    default -> d.files().stream().allMatch(f -> f.committed() != null);
                };
                assertTrue(offline, "set " + set + " holds " + id + ", whose dataset " + d.id() + " is download-only");
            }
        }
        Registry r = TestCorpus.project(tmp.resolve("cache"), notes);
        assertEquals(7, r.columns("quick").size());
    }

    @Test
    void aRunResolvesWhatItCanAndNamesWhatItCannot() {
        Registry r = TestCorpus.project(tmp.resolve("cache"), notes);
        Registry.Resolution res = r.resolve(List.of("syn.uniform.w5", "clickbench.hits.EventTime", "nyc.fhv.PULocationID", "clickbench.hits.RegionID"));
        assertEquals(List.of("syn.uniform.w5", "nyc.fhv.PULocationID"), List.copyOf(res.columns().keySet()));
        assertEquals(List.of("clickbench.hits"), List.copyOf(res.skipped().keySet()), "named once, not once per column");
        String why = res.skipped().get("clickbench.hits");
        assertTrue(why.contains("click_mini.tsv.gz") && why.contains("no network in tests") && why.contains("datasets fetch clickbench.hits")
                && why.contains(Locations.MIRROR_ENV), why);
        assertEquals(List.of("nyc.fhv.PULocationID"), res.of(List.of("clickbench.hits.EventTime", "nyc.fhv.PULocationID")).stream().map(Column::id).toList());
        assertThrows(CorpusException.class, () -> r.resolve(List.of("syn.uniform.w5x")), "a typo is not a missing source");
    }

    @Test
    void aCacheFileWithAWrongSha256IsDetectedAndRebuilt() throws IOException {
        Registry r = TestCorpus.project(tmp.resolve("cache"), notes);
        int[] good = r.column("nyc.fhv.PULocationID").ints();
        Path file = r.cacheFile("nyc.fhv.PULocationID");
        byte[] bytes = Files.readAllBytes(file);
        bytes[bytes.length - 1] ^= 1;                     // one bit of the last value
        Files.write(file, bytes);
        List<Registry.Loaded> again = r.load(List.of("nyc.fhv.PULocationID"));
        assertTrue(notes.stream().anyMatch(n -> n.contains(file.toString()) && n.contains("sha256") && n.contains("rebuilding")), notes.toString());
        assertEquals("read (committed copy)", again.getFirst().origin());
        assertArrayEquals(good, again.getFirst().column().ints());
        assertEquals("cache", r.load(List.of("nyc.fhv.PULocationID")).getFirst().origin());

        Files.delete(file.resolveSibling(file.getFileName() + ".sha256"));
        notes.clear();
        assertTrue(r.load(List.of("nyc.fhv.PULocationID")).getFirst().origin().startsWith("read"));
        assertTrue(notes.getFirst().contains("no nyc.fhv.PULocationID.col.sha256"), notes.toString());
    }

    // ---- a catalog of the test's own, over files it makes ----

    private static final String CSV = "1|2019-01-01 00:00:05|2019-01-01|null\n2|2019-01-02 10:00:07.5|2019-01-02|3000000000\n3|1969-12-31 23:59:59|1969-12-31|-4\n";

    private String fileCatalog(String sha, String fileFields, String bigType) {
        return """
                {"datasets": [{"id": "t.trips", "kind": "file", "description": "test", "license": "none", "format": "csv",
                  "csv": {"delim": "|", "header": false, "quote": "", "escape": "", "nullstr": "null"},
                  "files": [{"name": "trips.csv", "sha256": "%s", %s}],
                  "columns": [
                    {"name": "id", "type": "int32", "field": 1},
                    {"name": "ts", "type": "int32", "field": 2, "as": "epoch_seconds"},
                    {"name": "ts_us", "type": "int64", "field": 2, "as": "epoch_micros"},
                    {"name": "day", "type": "int32", "field": 3, "as": "epoch_days"},
                    {"name": "big", "type": "%s", "field": 4}]}]}
                """.formatted(sha, fileFields, bigType);
    }

    private Path mirrorWithCsv() throws IOException {
        Path mirror = tmp.resolve("mirror");
        Files.createDirectories(mirror.resolve("sub"));
        Files.writeString(mirror.resolve("sub/trips.csv"), CSV);
        return mirror;
    }

    private static String sha(String s) {
        return Sha256.of(s);
    }

    @Test
    void convertsTimestampsDatesAndIntegersAndDropsNulls() throws IOException {
        Path mirror = mirrorWithCsv();
        Registry r = TestCorpus.of(fileCatalog(sha(CSV), "\"mirror\": \"sub/trips.csv\"", "int64"), tmp.resolve("cache"), List.of(mirror),
                Upstream.offline("offline"), notes);
        assertArrayEquals(new int[] {1, 2, 3}, r.column("t.trips.id").ints());
        long t1 = LocalDateTime.parse("2019-01-01T00:00:05").toEpochSecond(ZoneOffset.UTC);
        long t2 = LocalDateTime.parse("2019-01-02T10:00:07").toEpochSecond(ZoneOffset.UTC);
        assertArrayEquals(new int[] {(int) t1, (int) t2, -1}, r.column("t.trips.ts").ints());   // seconds are floored
        assertArrayEquals(new long[] {t1 * 1_000_000, t2 * 1_000_000 + 500_000, -1_000_000}, r.column("t.trips.ts_us").longs());
        assertArrayEquals(new int[] {(int) LocalDate.parse("2019-01-01").toEpochDay(), (int) LocalDate.parse("2019-01-02").toEpochDay(), -1},
                r.column("t.trips.day").ints());
        Column big = r.column("t.trips.big");
        assertArrayEquals(new long[] {3_000_000_000L, -4}, big.longs());
        assertTrue(big.provenance().contains("1 nulls dropped") && big.provenance().contains(sha(CSV)), big.provenance());
    }

    @Test
    void aValueTooWideForInt32NamesColumnAndRow() throws IOException {
        Registry r = TestCorpus.of(fileCatalog(sha(CSV), "\"mirror\": \"sub/trips.csv\"", "int32"), tmp.resolve("cache"),
                List.of(mirrorWithCsv()), Upstream.offline("offline"), notes);
        CorpusException e = assertThrows(CorpusException.class, () -> r.column("t.trips.big"));
        assertEquals("t.trips.big row 2: value 3000000000 does not fit int32 (use int64)", e.getMessage());
    }

    @Test
    void withNoMirrorAndNoNetworkTheErrorNamesEveryPlaceTried() throws IOException {
        String url = "https://example.org/data/trips.csv";
        String json = fileCatalog(sha(CSV), "\"mirror\": \"sub/trips.csv\", \"url\": \"" + url + "\"", "int64");
        Path cache = tmp.resolve("cache");
        CorpusException none = assertThrows(CorpusException.class,
                () -> TestCorpus.of(json, cache, List.of(), Upstream.offline("network unreachable"), notes).column("t.trips.id"));
        String m = none.getMessage();
        assertTrue(m.startsWith("dataset t.trips: no copy of trips.csv with sha256 " + sha(CSV)), m);
        assertTrue(m.contains("cache " + cache.resolve("files/trips.csv") + " (absent)"), m);
        assertTrue(m.contains("mirrors (none: set " + Locations.MIRROR_ENV + ")"), m);
        assertTrue(m.contains("upstream " + url + " (network unreachable)"), m);
        assertFalse(m.contains("\n"), m);

        Path emptyMirror = Files.createDirectories(tmp.resolve("empty-mirror"));
        Path otherMirror = mirrorWithCsv();
        Files.writeString(otherMirror.resolve("sub/trips.csv"), CSV.replace("3000000000", "3000000001"));
        String m2 = assertThrows(CorpusException.class, () -> TestCorpus.of(json, cache, List.of(emptyMirror, otherMirror),
                Upstream.offline("network unreachable"), notes).column("t.trips.id")).getMessage();
        assertTrue(m2.contains("mirror " + emptyMirror.resolve("sub/trips.csv") + " (absent)"), m2);
        assertTrue(m2.contains("mirror " + otherMirror.resolve("sub/trips.csv") + " (sha256 "
                + sha(CSV.replace("3000000000", "3000000001")) + " does not match)"), m2);
        assertTrue(m2.contains("upstream " + url), m2);
    }

    @Test
    void downloadsAreVerifiedCachedAndABadCachedFileIsReplaced() throws IOException {
        String url = "https://example.org/data/trips.csv";
        String json = fileCatalog(sha(CSV), "\"url\": \"" + url + "\"", "int64");
        Path cache = tmp.resolve("cache");
        List<String> downloads = new ArrayList<>();
        Upstream serving = new Upstream() {
            @Override
            public void download(String u, Path target) throws IOException {
                downloads.add(u);
                Files.writeString(target, CSV);
            }

            @Override
            public Path npmPack(String spec, Path dir) {
                throw new AssertionError("not npm");
            }
        };
        Registry r = TestCorpus.of(json, cache, List.of(), serving, notes);
        assertEquals("read (download " + url + ")", r.load(List.of("t.trips.id")).getFirst().origin());
        assertEquals(CSV, Files.readString(cache.resolve("files/trips.csv")));

        // A cached source file that was altered is deleted and fetched again.
        Files.writeString(cache.resolve("files/trips.csv"), "tampered");
        assertEquals("read (download " + url + ")", r.load(List.of("t.trips.ts")).getFirst().origin());
        assertEquals(2, downloads.size());
        assertTrue(notes.stream().anyMatch(n -> n.contains("does not match") && n.contains("trips.csv")), notes.toString());
        assertEquals(CSV, Files.readString(cache.resolve("files/trips.csv")));

        // A download that does not match is refused and named.
        Upstream wrong = new Upstream() {
            @Override
            public void download(String u, Path target) throws IOException {
                Files.writeString(target, "wrong");
            }

            @Override
            public Path npmPack(String spec, Path dir) {
                throw new AssertionError("not npm");
            }
        };
        String m = assertThrows(CorpusException.class, () -> TestCorpus.of(json, tmp.resolve("cache2"), List.of(), wrong, notes)
                .column("t.trips.id")).getMessage();
        assertTrue(m.contains("upstream " + url + " (fetched file has sha256 " + sha("wrong")), m);
    }

    @Test
    void npmPackagesAreUnpackedVerifiedAndCached() throws IOException {
        Path tgz = tmp.resolve("pkg.tgz");
        byte[] csv = CSV.getBytes(StandardCharsets.UTF_8);
        try (OutputStream out = Files.newOutputStream(tgz);
             TarArchiveOutputStream tar = new TarArchiveOutputStream(new GzipCompressorOutputStream(out))) {
            for (String name : List.of("package/README.md", "package/data/trips.csv")) {
                byte[] body = name.endsWith(".csv") ? csv : "readme".getBytes(StandardCharsets.UTF_8);
                TarArchiveEntry e = new TarArchiveEntry(name);
                e.setSize(body.length);
                tar.putArchiveEntry(e);
                tar.write(body);
                tar.closeArchiveEntry();
            }
        }
        String json = fileCatalog(sha(CSV), "\"npm\": \"trips@1.0.0\", \"npm_path\": \"package/data/trips.csv\", \"npm_sha256\": \""
                + Sha256.of(tgz) + "\"", "int64").replace("\"kind\": \"file\"", "\"kind\": \"npm\"");
        List<String> packs = new ArrayList<>();
        Upstream npm = new Upstream() {
            @Override
            public void download(String url, Path target) {
                throw new AssertionError("not a download");
            }

            @Override
            public Path npmPack(String spec, Path dir) throws IOException {
                packs.add(spec);
                return Files.copy(tgz, dir.resolve("trips-1.0.0.tgz"));
            }
        };
        Path cache = tmp.resolve("cache");
        Registry r = TestCorpus.of(json, cache, List.of(), npm, notes);
        assertEquals("read (npm trips@1.0.0)", r.load(List.of("t.trips.id")).getFirst().origin());
        assertEquals(List.of("trips@1.0.0"), packs);
        assertEquals(CSV, Files.readString(cache.resolve("files/trips.csv")));
        assertEquals("read (cache)", r.load(List.of("t.trips.ts")).getFirst().origin());
        assertEquals(1, packs.size());
        // another file of the same package (here: the same file again, its copy gone) comes from the kept tarball
        Files.delete(cache.resolve("files/trips.csv"));
        try (var cols = Files.list(cache.resolve("columns"))) {
            for (Path p : cols.toList()) Files.delete(p);
        }
        assertEquals("read (npm trips@1.0.0)", r.load(List.of("t.trips.id")).getFirst().origin());
        assertEquals(1, packs.size(), "one npm pack per package, not per file");
        try (var left = Files.list(cache.resolve("tmp"))) {
            assertEquals(0, left.count(), "temporary fetch folders are removed");
        }
    }

    @Test
    void aChangedCatalogEntryRebuildsItsColumn() throws IOException {
        Path mirror = mirrorWithCsv();
        Path cache = tmp.resolve("cache");
        String json = fileCatalog(sha(CSV), "\"mirror\": \"sub/trips.csv\"", "int64");
        TestCorpus.of(json, cache, List.of(mirror), Upstream.offline("offline"), notes).column("t.trips.day");
        Registry changed = TestCorpus.of(json.replace("\"field\": 3, \"as\": \"epoch_days\"", "\"field\": 1"),
                cache, List.of(mirror), Upstream.offline("offline"), notes);
        assertArrayEquals(new int[] {1, 2, 3}, changed.column("t.trips.day").ints());
        assertTrue(notes.stream().anyMatch(n -> n.contains("older catalog entry")), notes.toString());
    }

    @Test
    void readsParquetColumnsByName() throws Exception {
        Path mirror = Files.createDirectories(tmp.resolve("mirror"));
        Path file = mirror.resolve("t.parquet");
        try (var conn = Duck.open(); var st = conn.createStatement()) {
            st.execute("COPY (SELECT * FROM (VALUES (TIMESTAMP '2001-01-01 00:01:00', 5::BIGINT), (TIMESTAMP '2001-01-01 00:02:30', NULL))"
                    + " t(date, delay)) TO " + Duck.literal(file.toString()) + " (FORMAT parquet)");
        }
        String json = """
                {"datasets": [{"id": "t.flights", "kind": "npm", "description": "test", "license": "none", "format": "parquet",
                  "files": [{"name": "t.parquet", "sha256": "%s", "mirror": "t.parquet"}],
                  "columns": [{"name": "date", "type": "int32", "field": "date", "as": "epoch_seconds"},
                              {"name": "date_us", "type": "int64", "field": "date", "as": "epoch_micros"},
                              {"name": "delay", "type": "int32", "field": "delay"}]}]}
                """.formatted(Sha256.of(file));
        Registry r = TestCorpus.of(json, tmp.resolve("cache"), List.of(mirror), Upstream.offline("offline"), notes);
        long t = LocalDateTime.parse("2001-01-01T00:01:00").toEpochSecond(ZoneOffset.UTC);
        assertArrayEquals(new int[] {(int) t, (int) t + 90}, r.column("t.flights.date").ints());
        assertArrayEquals(new long[] {t * 1_000_000, (t + 90) * 1_000_000}, r.column("t.flights.date_us").longs());
        assertArrayEquals(new int[] {5}, r.column("t.flights.delay").ints());
    }
}
