package io.lanes.workbench.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code --dataset ID} and {@code --ladder SIZES}, mixed into every command that measures columns
 * of the corpus across working sets ({@code @Mixin DatasetOptions columns;}), so each has one
 * spelling and one help; each command says in its {@code call()} whether a column is required
 * ({@link #required()}) or which it takes by default ({@link #or}). One instance per parsed command
 * line; not thread-safe.
 */
public final class DatasetOptions {
    /** The working set when {@code --ladder} is not given. */
    static final String DEFAULT_LADDER = "400KiB";

    @Option(names = "--dataset", paramLabel = "ID", description = "column id, repeatable (e.g. syn.uniform.w12; whether one is required, "
            + "and the default, are in the command's help)")
    List<String> ids = new ArrayList<>();

    @Option(names = "--ladder", paramLabel = "SIZES", description = "working sets, comma-separated (default " + DEFAULT_LADDER + "); 'column' measures each column whole "
            + "instead of cutting or tiling it to a footprint")
    String ladder;

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    /**
     * The column ids given.
     *
     * @throws ParameterException when none was given (a usage error, exit 2)
     */
    List<String> required() {
        return CodecOptions.required(ids, mixee, "--dataset=ID");
    }

    /** The column ids given, or {@code fallback} when none was. */
    List<String> or(List<String> fallback) {
        return ids.isEmpty() ? fallback : ids;
    }

    /** The {@code --ladder} text, or {@link #DEFAULT_LADDER}. */
    String ladder() {
        return ladder == null ? DEFAULT_LADDER : ladder;
    }

    /** Whether {@code --ladder} was given. */
    boolean ladderGiven() {
        return ladder != null;
    }
}
