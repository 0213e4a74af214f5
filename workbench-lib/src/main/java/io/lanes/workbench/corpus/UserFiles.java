package io.lanes.workbench.corpus;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.LongFunction;

/**
 * A column of the user's own CSV, TSV or Parquet file, read through DuckDB, as a {@link Column} like
 * any registry column: integers as int32/int64, text as byte-array (its UTF-8 bytes, one arena, no
 * object per value kept). Every problem is a {@link CorpusException} whose one-line message names
 * the file, and the column and row where they apply: missing file, missing column, a column type
 * that does not load as the type asked for, a non-integer value, a value too wide for the requested
 * type, a null (unless nulls are dropped). Stateless and thread-safe.
 *
 * <p>Format: a name ending in {@code .parquet} (or {@code .parq}) is Parquet, anything else CSV
 * (optionally gzip-compressed, {@code .tsv} meaning tab-separated); the CSV dialect and header row
 * are detected by DuckDB's sniffer unless a delimiter is given. In a CSV, empty fields and
 * {@code NULL}, {@code null}, {@code \N} are nulls (for text too: a CSV cannot tell an empty string
 * from a missing one) and integers may have surrounding blanks; text keeps its blanks.
 *
 * <p>Which type a column loads as: Parquet's own type says (VARCHAR and BLOB are byte arrays). A
 * CSV has no types, and DuckDB's sniffer cannot tell a text column from an integer column with a
 * typo in it, so a CSV column loads as integers (a non-integer value is an error naming its row)
 * unless byte-array is asked for.
 */
public final class UserFiles {
    /** What to do with nulls. */
    public enum Nulls {
        /** Skip them; the provenance says how many. */
        DROP,
        /** Fail at the first one, naming its row. */
        REJECT;

        /** Parses {@code drop} / {@code reject}, case-insensitively. */
        public static Nulls parse(String s) {
            for (Nulls n : values()) if (n.name().equalsIgnoreCase(s)) return n;
            throw new CorpusException("unknown nulls policy '" + s + "'; use drop or reject");
        }
    }

    private static final Set<String> INT32_TYPES = Set.of("TINYINT", "SMALLINT", "INTEGER", "UTINYINT", "USMALLINT");
    private static final Set<String> INT64_TYPES = Set.of("BIGINT", "UINTEGER");
    /** Parquet columns that load as byte-array: their bytes as stored (VARCHAR is UTF-8). */
    private static final Set<String> TEXT_TYPES = Set.of("VARCHAR", "BLOB");
    private static final String ACCEPTED = "accepted: TINYINT, SMALLINT, INTEGER, BIGINT, UTINYINT, USMALLINT, UINTEGER, "
            + "DATE (as days since 1970-01-01), TIMESTAMP (as microseconds since 1970-01-01); VARCHAR and BLOB as byte-array";

    private UserFiles() {
    }

    /** {@link #load(Path, String, ValueType, Character, Nulls)} with the type chosen from the data, a detected dialect and nulls rejected. */
    public static Column load(Path file, String column) {
        return load(file, column, null, null, Nulls.REJECT);
    }

