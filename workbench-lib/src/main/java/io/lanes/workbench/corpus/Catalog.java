package io.lanes.workbench.corpus;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.lanes.workbench.codec.NameHints;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The dataset registry as written in {@code datasets/catalog.json}: the one list of datasets, their
 * sources (kind, license, upstream URL, sha256 of every file) and columns with types, and the named
 * sets. Column ids are {@code <dataset id>.<column name>}. Immutable once parsed; thread-safe.
 */
public final class Catalog {
    /** Dataset kinds: how a dataset's values are produced. */
    public static final Set<String> KINDS = Set.of("generator", "tpch", "tpcds", "file", "npm");
    /** Documentation fields: changing them does not change any value, so they are not part of a recipe. */
    private static final Set<String> DOC_FIELDS = Set.of("description", "license", "url");
    private static final Set<String> ROOT_FIELDS = Set.of("format", "about", "datasets", "sets");
    /** The catalog format this code reads. */
    public static final int FORMAT = 1;
    /** The conversion of byte-array columns: a text's UTF-8 bytes. */
    public static final String UTF8 = "utf8";
    private static final Pattern RANGE = Pattern.compile("\\{(\\d+)\\.\\.(\\d+)}");
    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /**
     * A source file of a dataset.
     *
     * @param name      file name in the cache ({@code datasets/cache/files/<name>})
     * @param sha256    sha256 of the file, checked on every load wherever it comes from
     * @param committed path below the project's {@code datasets/} folder of a copy committed with the
     *                  project (only for files whose licence allows redistribution), or null
     * @param mirror    path below a mirror folder, or null
     * @param url       upstream URL to download from, or null
     * @param npm       npm package spec ({@code name@version}) whose tarball holds the file, or null
     * @param npmPath   path of the file inside that tarball
     * @param npmSha256 sha256 of the tarball {@code npm pack} fetches
     */
    public record FileEntry(String name, String sha256, String committed, String mirror, String url, String npm,
                            @JsonProperty("npm_path") String npmPath, @JsonProperty("npm_sha256") String npmSha256) {
    }

    /**
     * One column.
     *
     * @param id          registry id, {@code <dataset>.<name>}
     * @param dataset     the dataset's id
     * @param name        the column's name within its dataset
     * @param type        the type it loads as
     * @param generator   generator name (kind {@code generator}), else null
     * @param params      generator parameters (numbers), never null
     * @param field       source field: a 1-based position in a header-less CSV, or a column name
     * @param as          conversion: for integer types {@code int} (default), {@code epoch_days},
     *                    {@code epoch_seconds}, {@code epoch_micros} or {@code hundredths}; for
     *                    {@code byte-array} {@code utf8} (default and only): the text's UTF-8 bytes
     * @param sourceType  the field's type at the source, for display
     * @param description what the column is, or null
     * @param recipe      canonical text of everything that determines the values (cache key)
     */
    public record ColumnEntry(String id, String dataset, String name, ValueType type, String generator,
                              Map<String, Object> params, Object field, String as, String sourceType,
                              String description, String recipe) {
    }

    /**
     * One dataset.
     *
     * @param id          dataset id, e.g. {@code clickbench.hits}
     * @param kind        one of {@link #KINDS}
     * @param description what it is
     * @param license     license of the data and of the file or generator it comes from
     * @param url         home page of the data, or null
     * @param seed        generator seed (kind {@code generator})
     * @param values      values per generated column (kind {@code generator})
     * @param table       table name (kinds {@code tpch}, {@code tpcds})
     * @param scale       scale factor (kinds {@code tpch}, {@code tpcds})
     * @param files       source files (kinds {@code file}, {@code npm})
     * @param format      {@code csv} or {@code parquet} (kinds {@code file}, {@code npm})
     * @param csv         CSV reader options (DuckDB {@code read_csv} names)
     * @param columns     its columns
     */
    public record DatasetEntry(String id, String kind, String description, String license, String url, Long seed,
                               Integer values, String table, Double scale, List<FileEntry> files, String format,
                               Map<String, Object> csv, List<ColumnEntry> columns) {
    }

