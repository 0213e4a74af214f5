package io.lanes.workbench.codec.parquet;

/**
 * One page of a column chunk as another writer produced it, decompressed, with its levels stripped.
 *
 * @param column        dotted column path
 * @param rowGroup      row group index
 * @param kind          {@code DICTIONARY}, {@code DATA_V1} or {@code DATA_V2}
 * @param encoding      the page's Parquet encoding name, e.g. {@code DELTA_BINARY_PACKED}
 * @param physicalType  the column's Parquet physical type, e.g. {@code INT64}
 * @param numValues     values the page header counts, nulls included
 * @param nonNull       values actually stored in the values section
 * @param values        the values section exactly as written (after decompression)
 * @param definitionLevels the page's definition levels (one per counted value), or null when the column is required
 * @param codec         name of the registered codec that decodes {@link #codecPage()}, or null when none does
 * @param codecPage     the values section as that codec's self-describing page: the section itself for
 *                      DELTA encodings, the section after a ULEB128 count for PLAIN, BYTE_STREAM_SPLIT and
 *                      dictionary indices ({@code parquet.rle}); null when {@code codec} is null
 */
public record ParquetPage(String column, int rowGroup, String kind, String encoding, String physicalType,
                          int numValues, int nonNull, byte[] values, int[] definitionLevels, String codec, byte[] codecPage) {
}
