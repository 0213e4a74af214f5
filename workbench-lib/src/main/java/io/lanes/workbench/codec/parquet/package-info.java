/**
 * Parquet's encodings as workbench codecs, and real Parquet pages.
 *
 * <h2>Codecs and their exact bytes</h2>
 * int64 twins add {@code 64} to the encoding's name. Formats Parquet leaves without a count (the
 * page header holds it) carry it as a ULEB128 prefix so every page is self-describing; the rest of
 * each page is byte for byte what a Parquet data page's values section holds.
 * <table>
 * <caption>registered names</caption>
 * <tr><th>name</th><th>page</th></tr>
 * <tr><td>{@code parquet.plain}, {@code parquet.plain64}</td><td>count:ULEB128, values little-endian</td></tr>
 * <tr><td>{@code parquet.delta}, {@code parquet.delta64}</td><td>the DELTA_BINARY_PACKED stream ({@link io.lanes.workbench.codec.parquet.DeltaFormat}), decoded by the default variant</td></tr>
 * <tr><td>{@code parquet.delta.miniblock|coalesced|vscan}, {@code parquet.delta64.*}</td><td>the same stream, one decoder variant each ({@link io.lanes.workbench.codec.parquet.DeltaVariant})</td></tr>
 * <tr><td>{@code parquet.rle}</td><td>count:ULEB128, width:uint8, RLE/bit-packed hybrid runs (int32 only: the hybrid is for levels and dictionary indices)</td></tr>
 * <tr><td>{@code parquet.bss}, {@code parquet.bss64}</td><td>count:ULEB128, BYTE_STREAM_SPLIT streams</td></tr>
 * <tr><td>{@code parquet.plain-byte-array}</td><td>count:ULEB128, then each value as length:int32 little-endian and its bytes (byte-array codec)</td></tr>
 * <tr><td>{@code parquet.delta-length-byte-array}, {@code parquet.delta-byte-array}</td><td>the DELTA_LENGTH_BYTE_ARRAY / DELTA_BYTE_ARRAY section (byte-array codecs)</td></tr>
 * <tr><td>{@code parquet.delta-byte-array.alloc-per-value|decoders-per-page|value-at-a-time}</td><td>the same DELTA_BYTE_ARRAY section, one decoder variant each ({@link io.lanes.workbench.codec.parquet.DeltaByteArrayVariant}): each undoes one fix of the Velox DELTA decoders thread</td></tr>
 * </table>
 * DELTA_BINARY_PACKED output is byte-identical to parquet-java 1.18.1's except where the spec
 * leaves the writer free (widths of unused miniblocks, padding bits), which we write as zero.
 *
 * <h2>Kernels</h2>
 * Every decoder unpacks through {@link io.lanes.workbench.codec.bitpack.BlockKernel32} /
 * {@link io.lanes.workbench.codec.bitpack.BlockKernel64}; {@code ParquetCodecs.KERNEL32/KERNEL64} is
 * the one place they are chosen.
 *
 * <h2>Real pages</h2>
 * {@link io.lanes.workbench.parquet.ParquetFile#pages(String)} returns a column's pages as the
 * writer produced them (footer and page headers read with parquet-format-structures, no Hadoop),
 * each naming the codec that decodes it; {@link io.lanes.workbench.codec.parquet.ParquetValues}
 * decodes whole columns with those codecs. {@code corpus.Pages} turns a column's pages (or those
 * parquet-java's page writer makes, {@code codec.peer.ParquetJavaPages}) into a workload the harness
 * times as written, for every codec whose {@link io.lanes.workbench.codec.Codec#pageFormat()} reads them.
 */
package io.lanes.workbench.codec.parquet;
