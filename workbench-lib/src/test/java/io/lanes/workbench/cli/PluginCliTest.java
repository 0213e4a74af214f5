package io.lanes.workbench.cli;

import io.lanes.workbench.codec.registry.CodecPlugins;
import io.lanes.workbench.codec.PluginJars;
import io.lanes.workbench.measure.ChildJvm;
import io.lanes.workbench.results.ResultRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * {@code --plugin}: a compiled jar's codec listed and measured beside the built-ins, in child JVMs
 * too (sweep legs, JMH forks, the ipv child), and every unusable jar refused with exit 2 naming it.
 * Installing a plugin seals a JVM's registry, so the commands that succeed run as the CLI in a child
 * JVM of their own; the refusals run in this one (nothing is installed when a jar is refused).
 */
class PluginCliTest {
    /** What a CLI child printed: exit status, standard output, standard error. */
    private record Run(int code, String out, String err) {
        String all() {
            return out + err;
        }
    }

    /** Runs {@code workbench args} as its own JVM with the extra environment, as the launcher would. */
    private static Run cli(Map<String, String> env, String... args) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(ChildJvm.command(List.of(), List.of("-Xmx1g"), Main.class, List.of(args)));
        pb.environment().putAll(env);
        pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        Path out = Files.createTempFile("plugin-cli", ".out");
        Path err = Files.createTempFile("plugin-cli", ".err");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            if (!p.waitFor(600, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new AssertionError("workbench " + String.join(" ", args) + " did not finish in 600 s");
            }
            return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    private static Run cli(String... args) throws IOException, InterruptedException {
        return cli(Map.of(), args);
    }

    @Test
    void codecsListsAPluginFromTheFlagOrTheEnvironment(@TempDir Path tmp) throws Exception {
        Path jar = PluginJars.demo(tmp);
        String row = "demo\\.plain32 +int32 +demo +flat +demo +plugin " + java.util.regex.Pattern.quote(jar.toString())
                + " \\(provider demo\\.DemoProvider\\) +- +demo plugin: count, then every value little-endian";
        for (Run r : List.of(cli("codecs", "--plugin", jar.toString()), cli(Map.of(CodecPlugins.ENV, jar.toString()), "codecs"))) {
            assertEquals(0, r.code(), r.all());
            List<String> lines = r.out().lines().toList();
            assertTrue(lines.stream().anyMatch(l -> l.matches(row)), r.out());
            assertTrue(lines.stream().anyMatch(l -> l.startsWith("fastlanes.unpack.transposed ")), "beside the built-ins: " + r.out());
            assertTrue(lines.stream().anyMatch(l -> l.matches("\\d+ codecs")), r.out());
        }
    }

    @Test
    void benchMeasuresAPluginCodecBesideABuiltIn(@TempDir Path tmp) throws Exception {
        Path jar = PluginJars.demo(tmp);
        Path bundle = tmp.resolve("bundle");
        Run r = cli("bench", "--plugin", jar.toString(), "--codec", PluginJars.DEMO, "--codec", "plain", "--dataset", "syn.uniform.w12",
                "--ladder", "16KiB", "--reps", "2", "--warmup", "0", "--quiet-wait", "0", "--out", bundle.toString());
        assertEquals(0, r.code(), r.all());
        List<String> rows = Files.readAllLines(bundle.resolve("results.csv"), StandardCharsets.UTF_8);
        int codec = ResultRecord.COLUMNS.indexOf("codec");
        int bits = ResultRecord.COLUMNS.indexOf("bits_per_value");
        int decode = ResultRecord.COLUMNS.indexOf("decode_ns_median");
        String[] demo = rows.stream().map(l -> l.split(",")).filter(c -> c[codec].equals(PluginJars.DEMO)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + PluginJars.DEMO + " row in " + rows));
        String[] plain = rows.stream().map(l -> l.split(",")).filter(c -> c[codec].equals("plain")).findFirst().orElseThrow();
        assertEquals(plain[bits], demo[bits], "the demo page is plain's: a count, then 4 bytes a value");
        assertTrue(Double.parseDouble(demo[decode]) > 0, "measured: " + String.join(",", demo));
    }

    @Test
    void sweepLegsLoadThePluginInTheirChildJvm(@TempDir Path tmp) throws Exception {
        Run r = cli("sweep", "--plugin", PluginJars.demo(tmp).toString(), "--codec", PluginJars.DEMO, "--levels", "0", "--no-species",
                "--reps", "1", "--ladder", "16KiB", "--dataset", "syn.uniform.w12");
        assertEquals(0, r.code(), r.all());
        // the only leg is the child's: a figure in its column is the child measuring the plugin codec
        assertTrue(r.out().lines().anyMatch(l -> l.matches(java.util.regex.Pattern.quote(PluginJars.DEMO) + " +syn\\.uniform\\.w12 +16KiB +\\d+\\.\\d+")), r.out());
    }

