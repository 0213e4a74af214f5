package io.lanes.workbench.cli;

import io.lanes.workbench.codec.ByteArrays;
import io.lanes.workbench.corpus.Catalog;
import io.lanes.workbench.corpus.Catalog.ColumnEntry;
import io.lanes.workbench.corpus.Catalog.DatasetEntry;
import io.lanes.workbench.corpus.Catalog.FileEntry;
import io.lanes.workbench.corpus.Catalog.SetEntry;
import io.lanes.workbench.corpus.Column;
import io.lanes.workbench.measure.ColumnStats;
import io.lanes.workbench.corpus.Datasets;
import io.lanes.workbench.corpus.Registry;
import io.lanes.workbench.measure.StringStats;
import io.lanes.workbench.corpus.ValueType;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import tech.tablesaw.api.Table;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

/**
 * {@code workbench datasets list|show ID|stats SET|fetch SET}: browse the dataset registry, print
 * column statistics, fill the cache. Tables go to standard output as plain aligned text; errors are
 * one line on standard error with {@link Main}'s exit codes (2 bad usage or data, 1 internal), never a
 * stack trace.
 */
@Command(name = "datasets", mixinStandardHelpOptions = true,
        description = "Browse the dataset registry (datasets/catalog.json), print column statistics, fill the cache.",
        subcommands = {DatasetsCommand.ListCommand.class, DatasetsCommand.ShowCommand.class,
                DatasetsCommand.StatsCommand.class, DatasetsCommand.FetchCommand.class})
public final class DatasetsCommand implements Callable<Integer> {
    /** Characters of a byte-array value {@code show} prints before cutting it with {@code ...}. */
    private static final int TEXT_SHOWN = 24;
    private final Supplier<Registry> registry;
    @Spec
    CommandSpec spec;

    /** Over the project's registry ({@link Datasets#registry()}). */
    public DatasetsCommand() {
        this(Datasets::registry);
    }

    /** Over the given registry (tests, other catalogs). */
    public DatasetsCommand(Registry registry) {
        this(() -> registry);
    }

