package io.lanes.workbench.cli;

import com.sun.security.auth.module.UnixSystem;
import io.lanes.workbench.report.notebook.Jupyter;
import io.lanes.workbench.report.notebook.KernelSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * {@code workbench notebook}: a Jupyter server on 127.0.0.1 with the workbench kernel, protected by
 * a fresh random token, whose URL (token included) is printed before Jupyter starts.
 */
@Command(name = "notebook", mixinStandardHelpOptions = true,
        description = "Start a Jupyter notebook server on 127.0.0.1 with the Lanes Workbench Java kernel; prints the URL with its token.")
final class NotebookCommand implements Callable<Integer> {
    @Option(names = "--port", defaultValue = "8888", description = "port (default ${DEFAULT-VALUE}); a busy port is an error, not a silent move")
    int port;
    @Parameters(arity = "0..*", paramLabel = "JUPYTER_ARG",
            description = "after --: arguments for jupyter notebook, placed last so they override the workbench's (e.g. -- --NotebookApp.max_buffer_size=1000000000)")
    List<String> jupyterArgs = List.of();
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        if (port < 1 || port > 65535) throw new ParameterException(spec.commandLine(), "--port must be 1..65535, got " + port);
        List<String> given = spec.commandLine().getParseResult().originalArgs();
        int dashes = given.indexOf("--");
        if (!jupyterArgs.isEmpty() && (dashes < 0 || !given.subList(dashes + 1, given.size()).equals(jupyterArgs))) {
            throw new ParameterException(spec.commandLine(), "arguments for Jupyter go after --, e.g. ./workbench notebook -- " + jupyterArgs.get(0));
        }
        Path root = Project.root();
        KernelSpec.writeLocal(root);
        byte[] secret = new byte[24];
        new SecureRandom().nextBytes(secret);
        String token = HexFormat.of().formatHex(secret);
        ProcessBuilder pb = server(root, port, runningAsRoot(), token, jupyterArgs).inheritIO();
        System.out.println("Jupyter at http://127.0.0.1:" + port + "/?token=" + token + " with kernel " + KernelSpec.NAME + " (Ctrl-C stops it)");
        System.out.flush();
        Process jupyter = Jupyter.start(pb);
        // Ctrl-C or a kill ends this JVM first; Jupyter alone would ask for confirmation, time out and keep serving
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            jupyter.destroy();
            try {
                jupyter.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }));
        return jupyter.waitFor();
    }

    /** True when this process runs as root (uid 0), where Jupyter needs {@code --allow-root}. */
    static boolean runningAsRoot() {
        return new UnixSystem().getUid() == 0;
    }

    /**
     * The server's process: {@code jupyter notebook} bound to 127.0.0.1 at {@code port} (no retry on
     * another port, so the printed URL holds), serving {@code notebooks/}, with {@code --allow-root}
     * when running as root (Jupyter refuses root otherwise), {@code extra} last; the token and the
     * project-local kernelspec's {@code JUPYTER_PATH} go in the environment, so the token never shows
     * in a process list.
     */
    static ProcessBuilder server(Path root, int port, boolean asRoot, String token, List<String> extra) {
        List<String> args = new ArrayList<>(List.of("notebook", "--ip=127.0.0.1", "--port=" + port, "--port-retries=0", "--no-browser",
                "--notebook-dir=" + root.resolve("notebooks")));
        if (asRoot) args.add("--allow-root");
        args.addAll(extra);
        ProcessBuilder pb = Jupyter.command(args);
        pb.environment().put("JUPYTER_PATH", KernelSpec.jupyterPath(root).toString());
        pb.environment().put("JUPYTER_TOKEN", token);
        return pb;
    }
}
