package io.lanes.workbench.results;

import io.lanes.workbench.measure.Fingerprint;
import io.lanes.workbench.measure.Measurement;
import io.lanes.workbench.measure.StoreOnly;
import io.lanes.workbench.measure.ValidityGate;
import io.lanes.workbench.measure.ipv.IpvFigure;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tech.tablesaw.api.Table;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** results.csv as outside tools read it: DuckDB's read_csv_auto with no options, and {@link ResultBundle#load}. */
class ResultsCsvReadersTest {
    private static final Set<String> TEXT = Set.of("machine", "jdk", "codec", "dataset", "column", "type", "working_set", "gate", "ipv_backend", "codec_detail");
    private static final Set<String> NUMBERS = Set.of("TINYINT", "SMALLINT", "INTEGER", "BIGINT", "HUGEINT", "FLOAT", "DOUBLE");
    /** A user file's column name needs quoting: a comma and quotes. */
    private static final String ODD = "file:trips.csv#fare, \"usd\"";

    private static Measurement m(String arm, String column, double[] encode) {
        return new Measurement(arm, false, column, "syn.uniform", "int32", "16KiB", 1024, 4096, 4096, new double[] {100, 120, 110}, encode);
    }

    /** A measurement whose codec reports what it chose for the pages. */
    private static Measurement detailed(String arm, String column, String detail) {
        return new Measurement(arm, false, column, "syn.uniform", "int32", "16KiB", 1024, 4096, 4096, new double[] {100, 120, 110}, new double[] {90}, detail);
    }

    /** A measurement of a codec whose encode stages were timed alone. */
    private static Measurement staged(String arm, String column) {
        return new Measurement(arm, false, column, "syn.uniform", "int32", "16KiB", 1024, 4096, 4096, new double[] {100, 120, 110}, new double[] {90}, "",
                new double[] {20, 22}, new double[] {60, 64});
    }

    /**
     * Every numeric contract column has a figure in some rows and none in others (store-only has no
     * size, the odd column no encode and no store-only wall, only one row an ipv figure, only the
     * staged arm encode stages).
     */
    private static Path bundle(Path dir) {
        ResultBundle b = new ResultBundle(dir, Fingerprint.capture(), Map.of());
        b.add(List.of(m(StoreOnly.NAME, "syn.uniform.w3", new double[0]), m("plain", "syn.uniform.w3", new double[] {300, 310}),
                detailed("orc", "syn.uniform.w3", "direct.runs=2;direct.values=1024"), staged("pfor.seq", "syn.uniform.w3")));
        b.gate("16KiB", new ValidityGate.Verdict(true, "pass", Double.NaN, 1, 1, Double.NaN, 3, Double.NaN));
        b.add(List.of(m("plain", ODD, new double[0])));
        b.ipv(List.of(new IpvFigure("plain", "syn.uniform.w3", 1024, 0.41, IpvFigure.EMULATED, "valgrind callgrind", "jdk", "UseAVX=2", 10, 4200, 57, List.of())));
        return b.resultsCsv();
    }

    private static String source(Path csv) {
        return "read_csv_auto('" + csv.toAbsolutePath().toString().replace("'", "''") + "')";
    }

