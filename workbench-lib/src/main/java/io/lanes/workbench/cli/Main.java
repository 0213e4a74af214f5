package io.lanes.workbench.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code workbench} command line. The launcher script handles {@code test} (Maven) and set-up;
 * everything else lands here. Errors print one line naming the problem, no stack trace (set
 * {@code WORKBENCH_DEBUG=1} for one), and exit with status 2.
 */
@Command(name = "workbench", mixinStandardHelpOptions = true, version = "Lanes Workbench 0.1",
        description = "Lanes Workbench: study integer-compression layouts on real columns.%n"
                + "Set-up and tests: ./workbench test runs every test (Maven verify).",
        subcommands = {RunCommand.class, BenchCommand.class, DoctorCommand.class, NotebooksCommand.class, NotebookCommand.class, KernelCommand.class, CompareCommand.class, DatasetsCommand.class,
                IpvCommand.class, SweepCommand.class, JmhCommand.class, ClaimsCommand.class,
                CommandLine.HelpCommand.class})
public final class Main implements Runnable {
    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The root command with the error handling every subcommand shares. */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
        cl.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            if (System.getenv("WORKBENCH_DEBUG") != null) ex.printStackTrace();
            cmd.getErr().println("error: " + (ex.getMessage() == null ? ex.toString() : ex.getMessage()));
            return 2;
        });
        return cl;
    }

    @Override
    public void run() {
        new CommandLine(this).usage(System.out);
    }
}
