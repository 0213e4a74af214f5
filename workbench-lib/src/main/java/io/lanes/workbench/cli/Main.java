package io.lanes.workbench.cli;

import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.corpus.CorpusException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;

/**
 * The {@code workbench} command line. The launcher script handles {@code test} (Maven) and set-up;
 * everything else lands here. Exit codes, the same for every command: 0 done; 2 bad usage or bad
 * data (picocli usage errors, {@link IllegalArgumentException} and its {@link CorpusException},
 * {@link CorruptDataException}, an I/O failure on a file), one line {@code error: ...} naming the
 * problem; 1 internal failure (any other exception or error: a bug), one line
 * {@code internal error: ...}. No stack trace unless {@code WORKBENCH_DEBUG=1}.
 */
@Command(name = "workbench", mixinStandardHelpOptions = true, version = "Lanes Workbench 0.1",
        description = "Lanes Workbench: study integer-compression layouts on real columns.%n"
                + "Set-up and tests: ./workbench test runs every test (Maven verify).",
        subcommands = {RunCommand.class, BenchCommand.class, DoctorCommand.class, NotebooksCommand.class, NotebookCommand.class, KernelCommand.class, CompareCommand.class, ReportCommand.class, DatasetsCommand.class,
                IpvCommand.class, SweepCommand.class, JmhCommand.class, ClaimsCommand.class, FuzzCommand.class, CheckCommand.class, CodecsCommand.class,
                CommandLine.HelpCommand.class})
public final class Main implements Runnable {
    public static void main(String[] args) {
        int code;
        try {
            code = commandLine().execute(args);
        } catch (Error e) { // picocli passes errors (OutOfMemoryError, StackOverflowError) through
            code = fail(new PrintWriter(System.err, true), e, "");
        }
        System.exit(code);
    }

    /** The root command with the error handling every subcommand shares. */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
        cl.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            cmd.getOut().flush();
            return fail(cmd.getErr(), ex, "");
        });
        return cl;
    }

    /**
     * Reports a command's failure as one line on {@code err} and returns its exit code: 2 for bad
     * usage or data, 1 (with a hint to rerun with {@code WORKBENCH_DEBUG=1}) for anything else.
     *
     * @param context what failed, prefixed to the message (e.g. {@code "datasets show: "}), or empty
     */
    static int fail(PrintWriter err, Throwable t, String context) {
        boolean debug = System.getenv("WORKBENCH_DEBUG") != null;
        if (debug) t.printStackTrace(err);
        String message = t.getMessage() == null ? t.toString() : t.getMessage();
        int code;
        if (badInput(t)) {
            // an UncheckedIOException's own message names the file; its cause says what went wrong
            if (t instanceof UncheckedIOException u && u.getCause().getMessage() != null && !message.contains(u.getCause().getMessage())) {
                message += ": " + u.getCause().getMessage();
            }
            err.println("error: " + context + message);
            code = 2;
        } else {
            err.println("internal error: " + context + t + (debug ? "" : " (rerun with WORKBENCH_DEBUG=1 for the stack trace)"));
            code = 1;
        }
        err.flush();
        return code;
    }

    /** Whether a failure is the input's fault (usage, data, a file) rather than the workbench's. */
    private static boolean badInput(Throwable t) {
        return t instanceof IllegalArgumentException || t instanceof CorruptDataException
                || t instanceof UncheckedIOException || t instanceof IOException;
    }

    @Override
    public void run() {
        new CommandLine(this).usage(System.out);
    }
}