    /** A named set of column ids. */
    public record SetEntry(String name, String description, List<String> columns) {
    }

    private record RawColumn(String name, String type, String generator, Map<String, Object> params, Object field,
                             String as, @JsonProperty("source_type") String sourceType, String description,
                             List<Integer> widths) {
    }

    private record RawDataset(String id, String kind, String description, String license, String url, Long seed,
                              Integer values, String table, Double scale, List<FileEntry> files, String format,
                              Map<String, Object> csv, List<RawColumn> columns) {
    }

    private record RawSet(String name, String description, List<String> columns) {
    }

    private final String origin;
    private final List<DatasetEntry> datasets;
    private final Map<String, DatasetEntry> datasetById = new LinkedHashMap<>();
    private final Map<String, ColumnEntry> columnById = new LinkedHashMap<>();
    private final Map<String, SetEntry> setByName = new LinkedHashMap<>();

    private Catalog(String origin, List<DatasetEntry> datasets, List<SetEntry> sets) {
        this.origin = origin;
        this.datasets = List.copyOf(datasets);
        for (DatasetEntry d : datasets) {
            if (datasetById.put(d.id(), d) != null) throw bad("dataset id " + d.id() + " appears twice");
            for (ColumnEntry c : d.columns()) {
                if (columnById.put(c.id(), c) != null) throw bad("column id " + c.id() + " appears twice");
            }
        }
        for (SetEntry s : sets) {
            if (setByName.put(s.name(), s) != null) throw bad("set " + s.name() + " appears twice");
            for (String id : s.columns()) {
                if (!columnById.containsKey(id)) throw bad("set " + s.name() + " names unknown column " + id);
            }
        }
    }

    /** Reads and validates a catalog file. */
    public static Catalog load(Path file) {
        try {
            return parse(Files.readString(file), file.toString());
        } catch (IOException e) {
            throw new CorpusException("cannot read the dataset catalog " + file + ": " + e.getMessage(), e);
        }
    }

    /** Parses and validates catalog JSON; {@code origin} names it in error messages. */
    public static Catalog parse(String json, String origin) {
        try {
            JsonNode root = JSON.readTree(json);
            if (root == null || !root.isObject()) throw new CorpusException("dataset catalog " + origin + ": not a JSON object");
            for (var it = root.fieldNames(); it.hasNext(); ) {
                String field = it.next();
                if (!ROOT_FIELDS.contains(field)) throw bad(origin, "unknown field '" + field + "'; expected " + ROOT_FIELDS);
            }
            if (root.has("format") && root.get("format").asInt() != FORMAT) {
                throw bad(origin, "format " + root.get("format") + " is not " + FORMAT + "; this workbench reads catalog format " + FORMAT);
            }
            List<DatasetEntry> datasets = new ArrayList<>();
            for (JsonNode node : root.path("datasets")) datasets.add(dataset(node, origin));
            List<SetEntry> sets = new ArrayList<>();
            for (JsonNode node : root.path("sets")) {
                RawSet raw = JSON.treeToValue(node, RawSet.class);
                require(raw.name(), "set name", origin);
                require(raw.columns(), "set " + raw.name() + ": columns", origin);
                List<String> ids = new ArrayList<>();
                for (String id : raw.columns()) ids.addAll(expand(id));
                sets.add(new SetEntry(raw.name(), raw.description(), List.copyOf(ids)));
            }
            return new Catalog(origin, datasets, sets);
        } catch (JsonProcessingException e) {
            throw new CorpusException("dataset catalog " + origin + ": " + e.getOriginalMessage()
                    + (e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr()), e);
        }
    }

