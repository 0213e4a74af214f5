package io.lanes.workbench.results;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import io.lanes.workbench.measure.Fingerprint;
import io.lanes.workbench.measure.Measurement;
import io.lanes.workbench.measure.StoreOnly;
import io.lanes.workbench.measure.ValidityGate;
import io.lanes.workbench.measure.ipv.IpvFigure;
import tech.tablesaw.api.ColumnType;
import tech.tablesaw.api.Table;
import tech.tablesaw.io.csv.CsvReadOptions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A result bundle: a directory holding {@code results.csv} (the contract of {@link ResultRecord}),
 * {@code raw.csv} (every repetition) and {@code metadata.json} (fingerprint, run settings, gate
 * verdicts). Rows are appended as each column completes and every file is replaced atomically, so
 * an interrupted run leaves a loadable bundle with what it measured; rows of an unfinished
 * working-set point carry gate {@code pending}. Not thread-safe.
 *
 * <p>The CSV files follow RFC 4180 so that DuckDB's {@code read_csv_auto} and pandas'
 * {@code read_csv} read them with no options: a comma header row, a field quoted only when it holds a
 * comma, a quote (doubled) or a line break, and a missing figure as an empty field. Bundles written
 * before that marked missing figures {@code NA}; {@link #load} reads both.
 */
public final class ResultBundle {
    /** RFC 4180 quoting: Jackson's default also quotes fields it merely suspects (a space, a capital). */
    private static final CsvMapper CSV = new CsvMapper().enable(CsvGenerator.Feature.STRICT_CHECK_FOR_QUOTING);
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final Path dir;
    private final Fingerprint fingerprint;
    private final Map<String, Object> settings;
    private final List<ResultRecord> rows = new ArrayList<>();
    private final List<Map<String, Object>> raw = new ArrayList<>();
    private final Map<String, Object> gates = new LinkedHashMap<>();
    private final Map<String, IpvFigure> ipv = new LinkedHashMap<>();

    /**
     * Creates (or reuses) the directory and writes metadata.json at once.
     *
     * @param settings run settings recorded in metadata.json (command, reps, warm-up, ...)
     */
    public ResultBundle(Path dir, Fingerprint fingerprint, Map<String, Object> settings) {
        this.dir = dir;
        this.fingerprint = fingerprint;
        this.settings = new LinkedHashMap<>(settings);
        try {
            Files.createDirectories(dir);
            DurableFiles.cleanStale(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create result bundle " + dir, e);
        }
        this.settings.put(STATUS, INTERRUPTED);
        writeMetadata();
    }

    /** Key of the bundle's status in metadata.json's settings: {@value #COMPLETE}, {@value #INTERRUPTED} or {@value #FAILED}. */
    public static final String STATUS = "status";
    /** The run finished and every figure it set out to measure is in the bundle. */
    public static final String COMPLETE = "complete";
    /** The run has not finished: it was killed, or it is still running. Its figures are partial. */
    public static final String INTERRUPTED = "interrupted";
    /** The run stopped on an error, recorded under {@code failure}. Its figures are partial. */
    public static final String FAILED = "failed";

    /** Marks the run finished: until this call a bundle reads {@value #INTERRUPTED}. */
    public void complete() {
        note(STATUS, COMPLETE);
    }

    /** Marks the run stopped by {@code error}, recorded under {@code failure}. */
    public void failed(Throwable error) {
        settings.put("failure", error.getMessage() == null ? error.toString() : error.getMessage());
        note(STATUS, FAILED);
    }

    /**
     * The status metadata.json records for a bundle folder: {@value #COMPLETE}, {@value #INTERRUPTED},
     * {@value #FAILED}, or {@value #COMPLETE} for bundles written before the status was recorded (they
     * were only ever combined or reported once finished); {@value #INTERRUPTED} when there is no
     * metadata.json.
     */
    public static String status(Path bundleDir) {
        Path md = bundleDir.resolve("metadata.json");
        if (!Files.isRegularFile(md)) return INTERRUPTED;
        try {
            com.fasterxml.jackson.databind.JsonNode n = JSON.readTree(md.toFile());
            com.fasterxml.jackson.databind.JsonNode s = n.has(STATUS) ? n.path(STATUS) : n.path("settings").path(STATUS);
            return s.isMissingNode() ? COMPLETE : s.asText();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + md, e);
        }
    }

    public Path dir() {
        return dir;
    }

    public Path resultsCsv() {
        return dir.resolve("results.csv");
    }

    /** Rows so far. */
    public List<ResultRecord> rows() {
        return List.copyOf(rows);
    }

    /** Adds the measurements of one column at one point and rewrites the files. */
    public void add(List<Measurement> point) {
        Measurement store = null;
        for (Measurement m : point) if (m.arm().equals(StoreOnly.NAME)) store = m;
        for (Measurement m : point) {
            for (int r = 0; r < m.decodeNanos().length; r++) raw.add(rawRow(m, "decode", r, m.decodeNanos()[r]));
            for (int r = 0; r < m.encodeNanos().length; r++) raw.add(rawRow(m, "encode", r, m.encodeNanos()[r]));
            for (int r = 0; r < m.analyzeNanos().length; r++) raw.add(rawRow(m, "encode_analyze", r, m.analyzeNanos()[r]));
            for (int r = 0; r < m.packNanos().length; r++) raw.add(rawRow(m, "encode_pack", r, m.packNanos()[r]));
            if (!m.control()) rows.add(withIpv(ResultRecord.of(fingerprint, m, store, "pending")));
        }
        writeCsv("results.csv", ResultRecord.COLUMNS, rows.stream().map(ResultRecord::toRow).toList());
        writeCsv("raw.csv", List.of("codec", "control", "column", "working_set", "phase", "rep", "ns_per_call"), raw);
    }

    /**
     * Records the gate verdict of a finished point on its rows and in metadata.json.
     *
     * @param point a working-set label, or {@code pages} for a writer's pages
     */
    public void gate(String point, ValidityGate.Verdict v) {
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).workingSet().equals(point)) rows.set(i, rows.get(i).withGate(v.label()));
        }
        Map<String, Object> g = new LinkedHashMap<>();
        g.put("label", v.label());
        g.put("control_geomean", Double.isNaN(v.controlGeomean()) ? null : v.controlGeomean());
        g.put("tying_columns", v.tyingColumns());
        g.put("columns", v.columns());
        g.put("drift", Double.isNaN(v.drift()) ? null : v.drift());
        g.put("reps", v.reps());
        g.put("headline", Double.isNaN(v.headline()) ? null : v.headline());
        gates.put(point, g);
        writeCsv("results.csv", ResultRecord.COLUMNS, rows.stream().map(ResultRecord::toRow).toList());
        writeMetadata();
    }

    /**
     * Attaches instructions-per-value figures to the rows of the same codec, column and value count,
     * those already added and those added later, and records every figure's identity (backend,
     * tool, JDK, JIT features, counts) in metadata.json under {@code ipv}. Rows without a figure keep
     * an empty ipv / {@code not-measured}.
     */
    public void ipv(List<IpvFigure> figures) {
        for (IpvFigure f : figures) ipv.put(ipvKey(f.codec(), f.dataset(), f.values()), f);
        rows.replaceAll(this::withIpv);
        settings.put("ipv", ipv.values().stream().map(f -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("codec", f.codec());
            m.put("column", f.dataset());
            m.put("values", f.values());
            m.put("instructions_per_value", f.instructionsPerValue());
            m.put("backend", f.backend());
            m.put("tool", f.tool());
            m.put("jdk", f.jdk());
            m.put("jit_features", f.jitFeatures());
            m.put("calls", f.calls());
            m.put("kernel_delta", f.kernelDelta());
            m.put("empty_per_call", f.emptyPerCall());
            m.put("brackets", f.brackets());
            return m;
        }).toList());
        writeCsv("results.csv", ResultRecord.COLUMNS, rows.stream().map(ResultRecord::toRow).toList());
        writeMetadata();
    }

    private ResultRecord withIpv(ResultRecord r) {
        IpvFigure f = ipv.get(ipvKey(r.codec(), r.column(), r.values()));
        return f == null ? r : r.withIpv(f.instructionsPerValue(), f.backend());
    }

    private static String ipvKey(String codec, String column, int values) {
        return codec + "|" + column + "|" + values;
    }

    /** Adds or replaces a run setting in metadata.json (e.g. the quiet-check outcome). */
    public void note(String key, Object value) {
        settings.put(key, value);
        writeMetadata();
    }

    private Map<String, Object> rawRow(Measurement m, String phase, int rep, double ns) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("codec", m.arm());
        r.put("control", m.control());
        r.put("column", m.columnId());
        r.put("working_set", m.workingSet());
        r.put("phase", phase);
        r.put("rep", rep);
        r.put("ns_per_call", ns);
        return r;
    }

    private void writeMetadata() {
        Map<String, Object> md = new LinkedHashMap<>();
        md.put("fingerprint", fingerprint.fields());
        md.put("settings", settings);
        md.put("gates", gates);
        try {
            atomicWrite("metadata.json", JSON.writeValueAsBytes(md));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + dir.resolve("metadata.json"), e);
        }
    }

    private void writeCsv(String name, List<String> header, List<Map<String, Object>> data) {
        writeCsv(dir.resolve(name), header, data);
    }

    /**
     * Writes rows as a CSV file the way results.csv is written (RFC 4180, a missing figure an empty
     * field, {@code null} or NaN), durably and atomically: for tables beside a bundle's results.
     */
    public static void writeCsv(Path file, List<String> header, List<Map<String, Object>> rows) {
        CsvSchema.Builder b = CsvSchema.builder().setUseHeader(true);
        for (String h : header) b.addColumn(h);
        List<Map<String, Object>> clean = rows.stream().map(r -> {
            Map<String, Object> m = new LinkedHashMap<>(r);
            m.replaceAll((k, v) -> v instanceof Double d && (d.isNaN() || d.isInfinite()) ? null : v);
            return m;
        }).toList();
        try {
            DurableFiles.replace(file, CSV.writer(b.build()).writeValueAsBytes(clean));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** Writes a value as indented JSON, durably and atomically; NaN and infinite figures as {@code null}. */
    public static void writeJson(Path file, Object value) {
        try {
            DurableFiles.replace(file, JSON.writeValueAsBytes(value));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    private void atomicWrite(String name, byte[] bytes) throws IOException {
        DurableFiles.replace(dir.resolve(name), bytes);
    }

    /**
     * Writes a bundle at {@code dir} that combines the bundles of one run's parts (e.g. the studies of
     * the main job): results.csv holds every part's rows (each row keeps its part's gate label),
     * metadata.json the first part's fingerprint, every part's settings (its quiet check among them) and
     * gates by part name, under {@code skipped} the datasets the run went on without, with why, and
     * the run's {@code status} ({@link #COMPLETE} once the whole run is).
     */
    public static void combine(Path dir, Map<String, Path> parts, Map<String, String> skipped, String status) {
        try {
            Files.createDirectories(dir);
            StringBuilder csv = new StringBuilder(String.join(",", ResultRecord.COLUMNS)).append('\n');
            Map<String, Object> md = new LinkedHashMap<>();
            Map<String, Object> partsMd = new LinkedHashMap<>();
            for (var e : parts.entrySet()) {
                List<String> lines = Files.readAllLines(e.getValue().resolve("results.csv"), StandardCharsets.UTF_8);
                for (String l : lines.subList(Math.min(1, lines.size()), lines.size())) csv.append(l).append('\n');
                Map<?, ?> m = JSON.readValue(e.getValue().resolve("metadata.json").toFile(), Map.class);
                md.putIfAbsent("fingerprint", m.get("fingerprint"));
                Map<String, Object> p = new LinkedHashMap<>();
                p.put("settings", m.get("settings"));
                p.put("gates", m.get("gates"));
                partsMd.put(e.getKey(), p);
            }
            md.put(STATUS, status);
            md.put("parts", partsMd);
            md.put("skipped", skipped);
            DurableFiles.replace(dir.resolve("results.csv"), csv.toString().getBytes(StandardCharsets.UTF_8));
            DurableFiles.replace(dir.resolve("metadata.json"), JSON.writeValueAsBytes(md));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot combine result bundles into " + dir, e);
        }
    }

    /**
     * Loads a bundle's results.csv (a bundle directory or the CSV itself) into a Tablesaw table,
     * text columns as strings and figures as doubles; a missing figure, an empty field or an older
     * bundle's {@code NA}, loads as missing (NaN). The table is named after the run's command in
     * metadata.json (a notebook's study name such as {@code 00-quickstart}), else after the bundle's
     * folder: a display titles a table by its name, and a folder name may be a temporary one. A
     * bundle whose run did not finish says so in the name, e.g. {@code bench (interrupted)}.
     *
     * @throws IllegalArgumentException when there is no results.csv or it does not parse, naming the file
     */
    public static Table load(Path bundleOrCsv) {
        Path csv = Files.isDirectory(bundleOrCsv) ? bundleOrCsv.resolve("results.csv") : bundleOrCsv;
        if (!Files.isRegularFile(csv)) throw new IllegalArgumentException("no results.csv at " + csv.toAbsolutePath());
        try {
            // types by the header's names: a bundle written before a column was added lacks it
            String header;
            try (var in = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
                header = in.readLine();
            }
            if (header == null) throw new IllegalArgumentException("cannot read " + csv + " as results.csv: the file is empty");
            List<String> names = List.of(header.split(",", -1));
            ColumnType[] types = names.stream().map(c -> TEXT_COLUMNS.contains(c) ? ColumnType.STRING : ColumnType.DOUBLE).toArray(ColumnType[]::new);
            Table t = Table.read().usingOptions(CsvReadOptions.builder(Files.newBufferedReader(csv, StandardCharsets.UTF_8))
                    .tableName(tableName(csv.toAbsolutePath().getParent())).columnTypes(types).missingValueIndicator("", "NA"));
            for (String c : ResultRecord.COLUMNS) {
                if (t.containsColumn(c)) continue;
                if (c.equals("codec_detail")) { // text added later: an older bundle's rows report nothing
                    t.addColumns(tech.tablesaw.api.StringColumn.create(c, java.util.Collections.nCopies(t.rowCount(), "")));
                    continue;
                }
                if (TEXT_COLUMNS.contains(c)) throw new IllegalArgumentException("cannot read " + csv + " as results.csv: it has no column '" + c + "'");
                double[] missing = new double[t.rowCount()];
                java.util.Arrays.fill(missing, Double.NaN);
                t.addColumns(tech.tablesaw.api.DoubleColumn.create(c, missing));
            }
            return t;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + csv, e);
        } catch (IllegalArgumentException e) {
            throw e;
        } catch (RuntimeException e) { // Tablesaw's parse failures (a bad figure, a short row) are the file's fault
            throw new IllegalArgumentException("cannot read " + csv + " as results.csv: " + e.getMessage(), e);
        }
    }

    /** The results.csv columns read as text; every other is a figure. */
    private static final java.util.Set<String> TEXT_COLUMNS = java.util.Set.of("machine", "jdk", "timestamp", "codec", "dataset", "column", "type",
            "working_set", "gate", "ipv_backend", "codec_detail");

    private static String tableName(Path dir) {
        Path md = dir.resolve("metadata.json");
        String name = dir.getFileName().toString();
        if (Files.isRegularFile(md)) {
            try {
                String command = JSON.readTree(md.toFile()).path("settings").path("command").asText("");
                if (!command.isBlank()) name = command;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + md, e);
            }
        }
        String status = status(dir);
        return status.equals(COMPLETE) ? name : name + " (" + status + ")";
    }
}
