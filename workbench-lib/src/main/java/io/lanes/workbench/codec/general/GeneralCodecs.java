package io.lanes.workbench.codec.general;

import io.lanes.workbench.codec.ByteArrayCodec;
import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.LongCodec;

import java.util.List;

/**
 * General-purpose baselines over PLAIN (and BYTE_STREAM_SPLIT) bytes, as registered codecs. zstd
 * runs at level 3 (zstd's default); lz4 is the block format's fast compressor. int64 twins add 64
 * to the encoding's name; the byte-string ones name their layout after the compressor
 * ({@code zstd.plain-byte-array}). The layouts under the compressors come from the registry, which
 * owns both families: this family compresses bytes and does not know how they were laid out.
 */
public final class GeneralCodecs {
    /** The zstd level of every zstd arm. */
    public static final int ZSTD_LEVEL = 3;

    private GeneralCodecs() {
    }

    /**
     * Every general-purpose codec, in registry order, over the given layouts: PLAIN and
     * BYTE_STREAM_SPLIT of int32 and int64, and PLAIN byte arrays.
     */
    public static List<Codec> over(IntCodec plain32, IntCodec bss32, LongCodec plain64, LongCodec bss64, ByteArrayCodec plainByteArray) {
        Compressor zstd = new Compressor.Zstandard(ZSTD_LEVEL);
        Compressor lz4 = new Compressor.Lz4();
        return List.of(
                new Compressed32("zstd", zstd, plain32),
                new Compressed32("lz4", lz4, plain32),
                new Compressed32("bss.zstd", zstd, bss32),
                new Compressed64("zstd64", zstd, plain64),
                new Compressed64("lz464", lz4, plain64),
                new Compressed64("bss64.zstd", zstd, bss64),
                new CompressedByteArray("zstd.plain-byte-array", zstd, plainByteArray),
                new CompressedByteArray("lz4.plain-byte-array", lz4, plainByteArray));
    }
}
