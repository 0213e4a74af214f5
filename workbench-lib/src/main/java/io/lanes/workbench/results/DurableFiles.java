package io.lanes.workbench.results;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Replaces a bundle's files so that a reader sees the old file or the new one, never a part, even
 * after a power loss: the new bytes go to a temporary file beside the target, are forced to disk,
 * renamed over the target, and the folder is forced so the rename itself is durable. Temporaries
 * end in {@value #SUFFIX}; a process killed mid-write leaves one, which {@link #cleanStale} removes
 * before the folder is written again. Stateless; two writers of one file race, as with any rename.
 */
final class DurableFiles {
    static final String SUFFIX = ".tmp";

    private DurableFiles() {
    }

    /** Writes {@code bytes} as {@code target}, durably and atomically. */
    static void replace(Path target, byte[] bytes) throws IOException {
        Path tmp = target.resolveSibling(target.getFileName() + SUFFIX);
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
            ByteBuffer b = ByteBuffer.wrap(bytes);
            while (b.hasRemaining()) ch.write(b);
            ch.force(true);
        }
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        forceFolder(target.toAbsolutePath().getParent());
    }

    /** Deletes the temporaries a killed writer left in {@code dir}; returns how many. */
    static int cleanStale(Path dir) throws IOException {
        int n = 0;
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, "*" + SUFFIX)) {
            for (Path p : s) if (Files.isRegularFile(p) && Files.deleteIfExists(p)) n++;
        }
        return n;
    }

    /** Forces a folder's entries to disk (Linux allows opening a folder to fsync it; elsewhere this may be a no-op). */
    private static void forceFolder(Path dir) throws IOException {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException e) {
            // some platforms (Windows) cannot open a folder: the rename is still atomic there
            if (!System.getProperty("os.name", "").startsWith("Windows")) throw e;
        }
    }
}