    /**
     * Loads one column of a user file.
     *
     * @param file      a CSV/TSV (optionally .gz) or Parquet file
     * @param column    a column name (exact), or else a 0-based column index
     * @param type      int32, int64 or byte-array; null chooses: Parquet by the column's type (up to
     *                  32-bit types and DATE give int32, VARCHAR and BLOB byte-array), CSV int32 when
     *                  every value fits, else int64 (a CSV column loads as byte-array only when asked)
     * @param delimiter CSV field delimiter; null detects it ({@code .tsv}: tab)
     * @param nulls     drop or reject nulls
     * @return a column with id {@code file:<file name>#<column name>} and dataset {@code file:<file name>}
     * @throws CorpusException for every bad input, naming file, column and row
     */
    public static Column load(Path file, String column, ValueType type, Character delimiter, Nulls nulls) {
        return read(file, delimiter, (st, src) -> {
            int index = columnIndex(file, column, src.names(), src.header());
            String colName = src.header() ? src.names().get(index) : "#" + index;
            String what = "file " + file + " column '" + (src.header() ? colName : Integer.toString(index)) + "'";
            String name = file.getFileName() == null ? file.toString() : file.getFileName().toString();
            String provenance = "user file " + file.toAbsolutePath() + " (sha256 " + Sha256.of(file) + ")";
            String id = "file:" + name + "#" + colName;
            Column col;
            if (src.parquet()) {
                String sqlType = src.types().get(index);
                boolean text = isText(sqlType);
                if (text && (type == null || type == ValueType.BYTE_ARRAY)) {
                    col = readText(st, "#" + (index + 1), sqlType, src.sql(), row -> what + " row " + row, nulls, id, name,
                            provenance + ", column " + colName + " (" + sqlType + ")");
                } else if (type == ValueType.BYTE_ARRAY) {
                    throw new CorpusException(what + " has type " + sqlType + ", not text (VARCHAR or BLOB)");
                } else {
                    col = readParquet(st, src.sql(), index, sqlType, what, type, nulls, name, colName, provenance);
                }
            } else if (type == ValueType.BYTE_ARRAY) {
                col = readText(st, "#" + (index + 1), "VARCHAR", src.sql(), csvRow(what, src.header()), nulls, id, name,
                        provenance + ", column " + colName + " as text");
            } else {
                col = readCsv(st, src.sql(), index, src.header(), what, type, nulls, name, colName, provenance);
            }
            if (col.size() == 0) throw new CorpusException(what + ": no values" + (nulls == Nulls.DROP ? " after dropping nulls" : ""));
            return col;
        });
    }

    /**
     * Loads several columns of a user file: the ones named (each must load, as with {@link #load}), or
     * with none named every column that loads as {@code type}, each other column passed to
     * {@code skipped} with its reason (a text column, nulls, no values). With {@code type} null that
     * is every integer column, text left out even where it would load (Parquet VARCHAR), so a file's
     * text never joins an integer bench unasked; with byte-array, every text column (of a CSV, every
     * column, as text).
     *
     * @param columns names or 0-based indexes; empty for every column that loads as {@code type}
     * @param type    as for {@link #load}; with no column named, null means integers
     * @throws CorpusException for a named column that cannot be loaded, or when no column loads
     */
    public static List<Column> loadAll(Path file, List<String> columns, ValueType type, Character delimiter, Nulls nulls, Consumer<String> skipped) {
        if (!columns.isEmpty()) return columns.stream().map(c -> load(file, c, type, delimiter, nulls)).toList();
        Source src = read(file, delimiter, (st, s) -> s);
        List<Column> out = new ArrayList<>();
        List<String> reasons = new ArrayList<>();
        for (int i = 0; i < src.names().size(); i++) {
            String c = src.header() ? src.names().get(i) : Integer.toString(i);
            if (type == null && src.parquet() && isText(src.types().get(i))) {
                String why = "file " + file + " column '" + c + "' is text (" + src.types().get(i) + "): it loads as byte-array when named";
                reasons.add(why);
                skipped.accept(why);
                continue;
            }
            try {
                out.add(load(file, c, type, delimiter, nulls));
            } catch (CorpusException e) {
                reasons.add(e.getMessage());
                skipped.accept(e.getMessage());
            }
        }
        if (out.isEmpty()) {
            throw new CorpusException("file " + file + ": no column loads as " + (type == ValueType.BYTE_ARRAY ? "byte arrays" : "integers") + ": "
                    + String.join("; ", reasons));
        }
        return out;
    }

    /** How DuckDB reads a file: its SQL source, whether it has a header row, its column names and types. */
    private record Source(boolean parquet, String sql, boolean header, List<String> names, List<String> types) {
    }

    private interface Reader<T> {
        T apply(Statement st, Source src) throws SQLException, IOException;
    }

