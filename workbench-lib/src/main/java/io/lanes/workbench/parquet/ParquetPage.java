package io.lanes.workbench.parquet;

import io.lanes.workbench.parquet.Leb128;

/**
 * One page of a column chunk as another writer produced it, decompressed, with its levels stripped.
 * Immutable by convention: the arrays are shared, not copied, and nobody may modify them.
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
 *                      DELTA encodings, the section after a ULEB128 count for PLAIN and BYTE_STREAM_SPLIT;
 *                      for dictionary-encoded data pages the count, the column chunk's dictionary (its size
 *                      and PLAIN values) and the indices section ({@code parquet.dict*}), or without a
 *                      dictionary the indices alone after a count ({@code parquet.rle}); null when
 *                      {@code codec} is null
 */
public record ParquetPage(String column, int rowGroup, String kind, String encoding, String physicalType,
                          int numValues, int nonNull, byte[] values, int[] definitionLevels, String codec, byte[] codecPage) {

    /**
     * A page with the codec that decodes its values section chosen from its encoding and physical
     * type, and that codec's page built from the section; the one place this mapping is made.
     * {@code values} and {@code definitionLevels} are kept, not copied.
     */
    public static ParquetPage of(String column, int rowGroup, String kind, String encoding, String physicalType,
                                 int numValues, int nonNull, byte[] values, int[] definitionLevels) {
        return of(column, rowGroup, kind, encoding, physicalType, numValues, nonNull, values, definitionLevels, null);
    }

    /**
     * {@link #of(String, int, String, String, String, int, int, byte[], int[])} for a page of a
     * column chunk whose dictionary page is {@code dictionary} (null when the chunk has none): a
     * dictionary-encoded data page then becomes a {@code parquet.dict*} page carrying that
     * dictionary, so a decoder reads the dictionary with every data page it serves (once per page,
     * where a reader decodes it once per chunk; the same when a chunk has one data page).
     */
    public static ParquetPage of(String column, int rowGroup, String kind, String encoding, String physicalType,
                                 int numValues, int nonNull, byte[] values, int[] definitionLevels, ParquetPage dictionary) {
        boolean is64 = physicalType.equals("INT64");
        boolean isInt = is64 || physicalType.equals("INT32");
        boolean isBytes = physicalType.equals("BYTE_ARRAY");
        String codec = null;
        byte[] codecPage = null;
        switch (encoding) {
            case "DELTA_BINARY_PACKED" -> {
                if (isInt) { codec = is64 ? "parquet.delta64" : "parquet.delta"; codecPage = values; }
            }
            case "DELTA_LENGTH_BYTE_ARRAY" -> {
                if (isBytes) { codec = "parquet.delta-length-byte-array"; codecPage = values; }
            }
            case "DELTA_BYTE_ARRAY" -> {
                if (isBytes) { codec = "parquet.delta-byte-array"; codecPage = values; }
            }
            case "PLAIN" -> {
                if (isInt) { codec = is64 ? "parquet.plain64" : "parquet.plain"; codecPage = counted(nonNull, values); }
                if (isBytes && !kind.equals("DICTIONARY")) { codec = "parquet.plain-byte-array"; codecPage = counted(nonNull, values); }
            }
            case "BYTE_STREAM_SPLIT" -> {
                if (isInt) { codec = is64 ? "parquet.bss64" : "parquet.bss"; codecPage = counted(nonNull, values); }
            }
            case "RLE_DICTIONARY", "PLAIN_DICTIONARY" -> {
                if (kind.equals("DICTIONARY")) break;
                if (dictionary != null && (isInt || isBytes)) {
                    codec = is64 ? "parquet.dict64" : isInt ? "parquet.dict" : "parquet.dict-byte-array";
                    codecPage = withDictionary(nonNull, dictionary, values);
                } else {
                    codec = "parquet.rle";
                    codecPage = counted(nonNull, values);
                }
            }
            default -> { }
        }
        return new ParquetPage(column, rowGroup, kind, encoding, physicalType, numValues, nonNull, values, definitionLevels, codec, codecPage);
    }

    /**
     * Whether this page holds a column's values: a data page, and if of dictionary indices, one that
     * carries its chunk's dictionary ({@code parquet.dict*}).
     */
    public boolean holdsValues() {
        if (kind.equals("DICTIONARY")) return false;
        boolean indices = encoding.equals("RLE_DICTIONARY") || encoding.equals("PLAIN_DICTIONARY");
        return !indices || (codec != null && codec.startsWith("parquet.dict"));
    }

    /** {@code count:ULEB128 dictSize:ULEB128 dictionary indices}: the {@code parquet.dict*} page of a data page and its chunk's dictionary. */
    private static byte[] withDictionary(int count, ParquetPage dictionary, byte[] indices) {
        byte[] d = dictionary.values();
        int size = dictionary.numValues();
        byte[] out = new byte[Leb128.size(count) + Leb128.size(size) + d.length + indices.length];
        int p = Leb128.write(count, out, 0);
        p = Leb128.write(size, out, p);
        System.arraycopy(d, 0, out, p, d.length);
        System.arraycopy(indices, 0, out, p + d.length, indices.length);
        return out;
    }

    /** {@code count:ULEB128} followed by {@code v}. */
    private static byte[] counted(int count, byte[] v) {
        byte[] out = new byte[Leb128.size(count) + v.length];
        int p = Leb128.write(count, out, 0);
        System.arraycopy(v, 0, out, p, v.length);
        return out;
    }
}
