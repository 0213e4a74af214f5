package io.lanes.workbench.cli;

import io.lanes.workbench.codec.parquet.ParquetMutations;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CliErrorsTest {
    static String[] run(String... args) {
        CommandLine cl = Main.commandLine();
        StringWriter err = new StringWriter();
        StringWriter out = new StringWriter();
        cl.setErr(new PrintWriter(err));
        cl.setOut(new PrintWriter(out));
        int code = cl.execute(args);
        return new String[] {Integer.toString(code), out.toString(), err.toString()};
    }

    @Test
    void unknownCodecIsNamedWithoutAStackTrace() {
        String[] r = run("bench", "--codec", "nosuch.codec", "--dataset", "syn.uniform.w3");
        assertEquals("2", r[0]);
        assertTrue(r[2].contains("nosuch.codec"), r[2]);
        assertFalse(r[2].contains("\tat "), "no stack trace: " + r[2]);
    }

    @Test
    void unknownDatasetAndBadLadderAreNamed() {
        assertTrue(run("bench", "--codec", "plain", "--dataset", "nope.column")[2].contains("nope.column"));
        assertTrue(run("bench", "--codec", "plain", "--dataset", "syn.uniform.w3", "--ladder", "12 apples")[2].contains("12 apples"));
    }

    @Test
    void userFileErrorsNameTheFileColumnAndRow(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws Exception {
        java.nio.file.Path csv = tmp.resolve("bad.csv");
        java.nio.file.Files.writeString(csv, "a,b\n1,10\n2,20\n3,x\n");
        String[] missing = run("bench", "--file", csv.toString(), "--column", "nosuch", "--codec", "plain");
        assertEquals("2", missing[0]);
        assertTrue(missing[2].contains("nosuch") && missing[2].contains("bad.csv"), missing[2]);
        String[] bad = run("bench", "--file", csv.toString(), "--column", "b", "--codec", "plain");
        assertTrue(bad[2].contains("'x'") && bad[2].contains("row 3"), bad[2]);
        assertTrue(run("bench", "--column", "b", "--codec", "plain")[2].contains("--column names columns of --file or --pages"));
    }

    @Test
    void missingRequiredOptionIsAUsageError() {
        String[] r = run("bench", "--dataset", "syn.uniform.w3");
        assertEquals("2", r[0]);
        assertTrue(r[2].contains("--codec"), r[2]);
    }

    @Test
    void pagesErrorsAreOneLineNamingFileAndColumn() {
        String dir = io.lanes.workbench.corpus.Locations.discover().catalog().resolveSibling("parquet-testing").toString();
        String delta = dir + "/delta_binary_packed.parquet";
        String[][] cases = {
                {"no such file", "--pages", dir + "/nope.parquet", "--codec", "parquet.delta64.vscan"},
                {"no column 'nosuch'", "--pages", delta, "--column", "nosuch", "--codec", "parquet.delta64.vscan"},
                {"column 'c_first_name:' (byte-array): no codec given takes byte-array values; codecs that decode its pages: parquet.delta-byte-array", "--pages", dir + "/delta_encoding_required_column.parquet", "--column", "c_first_name:", "--codec", "parquet.delta.vscan"},
                {"column 'int32_plain': no page in the parquet.delta format", "--pages", dir + "/byte_stream_split_extended.gzip.parquet", "--column", "int32_plain", "--codec", "parquet.delta.vscan"},
                {"column 'bitwidth12' (int64): no codec given takes int64 values", "--pages", delta, "--column", "bitwidth12", "--codec", "parquet.delta.*", "--codec", "store-only"},
                {"--ladder does not apply to --pages or --writer", "--pages", delta, "--codec", "parquet.delta64.vscan", "--ladder", "16KiB"},
                {"add --writer parquet-java", "--pages", delta, "--dataset", "syn.uniform.w3", "--codec", "parquet.delta.vscan"},
                {"unknown --writer 'arrow'", "--dataset", "syn.uniform.w3", "--writer", "arrow", "--codec", "parquet.delta.vscan"},
                {"--column names columns of --file or --pages", "--dataset", "syn.uniform.w3", "--column", "a", "--codec", "plain"},
        };
        for (String[] c : cases) {
            String[] args = new String[c.length];
            args[0] = "bench";
            System.arraycopy(c, 1, args, 1, c.length - 1);
            String[] r = run(args);
            assertEquals("2", r[0], String.join(" ", args));
            String err = r[2].strip();
            assertTrue(err.startsWith("error: ") && err.contains(c[0].equals("no such file") ? "nope.parquet: not found" : c[0]), c[0] + " -> " + err);
            assertFalse(err.contains("\n"), "one line: " + err);
        }
    }

    @Test
    void aMalformedParquetFileIsOneLineNamingFileAndColumnNotARawException(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws Exception {
        // the fuzz campaign saw "error: -256" (a negative page count) and "error: Index 67 out of bounds for length 67" (a schema overrun)
        java.nio.file.Path good = io.lanes.workbench.corpus.Locations.discover().catalog().resolveSibling("parquet-testing").resolve("delta_encoding_optional_column.parquet");
        byte[] bytes = java.nio.file.Files.readAllBytes(good);
        java.nio.file.Path count = ParquetMutations.write(tmp, "count.parquet", ParquetMutations.rewrite(bytes, (g, c, p, h) -> {
            if (c == 8) h.getData_page_header_v2().setNum_values(-256);
        }, m -> { }));
        java.nio.file.Path schema = ParquetMutations.write(tmp, "schema.parquet", ParquetMutations.rewrite(bytes, (g, c, p, h) -> { },
                m -> m.getSchema().getFirst().setNum_children(m.getSchema().size())));
        String[][] cases = {
                {"file " + count + " column 'c_birth_year': cannot read its pages: num_values at byte offset ", count.toString(), "c_birth_year"},
                {"file " + schema + ": cannot read it as Parquet: schema element 0 num_children at byte offset ", schema.toString(), "c_birth_year"},
        };
        for (String[] c : cases) {
            String[] r = run("bench", "--pages", c[1], "--column", c[2], "--codec", "parquet.delta64.vscan");
            assertEquals("2", r[0], c[1]);
            String err = r[2].strip();
            assertTrue(err.startsWith("error: " + c[0]), err);
            assertFalse(err.contains("\n") || err.contains("Exception"), "one line, no exception name: " + err);
        }
    }
}
