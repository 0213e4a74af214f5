package io.lanes.workbench.report.notebook;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** For tests that run the real {@code jupyter}: skip, saying how to install it, where it is absent. */
public final class JupyterTests {
    private JupyterTests() {
    }

    /** Skips the calling test unless {@code jupyter SUBCOMMAND --version} runs here. */
    public static void assumeRuns(String subcommand) {
        boolean runs;
        try {
            runs = Jupyter.run(Jupyter.command(List.of(subcommand, "--version")), Duration.ofSeconds(60)).exit() == 0;
        } catch (IllegalStateException e) {
            runs = false;
        }
        assumeTrue(runs, "jupyter " + subcommand + " not found: skipped; install it with: apt-get install -y " + Jupyter.DEBS);
    }
}
