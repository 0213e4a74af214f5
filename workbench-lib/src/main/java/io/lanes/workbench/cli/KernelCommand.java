package io.lanes.workbench.cli;

import io.lanes.workbench.report.notebook.KernelSpec;
import io.lanes.workbench.report.notebook.KernelSpec.Location;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code workbench kernel install|remove}: registers the workbench's Java kernel with Jupyter itself, for any front end. */
@Command(name = "kernel", mixinStandardHelpOptions = true,
        description = "Register the Lanes Workbench Java kernel (" + KernelSpec.NAME + ") with Jupyter (jupyter kernelspec install / remove), "
                + "so any Jupyter front end or VS Code can use it.",
        subcommands = {KernelCommand.Install.class, KernelCommand.Remove.class})
final class KernelCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "name what to do: kernel install or kernel remove");
    }

    @Command(name = "install", mixinStandardHelpOptions = true,
            description = "Install the kernelspec, pointing at this checkout's JDK, jars and init.jsh by absolute path (default: --user).")
    static final class Install implements Callable<Integer> {
        @ArgGroup(exclusive = true)
        Where where;

        static final class Where {
            @Option(names = "--user", description = "for the current user (the default)")
            boolean user;
            @Option(names = "--sys-prefix", description = "into the Python environment Jupyter runs in (e.g. a virtualenv)")
            boolean sysPrefix;
            @Option(names = "--prefix", paramLabel = "P", description = "under P/share/jupyter/kernels")
            Path prefix;
        }

        @Override
        public Integer call() {
            Location at = where == null || where.user ? new Location.User()
                    : where.sysPrefix ? new Location.SysPrefix() : new Location.Prefix(where.prefix.toAbsolutePath().normalize());
            System.out.print(KernelSpec.install(Project.root(), at));
            Location.Prefix prefix = at instanceof Location.Prefix p ? p : null;
            Path found = KernelSpec.find(prefix)
                    .orElseThrow(() -> new IllegalStateException("jupyter kernelspec list does not show " + KernelSpec.NAME + " after installing it"));
            System.out.println("jupyter kernelspec list: " + KernelSpec.NAME + " at " + found);
            if (prefix != null) System.out.println("a Jupyter outside " + prefix.dir() + " finds it with JUPYTER_PATH=" + prefix.jupyterPath());
            return 0;
        }
    }

    @Command(name = "remove", mixinStandardHelpOptions = true,
            description = "Remove the kernelspec (jupyter kernelspec remove -f " + KernelSpec.NAME + "): the one Jupyter finds first, or the one under --prefix.")
    static final class Remove implements Callable<Integer> {
        @Option(names = "--prefix", paramLabel = "P", description = "remove the one installed with --prefix P")
        Path prefix;

        @Override
        public Integer call() {
            Location.Prefix at = prefix == null ? null : new Location.Prefix(prefix.toAbsolutePath().normalize());
            System.out.print(KernelSpec.remove(at));
            KernelSpec.find(at).ifPresent(p -> System.out.println("another " + KernelSpec.NAME + " remains at " + p + "; run again to remove it too"));
            return 0;
        }
    }
}
