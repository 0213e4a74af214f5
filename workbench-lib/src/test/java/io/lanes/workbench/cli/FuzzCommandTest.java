package io.lanes.workbench.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