    private DatasetsCommand(Supplier<Registry> registry) {
        this.registry = registry;
    }

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return 2;
    }

    /** Runs a subcommand body, turning a failure into one line on standard error and its exit code ({@link Main#fail}). */
    private int run(CommandSpec sub, Callable<Integer> body) {
        PrintWriter out = sub.commandLine().getOut();
        PrintWriter err = sub.commandLine().getErr();
        try {
            return body.call();
        } catch (Exception e) {
            out.flush();
            return Main.fail(err, e, "datasets " + sub.name() + ": ");
        } finally {
            out.flush();
            err.flush();
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List every dataset and every set.")
    static final class ListCommand implements Callable<Integer> {
        @ParentCommand
        DatasetsCommand parent;
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            return parent.run(spec, () -> {
                PrintWriter out = spec.commandLine().getOut();
                Catalog cat = parent.registry.get().catalog();
                List<List<String>> rows = new ArrayList<>();
                for (DatasetEntry d : cat.datasets()) {
                    rows.add(List.of(d.id(), d.kind(), Integer.toString(d.columns().size()), types(d.columns()), firstSentence(d.description())));
                }
                print(out, List.of("dataset", "kind", "columns", "types", "description"), rows, Set.of(2));
                out.println();
                rows.clear();
                for (SetEntry s : cat.sets()) {
                    List<ColumnEntry> cols = s.columns().stream().map(cat::column).toList();
                    rows.add(List.of(s.name(), Integer.toString(cols.size()), types(cols), sources(cols), s.description() == null ? "" : s.description()));
                }
                print(out, List.of("set", "columns", "types", "datasets", "description"), rows, Set.of(1));
                return 0;
            });
        }
    }

    @Command(name = "show", mixinStandardHelpOptions = true,
            description = "Show a set, a dataset (source, license, sha256, columns) or a column (with its statistics).")
    static final class ShowCommand implements Callable<Integer> {
        @ParentCommand
        DatasetsCommand parent;
        @Spec
        CommandSpec spec;
        @Parameters(paramLabel = "ID", description = "set name, dataset id or column id")
        String id;

        @Override
        public Integer call() {
            return parent.run(spec, () -> {
                PrintWriter out = spec.commandLine().getOut();
                Registry reg = parent.registry.get();
                Catalog cat = reg.catalog();
                if (cat.hasSet(id)) {
                    SetEntry s = cat.set(id);
                    out.println("set          " + s.name());
                    if (s.description() != null) out.println("description  " + s.description());
                    out.println();
                    columnTable(out, s.columns().stream().map(cat::column).toList(), true);
                } else if (cat.hasDataset(id)) {
                    DatasetEntry d = cat.dataset(id);
                    describe(out, d);
                    out.println();
                    columnTable(out, d.columns(), false);
                } else {
                    cat.resolve(id); // names sets, datasets and columns close to an unknown id
                    ColumnEntry c = cat.column(id);
                    describe(out, cat.dataset(c.dataset()));
                    out.println("column       " + c.id() + " (" + c.type().label() + ")");
                    if (c.field() != null) out.println("field        " + c.field() + (c.sourceType() == null ? "" : " " + c.sourceType()) + " as " + c.as());
                    if (c.generator() != null) out.println("generator    " + c.generator() + " " + c.params());
                    if (c.description() != null) out.println("about        " + c.description());
                    Column col = reg.column(c.id());
                    out.println("provenance   " + col.provenance());
                    out.println("first values " + firstValues(col, 12));
                    out.println();
                    printStats(out, List.of(col));
                }
                return 0;
            });
        }
    }

    @Command(name = "stats", mixinStandardHelpOptions = true,
            description = "Print the statistics of every column of a set (or of a dataset or one column), one line per column.")
    static final class StatsCommand implements Callable<Integer> {
        @ParentCommand
        DatasetsCommand parent;
        @Spec
        CommandSpec spec;
        @Parameters(paramLabel = "SET", description = "set name (default, int64, sorted, quick, uniform, ...), dataset id or column id")
        String set;

        @Override
        public Integer call() {
            return parent.run(spec, () -> {
                PrintWriter out = spec.commandLine().getOut();
                Registry reg = parent.registry.get();
                long t0 = System.nanoTime();
                List<Registry.Loaded> loaded = reg.load(reg.catalog().resolve(set));
                long t1 = System.nanoTime();
                printStats(out, loaded.stream().map(Registry.Loaded::column).toList());
                long t2 = System.nanoTime();
                out.printf(Locale.ROOT, "# %d columns from %d datasets; loaded in %.2f s (%s); statistics in %.2f s%n",
                        loaded.size(), loaded.stream().map(l -> l.column().dataset()).distinct().count(), (t1 - t0) / 1e9,
                        origins(loaded), (t2 - t1) / 1e9);
                return 0;
            });
        }
    }

    @Command(name = "fetch", mixinStandardHelpOptions = true,
            description = "Make sure every column of a set (or dataset, or column) is built and cached, its source verified by sha256.")
    static final class FetchCommand implements Callable<Integer> {
        @ParentCommand
        DatasetsCommand parent;
        @Spec
        CommandSpec spec;
        @Parameters(paramLabel = "SET", description = "set name, dataset id or column id")
        String set;

        @Override
        public Integer call() {
            return parent.run(spec, () -> {
                PrintWriter out = spec.commandLine().getOut();
                Registry reg = parent.registry.get();
                long t0 = System.nanoTime();
                List<Registry.Loaded> loaded = reg.load(reg.catalog().resolve(set));
                List<List<String>> rows = new ArrayList<>();
                for (Registry.Loaded l : loaded) {
                    rows.add(List.of(l.column().id(), l.column().type().label(), Integer.toString(l.column().size()), l.origin(),
                            String.format(Locale.ROOT, "%.3f", l.nanos() / 1e9)));
                }
                print(out, List.of("id", "type", "values", "origin", "seconds"), rows, Set.of(2, 4));
                out.printf(Locale.ROOT, "# %d columns in %.2f s (%s); cache %s%n", loaded.size(), (System.nanoTime() - t0) / 1e9,
                        origins(loaded), reg.locations().cache());
                return 0;
            });
        }
    }

    private static void describe(PrintWriter out, DatasetEntry d) {
        out.println("dataset      " + d.id());
        out.println("kind         " + d.kind());
        out.println("description  " + d.description());
        out.println("license      " + d.license());
        if (d.url() != null) out.println("url          " + d.url());
        if (d.table() != null) out.println("table        " + d.table() + " at scale factor " + d.scale());
        if (d.seed() != null) out.println("generated    " + d.values() + " values per column, seed " + d.seed());
        for (FileEntry f : d.files()) {
            out.println("file         " + f.name() + " sha256 " + f.sha256());
            if (f.mirror() != null) out.println("  mirror     <mirror>/" + f.mirror());
            if (f.npm() != null) out.println("  npm        " + f.npm() + " " + f.npmPath() + " (tarball sha256 " + f.npmSha256() + ")");
            if (f.url() != null) out.println("  upstream   " + f.url());
        }
    }

    private static void columnTable(PrintWriter out, List<ColumnEntry> cols, boolean withDataset) {
        List<List<String>> rows = new ArrayList<>();
        for (ColumnEntry c : cols) {
            String source = c.generator() != null ? c.generator() + " " + c.params()
                    : (c.field() == null ? c.name() : "field " + c.field()) + (c.sourceType() == null ? "" : " " + c.sourceType())
                    + (c.as().equals("int") ? "" : " as " + c.as());
            rows.add(List.of(c.id(), c.type().label(), source, c.description() == null ? "" : c.description()));
        }
        print(out, List.of("column", "type", "source", "about"), rows, Set.of());
    }

    /**
     * Statistics of columns: one table of the integer columns ({@link ColumnStats}), then one of the
     * byte-array columns ({@link StringStats}), each only when there are such columns.
     */
    private static void printStats(PrintWriter out, List<Column> columns) {
        List<Column> ints = columns.stream().filter(c -> c.type().integer()).toList();
        List<Column> strings = columns.stream().filter(c -> !c.type().integer()).toList();
        if (!ints.isEmpty()) print(out, ColumnStats.tableOf(ints));
        if (!ints.isEmpty() && !strings.isEmpty()) out.println();
        if (!strings.isEmpty()) print(out, StringStats.tableOf(strings));
    }

    /** The types of columns: the one type's label, else each type's count, e.g. {@code 3 int32, 2 byte-array}. */
    private static String types(List<ColumnEntry> cols) {
        Map<ValueType, Long> counts = new EnumMap<>(ValueType.class);
        for (ColumnEntry c : cols) counts.merge(c.type(), 1L, Long::sum);
        if (counts.size() <= 1) return counts.isEmpty() ? "int32" : counts.keySet().iterator().next().label();
        StringBuilder b = new StringBuilder();
        counts.forEach((t, n) -> b.append(b.isEmpty() ? "" : ", ").append(n).append(' ').append(t.label()));
        return b.toString();
    }

    private static String sources(List<ColumnEntry> cols) {
        Set<String> ds = new LinkedHashSet<>();
        for (ColumnEntry c : cols) ds.add(c.dataset());
        return ds.size() <= 3 ? String.join(", ", ds) : ds.size() + " datasets";
    }

    private static String origins(List<Registry.Loaded> loaded) {
        Map<String, Long> counts = new java.util.TreeMap<>();
        for (Registry.Loaded l : loaded) counts.merge(l.origin().startsWith("read") ? "read from source" : l.origin(), 1L, Long::sum);
        StringBuilder b = new StringBuilder();
        counts.forEach((k, v) -> b.append(b.isEmpty() ? "" : ", ").append(v).append(' ').append(k));
        return b.toString();
    }

    private static String firstSentence(String s) {
        int dot = s.indexOf(". ");
        return dot < 0 ? s : s.substring(0, dot + 1);
    }

    private static String firstValues(Column c, int k) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < Math.min(k, c.size()); i++) {
            b.append(i == 0 ? "" : " ");
            switch (c.type()) {
                case INT32 -> b.append(c.ints()[i]);
                case INT64 -> b.append(c.longs()[i]);
                case BYTE_ARRAY -> quote(b, c.strings(), i, TEXT_SHOWN);
            }
        }
        return b + (c.size() > k ? " ..." : "");
    }

    /**
     * Appends value i as a one-line quoted string: UTF-8 decoded (a malformed byte shows as U+FFFD),
     * quote and backslash escaped with a backslash, control characters as Java escapes (backslash n,
     * t, r, else backslash u and four hex digits), cut after {@code max} characters with {@code ...}.
     */
    private static void quote(StringBuilder b, ByteArrays v, int i, int max) {
        String s = new String(v.data(), v.offsets()[i], v.length(i), StandardCharsets.UTF_8);
        b.append('"');
        int shown = 0;
        for (int k = 0; k < s.length(); k = s.offsetByCodePoints(k, 1), shown++) {
            if (shown == max) {
                b.append("...");
                break;
            }
            int cp = s.codePointAt(k);
            switch (cp) {
                case '"', '\\' -> b.append('\\').append((char) cp);
                case '\n' -> b.append("\\n");
                case '\t' -> b.append("\\t");
                case '\r' -> b.append("\\r");
                default -> {
                    if (cp < 0x20 || cp == 0x7f) b.append(String.format(Locale.ROOT, "\\u%04x", cp));
                    else b.appendCodePoint(cp);
                }
            }
        }
        b.append('"');
    }

    /** A Tablesaw table as aligned text: numbers right-aligned, text left-aligned. */
    static void print(PrintWriter out, Table t) {
        List<String> header = t.columnNames();
        Set<Integer> numeric = new LinkedHashSet<>();
        for (int c = 0; c < t.columnCount(); c++) if (t.column(c) instanceof tech.tablesaw.api.NumericColumn<?>) numeric.add(c);
        List<List<String>> rows = new ArrayList<>();
        for (int r = 0; r < t.rowCount(); r++) {
            List<String> row = new ArrayList<>();
            for (int c = 0; c < t.columnCount(); c++) row.add(t.column(c).getString(r));
            rows.add(row);
        }
        print(out, header, rows, numeric);
    }

    /** Rows as aligned text; columns in {@code right} are right-aligned; the last column is not padded. */
    static void print(PrintWriter out, List<String> header, List<List<String>> rows, Set<Integer> right) {
        int[] w = new int[header.size()];
        for (int c = 0; c < w.length; c++) w[c] = header.get(c).length();
        for (List<String> row : rows) for (int c = 0; c < w.length; c++) w[c] = Math.max(w[c], row.get(c).length());
        List<List<String>> all = new ArrayList<>();
        all.add(header);
        all.addAll(rows);
        for (List<String> row : all) {
            StringBuilder b = new StringBuilder();
            for (int c = 0; c < w.length; c++) {
                String cell = row.get(c);
                boolean last = c == w.length - 1;
                if (c > 0) b.append("  ");
                if (right.contains(c)) b.append(" ".repeat(w[c] - cell.length())).append(cell);
                else b.append(cell).append(last ? "" : " ".repeat(w[c] - cell.length()));
            }
            out.println(b.toString().stripTrailing());
        }
    }
}
