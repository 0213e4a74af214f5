package io.lanes.workbench.corpus;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** sha256 as lower-case hex, of bytes or of a file. Stateless. */
final class Sha256 {
    private Sha256() {
    }

    static String of(byte[] bytes) {
        return HexFormat.of().formatHex(digest().digest(bytes));
    }

    static String of(String text) {
        return of(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    static String of(Path file) throws IOException {
        MessageDigest md = digest();
        byte[] buf = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buf)) > 0; ) md.update(buf, 0, n);
        }
        return HexFormat.of().formatHex(md.digest());
    }

    private static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
