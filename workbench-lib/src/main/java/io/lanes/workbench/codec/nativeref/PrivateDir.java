package io.lanes.workbench.codec.nativeref;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.Set;

/**
 * Folders and files native code may be built in and loaded from: owned by the current user, no
 * symbolic link, and writable by nobody else, so no other account can plant a library the JVM
 * then loads (a shared {@code /tmp} folder would let it). Stateless and thread-safe.
 */
final class PrivateDir {
    private static final Set<PosixFilePermission> OTHERS_WRITE = Set.of(PosixFilePermission.GROUP_WRITE, PosixFilePermission.OTHERS_WRITE);

    private PrivateDir() {
    }

    /**
     * {@code dir}, created with mode 0700 if absent (its parents as usual), once it passes
     * {@link #problem}.
     *
     * @throws IOException naming the folder and what is wrong with it
     */
    static Path require(Path dir) throws IOException {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            Files.createDirectories(dir.toAbsolutePath().getParent());
            try {
                Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            } catch (FileAlreadyExistsException e) {
                // another JVM made it meanwhile: it is checked below like any other
            }
        }
        String problem = problem(dir, true);
        if (problem != null) throw new IOException(problem);
        return dir;
    }

    /** A new private folder under {@code java.io.tmpdir} (mode 0700, a random name nobody can have made first). */
    static Path fresh() throws IOException {
        return Files.createTempDirectory("lanes-workbench-native-", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    }

    /**
     * Why {@code p} cannot be trusted (not the current user's, a symbolic link, writable by group or
     * others, or not the kind asked for), or {@code null} when it can.
     */
    static String problem(Path p, boolean folder) throws IOException {
        if (Files.isSymbolicLink(p)) return p + " is a symbolic link";
        if (folder ? !Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) : !Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
            return p + " is not a " + (folder ? "folder" : "regular file");
        }
        UserPrincipal owner = Files.getOwner(p, LinkOption.NOFOLLOW_LINKS);
        UserPrincipal me = currentUser();
        if (!owner.equals(me)) return p + " belongs to " + owner.getName() + ", not to " + me.getName();
        Set<PosixFilePermission> perms = Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS);
        if (perms.stream().anyMatch(OTHERS_WRITE::contains)) {
            return p + " can be written by others (mode " + PosixFilePermissions.toString(perms) + ")";
        }
        return null;
    }

    /** The owner this process gives the files it creates: the effective user, whatever {@code user.name} says. */
    private static UserPrincipal currentUser() throws IOException {
        Path probe = Files.createTempFile("lw-owner", ".probe");
        try {
            return Files.getOwner(probe);
        } finally {
            Files.deleteIfExists(probe);
        }
    }
}
