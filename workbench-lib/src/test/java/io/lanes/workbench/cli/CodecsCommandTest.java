package io.lanes.workbench.cli;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.registry.CodecRegistry;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code workbench codecs}: the table and the JSON list every registered codec with its fields. */
class CodecsCommandTest {
    private static String run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        assertEquals(0, cl.execute(args), err.toString());
        return out.toString();
    }

    @Test
    void theTableHasOneRowPerCodecWithItsFields() {
        String out = run("codecs");
        List<String> lines = out.substring(0, out.indexOf("\n\n")).lines().toList(); // the reference arms follow a blank line
        List<Codec> all = CodecRegistry.all();
        assertEquals(all.size() + 2, lines.size(), "header, one row per codec, the count");
        assertTrue(lines.getFirst().matches("name +value type +family +output order +page format +source +allocates by design +description"), lines.getFirst());
        assertEquals(all.size() + " codecs", lines.getLast());
        for (int i = 0; i < all.size(); i++) assertTrue(lines.get(i + 1).startsWith(all.get(i).name() + " "), lines.get(i + 1));
        String transposed = row(lines, "fastlanes.unpack.transposed");
        assertTrue(transposed.matches("fastlanes\\.unpack\\.transposed +int32 +fastlanes +transposed +fastlanes\\.unpack\\.transposed +built-in +- +FastLanes bit-packing.*"),
                transposed);
        assertTrue(row(lines, "parquet.delta64.vscan").matches("parquet\\.delta64\\.vscan +int64 +parquet +flat +parquet\\.delta64 +built-in +- +Parquet DELTA_BINARY_PACKED.*vector registers"),
                row(lines, "parquet.delta64.vscan"));
        assertTrue(row(lines, "parquet.delta-byte-array").contains(" byte-array "), row(lines, "parquet.delta-byte-array"));
        assertTrue(row(lines, "parquet.delta-byte-array.alloc-per-value").matches("parquet\\.delta-byte-array\\.alloc-per-value +byte-array +parquet +flat +parquet\\.delta-byte-array +built-in +a byte\\[\\] per value +Parquet DELTA_BYTE_ARRAY.*"),
                row(lines, "parquet.delta-byte-array.alloc-per-value"));
        assertTrue(row(lines, "peer.orc.rlev2.64").matches("peer\\.orc\\.rlev2\\.64 +int64 +peer +flat +peer\\.orc\\.rlev2\\.64 +built-in +a reader, .* +peer: Apache ORC 2\\.2\\.1's integer RLE v2 .*"),
                row(lines, "peer.orc.rlev2.64"));
        assertTrue(row(lines, "zstd64").matches("zstd64 +int64 +general +flat +zstd64 +built-in +- +general-purpose baseline: the parquet\\.plain64 page compressed whole by zstd level 3"),
                row(lines, "zstd64"));
    }

    @Test
    void theReferenceArmsFollowTheCodecsWithKindAndLibrary() {
        String out = run("codecs");
        List<String> after = out.substring(out.indexOf("\n\n") + 2).lines().toList();
        assertTrue(after.getFirst().startsWith("reference arms (not codecs"), after.getFirst());
        assertTrue(row(after, "store-only").matches("store-only +wall +- +writes a decode's output bytes.*"), row(after, "store-only"));
        assertTrue(row(after, "engine.duckdb.scan").matches("engine\\.duckdb\\.scan +engine \\(reference arm\\) +DuckDB v\\d+\\.\\d+\\.\\d+ \\(JDBC\\) +reference arm, not a decoder: .*1 thread.*"),
                row(after, "engine.duckdb.scan"));
        assertTrue(row(after, "engine.duckdb.open").contains("fixed per-query cost"), row(after, "engine.duckdb.open"));
        assertTrue(CodecRegistry.all().stream().noneMatch(c -> c.name().startsWith("engine.")), "an engine arm is no codec of the registry");
    }

    private static String row(List<String> lines, String name) {
        return lines.stream().filter(l -> l.startsWith(name + " ")).findFirst().orElseThrow(() -> new AssertionError("no row " + name));
    }

    @Test
    void theJsonParsesBackToTheRegistry() throws Exception {
        List<Map<String, String>> rows = new ObjectMapper().readValue(run("codecs", "--json"), new TypeReference<>() {
        });
        List<Codec> all = CodecRegistry.all();
        assertEquals(all.stream().map(Codec::name).toList(), rows.stream().map(r -> r.get("name")).toList());
        for (int i = 0; i < all.size(); i++) {
            Codec c = all.get(i);
            Map<String, String> r = rows.get(i);
            assertEquals(CodecsCommand.FIELDS, List.copyOf(r.keySet()), c.name());
            assertEquals(c.family(), r.get("family"));
            assertEquals(c.pageFormat(), r.get("page_format"));
            assertEquals(c.description(), r.get("description"));
            assertEquals(c.allocatesByDesign(), r.get("allocates_by_design"));
            assertEquals(c.outputOrder().name().toLowerCase(java.util.Locale.ROOT), r.get("output_order"));
            assertEquals("built-in", r.get("source"));
        }
        assertEquals("int32", rows.stream().filter(r -> r.get("name").equals("plain")).findFirst().orElseThrow().get("value_type"));
        assertEquals("int64", rows.stream().filter(r -> r.get("name").equals("pfor.seq64")).findFirst().orElseThrow().get("value_type"));
        assertEquals("byte-array", rows.stream().filter(r -> r.get("name").equals("parquet.delta-length-byte-array")).findFirst().orElseThrow().get("value_type"));
    }
}
