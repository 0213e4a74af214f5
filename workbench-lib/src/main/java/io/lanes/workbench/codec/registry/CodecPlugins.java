package io.lanes.workbench.codec.registry;

import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.CodecProvider;

import java.io.File;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.jar.JarFile;

/**
 * Plugin jars: loads each jar's {@link CodecProvider}s with {@link ServiceLoader} and adds their
 * codecs to {@link CodecRegistry}, once per JVM, at start-up. The CLI installs the jars of
 * {@code --plugin} and {@code WORKBENCH_PLUGINS}; a child JVM (ipv under valgrind, a sweep leg, a
 * JMH fork) gets the installed jars in the system property {@link #PROPERTY}, which
 * {@code measure.ChildJvm} passes on, and installs them with {@link #installFromProperty()}, so
 * parent and child load the same jars the same way. Thread-safe: installation is synchronized and
 * happens at most once.
 */
public final class CodecPlugins {
    /** System property of a child JVM: the plugin jars to install, separated by {@link File#pathSeparator}. */
    public static final String PROPERTY = "workbench.plugins";

    /** Environment variable the CLI adds to {@code --plugin}: jars separated by {@link File#pathSeparator}. */
    public static final String ENV = "WORKBENCH_PLUGINS";

    private static final String SERVICE_FILE = "META-INF/services/" + CodecProvider.class.getName();

    /** The jars installed in this JVM, absolute; empty until {@link #install} succeeds. */
    private static List<Path> installed = List.of();

    private CodecPlugins() {
    }

    /**
     * Loads the jars and adds their codecs to the registry; no jars, no change (the first lookup then
     * seals the built-ins alone).
     *
     * @throws IllegalArgumentException naming the jar (and provider) if a jar is missing, not a jar,
     *                                  has no provider, a provider fails, or a codec is refused by
     *                                  {@link CodecRegistry#addPlugins}; nothing is installed then
     * @throws IllegalStateException    if plugins were installed before or the registry is already in use
     */
    public static synchronized void install(List<Path> jars) {
        if (jars.isEmpty()) return;
        if (!installed.isEmpty()) throw new IllegalStateException("plugin jars are installed once per JVM; already installed: " + installed);
        List<Path> absolute = jars.stream().map(p -> p.toAbsolutePath().normalize()).distinct().toList();
        CodecRegistry.addPlugins(load(absolute));
        installed = absolute;
    }

    /**
     * Installs the jars named by {@link #PROPERTY}, if any: the entry point of child JVMs. Calling it
     * again with the same property (a JMH fork sets up each trial) changes nothing.
     *
     * @throws IllegalArgumentException as {@link #install}
     */
    public static synchronized void installFromProperty() {
        List<Path> jars = pathList(System.getProperty(PROPERTY, "")).stream().map(p -> p.toAbsolutePath().normalize()).toList();
        if (!jars.equals(installed)) install(jars);
    }

    /** The jars installed in this JVM, absolute, in load order; empty when none. */
    public static synchronized List<Path> installed() {
        return installed;
    }

    /** The paths of a {@link File#pathSeparator}-separated list, empty entries skipped. */
    public static List<Path> pathList(String list) {
        List<Path> out = new ArrayList<>();
        for (String s : list.split(File.pathSeparator)) if (!s.isBlank()) out.add(Path.of(s.strip()));
        return out;
    }

    /**
     * The codecs of every provider of every jar, without touching the registry: each jar gets its
     * own class loader (a child of the one that loaded the workbench, so plugin codecs implement the
     * same {@link Codec}), which lives as long as the JVM, since the codecs do.
     *
     * @throws IllegalArgumentException naming the jar if it is missing, not a jar, lists no provider,
     *                                  or a provider cannot be loaded, made, or throws in
     *                                  {@link CodecProvider#codecs()}
     */
    public static Map<CodecRegistry.Source, List<Codec>> load(List<Path> jars) {
        Map<CodecRegistry.Source, List<Codec>> out = new LinkedHashMap<>();
        for (Path jar : jars) out.putAll(loadJar(jar));
        return out;
    }

    private static Map<CodecRegistry.Source, List<Codec>> loadJar(Path jar) {
        requireJarWithService(jar);
        URLClassLoader loader;
        try {
            loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, CodecProvider.class.getClassLoader());
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException("plugin " + jar + ": not a loadable path (" + e.getMessage() + ")", e);
        }
        Map<CodecRegistry.Source, List<Codec>> out = new LinkedHashMap<>();
        try {
            for (ServiceLoader.Provider<CodecProvider> p : ServiceLoader.load(CodecProvider.class, loader).stream().toList()) {
                // the parent's class path may list providers too; only this jar's own count as its
                if (p.type().getClassLoader() != loader) continue;
                CodecRegistry.Source src = new CodecRegistry.Source(jar, p.type().getName());
                out.put(src, codecs(src, p));
            }
        } catch (ServiceConfigurationError e) {
            throw new IllegalArgumentException("plugin " + jar + ": cannot load a provider listed in " + SERVICE_FILE + ": " + e.getMessage(), e);
        }
        if (out.isEmpty()) throw new IllegalArgumentException("plugin " + jar + ": " + SERVICE_FILE + " names no provider class of this jar");
        return out;
    }

    private static List<Codec> codecs(CodecRegistry.Source src, ServiceLoader.Provider<CodecProvider> p) {
        List<Codec> codecs;
        try {
            codecs = p.get().codecs();
        } catch (ServiceConfigurationError e) {
            throw new IllegalArgumentException(src + ": cannot make the provider: " + e.getMessage(), e);
        } catch (RuntimeException | LinkageError e) {
            // the plugin's failure, not the workbench's: name it as bad input, with its cause
            throw new IllegalArgumentException(src + ": codecs() threw " + e, e);
        }
        if (codecs == null) throw new IllegalArgumentException(src + ": codecs() returned null, not a list");
        return new ArrayList<>(codecs); // a copy: the provider may reuse its list, and nulls are reported by the registry
    }

    private static void requireJarWithService(Path jar) {
        if (!Files.exists(jar)) throw new IllegalArgumentException("plugin " + jar + ": not found");
        if (Files.isDirectory(jar)) throw new IllegalArgumentException("plugin " + jar + ": a folder, not a jar");
        try (JarFile f = new JarFile(jar.toFile())) {
            if (f.getEntry(SERVICE_FILE) == null) {
                throw new IllegalArgumentException("plugin " + jar + ": has no " + SERVICE_FILE + ", so no codec provider");
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("plugin " + jar + ": not a jar (" + e.getMessage() + ")", e);
        }
    }
}
