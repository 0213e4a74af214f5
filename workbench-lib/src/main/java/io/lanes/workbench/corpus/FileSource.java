package io.lanes.workbench.corpus;

import io.lanes.workbench.corpus.Catalog.ColumnEntry;
import io.lanes.workbench.corpus.Catalog.DatasetEntry;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the columns of a file dataset (kinds {@code file} and {@code npm}) through DuckDB in one
 * pass. A CSV is read with every field as text ({@code all_varchar}) and the catalog's options, so
 * each column's conversion is explicit: {@code int} casts to BIGINT, {@code epoch_days} takes days
 * since 1970-01-01 of a DATE, {@code epoch_seconds} / {@code epoch_micros} take seconds (floored) /
 * microseconds since 1970-01-01 of a TIMESTAMP read as UTC, {@code utf8} (byte-array columns) takes
 * the text's UTF-8 bytes as DuckDB holds them, blanks kept. Nulls are dropped and counted in the
 * provenance. Stateless.
 */
final class FileSource {
    private FileSource() {
    }

    static Map<String, Column> read(DatasetEntry d, List<ColumnEntry> columns, SourceFiles.Found file, String fileSha) {
        String source = switch (d.format()) {
            case "csv" -> "read_csv(" + Duck.path(file.path()) + options(d) + ", all_varchar=true)";
            case "parquet" -> "read_parquet(" + Duck.path(file.path()) + ")";
            default -> throw new CorpusException("dataset " + d.id() + ": unknown format '" + d.format() + "'; use csv or parquet");
        };
        List<String> exprs = new ArrayList<>();
        for (ColumnEntry c : columns) exprs.add(expression(c));
        String sql = "SELECT " + String.join(", ", exprs) + " FROM " + source;
        List<ValueBuffer> buffers = new ArrayList<>();
        for (ColumnEntry c : columns) buffers.add(ValueBuffer.of(c.type()));
        long[] nulls = new long[columns.size()];
        long rows = 0;
        try (Connection conn = Duck.open(); Statement st = conn.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                rows++;
                for (int k = 0; k < columns.size(); k++) {
                    switch (buffers.get(k)) {
                        case TextBuffer text -> {
                            byte[] v = rs.getBytes(k + 1);
                            if (v == null) nulls[k]++;
                            else text.add(v);
                        }
                        case LongBuffer ints -> {
                            long v = rs.getLong(k + 1);
                            if (rs.wasNull()) nulls[k]++;
                            else ints.add(v, columns.get(k).id(), rows);
                        }
                    }
                }
            }
        } catch (SQLException e) {
            throw new CorpusException("dataset " + d.id() + ": reading " + file.path() + " failed: " + Duck.message(e), e);
        }
        Map<String, Column> out = new LinkedHashMap<>();
        String fileName = file.path().getFileName().toString();
        for (int k = 0; k < columns.size(); k++) {
            ColumnEntry c = columns.get(k);
            String provenance = fileName + " (sha256 " + fileSha + ") field " + c.field() + " as " + c.as() + "; "
                    + rows + " rows, " + nulls[k] + " nulls dropped";
            out.put(c.id(), buffers.get(k).toColumn(c.id(), c.dataset(), provenance));
        }
        return out;
    }

    /** The catalog's CSV options as DuckDB named parameters. */
    private static String options(DatasetEntry d) {
        StringBuilder b = new StringBuilder();
        for (Map.Entry<String, Object> e : d.csv().entrySet()) {
            if (!e.getKey().matches("[a-z_]+")) throw new CorpusException("dataset " + d.id() + ": bad csv option name '" + e.getKey() + "'");
            Object v = e.getValue();
            String value = v instanceof Boolean || v instanceof Number ? v.toString() : Duck.literal(String.valueOf(v));
            b.append(", ").append(e.getKey()).append('=').append(value);
        }
        return b.toString();
    }

    private static String expression(ColumnEntry c) {
        String f = switch (c.field()) {
            case Integer position when position > 0 -> "#" + position;
            case String name -> Duck.ident(name);
            default -> throw new CorpusException("column " + c.id() + ": field must be a 1-based position or a column name, not " + c.field());
        };
        return switch (c.as()) {
            case "int" -> "CAST(" + f + " AS BIGINT)";
            case "epoch_days" -> "CAST(CAST(" + f + " AS DATE) - DATE '1970-01-01' AS BIGINT)";
            case "epoch_seconds" -> "CAST(floor(epoch_us(CAST(" + f + " AS TIMESTAMP)) / 1000000) AS BIGINT)";
            case "epoch_micros" -> "epoch_us(CAST(" + f + " AS TIMESTAMP))";
            // encode gives the UTF-8 bytes as a BLOB, read without a String per value
            case Catalog.UTF8 -> "encode(" + f + ")";
            default -> throw new CorpusException("column " + c.id() + ": conversion '" + c.as()
                    + "' does not apply to files; use int, epoch_days, epoch_seconds, epoch_micros or utf8");
        };
    }
}
