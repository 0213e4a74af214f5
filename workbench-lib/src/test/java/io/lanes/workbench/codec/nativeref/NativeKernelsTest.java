package io.lanes.workbench.codec.nativeref;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Building the native reference library: cached by key, rebuilt when flags change, clear errors. */
class NativeKernelsTest {
    @Test
    void buildsOnceAndReusesTheCachedLibrary(@TempDir Path dir) throws Exception {
        List<String> cmd = NativeKernels.command(32);
        Path lib = NativeKernels.build(cmd, dir);
        assertTrue(Files.size(lib) > 0, "library written");
        assertTrue(lib.getFileName().toString().startsWith("lw_fastlanes32_"), lib.toString());
        Files.setLastModifiedTime(lib, FileTime.fromMillis(0));
        assertEquals(lib, NativeKernels.build(cmd, dir));
        assertEquals(0, Files.getLastModifiedTime(lib).toMillis(), "a second build of the same key must reuse the file");
        try (var s = Files.list(dir)) {
            assertEquals(List.of(lib), s.toList(), "no build folder left behind");
        }
    }

    @Test
    void otherFlagsAreAnotherLibrary(@TempDir Path dir) throws Exception {
        List<String> cmd = NativeKernels.command(32);
        List<String> other = new ArrayList<>(cmd);
        other.add("-fno-unroll-loops");
        assertNotEquals(NativeKernels.build(cmd, dir), NativeKernels.build(other, dir));
    }

    @Test
    void aMissingCompilerIsNamed(@TempDir Path dir) {
        IOException e = assertThrows(IOException.class, () -> NativeKernels.build(NativeKernels.command("no-such-cc-lw", 32), dir));
        assertTrue(e.getMessage().contains("'no-such-cc-lw'") && e.getMessage().contains("apt-get install gcc"), e.getMessage());
    }

    @Test
    void aFailingCompileShowsTheCommandAndTheCompilersOutput(@TempDir Path dir) {
        List<String> cmd = new ArrayList<>(NativeKernels.command(32));
        cmd.set(cmd.indexOf("-DLW_BITS=32"), "-DLW_BITS=48");
        IOException e = assertThrows(IOException.class, () -> NativeKernels.build(cmd, dir));
        assertTrue(e.getMessage().contains("compiling fastlanes_unpack.c failed") && e.getMessage().contains("-DLW_BITS=32 or -DLW_BITS=64"),
                e.getMessage());
    }
}
