package io.lanes.workbench.codec;

/**
 * What every codec shares, whatever its value type. Implementations are stateless or hold only
 * immutable configuration, so one instance may be used by many threads at once unless its Javadoc
 * says otherwise.
 */
public interface Codec {
    /** Stable name: the key of this codec in results, charts, notebooks and benchmark parameters. */
    String name();

    /** Bits in one decoded value: 32 or 64. */
    int valueBits();

    /** Order of the decoded values; {@link OutputOrder#FLAT} unless the codec says otherwise. */
    default OutputOrder outputOrder() {
        return OutputOrder.FLAT;
    }

    /**
     * The page layout this codec decodes: codecs with equal page formats decode each other's pages
     * to the same values, so they can be timed on identical bytes, pages another writer produced
     * included (a Parquet page names its format by the codec in
     * {@link io.lanes.workbench.codec.parquet.ParquetPage#codec()}). Default: the codec's own name.
     */
    default String pageFormat() {
        return name();
    }

    /**
     * Exact worst-case number of bytes {@code encode} writes for {@code n} values: no guessing, a
     * buffer of this size always suffices.
     *
     * @throws IllegalArgumentException if {@code n} is negative or the bound exceeds an array
     */
    int maxEncodedBytes(int n);
}
