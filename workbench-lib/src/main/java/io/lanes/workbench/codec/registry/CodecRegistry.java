package io.lanes.workbench.codec.registry;

import io.lanes.workbench.codec.ByteArrayCodec;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.LongCodec;
import io.lanes.workbench.codec.NameHints;
import io.lanes.workbench.codec.OutputOrder;
import io.lanes.workbench.codec.PlainCodec;

import io.lanes.workbench.codec.Codec;

import io.lanes.workbench.codec.bitpack.BlockPageCodec32;
import io.lanes.workbench.codec.bitpack.BlockPageCodec64;
import io.lanes.workbench.codec.bitpack.PerBlockCallKernel32;
import io.lanes.workbench.codec.bitpack.SeqScalarKernel32;
import io.lanes.workbench.codec.bitpack.SeqScalarKernel64;
import io.lanes.workbench.codec.bitpack.SeqVectorKernel32;
import io.lanes.workbench.codec.bitpack.SeqVectorKernel64;
import io.lanes.workbench.codec.fastlanes.FastLanesCodecs;
import io.lanes.workbench.codec.fastlanes.FlDeltaCodecs;
import io.lanes.workbench.codec.frame.ForCodecs;
import io.lanes.workbench.codec.general.GeneralCodecs;
import io.lanes.workbench.codec.parquet.ByteStreamSplit32;
import io.lanes.workbench.codec.parquet.ByteStreamSplit64;
import io.lanes.workbench.codec.parquet.Plain32;
import io.lanes.workbench.codec.parquet.Plain64;
import io.lanes.workbench.codec.parquet.PlainByteArray;
import io.lanes.workbench.codec.nativeref.NativeCodecs;
import io.lanes.workbench.codec.parquet.ParquetCodecs;
import io.lanes.workbench.codec.peer.PeerCodecs;
import io.lanes.workbench.codec.pfor.PforCodecs;

import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;

/**
 * The one registry of named codecs: the built-ins and the codecs of plugin jars. Names are stable:
 * they are row labels in results, chart legends and notebook parameters.
 *
 * <p>Life cycle: the built-ins are fixed at class initialisation. Plugin codecs are added at most
 * once per JVM, by {@link #addPlugins}, before the first lookup ({@link #all}, {@link #get},
 * {@link #match}, {@link #source}); the first lookup seals the registry, with or without plugins,
 * so every lookup of a JVM sees the same codecs. Thread-safe: the sealed contents are immutable
 * and published through one atomic reference.
 */
public final class CodecRegistry {
    /**
     * What a codec name may be: the characters of the built-in names, none of which a glob
     * ({@code * ? [ ] { } ,}), a sweep leg's {@code ARM@LEG} label or a CSV cell treats specially.
     */
    public static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

    /** Arm names the measurement layer gives meaning to (its store-only wall), so no codec may take them. */
    public static final List<String> RESERVED = List.of("store-only");

    private static final Map<String, Codec> BUILT_INS = build();

    /** The sealed contents; {@code null} until plugins are added or the first lookup. */
    private static final AtomicReference<Contents> SEALED = new AtomicReference<>();

    private record Contents(Map<String, Codec> codecs, Map<String, Source> sources) {
    }

    /**
     * Where plugin codecs came from, for error messages and the listing.
     *
     * @param jar      the plugin jar
     * @param provider the {@link CodecProvider} class that listed them
     */
    public record Source(Path jar, String provider) {
        @Override
        public String toString() {
            return "plugin " + jar + " (provider " + provider + ")";
        }
    }

    private CodecRegistry() {
    }

    private static Map<String, Codec> build() {
        Map<String, Codec> m = new LinkedHashMap<>();
        List<Codec> all = new ArrayList<>();
        all.add(new PlainCodec());
        String seq = "sequential LSB-first bit-packing (Parquet/Arrow order), 1024-value blocks at their largest value's width; ";
        all.add(new BlockPageCodec32("bitpack.seq.scalar", new SeqScalarKernel32(), OutputOrder.FLAT, seq + "scalar kernel"));
        all.add(new BlockPageCodec32("bitpack.seq.vector", new SeqVectorKernel32(), OutputOrder.FLAT, seq + "Vector API kernel"));
        all.add(new BlockPageCodec32("bitpack.seq.vector.per-block-call", new PerBlockCallKernel32(new SeqVectorKernel32()), OutputOrder.FLAT,
                seq + "Vector API kernel called once per block through a method handle the JIT cannot inline (bitpack.seq.vector: once per run of equal-width blocks)"));
        all.add(new BlockPageCodec64("bitpack.seq.scalar64", new SeqScalarKernel64(), OutputOrder.FLAT, seq + "scalar kernel"));
        all.add(new BlockPageCodec64("bitpack.seq.vector64", new SeqVectorKernel64(), OutputOrder.FLAT, seq + "Vector API kernel"));
        all.addAll(FastLanesCodecs.all());
        all.addAll(ForCodecs.all());
        all.addAll(PforCodecs.all());
        all.addAll(FlDeltaCodecs.all());
        all.addAll(ParquetCodecs.all());
        all.addAll(GeneralCodecs.over(new Plain32(), new ByteStreamSplit32(), new Plain64(), new ByteStreamSplit64(), new PlainByteArray()));
        all.addAll(PeerCodecs.all());
        all.addAll(NativeCodecs.all());
        for (Codec c : all) {
            if (!NAME.matcher(c.name()).matches() || RESERVED.contains(c.name())) throw new IllegalStateException("built-in codec name '" + c.name() + "' breaks " + NAME);
            if (m.putIfAbsent(c.name(), c) != null) throw new IllegalStateException("codec name registered twice: " + c.name());
        }
        return Collections.unmodifiableMap(m);
    }

