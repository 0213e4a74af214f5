package io.lanes.workbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lanes.workbench.results.ResultBundle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import tech.tablesaw.api.Table;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code bench} drops no work without a word: arms that cannot run on a column are named with the
 * reason (console and metadata.json), a run that would measure nothing fails before it measures, a
 * column longer than the working set says how much of it was measured, and a bad output path fails
 * before any measuring.
 */
class BenchSaysWhatItSkipsTest {
    @TempDir
    Path tmp;

    /** Exit code, standard output, standard error of one CLI call. */
    private record Run(int code, String out, String err) {
    }

    private static synchronized Run bench(String... args) {
        PrintStream saved = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        try (PrintStream capture = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            System.setOut(capture);
            CommandLine cl = Main.commandLine();
            cl.setErr(new PrintWriter(err, true));
            String[] all = new String[args.length + 1];
            all[0] = "bench";
            System.arraycopy(args, 0, all, 1, args.length);
            int code = cl.execute(all);
            return new Run(code, bytes.toString(StandardCharsets.UTF_8), err.toString());
        } finally {
            System.setOut(saved);
        }
    }

    private static final String[] FAST = {"--reps", "2", "--warmup", "0", "--quiet-wait", "0"};

    private static String[] with(String[] a, String... b) {
        String[] out = new String[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void int32ArmsOnAnInt64ColumnMeasureNothingAndSayWhy() {
        Path out = tmp.resolve("b");
        Run r = bench(with(FAST, "--codec", "peer.jfp.fastpfor", "--dataset", "syn.uniform64.w12", "--out", out.toString()));
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("nothing to measure") && r.err().contains("int64") && r.err().contains("int32"), r.err());
        assertFalse(r.out().contains("measuring"), "refused before measuring: " + r.out());
    }

    @Test
    void armsOfTheOtherTypeAreNamedOnTheConsoleAndInTheMetadata() throws Exception {
        Path out = tmp.resolve("b");
        Run r = bench(with(FAST, "--codec", "for.*", "--dataset", "syn.uniform.w5", "--out", out.toString()));
        assertEquals(0, r.code(), r.out() + r.err());
        List<String> int64 = io.lanes.workbench.codec.registry.CodecRegistry.match("for.*").stream()
                .filter(c -> c.valueBits() == 64).map(io.lanes.workbench.codec.Codec::name).toList();
        assertFalse(int64.isEmpty(), "the glob holds int64 codecs");
        assertTrue(r.out().contains("arms " + String.join(", ", int64) + " skipped on the one column: they decode int64 values; every column is int32"),
                "one line names every int64 arm and why: " + r.out());
        JsonNode skipped = new ObjectMapper().readTree(Files.readString(out.resolve("metadata.json"))).path("settings").path("arms_skipped");
        assertEquals(int64.size(), skipped.size(), skipped.toString());
        assertEquals(List.of("syn.uniform.w5"), List.of(skipped.get(0).path("columns").get(0).asText()));
        Table t = ResultBundle.load(out);
        assertTrue(t.stringColumn("codec").asList().stream().noneMatch(int64::contains), "no rows for the skipped arms");
    }

    @Test
    void aColumnLongerThanTheWorkingSetSaysHowMuchWasMeasuredAndCanBeMeasuredWhole() throws Exception {
        Path csv = tmp.resolve("long.csv");
        Files.writeString(csv, "v,label\n" + IntStream.range(0, 200_000).mapToObj(i -> (i % 1000) + ",x" + i).collect(Collectors.joining("\n")) + "\n");
        Path out = tmp.resolve("b");
        Run r = bench(with(FAST, "--codec", "plain", "--file", csv.toString(), "--ladder", "400KiB,column", "--out", out.toString()));
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("column skipped: file " + csv + " column 'label'"), "the text column is named: " + r.out());
        assertTrue(r.out().contains("51,200 of 200,000 values at 400KiB"), r.out());
        Table t = ResultBundle.load(out);
        List<Double> values = t.where(t.stringColumn("working_set").isEqualTo("column")).doubleColumn("values").asList();
        assertFalse(values.isEmpty(), "the whole-column point was measured");
        assertTrue(values.stream().allMatch(v -> v == 200_704), "the whole column, rounded up to whole blocks: " + values);
    }

    @Test
    void severalColumnsOfSeveralFilesInOneRun() throws Exception {
        Path a = tmp.resolve("a.csv");
        Path b = tmp.resolve("b.csv");
        Files.writeString(a, "x,y\n1,2\n3,4\n");
        Files.writeString(b, "x,y\n5,6\n7,8\n");
        Path out = tmp.resolve("b");
        Run r = bench(with(FAST, "--codec", "plain", "--file", a.toString(), "--file", b.toString(), "--column", "x,y", "--out", out.toString()));
        assertEquals(0, r.code(), r.out() + r.err());
        assertEquals(List.of("file:a.csv#x", "file:a.csv#y", "file:b.csv#x", "file:b.csv#y"),
                List.copyOf(new java.util.LinkedHashSet<>(ResultBundle.load(out).stringColumn("column").asList())));
    }

    @Test
    void aBadOutputPathFailsBeforeMeasuring() throws Exception {
        Path dir = Files.createDirectory(tmp.resolve("a-folder"));
        Run r = bench(with(FAST, "--codec", "plain", "--dataset", "syn.uniform.w5", "--out", tmp.resolve("b").toString(), "--csv", dir.toString()));
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("--csv " + dir + " is a folder"), r.err());
        assertFalse(r.out().contains("measuring"), r.out());
        Path file = Files.writeString(tmp.resolve("plain-file"), "");
        Run o = bench(with(FAST, "--codec", "plain", "--dataset", "syn.uniform.w5", "--out", file.resolve("sub").toString()));
        assertEquals(2, o.code(), o.out() + o.err());
        assertTrue(o.err().contains("cannot write into " + file.resolve("sub")), o.err());
    }

    @Test
    void helpStatesTheDefaultsTheHarnessUses() {
        StringWriter w = new StringWriter();
        new CommandLine(new BenchCommand()).usage(new PrintWriter(w));
        io.lanes.workbench.measure.Harness.Config q = io.lanes.workbench.measure.Harness.Config.quick();
        io.lanes.workbench.measure.Harness.Config f = io.lanes.workbench.measure.Harness.Config.full();
        String help = w.toString().replaceAll("\\s+", " ");
        assertTrue(help.contains("(default: " + q.reps() + ", quick and full") && q.reps() == f.reps(), help);
        assertTrue(help.contains("(default: " + q.warmupMillis() + " quick, " + f.warmupMillis() + " full)"), help);
    }
}