    @Test
    void jmhForksLoadThePlugin(@TempDir Path tmp) throws Exception {
        Run r = cli("jmh", "--plugin", PluginJars.demo(tmp).toString(), "--codec", PluginJars.DEMO, "--dataset", "syn.uniform.w12",
                "--ladder", "16KiB", "--warmup-iterations", "0", "--iterations", "1", "--iteration-ms", "50");
        assertEquals(0, r.code(), r.all());
        assertTrue(r.out().lines().anyMatch(l -> l.matches(java.util.regex.Pattern.quote(PluginJars.DEMO) + " +syn\\.uniform\\.w12 +16KiB +\\d+\\.\\d")), r.out());
    }

    /**
     * The ipv child under a stand-in valgrind that records its command line and runs the JVM without
     * instrumentation (real valgrind takes minutes): the child must get the jar and measure the
     * plugin codec; the parent then finds no callgrind dumps, which is the stand-in's doing.
     */
    @Test
    void theIpvChildGetsThePluginJars(@TempDir Path tmp) throws Exception {
        assumeFalse(Files.isDirectory(Path.of("/sys/bus/event_source/devices/cpu")), "a PMU counts in-process, with no child JVM");
        Path jar = PluginJars.demo(tmp);
        Path argv = tmp.resolve("argv.txt");
        Path valgrind = tmp.resolve("valgrind");
        Files.writeString(valgrind, """
                #!/bin/sh
                if [ "$1" = --version ]; then echo valgrind-stand-in; exit 0; fi
                printf '%%s\\n' "$@" > '%s'
                while [ $# -gt 0 ] && [ "${1#--}" != "$1" ]; do shift; done
                exec "$@"
                """.formatted(argv));
        Files.setPosixFilePermissions(valgrind, PosixFilePermissions.fromString("rwx------"));
        Run r = cli("ipv", "--plugin", jar.toString(), "--codec", PluginJars.DEMO, "--dataset", "syn.uniform.w12", "--values", "4096",
                "--valgrind", valgrind.toString());
        List<String> command = Files.readAllLines(argv);
        assertTrue(command.contains("-D" + CodecPlugins.PROPERTY + "=" + jar), "child command line: " + command);
        assertTrue(r.all().contains("kernel " + PluginJars.DEMO + " syn.uniform.w12 4096 "), "the child measured the plugin codec: " + r.all());
    }

    /** Runs the CLI in this JVM, checks it exits 2 with one line on standard error, and returns that line. */
    private static String refused(String... args) {
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setErr(new PrintWriter(err));
        cl.setOut(new PrintWriter(new StringWriter()));
        assertEquals(2, cl.execute(args), err.toString());
        String e = err.toString().strip();
        assertTrue(e.startsWith("error: ") && e.lines().count() == 1, "one line: " + e);
        return e;
    }

    @Test
    void everyCommandRefusesAnUnusableJarNamingIt(@TempDir Path tmp) throws Exception {
        Path missing = tmp.resolve("missing.jar");
        String expected = "error: plugin " + missing + ": not found";
        assertEquals(expected, refused("codecs", "--plugin", missing.toString()));
        assertEquals(expected, refused("bench", "--plugin", missing.toString(), "--codec", "plain", "--dataset", "syn.uniform.w12"));
        assertEquals(expected, refused("ipv", "--plugin", missing.toString(), "--codec", "plain", "--dataset", "syn.uniform.w12"));
        assertEquals(expected, refused("jmh", "--plugin", missing.toString(), "--codec", "plain", "--dataset", "syn.uniform.w12"));
        assertEquals(expected, refused("sweep", "--plugin", missing.toString()));
        Path shadow = PluginJars.withCodecs(tmp, "shadow.jar", "ShadowProvider", "plain");
        assertEquals("error: plugin " + shadow + " (provider demo.ShadowProvider): codec 'plain' would shadow the built-in codec of that name; rename it",
                refused("bench", "--plugin", shadow.toString(), "--codec", "plain", "--dataset", "syn.uniform.w12"));
        Path text = Files.writeString(tmp.resolve("text.jar"), "not a zip");
        assertTrue(refused("codecs", "--plugin", text.toString()).startsWith("error: plugin " + text + ": not a jar"));
    }
}
