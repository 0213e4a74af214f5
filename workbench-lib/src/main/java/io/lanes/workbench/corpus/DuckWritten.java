package io.lanes.workbench.corpus;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Parquet files as DuckDB's writer makes them, from one fixed query, for the readers' tests and
 * {@code fuzz --parquet-suite}: what a user's DuckDB export looks like, which the committed
 * parquet-testing files (written by Arrow C++ and parquet-java) do not show. 60,000 rows of INT32,
 * INT64, DATE, DOUBLE and dictionary strings, one nullable INT32 column with a null every 13th row
 * (DuckDB pads the last bit-packed run of a page's definition levels to 256 levels), a nullable
 * string column ({@code url}, a null every 11th row) and a distinct 32-byte string per row
 * ({@code digest}), written four ways: v1 pages with Snappy in row groups of 20,000; v2 pages
 * ({@code DELTA_BINARY_PACKED}, {@code RLE_DICTIONARY}, {@code DELTA_LENGTH_BYTE_ARRAY}) with ZSTD in
 * row groups of 30,000; v2 pages uncompressed in one row group; v2 pages with ZSTD and no
 * dictionary ({@code DICTIONARY_SIZE_LIMIT 1}: every string column {@code DELTA_LENGTH_BYTE_ARRAY}).
 * The bytes depend on the DuckDB version the build resolves (its {@code created_by} names it).
 */
public final class DuckWritten {
    private static final String QUERY = "SELECT i::INTEGER AS id, (i * 7919 % 100000)::BIGINT AS hashed,"
            + " CASE WHEN i % 13 = 0 THEN NULL ELSE (i % 1000)::INTEGER END AS nullable, (i // 100)::INTEGER AS sorted_runs,"
            + " ('city_' || (i % 37)) AS dict_str, (i * 0.25)::DOUBLE AS dbl, (DATE '2020-01-01' + (i % 3000)::INTEGER) AS d,"
            + " (1600000000000 + i * 1000)::BIGINT AS ts_ms,"
            + " CASE WHEN i % 11 = 0 THEN NULL ELSE 'https://example.org/item/' || (i * 31 % 50000) END AS url,"
            + " md5(i::VARCHAR) AS digest FROM range(0, 60000) t(i)";
    private static final List<String[]> FILES = List.of(
            new String[] {"duckdb_v1_snappy.parquet", "COMPRESSION SNAPPY, ROW_GROUP_SIZE 20000"},
            new String[] {"duckdb_v2_zstd.parquet", "COMPRESSION ZSTD, PARQUET_VERSION V2, ROW_GROUP_SIZE 30000"},
            new String[] {"duckdb_v2_uncompressed.parquet", "COMPRESSION UNCOMPRESSED, PARQUET_VERSION V2"},
            new String[] {"duckdb_v2_no_dictionary.parquet", "COMPRESSION ZSTD, PARQUET_VERSION V2, DICTIONARY_SIZE_LIMIT 1"});

    /** How many files {@link #write(Path)} writes. */
    public static final int FILES_WRITTEN = FILES.size();

    private DuckWritten() {
    }

    /**
     * Writes the four files into {@code dir} (created if missing; files of those names are replaced).
     *
     * @return the files, in the order above
     * @throws CorpusException if the folder cannot be made or DuckDB cannot write there
     */
    public static List<Path> write(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new CorpusException("cannot create " + dir + " for the DuckDB-written Parquet files: " + e.getMessage(), e);
        }
        List<Path> out = new ArrayList<>();
        try (Connection c = Duck.open(); Statement s = c.createStatement()) {
            for (String[] f : FILES) {
                Path file = dir.resolve(f[0]);
                s.execute("COPY (" + QUERY + ") TO " + Duck.path(file) + " (FORMAT PARQUET, " + f[1] + ")");
                out.add(file);
            }
        } catch (SQLException e) {
            throw new CorpusException("DuckDB cannot write Parquet into " + dir + ": " + Duck.message(e), e);
        }
        return out;
    }
}
