package io.lanes.workbench.cli;

import io.lanes.workbench.codec.registry.CodecPlugins;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code --plugin JAR}, mixed into every command that names codecs (through {@link CodecOptions},
 * or alone in {@code codecs}; {@link #install()} first in {@code call()}), so a user's codecs
 * resolve beside the built-ins, in child JVMs too. One instance per parsed command line; not thread-safe.
 */
public final class PluginOptions {
    @Option(names = "--plugin", paramLabel = "JAR", description = "a jar of your codecs (a CodecProvider service), repeatable; "
            + "WORKBENCH_PLUGINS adds more (paths separated by the platform path separator)")
    List<Path> jars = new ArrayList<>();

    /** The {@code WORKBENCH_PLUGINS} jars, then the {@code --plugin} ones. */
    List<Path> jars() {
        List<Path> all = new ArrayList<>(CodecPlugins.pathList(System.getenv().getOrDefault(CodecPlugins.ENV, "")));
        all.addAll(jars);
        return all;
    }

    /**
     * Installs the jars before any codec is looked up.
     *
     * @throws IllegalArgumentException naming the jar that cannot be used (exit 2)
     */
    void install() {
        CodecPlugins.install(jars());
    }
}
