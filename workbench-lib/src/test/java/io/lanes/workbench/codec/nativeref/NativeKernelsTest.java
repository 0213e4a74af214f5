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
    /** The build command at -O0: the same checks in a second's compile rather than a minute's. */
    private static List<String> quick(int bits) {
        return NativeKernels.command(bits).stream().map(f -> f.matches("-O[0-9s]") ? "-O0" : f).toList();
    }

    @Test
    void flagProfilesSpellOutTheMatrixPoint() {
        assertEquals(List.of("cc", "-O2", "-DLW_BITS=32", "-shared", "-fPIC"), NativeKernels.command("cc", 32, NativeKernels.CFlags.O2),
                "no -march: the ISA's baseline");
        List<String> o3 = NativeKernels.command("cc", 32, NativeKernels.CFlags.O3_NATIVE);
        assertEquals(List.of("cc", "-O3", "-march=native"), o3.subList(0, 3));
        assertTrue(o3.stream().anyMatch(f -> f.startsWith("-mprefer-vector-width=")) || !System.getProperty("os.arch").contains("64"), o3.toString());
        assertEquals(NativeKernels.command("cc", 64), NativeKernels.command("cc", 64, NativeKernels.CFlags.RELEASE));
        assertEquals(NativeKernels.CFlags.O3_NATIVE, NativeKernels.CFlags.parse("O3-native"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NativeKernels.CFlags.parse("O4"));
        assertTrue(e.getMessage().contains("'O4'") && e.getMessage().contains("O2-native"), e.getMessage());
    }

    @Test
    void buildsOnceAndReusesTheCachedLibrary(@TempDir Path dir) throws Exception {
        List<String> cmd = quick(32);
        Path lib = NativeKernels.build(cmd, dir);
        assertTrue(Files.size(lib) > 0, "library written");
        assertTrue(lib.getFileName().toString().startsWith("lw_fastlanes32_"), lib.toString());
        Files.setLastModifiedTime(lib, FileTime.fromMillis(0));
        assertEquals(lib, NativeKernels.build(cmd, dir));
        assertEquals(0, Files.getLastModifiedTime(lib).toMillis(), "a second build of the same key must reuse the file");
        try (var s = Files.list(dir)) {
            assertEquals(java.util.Set.of(lib, lib.resolveSibling(lib.getFileName() + ".sha256")), java.util.Set.copyOf(s.toList()),
                    "the library and its checksum, no build folder left behind");
        }
    }

    @Test
    void aPlantedLibraryIsNeverLoadedButBuiltAgain(@TempDir Path dir) throws Exception {
        List<String> cmd = quick(32);
        Path lib = NativeKernels.build(cmd, dir);
        byte[] built = Files.readAllBytes(lib);
        Path sum = lib.resolveSibling(lib.getFileName() + ".sha256");
        // someone replaces the library (here with another build of the same source, a loadable .so)
        Path other = NativeKernels.build(quick(64), dir);
        Files.copy(other, lib, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertEquals(lib, NativeKernels.build(cmd, dir));
        assertTrue(java.util.Arrays.equals(built, Files.readAllBytes(lib)), "rebuilt, not the planted bytes");
        // a library with no checksum beside it is not trusted either
        Files.delete(sum);
        Files.copy(other, lib, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        NativeKernels.build(cmd, dir);
        assertTrue(java.util.Arrays.equals(built, Files.readAllBytes(lib)) && Files.isRegularFile(sum), "rebuilt with its checksum");
    }

    @Test
    void aFolderOthersCanWriteIsRefusedAndTheCacheFallsBackToAPrivateOne(@TempDir Path tmp) throws Exception {
        Path shared = Files.createDirectory(tmp.resolve("shared"));
        Files.setPosixFilePermissions(shared, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
        IOException e = assertThrows(IOException.class, () -> NativeKernels.build(quick(32), shared));
        assertTrue(e.getMessage().contains("can be written by others"), e.getMessage());
        Path link = Files.createSymbolicLink(tmp.resolve("link"), Files.createDirectory(tmp.resolve("real")));
        assertTrue(assertThrows(IOException.class, () -> PrivateDir.require(link)).getMessage().contains("symbolic link"));
        String saved = System.getProperty(NativeKernels.CACHE_PROPERTY);
        try {
            System.setProperty(NativeKernels.CACHE_PROPERTY, shared.toString());
            Path chosen = NativeKernels.cacheDir();
            assertNotEquals(shared, chosen);
            assertEquals(null, PrivateDir.problem(chosen, true), "the fallback is private");
            Path fresh = tmp.resolve("made-here");
            System.setProperty(NativeKernels.CACHE_PROPERTY, fresh.toString());
            assertEquals(fresh, NativeKernels.cacheDir());
            assertEquals("rwx------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(fresh)));
        } finally {
            if (saved == null) System.clearProperty(NativeKernels.CACHE_PROPERTY);
            else System.setProperty(NativeKernels.CACHE_PROPERTY, saved);
        }
    }

    @Test
    void aFolderOfAnotherUserIsRefused(@TempDir Path tmp) throws Exception {
        var lookup = tmp.getFileSystem().getUserPrincipalLookupService();
        java.nio.file.attribute.UserPrincipal nobody;
        try {
            nobody = lookup.lookupPrincipalByName("nobody");
        } catch (java.nio.file.attribute.UserPrincipalNotFoundException e) {
            org.junit.jupiter.api.Assumptions.abort("no user 'nobody' on this machine");
            return;
        }
        Path theirs = Files.createDirectory(tmp.resolve("theirs"));
        try {
            Files.setOwner(theirs, nobody);
        } catch (IOException e) {
            org.junit.jupiter.api.Assumptions.abort("cannot give a folder to 'nobody' here (not root): " + e.getMessage());
        }
        IOException e = assertThrows(IOException.class, () -> PrivateDir.require(theirs));
        assertTrue(e.getMessage().contains("belongs to nobody"), e.getMessage());
    }

    @Test
    void otherFlagsAreAnotherLibrary(@TempDir Path dir) throws Exception {
        List<String> cmd = quick(32);
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
        List<String> cmd = new ArrayList<>(quick(32));
        cmd.set(cmd.indexOf("-DLW_BITS=32"), "-DLW_BITS=48");
        IOException e = assertThrows(IOException.class, () -> NativeKernels.build(cmd, dir));
        assertTrue(e.getMessage().contains("compiling fastlanes_unpack.c failed") && e.getMessage().contains("-DLW_BITS=32 or -DLW_BITS=64"),
                e.getMessage());
    }
}
