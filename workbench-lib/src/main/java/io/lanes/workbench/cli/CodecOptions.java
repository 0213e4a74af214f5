package io.lanes.workbench.cli;

import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.registry.CodecRegistry;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code --codec NAME|GLOB} and, with it, {@link PluginOptions} ({@code --plugin}), mixed into
 * every command that selects codecs ({@code @Mixin CodecOptions codecs;}, then
 * {@code codecs.plugins.install()} first in {@code call()}), so the options have one spelling and
 * one help everywhere; each command says in its {@code call()} whether a codec is required
 * ({@link #required()}) or what it takes by default ({@link #or}). One instance per parsed command
 * line; not thread-safe.
 */
public final class CodecOptions {
    @Option(names = "--codec", paramLabel = "NAME|GLOB", description = "codec name or glob, repeatable ('*' for all); "
            + "'store-only' adds the wall where the command measures (whether one is required, and the default, are in the command's help); "
            + "'engine.duckdb.scan' and 'engine.duckdb.open' add DuckDB's scan of a bench --pages file as a reference arm")
    List<String> patterns = new ArrayList<>();

    /** The user's codec jars, installed before any codec is looked up. */
    @Mixin
    PluginOptions plugins;

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    /**
     * The patterns given.
     *
     * @throws ParameterException when none was given (a usage error, exit 2)
     */
    List<String> required() {
        return required(patterns, mixee, "--codec=NAME|GLOB");
    }

    /**
     * {@code given}, the values of the required option {@code option} of the command {@code mixee}.
     *
     * @throws ParameterException when there are none, in picocli's words (a usage error, exit 2)
     */
    static List<String> required(List<String> given, CommandSpec mixee, String option) {
        if (given.isEmpty()) throw new ParameterException(mixee.commandLine(), "Missing required option: '" + option + "'");
        return given;
    }

    /** The patterns given, or {@code fallback} when none was. */
    List<String> or(List<String> fallback) {
        return patterns.isEmpty() ? fallback : patterns;
    }

    /** The codecs the patterns match (every codec when none was given), in order, each once. */
    List<Codec> matchedOrAll() {
        Set<Codec> chosen = new LinkedHashSet<>();
        for (String g : or(List.of("*"))) chosen.addAll(CodecRegistry.match(g));
        return List.copyOf(chosen);
    }
}
