package io.lanes.workbench.codec.nativeref;

import io.lanes.workbench.codec.bitpack.VectorWidth;

import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * Builds and loads the native reference kernels ({@code fastlanes_unpack.c}, a resource beside this
 * class) with this machine's C compiler, once per value size on first use, and caches the shared
 * library under {@code $XDG_CACHE_HOME/lanes-workbench/native} (or {@code ~/.cache/...}, else a folder
 * under {@code java.io.tmpdir}; the system property {@value #CACHE_PROPERTY} overrides), keyed by a
 * hash of the source, the compiler's version line and the flags. It builds and loads only in a
 * folder the current user owns and nobody else can write ({@link PrivateDir}; else a fresh private
 * temporary folder), and loads a cached library only when its sha256 is the one its build recorded. The flags
 * ({@link CFlags}, chosen by {@value #FLAGS_PROPERTY}) target this CPU at the vector width the JVM prefers
 * ({@link VectorWidth#preferred()}), so a run under {@code -XX:UseAVX=2} compares against 256-bit C, unless
 * the profile leaves {@code -march=native} out.
 * The compiler is {@code $CC}, else {@code cc}.
 *
 * <p>Downcalls are {@linkplain Linker.Option#critical(boolean) critical} with heap access: the C code
 * reads and writes the caller's Java arrays in place, no copy, as the Java kernels do. Callers check
 * every bound first. Thread-safe: the libraries load once (class initialisation) and the kernels are
 * stateless.
 */
public final class NativeKernels {
    /** System property naming the cache folder for built libraries. */
    public static final String CACHE_PROPERTY = "workbench.native.cache";
    private static final String SOURCE = "fastlanes_unpack.c";
    private static final long COMPILE_TIMEOUT_MINUTES = 10;

    private NativeKernels() {
    }

    /** A loaded entry point, or why there is none (thrown on every use, so a run names the cause). */
    record Entry(MethodHandle handle, String error) {
        MethodHandle require() {
            if (handle == null) throw new IllegalStateException(error);
            return handle;
        }
    }

    /** Holders: each value size builds on first use only. */
    static final class Int32 {
        private static final Entry[] E = load(32, "lw_fl_unpack32", "lw_fl_unpack_flat32", "lw_for_rows32", "lw_for_flat32");
        static final Entry UNPACK = E[0];
        static final Entry FLAT = E[1];
        /** One FOR block: the last argument is the frame, not a block count. */
        static final Entry FOR_ROWS = E[2];
        static final Entry FOR_FLAT = E[3];
    }

    static final class Int64 {
        static final Entry UNPACK = load(64, "lw_fl_unpack64")[0];
        static final Entry FLAT = new Entry(null, "no native flat unpack for int64: fastlanes_unpack.c has the int32 one only");
    }

    /** System property naming the C flag profile the libraries are built with ({@link CFlags}); default {@code release}. */
    public static final String FLAGS_PROPERTY = "workbench.native.cflags";

    /**
     * The C flag profiles of the compiler-flag matrix ({@code workbench sweep --c-flags}). With
     * {@code -march=native} the register width follows the JVM's preferred one (so a child JVM at
     * {@code -XX:UseAVX=2} compares against 256-bit C); without it, gcc targets the ISA's baseline
     * (SSE2's 128 bits on x86-64), whatever the JVM prefers.
     */
    public enum CFlags {
        /** The arms' default: {@code -O3} for int32 and {@code -O2 -ftree-vectorize} for int64, {@code -march=native}. */
        RELEASE("release", null, true),
        /** {@code -O2}, the ISA's baseline. */
        O2("O2", "-O2", false),
        /** {@code -O3}, the ISA's baseline. */
        O3("O3", "-O3", false),
        /** {@code -O2 -march=native} at the JVM's width. */
        O2_NATIVE("O2-native", "-O2", true),
        /** {@code -O3 -march=native} at the JVM's width. */
        O3_NATIVE("O3-native", "-O3", true);

        private final String id;
        private final String level;
        private final boolean marchNative;

        CFlags(String id, String level, boolean marchNative) {
            this.id = id;
            this.level = level;
            this.marchNative = marchNative;
        }

        /** The profile's name, as {@value #FLAGS_PROPERTY} and {@code --c-flags} take it. */
        public String id() {
            return id;
        }

        /**
         * The profile of that name.
         *
         * @throws IllegalArgumentException naming the known profiles
         */
        public static CFlags parse(String id) {
            for (CFlags f : values()) if (f.id.equals(id)) return f;
            throw new IllegalArgumentException("no C flag profile '" + id + "'; known: "
                    + String.join(", ", Arrays.stream(values()).map(CFlags::id).toList()));
        }

        /** The profile {@value #FLAGS_PROPERTY} names, else {@link #RELEASE}. */
        public static CFlags configured() {
            String p = System.getProperty(FLAGS_PROPERTY);
            return p == null || p.isBlank() ? RELEASE : parse(p.trim());
        }
    }

    /** The compiler command and flags the libraries are built with, for result metadata and notes. */
    public static List<String> command(int bits) {
        return command(compiler(), bits, CFlags.configured());
    }

    static List<String> command(String cc, int bits) {
        return command(cc, bits, CFlags.RELEASE);
    }

    static List<String> command(String cc, int bits, CFlags profile) {
        List<String> cmd = new ArrayList<>(List.of(cc));
        if (profile.level == null) {
            // -O3 scalarises the int32 flat kernel's tile arrays (at -O2 they live on the stack);
            // the int64 library has no such arrays and builds far faster at -O2 (figures: docs/measurements.md)
            cmd.addAll(bits == 32 ? List.of("-O3") : List.of("-O2", "-ftree-vectorize", "-fvect-cost-model=dynamic"));
        } else {
            cmd.add(profile.level);
        }
        if (profile.marchNative) {
            cmd.add("-march=native");
            String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
            if (arch.equals("amd64") || arch.equals("x86_64")) {
                int vector = VectorWidth.preferred();
                if (vector < 512) cmd.add("-mno-avx512f");
                if (vector < 256) cmd.add("-mno-avx");
                cmd.add("-mprefer-vector-width=" + vector);
            }
        }
        cmd.addAll(List.of("-DLW_BITS=" + bits, "-shared", "-fPIC"));
        return cmd;
    }

    /**
     * The C compiler's version line and the flags of both libraries, as the fingerprint records them
     * beside every result; {@code "none: ..."} when no compiler runs here.
     */
    public static String describe() {
        List<String> cmd = command(32);
        try {
            String version = run(List.of(cmd.get(0), "--version"), "asking the C compiler its version").lines().findFirst().orElse("?");
            return version + "; profile " + CFlags.configured().id() + "; int32: " + flags(cmd) + "; int64: " + flags(command(64));
        } catch (IOException e) {
            return "none: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "none: interrupted";
        }
    }

    private static String flags(List<String> cmd) {
        return String.join(" ", cmd.subList(1, cmd.size())).replaceAll(" -DLW_BITS=\\d+", "");
    }

    private static String compiler() {
        String cc = System.getenv("CC");
        return cc == null || cc.isBlank() ? "cc" : cc.trim();
    }

    /**
     * One entry per symbol; a symbol this build lacks (a flat unpack without AVX2) is an entry that says so.
     * Every symbol takes (width, packed, packed offset, out, out offset, int): a block count for the
     * unpacks, the frame for the int32 FOR blocks.
     */
    private static Entry[] load(int bits, String... symbols) {
        Entry[] out = new Entry[symbols.length];
        try {
            Path lib = build(command(bits), cacheDir());
            SymbolLookup lookup = SymbolLookup.libraryLookup(lib, Arena.global());
            for (int i = 0; i < symbols.length; i++) {
                String sym = symbols[i];
                out[i] = lookup.find(sym)
                        .map(a -> new Entry(Linker.nativeLinker().downcallHandle(a, FunctionDescriptor.ofVoid(JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_INT),
                                Linker.Option.critical(true)), null))
                        .orElseGet(() -> new Entry(null, sym + " is not in " + lib + ": this CPU or these flags have no AVX2 or AVX-512"));
            }
        } catch (IOException | RuntimeException e) {
            Arrays.fill(out, new Entry(null, "native reference kernels (int" + bits + ") unavailable: " + e.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            Arrays.fill(out, new Entry(null, "native reference kernels (int" + bits + "): interrupted while compiling"));
        }
        return out;
    }

    /** Builds the library {@code cmd} describes into {@code dir}, unless a build of the same key is there. */
    static Path build(List<String> cmd, Path dir) throws IOException, InterruptedException {
        byte[] source;
        try (InputStream in = NativeKernels.class.getResourceAsStream(SOURCE)) {
            if (in == null) throw new IOException("resource " + SOURCE + " missing from the workbench jar");
            source = in.readAllBytes();
        }
        String version = run(List.of(cmd.get(0), "--version"), null).lines().findFirst().orElse("?");
        String bits = cmd.stream().filter(f -> f.startsWith("-DLW_BITS=")).findFirst().orElseThrow().substring(10);
        PrivateDir.require(dir);
        Path lib = dir.resolve("lw_fastlanes" + bits + "_" + key(source, cmd, version) + ".so");
        Path sum = lib.resolveSibling(lib.getFileName() + ".sha256");
        if (Files.exists(lib, LinkOption.NOFOLLOW_LINKS) || Files.exists(sum, LinkOption.NOFOLLOW_LINKS)) {
            if (verified(lib, sum)) return lib;
            // not the library a build here wrote (planted, or a build cut short): never loaded, built again
            Files.deleteIfExists(lib);
            Files.deleteIfExists(sum);
        }
        Path work = Files.createTempDirectory(dir, "build");
        try {
            Path src = Files.write(work.resolve(SOURCE), source);
            Path out = work.resolve("lib.so");
            List<String> full = new ArrayList<>(cmd);
            full.addAll(List.of("-o", out.toString(), src.toString()));
            run(full, "compiling " + SOURCE);
            // the checksum first, so a library in the cache always has one; another JVM may have built the same
            // key meanwhile: the moves replace identical files
            Path workSum = Files.writeString(work.resolve("lib.sha256"), sha256(out), StandardCharsets.US_ASCII);
            Files.move(workSum, sum, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            Files.move(out, lib, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            try (Stream<Path> s = Files.walk(work)) {
                for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
            }
        }
        return lib;
    }

    /** Whether {@code lib} is the current user's, writable by nobody else, and the build that wrote {@code sum}. */
    private static boolean verified(Path lib, Path sum) throws IOException {
        if (PrivateDir.problem(lib, false) != null || PrivateDir.problem(sum, false) != null) return false;
        return Files.readString(sum, StandardCharsets.US_ASCII).strip().equals(sha256(lib));
    }

    private static String sha256(Path file) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 missing from this JDK", e);
        }
    }

    /**
     * The configured cache folder if it is private to this user ({@link PrivateDir}), else a per-user
     * folder under {@code java.io.tmpdir} if that one is, else a fresh private temporary folder: a
     * read-only home on a CI runner, or a folder someone else made first, costs a rebuild, never the
     * arms and never a library someone else could have written.
     */
    static Path cacheDir() throws IOException {
        String p = System.getProperty(CACHE_PROPERTY);
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path preferred = p != null && !p.isBlank() ? Path.of(p)
                : (xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache")).resolve("lanes-workbench").resolve("native");
        for (Path dir : List.of(preferred, Path.of(System.getProperty("java.io.tmpdir"), "lanes-workbench-native-" + System.getProperty("user.name", "user")))) {
            try {
                PrivateDir.require(dir);
                if (Files.isWritable(dir)) return dir;
            } catch (IOException | SecurityException | UnsupportedOperationException e) {
                // not usable: try the next
            }
        }
        return PrivateDir.fresh();
    }

    private static String key(byte[] source, List<String> cmd, String version) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update(source);
            md.update(String.join(" ", cmd).getBytes(StandardCharsets.UTF_8));
            md.update(version.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(md.digest(), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 missing from this JDK", e);
        }
    }

    /**
     * Runs a command to completion (at most {@value #COMPILE_TIMEOUT_MINUTES} minutes), its output to a
     * file so a chatty compiler cannot block; returns the output. A non-null {@code what} makes a
     * non-zero exit an error.
     */
    private static String run(List<String> cmd, String what) throws IOException, InterruptedException {
        Path log = Files.createTempFile("lw-cc", ".log");
        try {
            Process p;
            try {
                p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            } catch (IOException e) {
                throw new IOException("cannot run the C compiler '" + cmd.get(0) + "' (" + e.getMessage()
                        + "); install gcc (apt-get install gcc libc6-dev) or set CC", e);
            }
            p.getOutputStream().close();
            if (!p.waitFor(COMPILE_TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", cmd) + " did not finish in " + COMPILE_TIMEOUT_MINUTES + " minutes");
            }
            String text = Files.readString(log, StandardCharsets.UTF_8);
            if (what != null && p.exitValue() != 0) {
                throw new IOException(what + " failed (exit " + p.exitValue() + "): " + String.join(" ", cmd) + "\n" + text.strip());
            }
            return text;
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
