package io.lanes.workbench.codec;

import io.lanes.workbench.codec.bitpack.KernelGenerator;
import io.lanes.workbench.codec.frame.FrameKernelGenerator;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The build's source generation step: writes every generated library source (the unpack and frame
 * kernels of {@link KernelGenerator} and {@link FrameKernelGenerator}, and the int32/int64 twins of
 * {@link TwinGenerator}) under one output root that the library compiles beside {@code src/main/java}.
 * Nothing generated is tracked in git; Maven's {@code generate-sources} phase runs this as a
 * single-file source program (JDK 22+ finds the other generators in this source tree):
 * <pre>java src/build/java/io/lanes/workbench/codec/GenerateSources.java src/main/java target/generated-sources/kernels</pre>
 *
 * <p>A file is rewritten only when its content changed, so an unchanged generator leaves the
 * compiler's incremental state alone; a file under the output root that no generator writes any more
 * is deleted, so a renamed kernel cannot linger in the build. Fails, naming the file, when two
 * generators write the same path or a file exceeds {@link #MAX_FILE_BYTES}.
 */
public final class GenerateSources {
    /** The largest generated file allowed, in bytes (IDEs stop assisting above a few MB; generators split classes before this). */
    static final int MAX_FILE_BYTES = 1 << 20;

    private GenerateSources() {
    }

    /** Arguments: the source root holding the {@code *.java.template} files, then the output root. */
    public static void main(String[] args) throws IOException {
        if (args.length != 2) throw new IllegalArgumentException("usage: GenerateSources <templates root> <output root>");
        Path out = Path.of(args[1]);
        Map<String, String> files = all(Path.of(args[0]));
        int written = 0;
        long bytes = 0;
        long lines = 0;
        for (Map.Entry<String, String> e : files.entrySet()) {
            Path p = out.resolve(e.getKey());
            bytes += e.getValue().length();
            lines += e.getValue().lines().count();
            if (Files.exists(p) && Files.readString(p).equals(e.getValue())) continue;
            Files.createDirectories(p.getParent());
            Files.writeString(p, e.getValue());
            written++;
        }
        int deleted = 0;
        if (Files.isDirectory(out)) {
            List<Path> stale;
            try (Stream<Path> walk = Files.walk(out)) {
                stale = walk.filter(Files::isRegularFile)
                        .filter(p -> !files.containsKey(out.relativize(p).toString().replace('\\', '/'))).toList();
            }
            for (Path p : stale) Files.delete(p);
            deleted = stale.size();
        }
        System.out.printf("[generate] %d generated sources, %.1f MB, %d lines, under %s (%d rewritten, %d stale deleted)%n",
                files.size(), bytes / 1048576.0, lines, out, written, deleted);
    }

    /**
     * Every generated file: path relative to the output root, mapped to its content. Throws
     * {@link IllegalStateException} naming the path when two generators write it or it is too large.
     */
    static Map<String, String> all(Path templates) {
        Map<String, String> files = new TreeMap<>();
        for (Map<String, String> part : List.of(KernelGenerator.generate(), FrameKernelGenerator.generate(), TwinGenerator.generate(templates))) {
            for (Map.Entry<String, String> e : part.entrySet()) {
                if (files.putIfAbsent(e.getKey(), e.getValue()) != null) throw new IllegalStateException(e.getKey() + ": written by two generators");
                if (e.getValue().length() > MAX_FILE_BYTES) throw new IllegalStateException(String.format(
                        "%s: %d bytes of generated source, above the %d-byte limit; split the class in its generator",
                        e.getKey(), e.getValue().length(), MAX_FILE_BYTES));
            }
        }
        return files;
    }
}
