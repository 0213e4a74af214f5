package io.lanes.workbench.measure;

import io.lanes.workbench.corpus.Duck;
import io.lanes.workbench.corpus.Pages;
import io.lanes.workbench.corpus.ValueType;

import java.nio.file.Files;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The engine reference arms: DuckDB, in this JVM through its JDBC driver, answering one SQL query
 * over the Parquet file and column whose pages the decoder arms decode ({@link Pages#source()}). Not
 * codecs: a query cannot fill the caller's buffer, and what it times includes an engine's whole
 * path, so its rows are labelled by the {@code engine.} prefix ({@link #isEngine}) and never share a
 * geomean with decoder arms ({@code docs/peers.md}, "Engine reference arms").
 *
 * <ul>
 * <li>{@value #SCAN}: {@code SELECT bit_xor(c)} over an integer column, {@code SELECT
 * sum(strlen(c))} over a string column ({@code octet_length} for BLOB). No statistic answers either
 * (DuckDB folds {@code count(*)}, {@code min} and {@code max} from the footer, never these), so the
 * Parquet scan decodes every page of the column into its vectors and the aggregate reads every
 * value (every length for strings: the scan has already made each string when it reads it); one
 * row comes back, so result transfer costs nothing.</li>
 * <li>{@value #OPEN}: {@code SELECT count(*)} over the same file, which DuckDB answers from the
 * footer while planning (its plan is a constant scan): the fixed per-query cost included in every
 * {@value #SCAN} call (JDBC call, parse, bind with file open and footer read, plan, one-row
 * result), without decoding a page.</li>
 * </ul>
 *
 * <p>Every query runs on one in-memory connection per JVM with {@code threads=1},
 * {@code parquet_metadata_cache=false} and {@code enable_external_file_cache=false}, so each call
 * reopens the file and rereads its footer through the OS page cache, as a cold query would
 * ({@link #SETTINGS}). Thread-safe: queries are serialised on that connection; the connection lives
 * as long as the JVM.
 */
public final class EngineScan {
    /** The scan arm's name. */
    public static final String SCAN = "engine.duckdb.scan";
    /** The fixed-cost arm's name. */
    public static final String OPEN = "engine.duckdb.open";
    /** Every engine arm, in listing order. */
    public static final List<String> NAMES = List.of(SCAN, OPEN);
    /** The settings every engine query runs under, as given to DuckDB. */
    public static final List<String> SETTINGS = List.of("SET threads=1", "SET parquet_metadata_cache=false",
            "SET enable_external_file_cache=false", "SET enable_progress_bar=false");

    private static final Set<String> INTEGERS = Set.of("TINYINT", "SMALLINT", "INTEGER", "BIGINT", "UTINYINT", "USMALLINT", "UINTEGER");
    private static Connection connection;
    private static String version;

    private EngineScan() {
    }

    /** Whether an arm or results row of this name is an engine reference arm rather than a decoder or the wall. */
    public static boolean isEngine(String armName) {
        return armName.startsWith("engine.");
    }

    /** The engine and its version, e.g. {@code DuckDB v2.0.0 (JDBC)}. */
    public static synchronized String library() {
        if (version == null) {
            try (Statement s = connection().createStatement(); ResultSet r = s.executeQuery("SELECT version()")) {
                r.next();
                version = "DuckDB " + r.getString(1) + " (JDBC)";
            } catch (SQLException e) {
                throw new IllegalStateException("DuckDB cannot tell its version: " + Duck.message(e), e);
            }
        }
        return version;
    }

    /** One line on what an engine arm times, for listings. */
    public static String description(String name) {
        return switch (name) {
            case SCAN -> "reference arm, not a decoder: one SQL query scanning the column of the --pages file (bit_xor over integers, "
                    + "sum(strlen) over strings; nothing answers it from statistics), 1 thread; includes decompression, levels and "
                    + OPEN + "'s fixed cost";
            case OPEN -> "reference arm, not a decoder: the same file's count(*), answered from the footer while planning: the fixed "
                    + "per-query cost (JDBC, parse, file open, footer, plan) inside every " + SCAN + " call";
            default -> throw new IllegalArgumentException("no engine arm " + name + "; engine arms: " + String.join(", ", NAMES));
        };
    }

    /**
     * Why the engine arms cannot be measured on these pages, or {@code null} when they can: the
     * pages must come from a file, and be every value-holding page of their column, or the scan
     * would decode other pages than the decoders do.
     */
    public static String refusal(Pages pages) {
        if (pages.source() == null) return "its pages were written in memory (" + pages.writer() + "), not read from a file the engine could scan";
        if (!pages.source().whole()) {
            return "the column also has value pages in another format (" + String.join(", ", pages.skipped())
                    + "), which a scan of the column would decode too";
        }
        return null;
    }

    /**
     * A query of engine arm {@code name} over {@code pages}' file and column (for the scan, the
     * aggregate is chosen by the type DuckDB reads the column as); its expected answer comes from
     * {@link Pages#values()}, which the decoder arms are checked against. Nothing is timed here.
     *
     * @throws IllegalArgumentException the arm cannot take these pages ({@link #refusal}), the file is
     *                                  gone, DuckDB cannot read it or the column, or reads the column
     *                                  as a type whose values differ from the stored ones; the message
     *                                  names the file and column
     */
    static Query prepare(String name, Pages pages) {
        String refused = refusal(pages);
        if (refused != null) throw new IllegalArgumentException("arm " + name + " cannot scan " + pages.values().id() + ": " + refused);
        Pages.Source src = pages.source();
        String what = "file " + src.file() + " column '" + src.column() + "'";
        if (!Files.isRegularFile(src.file())) throw new IllegalArgumentException("arm " + name + ": " + what + ": the file is gone");
        String from = " FROM read_parquet(" + Duck.path(src.file()) + ")";
        String c = Duck.ident(src.column());
        long rows = pages.values().size() + pages.nulls();
        return switch (name) {
            case OPEN -> new Query(name, what, "SELECT count(*)" + from, rows);
            case SCAN -> {
                String type = sqlType(what, "SELECT " + c + from);
                ValueType vt = pages.values().type();
                String aggregate;
                long expected;
                if (vt == ValueType.BYTE_ARRAY) {
                    if (!type.equals("VARCHAR") && !type.equals("BLOB")) throw new IllegalArgumentException(what + ": DuckDB reads it as " + type + ", not VARCHAR or BLOB");
                    aggregate = "sum(" + (type.equals("BLOB") ? "octet_length" : "strlen") + "(" + c + "))::BIGINT";
                    expected = pages.values().strings().bytes();
                } else {
                    // DATE and TIMESTAMP back to their stored days and microseconds, as the reference reader reads them
                    String stored = INTEGERS.contains(type) ? c
                            : type.equals("DATE") ? "(" + c + " - DATE '1970-01-01')"
                            : type.equals("TIMESTAMP") ? "epoch_us(" + c + ")"
                            : null;
                    if (stored == null) throw new IllegalArgumentException(what + ": DuckDB reads it as " + type + ", not an integer, DATE or TIMESTAMP");
                    aggregate = "bit_xor(" + stored + ")";
                    expected = 0;
                    if (vt == ValueType.INT32) for (int v : pages.values().ints()) expected ^= v;
                    else for (long v : pages.values().longs()) expected ^= v;
                }
                yield new Query(name, what, "SELECT " + aggregate + from, expected);
            }
            default -> throw new IllegalArgumentException("no engine arm " + name + "; engine arms: " + String.join(", ", NAMES));
        };
    }

    /** The type DuckDB reads the one column of {@code select} as. */
    private static synchronized String sqlType(String what, String select) {
        try (Statement s = connection().createStatement(); ResultSet r = s.executeQuery("DESCRIBE " + select)) {
            if (!r.next()) throw new IllegalArgumentException(what + ": DuckDB describes no column");
            return r.getString("column_type").toUpperCase(Locale.ROOT);
        } catch (SQLException e) {
            throw new IllegalArgumentException(what + ": DuckDB cannot read it: " + Duck.message(e), e);
        }
    }

    private static synchronized Connection connection() throws SQLException {
        if (connection == null) {
            Connection c = Duck.open();
            try (Statement s = c.createStatement()) {
                for (String set : SETTINGS) s.execute(set);
            }
            connection = c;
        }
        return connection;
    }

    /**
     * One engine query and the answer it must give. Runs are serialised on the engine's connection.
     *
     * @param arm      the engine arm's name
     * @param what     the file and column, for messages
     * @param sql      the query, returning one BIGINT
     * @param expected its answer on the reference values
     */
    record Query(String arm, String what, String sql, long expected) {
        /**
         * Runs the query once: parse, plan, scan, one row back.
         *
         * @throws IllegalStateException naming the file and column when DuckDB fails (the file
         *                               changed or vanished after the pages were read)
         */
        long run() {
            synchronized (EngineScan.class) {
                try (Statement s = connection().createStatement(); ResultSet r = s.executeQuery(sql)) {
                    if (!r.next()) throw new IllegalStateException(what + ": arm " + arm + " got no row from DuckDB");
                    long v = r.getLong(1);
                    if (r.wasNull()) throw new IllegalStateException(what + ": arm " + arm + " got NULL from DuckDB: the column holds no value");
                    return v;
                } catch (SQLException e) {
                    throw new IllegalStateException(what + ": arm " + arm + ": DuckDB cannot scan it: " + Duck.message(e), e);
                }
            }
        }
    }
}
