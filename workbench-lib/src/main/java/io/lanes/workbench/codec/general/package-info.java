/**
 * General-purpose baselines: {@code zstd} (zstd-jni, level 3), {@code lz4} (lz4-java block format)
 * over {@code parquet.plain} pages and {@code bss.zstd} over {@code parquet.bss} pages, with int64
 * twins {@code zstd64}, {@code lz464}, {@code bss64.zstd}. Page: count:ULEB128, then one compressed
 * frame of the inner page. For byte strings, {@code zstd.plain-byte-array} and
 * {@code lz4.plain-byte-array} over {@code parquet.plain-byte-array} pages: count:ULEB128,
 * sectionBytes:ULEB128, then one frame of the inner page's section after its count (the section's
 * size does not follow from the count). Decoding decompresses into a reused byte[] (per thread, or
 * the byte-array decoder's own) and decodes the inner page from it: the compressors write byte[] only.
 */
package io.lanes.workbench.codec.general;
