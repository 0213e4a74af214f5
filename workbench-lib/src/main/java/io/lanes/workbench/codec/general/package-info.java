/**
 * General-purpose baselines: {@code zstd} (zstd-jni, level 3), {@code lz4} (lz4-java block format)
 * over {@code parquet.plain} pages and {@code bss.zstd} over {@code parquet.bss} pages, with int64
 * twins {@code zstd64}, {@code lz464}, {@code bss64.zstd}. Page: count:ULEB128, then one compressed
 * frame of the inner page. Decoding decompresses into a reused per-thread byte[] and decodes the
 * inner page from it: the compressors write byte[] only.
 */
package io.lanes.workbench.codec.general;
