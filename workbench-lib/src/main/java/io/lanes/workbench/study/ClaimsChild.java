package io.lanes.workbench.study;

import io.lanes.workbench.codec.registry.CodecPlugins;
import io.lanes.workbench.corpus.Column;
import io.lanes.workbench.corpus.Datasets;
import io.lanes.workbench.measure.Arm;
import io.lanes.workbench.measure.ChildJvm;
import io.lanes.workbench.measure.Mode;
import io.lanes.workbench.measure.WorkingSet;
import io.lanes.workbench.report.claims.Condition;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Measures claims' arms under a {@link Condition} that needs its own JVM flags: the parent starts a
 * child JVM with the condition's flags ({@link #measure}), the child ({@link #main}) records a
 * result bundle exactly as the native claims run does, and the parent reads the bundle. The child
 * installs the parent's plugin jars first. Stateless.
 */
public final class ClaimsChild {
    private ClaimsChild() {
    }

    /**
     * Runs the arms on the columns at one working set in a child JVM under {@code condition}'s
     * flags, writing a bundle at {@code dir}; relays the child's output to {@code log}.
     *
     * @throws IllegalStateException naming the condition and the child's last error lines if it fails
     */
    static void measure(Condition condition, Mode mode, List<String> arms, List<Column> columns, WorkingSet ws, Path dir,
                        Consumer<String> log) {
        List<String> args = List.of(mode.name(), dir.toAbsolutePath().toString(), ws.label(),
                String.join(",", columns.stream().map(Column::id).toList()), String.join(",", arms));
        ChildJvm.Result r = ChildJvm.run(ChildJvm.command(List.of(), condition.jvmFlags(), ClaimsChild.class, args),
                mode == Mode.QUICK ? 1_800 : 7_200);
        r.stdout().lines().forEach(l -> log.accept("  [" + condition.id() + "] " + l));
        if (r.exitCode() != 0) {
            throw new IllegalStateException("the child JVM under " + String.join(" ", condition.jvmFlags()) + " failed (exit "
                    + r.exitCode() + "): " + r.stderrTail(5));
        }
    }

    /** Arguments: {@code MODE DIR WORKING_SET COLUMN_IDS ARMS}, the last two comma-separated. */
    public static void main(String[] args) {
        if (args.length != 5) {
            System.err.println("usage: ClaimsChild QUICK|FULL DIR WORKING_SET COLUMN_IDS ARMS");
            System.exit(2);
        }
        CodecPlugins.installFromProperty();
        Mode mode = Mode.valueOf(args[0]);
        List<Column> columns = new ArrayList<>();
        for (String id : args[3].split(",")) columns.add(Datasets.load(id));
        List<Arm> arms = new ArrayList<>();
        for (String a : args[4].split(",")) arms.add(Arm.named(a));
        Recorder.run("claims (child JVM)", arms, columns, List.of(WorkingSet.parse(args[2])), mode.config(), Path.of(args[1]),
                System.out::println, Recorder.Options.none());
        System.out.flush();
    }
}