    /** Opens {@code file} in DuckDB, describes it, and hands both to {@code body}; every failure names the file. */
    private static <T> T read(Path file, Character delimiter, Reader<T> body) {
        String name = file.getFileName() == null ? file.toString() : file.getFileName().toString();
        if (!Files.exists(file)) throw new CorpusException("file " + file + ": not found");
        if (!Files.isRegularFile(file)) throw new CorpusException("file " + file + ": not a regular file");
        String lower = name.toLowerCase(Locale.ROOT);
        boolean parquet = lower.endsWith(".parquet") || lower.endsWith(".parq");
        if (parquet && delimiter != null) throw new CorpusException("file " + file + ": a delimiter applies to CSV/TSV files, not Parquet");
        if (delimiter == null && (lower.endsWith(".tsv") || lower.endsWith(".tsv.gz"))) delimiter = '\t';
        try (Connection conn = Duck.open(); Statement st = conn.createStatement()) {
            String path = Duck.path(file);
            boolean header = true;
            String source;
            if (parquet) {
                source = "read_parquet(" + path + ")";
            } else {
                String delim = delimiter == null ? "" : ", delim=" + Duck.literal(delimiter.toString());
                try (ResultSet rs = st.executeQuery("SELECT HasHeader FROM sniff_csv(" + path + delim + ")")) {
                    rs.next();
                    header = rs.getBoolean(1);
                }
                source = "read_csv(" + path + delim + ", header=" + header + ", all_varchar=true, nullstr=['', 'NULL', 'null', '\\N'])";
            }
            List<String> names = new ArrayList<>();
            List<String> types = new ArrayList<>();
            try (ResultSet rs = st.executeQuery("DESCRIBE SELECT * FROM " + source)) {
                while (rs.next()) {
                    names.add(rs.getString("column_name"));
                    types.add(rs.getString("column_type"));
                }
            }
            return body.apply(st, new Source(parquet, source, header, names, types));
        } catch (SQLException e) {
            throw new CorpusException("file " + file + ": cannot read it as " + (parquet ? "Parquet" : "CSV") + ": " + Duck.message(e), e);
        } catch (IOException e) {
            throw new CorpusException("file " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * A delimiter as given on a command line: one character, or {@code \t} / {@code tab} for a tab;
     * null or empty means "detect".
     */
    public static Character parseDelimiter(String s) {
        if (s == null || s.isEmpty()) return null;
        if (s.equals("\\t") || s.equalsIgnoreCase("tab")) return '\t';
        if (s.length() != 1) throw new CorpusException("delimiter '" + s + "' is not one character (use \\t or tab for a tab)");
        return s.charAt(0);
    }

    private static int columnIndex(Path file, String column, List<String> names, boolean header) {
        if (header) {
            int byName = names.indexOf(column);
            if (byName >= 0) return byName;
        }
        int index;
        try {
            index = Integer.parseInt(column.strip());
        } catch (NumberFormatException e) {
            if (!header) {
                throw new CorpusException("file " + file + ": no column '" + column + "': the file has no header row, so give a 0-based index 0.."
                        + (names.size() - 1));
            }
            throw new CorpusException("file " + file + ": no column '" + column + "'; columns: " + String.join(", ", names)
                    + " (or a 0-based index 0.." + (names.size() - 1) + ")");
        }
        if (index < 0 || index >= names.size()) {
            throw new CorpusException("file " + file + ": no column '" + column + "'; column indexes are 0-based, 0.." + (names.size() - 1)
                    + (header ? " (columns: " + String.join(", ", names) + ")" : ""));
        }
        return index;
    }

    private static Column readParquet(Statement st, String source, int index, String sqlType, String what, ValueType type, Nulls nulls,
                                      String fileName, String colName, String provenance) throws SQLException {
        String f = "#" + (index + 1);
        String expr;
        ValueType natural;
        String base = sqlType.toUpperCase(Locale.ROOT);
        if (INT32_TYPES.contains(base)) {
            expr = "CAST(" + f + " AS BIGINT)";
            natural = ValueType.INT32;
        } else if (INT64_TYPES.contains(base)) {
            expr = "CAST(" + f + " AS BIGINT)";
            natural = ValueType.INT64;
        } else if (base.equals("DATE")) {
            expr = "CAST(" + f + " - DATE '1970-01-01' AS BIGINT)";
            natural = ValueType.INT32;
        } else if (base.startsWith("TIMESTAMP")) {
            expr = "epoch_us(" + f + ")";
            natural = ValueType.INT64;
        } else {
            throw new CorpusException(what + " has type " + sqlType + ", not integers (" + ACCEPTED + ")");
        }
        ValueType t = type == null ? natural : type;
        LongBuffer values = new LongBuffer(t);
        long row = 0, dropped = 0;
        try (ResultSet rs = st.executeQuery("SELECT " + expr + " FROM " + source)) {
            while (rs.next()) {
                row++;
                long v = rs.getLong(1);
                if (rs.wasNull()) {
                    if (nulls == Nulls.REJECT) throw new CorpusException(what + " row " + row + ": null value (use --nulls drop to skip nulls)");
                    dropped++;
                    continue;
                }
                values.add(v, what, row);
            }
        }
        return values.toColumn("file:" + fileName + "#" + colName, "file:" + fileName,
                provenance + ", column " + colName + " (" + sqlType + "), " + row + " rows, " + dropped + " nulls dropped");
    }

    /** Whether a Parquet column of this DuckDB type loads as byte-array. */
    private static boolean isText(String sqlType) {
        return TEXT_TYPES.contains(sqlType.toUpperCase(Locale.ROOT));
    }

    /** How a CSV row is named in errors: its 1-based row and its line in the file. */
    private static LongFunction<String> csvRow(String what, boolean header) {
        return row -> what + " row " + row + " (line " + (row + (header ? 1 : 0)) + ")";
    }

    /**
     * Reads column {@code field} of {@code source} as byte arrays: a VARCHAR's UTF-8 bytes
     * ({@code encode}: a BLOB, so no String per value), a BLOB's bytes as they are.
     *
     * @param where names a 1-based row in errors
     */
    private static Column readText(Statement st, String field, String sqlType, String source, LongFunction<String> where, Nulls nulls,
                                   String id, String fileName, String provenance) throws SQLException {
        String expr = sqlType.equalsIgnoreCase("BLOB") ? field : "encode(" + field + ")";
        TextBuffer values = new TextBuffer();
        long row = 0, dropped = 0;
        try (ResultSet rs = st.executeQuery("SELECT " + expr + " FROM " + source)) {
            while (rs.next()) {
                row++;
                byte[] v = rs.getBytes(1);
                if (v == null) {
                    if (nulls == Nulls.REJECT) throw new CorpusException(where.apply(row) + ": null value (use --nulls drop to skip nulls)");
                    dropped++;
                    continue;
                }
                values.add(v);
            }
        }
        return values.toColumn(id, "file:" + fileName, provenance + ", " + row + " rows, " + dropped + " nulls dropped");
    }

    private static Column readCsv(Statement st, String source, int index, boolean header, String what, ValueType type, Nulls nulls,
                                  String fileName, String colName, String provenance) throws SQLException {
        LongFunction<String> where = csvRow(what, header);
        LongBuffer values = new LongBuffer(ValueType.INT64);
        long row = 0, dropped = 0, firstWide = 0;
        try (ResultSet rs = st.executeQuery("SELECT #" + (index + 1) + " FROM " + source)) {
            while (rs.next()) {
                row++;
                String s = rs.getString(1);
                String at = where.apply(row);
                if (s == null) {
                    if (nulls == Nulls.REJECT) throw new CorpusException(at + ": null value (use --nulls drop to skip nulls)");
                    dropped++;
                    continue;
                }
                long v;
                try {
                    v = Long.parseLong(s.strip());
                } catch (NumberFormatException e) {
                    throw new CorpusException(at + ": '" + s + "' is not an integer (--type byte-array loads the column as text)");
                }
                if (firstWide == 0 && v != (int) v) {
                    if (type == ValueType.INT32) throw new CorpusException(at + ": value " + v + " does not fit int32 (use --type int64)");
                    firstWide = row;
                }
                values.add(v, what, row);
            }
        }
        ValueType t = type != null ? type : firstWide == 0 ? ValueType.INT32 : ValueType.INT64;
        Column wide = values.toColumn("file:" + fileName + "#" + colName, "file:" + fileName,
                provenance + ", column " + colName + ", " + row + " rows, " + dropped + " nulls dropped");
        if (t == ValueType.INT64) return wide;
        int[] ints = new int[wide.size()];
        for (int i = 0; i < ints.length; i++) ints[i] = (int) wide.longs()[i];
        return Column.ofInts(wide.id(), wide.dataset(), ints, wide.provenance());
    }
}
