package io.lanes.workbench.cli;

import io.lanes.workbench.results.ResultRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Main's exit codes: 2 for bad usage or data, 1 for an internal failure, each one line on standard error. */
class ExitCodesTest {
    @Command(name = "boom")
    static final class Boom implements Callable<Integer> {
        @Override
        public Integer call() {
            throw new IllegalStateException("a bug");
        }
    }

    /** Runs args, checks the exit code, that standard error contains fragment and no stack trace; returns standard error. */
    private static String assertExit(int code, String fragment, CommandLine cl, String... args) {
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err));
        cl.setOut(new PrintWriter(new StringWriter()));
        int got = cl.execute(args);
        String e = err.toString().strip();
        assertEquals(code, got, String.join(" ", args) + " -> " + e);
        assertTrue(e.contains(fragment), String.join(" ", args) + " -> " + e);
        assertFalse(e.contains("\tat "), "no stack trace: " + e);
        return e;
    }

    /** A bad-data failure: exit 2 and one line {@code error: ...} containing fragment. */
    private static void assertBadData(String fragment, String... args) {
        String e = assertExit(2, fragment, Main.commandLine(), args);
        assertTrue(e.startsWith("error: ") && e.lines().count() == 1, "one line: " + e);
    }

    @Test
    void usageErrorsExit2() {
        assertExit(2, "Unknown option: '--nosuch'", Main.commandLine(), "datasets", "list", "--nosuch");
        assertExit(2, "Unmatched argument", Main.commandLine(), "nosuchcommand");
        assertExit(2, "Missing required parameter", Main.commandLine(), "datasets", "show");
    }

    @Test
    void badDataExits2WithOneLineNamingIt(@TempDir Path tmp) throws Exception {
        assertBadData("error: datasets show: unknown set, dataset or column 'nosuch.dataset'", "datasets", "show", "nosuch.dataset");
        assertBadData("'nosuch.dataset'", "bench", "--codec", "plain", "--dataset", "nosuch.dataset");
        Path missing = tmp.resolve("nope.csv");
        assertBadData(missing + ": not found", "bench", "--file", missing.toString(), "--column", "a", "--codec", "plain");
        String out = tmp.resolve("compare.html").toString();
        assertBadData("error: not a result bundle (no results.csv): " + tmp, "compare", "--out", out, tmp.toString(), tmp.toString());
        Path bad = Files.createDirectories(tmp.resolve("bad"));
        Files.writeString(bad.resolve("results.csv"), String.join(",", ResultRecord.COLUMNS) + "\n"
                + "vm,jdk,t,plain,d,c,int32,lots,16KiB,1,1,1,1,1,1,1,1,1,1,1,1,1,1,pass,,not-measured\n");
        Files.writeString(bad.resolve("metadata.json"), "{}");
        assertBadData("error: cannot read " + bad.resolve("results.csv") + " as results.csv", "compare", "--out", out, bad.toString(), bad.toString());
        assertBadData("error: no claim 'nosuch'", "claims", "--id", "nosuch", "--list");
    }

    @Test
    void anInternalFailureExits1AndPointsAtTheStackTrace() {
        CommandLine cl = Main.commandLine().addSubcommand(new Boom());
        assertExit(1, "internal error: java.lang.IllegalStateException: a bug (rerun with WORKBENCH_DEBUG=1 for the stack trace)", cl, "boom");
        StringWriter err = new StringWriter();
        assertEquals(1, Main.fail(new PrintWriter(err), new OutOfMemoryError("Java heap space"), ""));
        assertTrue(err.toString().startsWith("internal error: java.lang.OutOfMemoryError: Java heap space"), err.toString());
    }
}
