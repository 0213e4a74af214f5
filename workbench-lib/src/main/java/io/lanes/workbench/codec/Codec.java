package io.lanes.workbench.codec;

import java.util.Map;

/**
 * What every codec shares, whatever its value type. Implementations are stateless or hold only
 * immutable configuration, so one instance may be used by many threads at once unless its Javadoc
 * says otherwise.
 */
public interface Codec {
    /** Stable name: the key of this codec in results, charts, notebooks and benchmark parameters. */
    String name();

    /** Bits in one decoded value: 32 or 64 ({@link ByteArrayCodec}: 8, the unit of its arena). */
    int valueBits();

    /**
     * The layout family this codec belongs to, the grouping {@code ./workbench codecs} lists (e.g.
     * {@code fastlanes}, {@code parquet}). Default: the name's first dot-separated segment.
     */
    default String family() {
        int dot = name().indexOf('.');
        return dot < 0 ? name() : name().substring(0, dot);
    }

    /**
     * One line for people: what the layout is and how this codec decodes it, as {@code ./workbench
     * codecs} shows it. Default: empty, which the listing shows as a dash.
     */
    default String description() {
        return "";
    }

    /**
     * What this codec's decode allocates per call by design, in a few words (e.g. {@code a byte[]
     * per value}), or empty, the default: nothing after warm-up, as the codec contract requires.
     * Only a measured arm that reproduces an allocating decoder says otherwise; the conformance check
     * then reports its allocation as expected rather than as a defect, and {@code ./workbench codecs}
     * lists it.
     */
    default String allocatesByDesign() {
        return "";
    }

    /**
     * Named counts of what the encoder chose for a page this codec wrote, e.g. ORC RLE v2's runs and
     * values per sub-encoding ({@code short_repeat.runs}, ...): the facts a page's size alone does not
     * show. A column's pages add up key by key into results.csv's {@code codec_detail}, in the order
     * the codec gives them. Default: none (an empty map). Reads the page only; a corrupt page throws
     * {@link CorruptDataException}.
     */
    default Map<String, Long> encodingDetail(byte[] in, int inOff, int inLen) {
        return Map.of();
    }

    /** Order of the decoded values; {@link OutputOrder#FLAT} unless the codec says otherwise. */
    default OutputOrder outputOrder() {
        return OutputOrder.FLAT;
    }

    /**
     * The page layout this codec decodes: codecs with equal page formats decode each other's pages
     * to the same values, so they can be timed on identical bytes, pages another writer produced
     * included (a Parquet page names its format by the codec in
     * {@link io.lanes.workbench.parquet.ParquetPage#codec()}). Default: the codec's own name.
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

    /**
     * The most values {@code decodedLength} returns for any page of {@code pageBytes} bytes: the
     * format's maximum expansion, so a caller may bound a buffer by the page length alone and the
     * fuzz engine ({@code io.lanes.workbench.check}) can check every answer against it. A format
     * whose few header bytes can legitimately declare any count (a Parquet RLE run, a DELTA block of
     * any size at width 0) says {@link Integer#MAX_VALUE} and validates the count against the page's
     * runs or blocks instead. Default, for a codec that declares nothing: {@link Integer#MAX_VALUE}.
     */
    default long maxDecodedLength(int pageBytes) {
        return Integer.MAX_VALUE;
    }
}
