package io.lanes.workbench.report.notebook;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs the {@code jupyter} command. When it cannot be started, the error names the Debian packages
 * that provide it. Stateless.
 */
public final class Jupyter {
    /** The Debian packages behind every {@code jupyter} subcommand the workbench runs. */
    public static final String DEBS = "jupyter-client jupyter-notebook jupyter-nbconvert";

    private Jupyter() {
    }

    /** What a finished {@code jupyter} call exited with and printed (stdout and stderr together). */
    public record Result(int exit, String output) {
    }

    /** A process builder for {@code jupyter ARGS...}; the caller adds environment and redirects. */
    public static ProcessBuilder command(List<String> args) {
        List<String> cmd = new ArrayList<>(List.of("jupyter"));
        cmd.addAll(args);
        return new ProcessBuilder(cmd);
    }

    /**
     * Starts {@code pb}.
     *
     * @throws IllegalStateException naming the packages to install when {@code jupyter} cannot be run
     */
    public static Process start(ProcessBuilder pb) {
        try {
            return pb.start();
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + String.join(" ", pb.command().subList(0, Math.min(2, pb.command().size())))
                    + " (" + e.getMessage() + "); install it with: apt-get install -y " + DEBS);
        }
    }

    /**
     * Runs {@code pb} to completion with its output captured (through a file, so a chatty call never
     * blocks on a full pipe). A call still running after {@code limit} is killed and reported with
     * exit -1.
     *
     * @throws IllegalStateException when {@code jupyter} cannot be run or the wait is interrupted
     */
    public static Result run(ProcessBuilder pb, Duration limit) {
        Path log;
        try {
            log = Files.createTempFile("jupyter", ".log");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a log file for " + pb.command(), e);
        }
        try {
            Process p = start(pb.redirectErrorStream(true).redirectOutput(log.toFile()));
            boolean done = p.waitFor(limit.toSeconds(), TimeUnit.SECONDS);
            if (!done) p.destroyForcibly().waitFor();
            String out = Files.readString(log, StandardCharsets.UTF_8);
            return done ? new Result(p.exitValue(), out)
                    : new Result(-1, String.join(" ", pb.command()) + " did not finish in " + limit.toSeconds() + " s and was killed\n" + out);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the output of " + pb.command(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + pb.command());
        } finally {
            try {
                Files.deleteIfExists(log);
            } catch (IOException ignored) {
                // a leftover log in the temp folder is harmless
            }
        }
    }
}
