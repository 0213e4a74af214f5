package io.lanes.workbench.corpus;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * DuckDB connections for reading files, fully offline: extension auto-install and auto-load are off
 * (Parquet, CSV and JSON are built into the JDBC driver), so a read never reaches the network.
 * Every call opens a fresh in-memory database; close it after use. Public for the engine reference
 * arm ({@code measure.EngineScan}), which scans the same files through the same offline connection.
 * Stateless and thread-safe.
 */
public final class Duck {
    private Duck() {
    }

    /** A fresh in-memory DuckDB database that never reaches the network; the caller closes it. */
    public static Connection open() throws SQLException {
        Properties p = new Properties();
        p.setProperty("autoinstall_known_extensions", "false");
        p.setProperty("autoload_known_extensions", "false");
        return DriverManager.getConnection("jdbc:duckdb:", p);
    }

    /**
     * A SQL string literal that makes DuckDB's file readers open exactly this file: absolute (so a
     * leading {@code ~} is not a home directory), with each glob character ({@code * ? [}) put in a
     * one-character class ({@code [*]}) so it matches only itself, and quotes doubled. DuckDB globs
     * every path it is given, a list of paths too, and a backslash does not escape.
     */
    public static String path(Path file) {
        String s = file.toAbsolutePath().toString();
        StringBuilder b = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '*' || c == '?' || c == '[') b.append('[').append(c).append(']');
            else b.append(c);
        }
        return literal(b.toString());
    }

    /** A SQL string literal. */
    public static String literal(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    /** A quoted SQL identifier. */
    public static String ident(String s) {
        return "\"" + s.replace("\"", "\"\"") + "\"";
    }

    /** The first line of a DuckDB error, without its "Binder Error:"-style prefix noise. */
    public static String message(SQLException e) {
        String m = e.getMessage() == null ? e.toString() : e.getMessage();
        int nl = m.indexOf('\n');
        return (nl < 0 ? m : m.substring(0, nl)).strip();
    }
}
