package io.lanes.workbench.measure;

import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.registry.CodecRegistry;
import io.lanes.workbench.corpus.DuckWritten;
import io.lanes.workbench.corpus.Pages;
import io.lanes.workbench.corpus.ValueType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a user's DuckDB export holds, read as {@code bench --pages} reads it: every integer and
 * string column of the four DuckDB-written files, nullable and dictionary-encoded ones included, decoded by every arm that
 * reads its pages and checked against DuckDB's own reading (the check the harness makes before it
 * times anything); the columns left out are named with the reason.
 */
class DuckWrittenPagesTest {
    @Test
    void everyIntegerAndStringColumnIsDecodedByEveryArmThatReadsItAndMatchesDuckDb(@TempDir Path dir) {
        List<Codec> decoders = CodecRegistry.all().stream().filter(c -> c.name().startsWith("parquet.") || c.name().startsWith("peer.parquet.")).toList();
        List<Arm> arms = decoders.stream().map(Arm::of).toList();
        Map<String, Integer> checked = new LinkedHashMap<>();
        int dictionaryColumns = 0;
        for (Path f : DuckWritten.write(dir)) {
            Pages.Selection s = Pages.ofFile(f, decoders);
            for (String skipped : s.skipped()) {
                assertTrue(skipped.contains("'dbl' is DOUBLE"), f.getFileName() + ": " + skipped);
            }
            for (Pages p : s.pages()) {
                int readers = 0;
                for (Arm a : arms) {
                    if (!Harness.takes(a, p)) continue;
                    Prepared.of(a, p).verify(p.values().id()); // throws naming the first value that differs from DuckDB's
                    readers++;
                }
                assertTrue(readers >= 1, p.values().id() + ": read by no arm");
                checked.merge(f.getFileName().toString(), 1, Integer::sum);
                if (p.format().startsWith("parquet.dict")) dictionaryColumns++;
                if (p.values().id().endsWith(":url")) {
                    assertEquals(ValueType.BYTE_ARRAY, p.values().type());
                    assertEquals(60_000 / 11 + 1, p.nulls(), "a null every 11th row, row 0 included");
                    assertEquals(60_000 - p.nulls(), p.values().size());
                }
            }
        }
        // with and without dictionaries every column but the DOUBLE one is read: 6 integer and 3 string columns
        for (String f : List.of("duckdb_v1_snappy.parquet", "duckdb_v2_zstd.parquet", "duckdb_v2_uncompressed.parquet", "duckdb_v2_no_dictionary.parquet")) {
            assertEquals(9, checked.get(f), f + ": " + checked);
        }
        assertTrue(dictionaryColumns >= 9, "the dictionary-encoded columns of the three files with dictionaries: " + dictionaryColumns);
    }
}