    private static DatasetEntry dataset(JsonNode node, String origin) throws JsonProcessingException {
        RawDataset raw = JSON.treeToValue(node, RawDataset.class);
        String where = "dataset " + raw.id();
        require(raw.id(), "dataset id", origin);
        require(raw.kind(), where + ": kind", origin);
        if (!KINDS.contains(raw.kind())) throw bad(origin, where + ": kind '" + raw.kind() + "' is not one of " + KINDS);
        require(raw.description(), where + ": description", origin);
        require(raw.license(), where + ": license", origin);
        require(raw.columns(), where + ": columns", origin);
        switch (raw.kind()) {
            case "generator" -> {
                require(raw.seed(), where + ": seed", origin);
                require(raw.values(), where + ": values", origin);
            }
            case "tpch", "tpcds" -> {
                require(raw.table(), where + ": table", origin);
                require(raw.scale(), where + ": scale", origin);
            }
            default -> {
                require(raw.files(), where + ": files", origin);
                require(raw.format(), where + ": format", origin);
                if (raw.files().size() != 1) throw bad(origin, where + ": exactly one file is supported, found " + raw.files().size());
                for (FileEntry f : raw.files()) {
                    require(f.name(), where + ": file name", origin);
                    require(f.sha256(), where + ": file " + f.name() + ": sha256", origin);
                    if (f.url() == null && f.npm() == null && f.mirror() == null && f.committed() == null) {
                        throw bad(origin, where + ": file " + f.name() + " has no committed copy, mirror path, url or npm package");
                    }
                    if (f.npm() != null && (f.npmPath() == null || f.npmSha256() == null)) {
                        throw bad(origin, where + ": file " + f.name() + ": npm needs npm_path and npm_sha256");
                    }
                }
            }
        }
        // The recipe of a column: the dataset's value-determining fields plus the column itself.
        ObjectNode base = ((ObjectNode) node).deepCopy();
        base.remove(DOC_FIELDS);
        base.remove("columns");
        List<ColumnEntry> columns = new ArrayList<>();
        int i = 0;
        for (JsonNode colNode : node.path("columns")) {
            RawColumn c = JSON.treeToValue(colNode, RawColumn.class);
            String cw = where + ": columns[" + i++ + "]";
            require(c.name(), cw + ": name", origin);
            require(c.type(), cw + " (" + c.name() + "): type", origin);
            ValueType type;
            try {
                type = ValueType.parse(c.type());
            } catch (IllegalArgumentException e) {
                throw bad(origin, cw + " (" + c.name() + "): " + e.getMessage());
            }
            String as = c.as() != null ? c.as() : type.integer() ? "int" : UTF8;
            if (type.integer() == as.equals(UTF8)) {
                throw bad(origin, cw + " (" + c.name() + "): conversion '" + as + "' does not apply to " + type.label()
                        + (type.integer() ? " (utf8 is for byte-array columns)" : " (byte-array columns load as utf8)"));
            }
            if (raw.kind().equals("generator")) require(c.generator(), cw + " (" + c.name() + "): generator", origin);
            if ((raw.kind().equals("file") || raw.kind().equals("npm")) && c.field() == null) {
                throw bad(origin, cw + " (" + c.name() + "): field is required");
            }
            ObjectNode colRecipe = ((ObjectNode) colNode).deepCopy();
            colRecipe.remove(DOC_FIELDS);
            String baseRecipe = base + "/";
            Map<String, Object> params = c.params() == null ? Map.of() : c.params();
            if (c.widths() != null) {
                // A family: one column per width, named by replacing {w}.
                if (c.widths().size() != 2 || !c.name().contains("{w}")) {
                    throw bad(origin, cw + ": widths needs [from, to] and a name containing {w}");
                }
                for (int w = c.widths().get(0); w <= c.widths().get(1); w++) {
                    Map<String, Object> p = new LinkedHashMap<>(params);
                    p.put("width", w);
                    String name = c.name().replace("{w}", Integer.toString(w));
                    columns.add(new ColumnEntry(raw.id() + "." + name, raw.id(), name, type, c.generator(),
                            Collections.unmodifiableMap(p), null, as, c.sourceType(), c.description(),
                            baseRecipe + colRecipe + "/width=" + w));
                }
            } else {
                columns.add(new ColumnEntry(raw.id() + "." + c.name(), raw.id(), c.name(), type, c.generator(),
                        Collections.unmodifiableMap(new LinkedHashMap<>(params)), c.field(), as,
                        c.sourceType(), c.description(), baseRecipe + colRecipe));
            }
        }
        return new DatasetEntry(raw.id(), raw.kind(), raw.description(), raw.license(), raw.url(), raw.seed(),
                raw.values(), raw.table(), raw.scale(), raw.files() == null ? List.of() : List.copyOf(raw.files()),
                raw.format(), raw.csv() == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(raw.csv())),
                List.copyOf(columns));
    }

    /** Expands {@code {a..b}} ranges in a set member: {@code syn.uniform.w{1..3}} gives three ids. */
    static List<String> expand(String pattern) {
        Matcher m = RANGE.matcher(pattern);
        if (!m.find()) return List.of(pattern);
        List<String> out = new ArrayList<>();
        int from = Integer.parseInt(m.group(1));
        int to = Integer.parseInt(m.group(2));
        for (int k = from; k <= to; k++) {
            out.addAll(expand(pattern.substring(0, m.start()) + k + pattern.substring(m.end())));
        }
        return out;
    }

    private static void require(Object value, String what, String origin) {
        if (value == null) throw bad(origin, what + " is required");
    }

    private static CorpusException bad(String origin, String detail) {
        return new CorpusException("dataset catalog " + origin + ": " + detail);
    }

    private CorpusException bad(String detail) {
        return bad(origin, detail);
    }

    /** Every dataset, in catalog order. */
    public List<DatasetEntry> datasets() {
        return datasets;
    }

    /** Every set, in catalog order. */
    public List<SetEntry> sets() {
        return List.copyOf(setByName.values());
    }

    /** Whether {@code id} is a dataset id. */
    public boolean hasDataset(String id) {
        return datasetById.containsKey(id);
    }

    /** Whether {@code name} is a set. */
    public boolean hasSet(String name) {
        return setByName.containsKey(name);
    }

    /** The column of that id; unknown ids give an error that lists close matches. */
    public ColumnEntry column(String id) {
        ColumnEntry c = columnById.get(id);
        if (c == null) throw unknown("column", id, columnById.keySet());
        return c;
    }

    /** The dataset of that id. */
    public DatasetEntry dataset(String id) {
        DatasetEntry d = datasetById.get(id);
        if (d == null) throw unknown("dataset", id, datasetById.keySet());
        return d;
    }

    /** The set of that name. */
    public SetEntry set(String name) {
        SetEntry s = setByName.get(name);
        if (s == null) throw new CorpusException("unknown set '" + name + "'; known sets: " + String.join(", ", setByName.keySet()));
        return s;
    }

    /**
     * Column ids named by a set name, a dataset id (all its columns) or a column id, tried in that
     * order.
     */
    public List<String> resolve(String setDatasetOrColumn) {
        if (setByName.containsKey(setDatasetOrColumn)) return setByName.get(setDatasetOrColumn).columns();
        if (datasetById.containsKey(setDatasetOrColumn)) {
            return datasetById.get(setDatasetOrColumn).columns().stream().map(ColumnEntry::id).toList();
        }
        if (columnById.containsKey(setDatasetOrColumn)) return List.of(setDatasetOrColumn);
        Set<String> all = new java.util.LinkedHashSet<>(setByName.keySet());
        all.addAll(datasetById.keySet());
        all.addAll(columnById.keySet());
        throw unknown("set, dataset or column", setDatasetOrColumn, all);
    }

    private CorpusException unknown(String what, String id, java.util.Collection<String> known) {
        String key = id.toLowerCase(Locale.ROOT);
        List<String> close = known.stream()
                .filter(k -> k.toLowerCase(Locale.ROOT).contains(key) || key.contains(k.toLowerCase(Locale.ROOT))
                        || NameHints.distance(k.toLowerCase(Locale.ROOT), key) <= 2)
                .sorted(Comparator.comparingInt((String k) -> NameHints.distance(k.toLowerCase(Locale.ROOT), key)))
                .limit(5).toList();
        return new CorpusException("unknown " + what + " '" + id + "'"
                + (close.isEmpty() ? "" : "; did you mean " + String.join(", ", close) + "?")
                + " (`workbench datasets list` shows every dataset and set)");
    }
}
