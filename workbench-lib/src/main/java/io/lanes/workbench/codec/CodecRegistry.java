package io.lanes.workbench.codec;

import io.lanes.workbench.codec.bitpack.BlockPageCodec32;
import io.lanes.workbench.codec.bitpack.BlockPageCodec64;
import io.lanes.workbench.codec.bitpack.SeqScalarKernel32;
import io.lanes.workbench.codec.bitpack.SeqScalarKernel64;
import io.lanes.workbench.codec.bitpack.SeqVectorKernel32;
import io.lanes.workbench.codec.bitpack.SeqVectorKernel64;
import io.lanes.workbench.codec.fastlanes.FastLanesCodecs;
import io.lanes.workbench.codec.fastlanes.FlDeltaCodecs;
import io.lanes.workbench.codec.frame.ForCodecs;
import io.lanes.workbench.codec.general.GeneralCodecs;
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

/**
 * The one registry of named codecs. Names are stable: they are row labels in results, chart
 * legends and notebook parameters. Immutable after class initialisation; thread-safe.
 */
public final class CodecRegistry {
    private static final Map<String, Codec> CODECS = build();

    private CodecRegistry() {
    }

    private static Map<String, Codec> build() {
        Map<String, Codec> m = new LinkedHashMap<>();
        List<Codec> all = new ArrayList<>();
        all.add(new PlainCodec());
        String seq = "sequential LSB-first bit-packing (Parquet/Arrow order), 1024-value blocks at their largest value's width; ";
        all.add(new BlockPageCodec32("bitpack.seq.scalar", new SeqScalarKernel32(), OutputOrder.FLAT, seq + "scalar kernel"));
        all.add(new BlockPageCodec32("bitpack.seq.vector", new SeqVectorKernel32(), OutputOrder.FLAT, seq + "Vector API kernel"));
        all.add(new BlockPageCodec64("bitpack.seq.scalar64", new SeqScalarKernel64(), OutputOrder.FLAT, seq + "scalar kernel"));
        all.add(new BlockPageCodec64("bitpack.seq.vector64", new SeqVectorKernel64(), OutputOrder.FLAT, seq + "Vector API kernel"));
        all.addAll(FastLanesCodecs.all());
        all.addAll(ForCodecs.all());
        all.addAll(PforCodecs.all());
        all.addAll(FlDeltaCodecs.all());
        all.addAll(ParquetCodecs.all());
        all.addAll(GeneralCodecs.all());
        all.addAll(PeerCodecs.all());
        all.addAll(NativeCodecs.all());
        for (Codec c : all) {
            if (m.putIfAbsent(c.name(), c) != null) throw new IllegalStateException("codec name registered twice: " + c.name());
        }
        return Collections.unmodifiableMap(m);
    }

    /** Every codec, in registration order. */
    public static List<Codec> all() {
        return List.copyOf(CODECS.values());
    }

    /** The codec of that exact name. */
    public static Codec get(String name) {
        Codec c = CODECS.get(name);
        if (c == null) {
            throw new IllegalArgumentException("no codec named '" + name + "'; known: " + String.join(", ", CODECS.keySet()));
        }
        return c;
    }

    /**
     * Codecs whose names match a name or a glob ({@code *}, {@code ?}, {@code {a,b}}), in registration
     * order.
     *
     * @throws IllegalArgumentException if nothing matches, naming the pattern
     */
    public static List<Codec> match(String pattern) {
        if (CODECS.containsKey(pattern)) return List.of(CODECS.get(pattern));
        PathMatcher pm = FileSystems.getDefault().getPathMatcher("glob:" + pattern);
        List<Codec> out = new ArrayList<>();
        for (Codec c : CODECS.values()) if (pm.matches(Path.of(c.name()))) out.add(c);
        if (out.isEmpty()) {
            throw new IllegalArgumentException("no codec matches '" + pattern + "'; known: " + String.join(", ", CODECS.keySet()));
        }
        return out;
    }
}