    /**
     * Adds plugin codecs after the built-ins, in the order given, and seals the registry. Every name
     * is checked before anything changes: a refused set leaves the registry as it was.
     *
     * @param bySource the codecs of each plugin provider, in load order
     * @throws IllegalArgumentException naming the source and the codec if a codec is null, is not an
     *                                  {@link IntCodec}, {@link LongCodec} or {@link ByteArrayCodec}, has a
     *                                  name outside {@link #NAME} or in {@link #RESERVED}, or takes the
     *                                  name of a built-in or of another plugin codec
     * @throws IllegalStateException    if the registry is already sealed: plugins were added before, or a
     *                                  lookup came first
     */
    public static void addPlugins(Map<Source, List<Codec>> bySource) {
        Map<String, Codec> codecs = new LinkedHashMap<>(BUILT_INS);
        Map<String, Source> sources = new LinkedHashMap<>();
        for (Map.Entry<Source, List<Codec>> e : bySource.entrySet()) {
            Source src = e.getKey();
            for (Codec c : e.getValue()) {
                String name = checkedName(src, c);
                if (BUILT_INS.containsKey(name)) {
                    throw new IllegalArgumentException(src + ": codec '" + name + "' would shadow the built-in codec of that name; rename it");
                }
                Source other = sources.putIfAbsent(name, src);
                if (src.equals(other)) throw new IllegalArgumentException(src + ": lists codec '" + name + "' twice");
                if (other != null) throw new IllegalArgumentException(src + ": codec '" + name + "' is also given by " + other + "; rename one");
                codecs.put(name, c);
            }
        }
        if (!SEALED.compareAndSet(null, new Contents(Collections.unmodifiableMap(codecs), Collections.unmodifiableMap(sources)))) {
            throw new IllegalStateException("plugin codecs are added once, before the first codec lookup, and the registry is already sealed"
                    + (SEALED.get().sources().isEmpty() ? " by a lookup" : " with plugins"));
        }
    }

    private static String checkedName(Source src, Codec c) {
        if (c == null) throw new IllegalArgumentException(src + ": codecs() returned a null codec");
        String name = c.name();
        if (!(c instanceof IntCodec || c instanceof LongCodec || c instanceof ByteArrayCodec)) {
            throw new IllegalArgumentException(src + ": codec '" + name + "' (" + c.getClass().getName() + ") implements none of IntCodec, LongCodec, ByteArrayCodec");
        }
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException(src + ": codec name '" + name + "' (" + c.getClass().getName() + ") is not a name: use letters, digits, '.', '_' and '-'");
        }
        if (RESERVED.contains(name)) throw new IllegalArgumentException(src + ": codec name '" + name + "' is reserved for the measurement arm of that name");
        return name;
    }

    /** The sealed contents; the first call without plugins seals the built-ins alone. */
    private static Contents contents() {
        Contents c = SEALED.get();
        if (c != null) return c;
        SEALED.compareAndSet(null, new Contents(BUILT_INS, Map.of()));
        return SEALED.get();
    }

    /** Every codec, built-ins first, then plugin codecs, in registration order. */
    public static List<Codec> all() {
        return List.copyOf(contents().codecs().values());
    }

    /** The plugin that added the codec of that name, or empty for a built-in (or an unknown name). */
    public static Optional<Source> source(String name) {
        return Optional.ofNullable(contents().sources().get(name));
    }

    /**
     * The codec of that exact name.
     *
     * @throws IllegalArgumentException naming the name, the closest known names and where the list is
     */
    public static Codec get(String name) {
        Codec c = contents().codecs().get(name);
        if (c == null) throw new IllegalArgumentException("no codec named '" + name + "'" + NameHints.closest(name, contents().codecs().keySet()));
        return c;
    }

    /**
     * Codecs whose names match a name or a glob ({@code *}, {@code ?}, {@code {a,b}}), in registration
     * order.
     *
     * @throws IllegalArgumentException if nothing matches, naming the pattern, the closest names and
     *                                  where the list is
     */
    public static List<Codec> match(String pattern) {
        Map<String, Codec> codecs = contents().codecs();
        if (codecs.containsKey(pattern)) return List.of(codecs.get(pattern));
        PathMatcher pm = FileSystems.getDefault().getPathMatcher("glob:" + pattern);
        List<Codec> out = new ArrayList<>();
        for (Codec c : codecs.values()) if (pm.matches(Path.of(c.name()))) out.add(c);
        if (out.isEmpty()) throw new IllegalArgumentException("no codec matches '" + pattern + "'" + NameHints.closest(pattern, codecs.keySet()));
        return out;
    }
}