    @Test
    void duckDbTypesEveryNumericColumnAsANumberAndMissingFiguresAsNull(@TempDir Path dir) throws Exception {
        Path csv = bundle(dir);
        Map<String, String> types = new LinkedHashMap<>();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            try (ResultSet rs = st.executeQuery("SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM " + source(csv) + ")")) {
                while (rs.next()) types.put(rs.getString(1), rs.getString(2));
            }
            assertEquals(ResultRecord.COLUMNS, new ArrayList<>(types.keySet()));
            for (var e : types.entrySet()) {
                String col = e.getKey(), type = e.getValue();
                if (TEXT.contains(col)) assertEquals("VARCHAR", type, col);
                else if (col.equals("timestamp")) assertTrue(type.startsWith("TIMESTAMP"), col + " is " + type);
                else assertTrue(NUMBERS.contains(type), col + " is " + type + ", not a number: " + Files.readString(csv));
            }
            try (ResultSet rs = st.executeQuery("SELECT codec, \"column\", gate, ratio IS NULL, encode_ns_median IS NULL, store_only_gib_s IS NULL,"
                    + " ipv FROM " + source(csv) + " ORDER BY \"column\" DESC, codec")) {
                List<String> rows = new ArrayList<>();
                while (rs.next()) {
                    rows.add(rs.getString(1) + "|" + rs.getString(2) + "|" + rs.getString(3) + "|" + rs.getBoolean(4) + "|" + rs.getBoolean(5)
                            + "|" + rs.getBoolean(6) + "|" + rs.getObject(7));
                }
                assertEquals(List.of("orc|syn.uniform.w3|pass|false|false|false|null",
                        "pfor.seq|syn.uniform.w3|pass|false|false|false|null",
                        "plain|syn.uniform.w3|pass|false|false|false|0.41",
                        "store-only|syn.uniform.w3|pass|true|true|false|null",
                        "plain|" + ODD + "|pending|false|true|true|null"), rows);
            }
            try (ResultSet rs = st.executeQuery("SELECT codec, regexp_extract(codec_detail, 'direct.values=(\\d+)', 1) FROM " + source(csv) + " WHERE codec_detail <> ''")) {
                assertTrue(rs.next());
                assertEquals("orc|1024", rs.getString(1) + "|" + rs.getString(2));
                assertFalse(rs.next(), "only the arm that reports a detail has one");
            }
        }
    }

    @Test
    void quotesOnlyFieldsThatNeedIt(@TempDir Path dir) throws Exception {
        List<String> lines = Files.readAllLines(bundle(dir));
        String odd = lines.stream().filter(l -> l.contains("trips.csv")).findFirst().orElseThrow();
        assertTrue(odd.contains(",\"file:trips.csv#fare, \"\"usd\"\"\","), odd);
        String plain = lines.get(2);
        assertTrue(plain.contains(",plain,syn.uniform,syn.uniform.w3,int32,1024,16KiB,"), plain);
        assertEquals(1, lines.stream().filter(l -> l.contains("\"")).count(), "only the odd column is quoted: " + lines);
        assertTrue(lines.stream().anyMatch(l -> l.endsWith(",direct.runs=2;direct.values=1024,,,,")), "a codec detail needs no quotes: " + lines);
    }

    @Test
    void loadReadsEmptyFieldsAndAnOlderBundlesNaAsMissing(@TempDir Path dir) throws Exception {
        Table t = ResultBundle.load(bundle(dir.resolve("new")));
        Table odd = t.where(t.stringColumn("column").isEqualTo(ODD));
        assertEquals(1, odd.rowCount());
        assertTrue(Double.isNaN(odd.doubleColumn("encode_ns_median").getDouble(0)));
        assertEquals(0.41, t.where(t.doubleColumn("ipv").isNotMissing()).doubleColumn("ipv").getDouble(0));
        assertEquals("direct.runs=2;direct.values=1024", t.where(t.stringColumn("codec").isEqualTo("orc")).stringColumn("codec_detail").get(0));
        Table staged = t.where(t.stringColumn("codec").isEqualTo("pfor.seq"));
        assertEquals(21.0, staged.doubleColumn("encode_analyze_ns_median").getDouble(0));
        assertEquals(62.0, staged.doubleColumn("encode_pack_ns_median").getDouble(0));
        assertTrue(Double.isNaN(t.where(t.stringColumn("codec").isEqualTo("orc")).doubleColumn("encode_pack_ns_median").getDouble(0)), "a codec without stages has none");

        // a row as bundles wrote it before empty fields: NA for every missing figure, some names quoted
        Path old = dir.resolve("old");
        Files.createDirectories(old);
        // and the header of those bundles: the columns before the interval of the median was added
        Files.writeString(old.resolve("results.csv"), String.join(",", ResultRecord.COLUMNS.subList(0, ResultRecord.COLUMNS.indexOf("decode_gib_s_lo"))) + "\n"
                + "vm,\"Eclipse Adoptium 25.0.3+9-LTS\",\"2026-11-30T04:12:46.024133643Z\",store-only,syn.uniform,syn.uniform.w1,int32,51200,400KiB,"
                + "0,204800,0,NA,NA,NA,1584.6311802232856,1224.7169059011164,1760.2408293460926,3.2310357538708508E10,120.36546147878657,NA,"
                + "120.36546147878657,64,pass,NA,not-measured\n");
        Table o = ResultBundle.load(old);
        assertEquals("Eclipse Adoptium 25.0.3+9-LTS", o.stringColumn("jdk").get(0));
        assertTrue(Double.isNaN(o.doubleColumn("ratio").getDouble(0)) && Double.isNaN(o.doubleColumn("ipv").getDouble(0)));
        assertEquals(120.36546147878657, o.doubleColumn("store_only_gib_s").getDouble(0));
        assertTrue(Double.isNaN(o.doubleColumn("decode_gib_s_lo").getDouble(0)), "a column the old bundle lacks loads as missing");
        assertEquals("", o.stringColumn("codec_detail").get(0), "and a text column it lacks as empty");
        assertTrue(Double.isNaN(o.doubleColumn("encode_analyze_ns_median").getDouble(0)), "as it does the encode stages' columns");
        assertEquals(ResultRecord.COLUMNS, o.columnNames());
    }
}
