package io.lanes.workbench.codec.parquet;

import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.bitpack.BlockKernel32;
import io.lanes.workbench.codec.bitpack.BlockKernel64;
import io.lanes.workbench.codec.bitpack.SeqVectorKernel32;
import io.lanes.workbench.codec.bitpack.SeqVectorKernel64;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Parquet encodings as registered codecs, and the one place their bit-unpacking kernels are
 * chosen. Names: {@code parquet.<encoding>} for int32, {@code parquet.<encoding>64} for int64,
 * {@code parquet.<encoding>-byte-array} for byte strings; DELTA_BINARY_PACKED, DELTA_BYTE_ARRAY and
 * dictionary decoder variants add {@code .<variant>}.
 */
public final class ParquetCodecs {
    /**
     * Sequential LSB-first kernels every Parquet decoder here unpacks with: switch kernels here. The
     * Vector API ones ({@code bitpack.seq.vector}, with a scalar tail), as the decoders the seeds
     * compare against unpack with SIMD too.
     */
    static final BlockKernel32 KERNEL32 = new SeqVectorKernel32();
    static final BlockKernel64 KERNEL64 = new SeqVectorKernel64();

    /** The decoders {@code parquet.delta} (and the byte-array encodings' lengths) and {@code parquet.delta64} use: the fastest of each. */
    public static final DeltaVariant DEFAULT_DELTA32 = DeltaVariant.FUSED, DEFAULT_DELTA64 = DeltaVariant.VSCAN;

    private ParquetCodecs() {
    }

    /** DELTA_BINARY_PACKED int32 with the default 128/4 layout and the given decoder. */
    public static DeltaCodec32 delta32(String name, DeltaVariant variant) {
        return new DeltaCodec32(name, variant, KERNEL32, DeltaFormat.DEFAULT_BLOCK, DeltaFormat.DEFAULT_MINIBLOCKS);
    }

    /** DELTA_BINARY_PACKED int64 with the default 128/4 layout and the given decoder. */
    public static DeltaCodec64 delta64(String name, DeltaVariant variant) {
        return new DeltaCodec64(name, variant, KERNEL64, DeltaFormat.DEFAULT_BLOCK, DeltaFormat.DEFAULT_MINIBLOCKS);
    }

    private static final Map<String, Codec> BY_NAME = index();

    private static Map<String, Codec> index() {
        Map<String, Codec> m = new LinkedHashMap<>();
        for (Codec c : all()) m.put(c.name(), c);
        return Map.copyOf(m);
    }

    /** The Parquet codec of that name (the names {@link ParquetPage#codec()} gives). */
    public static Codec byName(String name) {
        Codec c = BY_NAME.get(name);
        if (c == null) throw new IllegalArgumentException("no Parquet codec named '" + name + "'; known: " + BY_NAME.keySet());
        return c;
    }

    /** Every Parquet codec, in registry order. */
    public static List<Codec> all() {
        List<Codec> out = new ArrayList<>();
        out.add(new Plain32());
        out.add(new Plain64());
        out.add(delta32("parquet.delta", DEFAULT_DELTA32));
        for (DeltaVariant v : DeltaVariant.values()) out.add(delta32("parquet.delta." + v.suffix(), v));
        out.add(delta64("parquet.delta64", DEFAULT_DELTA64));
        for (DeltaVariant v : DeltaVariant.values()) if (v != DeltaVariant.FUSED) out.add(delta64("parquet.delta64." + v.suffix(), v));
        out.add(new RleHybrid32(KERNEL32));
        for (DictVariant v : DictVariant.values()) out.add(new Dict32(v, KERNEL32));
        for (DictVariant v : DictVariant.values()) out.add(new Dict64(v, KERNEL32));
        out.add(new ByteStreamSplit32());
        out.add(new ByteStreamSplit64());
        out.add(new PlainByteArray());
        out.add(new DeltaLengthByteArray(delta32("parquet.delta", DEFAULT_DELTA32)));
        for (DeltaByteArrayVariant v : DeltaByteArrayVariant.values()) out.add(new DeltaByteArray(delta32("parquet.delta", DEFAULT_DELTA32), v));
        out.add(new DictByteArray(DictVariant.FUSED, KERNEL32));
        out.add(new DictByteArray(DictVariant.INDICES_THEN_GATHER, KERNEL32));
        return out;
    }
}
