package io.lanes.workbench.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code workbench fuzz} on the command line: its exit codes and its options' syntax. */
class FuzzCommandTest {
    @TempDir
    Path out;

    @Test
    void aCleanCodecExitsZeroAndWritesNoReproducer() {
        assertEquals(0, Main.commandLine().execute("fuzz", "--codec", "plain", "--codec", "parquet.rle", "--pages", "300", "--seed", "7", "--out", out.toString()));
        assertFalse(Files.exists(out.resolve("plain.trailing.1.bin")));
    }

    @Test
    void theParquetSuiteFuzzesTheCommittedAndTheDuckDbWrittenFilesAndSaysWhichItSkips() {
        PrintStream was = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        int rc;
        try {
            rc = Main.commandLine().execute("fuzz", "--parquet-suite", "--pages", "2", "--seed", "7", "--out", out.toString());
        } finally {
            System.setOut(was);
        }
        String text = printed.toString(StandardCharsets.UTF_8);
        assertEquals(0, rc, text);
        assertTrue(text.contains("parquet suite: skipped delta_byte_array.parquet: "), text); // no integer column for the pages path
        assertTrue(text.contains("fuzz parquet: 9 files, 27 reads, 0 undocumented"), text);   // 5 committed, 4 DuckDB-written, 1 + 2 reads each
        assertTrue(text.contains("duckdb-written/duckdb_v2_zstd.parquet"), text);
    }

    @Test
    void badOptionsAreUsageErrors() {
        assertEquals(2, Main.commandLine().execute("fuzz", "--codec", "nosuch*", "--pages", "10", "--out", out.toString()));
        assertEquals(2, Main.commandLine().execute("fuzz", "--codec", "plain", "--time", "10 minutes", "--out", out.toString()));
        assertEquals(2, Main.commandLine().execute("fuzz", "--codec", "plain", "--pages", "-1", "--out", out.toString()));
    }

    @Test
    void durationsTakeAUnit() {
        assertEquals(Duration.ofMillis(500), FuzzCommand.duration("--hang-after", "500ms"));
        assertEquals(Duration.ofMinutes(10), FuzzCommand.duration("--time", "10m"));
        assertEquals(Duration.ofHours(1), FuzzCommand.duration("--time", "1h"));
        assertThrows(IllegalArgumentException.class, () -> FuzzCommand.duration("--time", "10"));
    }
}
