package io.lanes.workbench.codec.general;

import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.parquet.ByteStreamSplit32;
import io.lanes.workbench.codec.parquet.ByteStreamSplit64;
import io.lanes.workbench.codec.parquet.Plain32;
import io.lanes.workbench.codec.parquet.Plain64;
import io.lanes.workbench.codec.parquet.PlainByteArray;

import java.util.List;

/**
 * General-purpose baselines over PLAIN (and BYTE_STREAM_SPLIT) bytes, as registered codecs. zstd
 * runs at level 3 (zstd's default); lz4 is the block format's fast compressor. int64 twins add 64
 * to the encoding's name; the byte-string ones name their layout after the compressor
 * ({@code zstd.plain-byte-array}).
 */
public final class GeneralCodecs {
    /** The zstd level of every zstd arm. */
    public static final int ZSTD_LEVEL = 3;

    private GeneralCodecs() {
    }

    /** Every general-purpose codec, in registry order. */
    public static List<Codec> all() {
        Compressor zstd = new Compressor.Zstandard(ZSTD_LEVEL);
        Compressor lz4 = new Compressor.Lz4();
        return List.of(
                new Compressed32("zstd", zstd, new Plain32()),
                new Compressed32("lz4", lz4, new Plain32()),
                new Compressed32("bss.zstd", zstd, new ByteStreamSplit32()),
                new Compressed64("zstd64", zstd, new Plain64()),
                new Compressed64("lz464", lz4, new Plain64()),
                new Compressed64("bss64.zstd", zstd, new ByteStreamSplit64()),
                new CompressedByteArray("zstd.plain-byte-array", zstd, new PlainByteArray()),
                new CompressedByteArray("lz4.plain-byte-array", lz4, new PlainByteArray()));
    }
}
