package io.lanes.workbench.codec;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Builds plugin jars for tests the way a user would: Java sources compiled with the system
 * compiler against the workbench classes, packed with a {@code META-INF/services} entry, in a
 * test's temporary folder (outside the project tree).
 */
public final class PluginJars {
    /** The codec every good test plugin adds. */
    public static final String DEMO = "demo.plain32";

    /**
     * An {@link IntCodec} of the given name in package {@code demo}: a 4-byte count, then the values as
     * 4 little-endian bytes each, every field checked on decode.
     */
    static final String CODEC = """
            package demo;

            import io.lanes.workbench.codec.CorruptDataException;
            import io.lanes.workbench.codec.IntCodec;

            public final class DemoCodec implements IntCodec {
                private final String name;

                public DemoCodec(String name) {
                    this.name = name;
                }

                @Override public String name() { return name; }
                @Override public String description() { return "demo plugin: count, then every value little-endian"; }
                @Override public String pageFormat() { return "demo"; }

                @Override public int maxEncodedBytes(int n) {
                    if (n < 0 || n > (Integer.MAX_VALUE - 4) / 4) throw new IllegalArgumentException("bad count " + n);
                    return 4 + 4 * n;
                }

                @Override public long maxDecodedLength(int pageBytes) { return Math.max(0, (pageBytes - 4) / 4); }

                @Override public int encode(int[] values, int off, int n, byte[] out, int outOff) {
                    if (out.length - outOff < maxEncodedBytes(n)) throw new IllegalArgumentException("output too small");
                    put(out, outOff, n);
                    for (int i = 0; i < n; i++) put(out, outOff + 4 + 4 * i, values[off + i]);
                    return 4 + 4 * n;
                }

                @Override public int decodedLength(byte[] in, int inOff, int inLen) {
                    if (inLen < 4) throw new CorruptDataException("count", inOff, "page shorter than its count");
                    int n = get(in, inOff);
                    if (n < 0 || (long) 4 + 4L * n != inLen) throw new CorruptDataException("count", inOff, "count " + n + " does not fit " + inLen + " bytes");
                    return n;
                }

                @Override public int decode(byte[] in, int inOff, int inLen, int[] out, int outOff) {
                    int n = decodedLength(in, inOff, inLen);
                    if (out.length - outOff < n) throw new IllegalArgumentException("output too small");
                    for (int i = 0; i < n; i++) out[outOff + i] = get(in, inOff + 4 + 4 * i);
                    return n;
                }

                private static void put(byte[] b, int at, int v) {
                    b[at] = (byte) v; b[at + 1] = (byte) (v >>> 8); b[at + 2] = (byte) (v >>> 16); b[at + 3] = (byte) (v >>> 24);
                }

                private static int get(byte[] b, int at) {
                    return (b[at] & 0xff) | (b[at + 1] & 0xff) << 8 | (b[at + 2] & 0xff) << 16 | (b[at + 3] & 0xff) << 24;
                }
            }
            """;

    private PluginJars() {
    }

    /** A provider class {@code demo.NAME} whose {@code codecs()} body is {@code body}. */
    static String provider(String className, String body) {
        return """
                package demo;

                import io.lanes.workbench.codec.Codec;
                import io.lanes.workbench.codec.CodecProvider;
                import java.util.List;

                public final class %s implements CodecProvider {
                    @Override public List<Codec> codecs() { %s }
                }
                """.formatted(className, body);
    }

    /** A jar whose provider {@code demo.DemoProvider} adds {@link #DEMO}. */
    public static Path demo(Path dir) {
        return withCodecs(dir, "demo.jar", "DemoProvider", DEMO);
    }

    /** A jar named {@code jar} whose provider {@code demo.PROVIDER} adds DemoCodecs of the given names. */
    public static Path withCodecs(Path dir, String jar, String provider, String... names) {
        String list = String.join(", ", Stream.of(names).map(n -> "new DemoCodec(\"" + n + "\")").toList());
        return build(dir, jar, Map.of("DemoCodec", CODEC, provider, provider(provider, "return List.of(" + list + ");")), List.of("demo." + provider));
    }

    /**
     * Compiles {@code sources} (simple class name to source, package {@code demo}) and packs them into
     * {@code dir/jar}, with a services file listing {@code providers} unless that list is empty.
     */
    public static Path build(Path dir, String jar, Map<String, String> sources, List<String> providers) {
        try {
            Path work = Files.createTempDirectory(dir, "src");
            Path classes = Files.createDirectories(work.resolve("classes"));
            List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "-classpath", workbenchClasses().toString()));
            for (Map.Entry<String, String> e : sources.entrySet()) {
                Path src = Files.createDirectories(work.resolve("demo")).resolve(e.getKey() + ".java");
                Files.writeString(src, e.getValue());
                args.add(src.toString());
            }
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            assertEquals(0, javac.run(null, OutputStream.nullOutputStream(), err, args.toArray(String[]::new)), err.toString(StandardCharsets.UTF_8));
            Path out = dir.resolve(jar);
            try (JarOutputStream j = new JarOutputStream(Files.newOutputStream(out)); Stream<Path> files = Files.walk(classes)) {
                for (Path f : files.filter(Files::isRegularFile).toList()) {
                    j.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
                    j.write(Files.readAllBytes(f));
                }
                if (!providers.isEmpty()) {
                    j.putNextEntry(new JarEntry("META-INF/services/" + CodecProvider.class.getName()));
                    j.write((String.join("\n", providers) + "\n").getBytes(StandardCharsets.UTF_8));
                }
            }
            return out;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Where the workbench classes are (target/classes in a Maven build), the plugin's compile class path. */
    private static Path workbenchClasses() {
        try {
            return Path.of(Codec.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
