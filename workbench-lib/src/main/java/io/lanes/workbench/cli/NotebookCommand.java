package io.lanes.workbench.cli;

import io.lanes.workbench.report.notebook.KernelSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code workbench notebook}: a Jupyter server on 127.0.0.1 with the workbench kernel. */
@Command(name = "notebook", mixinStandardHelpOptions = true, description = "Start a Jupyter notebook server on 127.0.0.1 with the Lanes Workbench Java kernel.")
final class NotebookCommand implements Callable<Integer> {
    @Option(names = "--port", defaultValue = "8888", description = "port (default ${DEFAULT-VALUE})")
    int port;

    @Override
    public Integer call() throws Exception {
        Path root = Project.root();
        KernelSpec.writeLocal(root);
        ProcessBuilder pb = new ProcessBuilder("jupyter", "notebook", "--ip=127.0.0.1", "--port=" + port, "--no-browser",
                "--notebook-dir=" + root.resolve("notebooks")).inheritIO();
        pb.environment().put("JUPYTER_PATH", KernelSpec.jupyterPath(root).toString());
        System.out.println("starting Jupyter on http://127.0.0.1:" + port + " with kernel " + KernelSpec.NAME + " (Ctrl-C stops it)");
        return pb.start().waitFor();
    }
}
