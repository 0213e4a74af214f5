package io.lanes.workbench.results;

import io.lanes.workbench.corpus.ValueType;
import io.lanes.workbench.measure.Fingerprint;
import io.lanes.workbench.measure.Measurement;
import io.lanes.workbench.measure.StoreOnly;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One row of {@code results.csv}: one arm on one column at one working-set point. The column names
 * and their order ({@link #COLUMNS}) are a stable contract that notebooks, reports and outside tools
 * read. Missing figures are {@code NaN} here and empty fields in the file. {@code codec_detail} is
 * text: what the encoder chose for the arm's pages ({@link Measurement#codecDetail()}), empty for a
 * codec that reports nothing. {@code encode_analyze_*} and {@code encode_pack_*} time a staged codec's
 * encode stages alone ({@link Measurement#analyzeNanos()}, {@link Measurement#packNanos()}), missing
 * for every other arm. Immutable.
 */
public record ResultRecord(String machine, String jdk, String timestamp, String codec, String dataset, String column,
                           String type, int values, String workingSet, long inputBytes, long outputBytes, long encodedBytes,
                           double bitsPerValue, double ratio, double encodeNsMedian, double decodeNsMedian,
                           double decodeNsMin, double decodeNsMax, double decodeValuesPerS, double decodeGibS,
                           double encodeValuesPerS, double storeOnlyGibS, int reps, String gate, double ipv,
                           String ipvBackend, double decodeGibSLo, double decodeGibSHi, String codecDetail,
                           double encodeAnalyzeNsMedian, double encodePackNsMedian, double encodeAnalyzeValuesPerS,
                           double encodePackValuesPerS) {

    /** The results.csv header, in order. */
    public static final List<String> COLUMNS = List.of("machine", "jdk", "timestamp", "codec", "dataset", "column", "type",
            "values", "working_set", "input_bytes", "output_bytes", "encoded_bytes", "bits_per_value", "ratio",
            "encode_ns_median", "decode_ns_median", "decode_ns_min", "decode_ns_max", "decode_values_per_s", "decode_gib_s",
            "encode_values_per_s", "store_only_gib_s", "reps", "gate", "ipv", "ipv_backend", "decode_gib_s_lo", "decode_gib_s_hi", "codec_detail",
            "encode_analyze_ns_median", "encode_pack_ns_median", "encode_analyze_values_per_s", "encode_pack_values_per_s");

    private static final double GIB = 1L << 30;

    /**
     * Builds the row of a measurement.
     *
     * @param storeOnly the store-only measurement of the same column and point, or {@code null}
     * @param gate      the validity-gate label of the point ({@code pending} until it is known)
     */
    public static ResultRecord of(Fingerprint fp, Measurement m, Measurement storeOnly, String gate) {
        // the plain size: PLAIN's bytes per value, for byte arrays each value's bytes and its 4-byte length
        double plain = switch (ValueType.parse(m.type())) {
            case INT32 -> 4.0 * m.values();
            case INT64 -> 8.0 * m.values();
            case BYTE_ARRAY -> m.outputBytes() + 4.0 * m.values();
        };
        boolean wall = m.arm().equals(StoreOnly.NAME);
        long encoded = wall ? 0 : m.inputBytes();
        double[] d = m.decodeNanos().clone();
        java.util.Arrays.sort(d);
        double med = m.decodeMedian();
        double encMed = m.encodeMedian();
        double[] interval = m.decodeMedianInterval(); // nanoseconds: the slow end is the low speed
        double analyze = m.analyzeMedian();
        double pack = m.packMedian();
        return new ResultRecord(fp.get("machine"), Fingerprint.jdk(), fp.get("timestamp"), m.arm(), m.dataset(), m.columnId(),
                m.type(), m.values(), m.workingSet(), wall ? 0 : m.inputBytes(), m.outputBytes(), encoded,
                wall ? Double.NaN : encoded * 8.0 / m.values(), wall ? Double.NaN : plain / encoded,
                encMed, med, d[0], d[d.length - 1], m.values() / med * 1e9, m.outputBytes() / med * 1e9 / GIB,
                m.values() / encMed * 1e9, storeOnly == null ? Double.NaN : storeOnly.decodeGibPerSecond(),
                d.length, gate, Double.NaN, "not-measured", m.outputBytes() / interval[1] * 1e9 / GIB, m.outputBytes() / interval[0] * 1e9 / GIB,
                m.codecDetail(), analyze, pack, m.values() / analyze * 1e9, m.values() / pack * 1e9);
    }

    /** A copy with another gate label. */
    public ResultRecord withGate(String label) {
        return new ResultRecord(machine, jdk, timestamp, codec, dataset, column, type, values, workingSet, inputBytes,
                outputBytes, encodedBytes, bitsPerValue, ratio, encodeNsMedian, decodeNsMedian, decodeNsMin, decodeNsMax,
                decodeValuesPerS, decodeGibS, encodeValuesPerS, storeOnlyGibS, reps, label, ipv, ipvBackend, decodeGibSLo, decodeGibSHi, codecDetail,
                encodeAnalyzeNsMedian, encodePackNsMedian, encodeAnalyzeValuesPerS, encodePackValuesPerS);
    }

    /** A copy carrying an instructions-per-value figure and its backend ({@code exact-hw} or {@code emulated}). */
    public ResultRecord withIpv(double instructionsPerValue, String backend) {
        return new ResultRecord(machine, jdk, timestamp, codec, dataset, column, type, values, workingSet, inputBytes,
                outputBytes, encodedBytes, bitsPerValue, ratio, encodeNsMedian, decodeNsMedian, decodeNsMin, decodeNsMax,
                decodeValuesPerS, decodeGibS, encodeValuesPerS, storeOnlyGibS, reps, gate, instructionsPerValue, backend, decodeGibSLo, decodeGibSHi, codecDetail,
                encodeAnalyzeNsMedian, encodePackNsMedian, encodeAnalyzeValuesPerS, encodePackValuesPerS);
    }

    /** Values keyed by {@link #COLUMNS}, numbers as numbers, a missing (NaN or infinite) figure as {@code null}. */
    public Map<String, Object> toRow() {
        Object[] v = {machine, jdk, timestamp, codec, dataset, column, type, values, workingSet, inputBytes, outputBytes,
                encodedBytes, bitsPerValue, ratio, encodeNsMedian, decodeNsMedian, decodeNsMin, decodeNsMax, decodeValuesPerS,
                decodeGibS, encodeValuesPerS, storeOnlyGibS, reps, gate, ipv, ipvBackend, decodeGibSLo, decodeGibSHi, codecDetail,
                encodeAnalyzeNsMedian, encodePackNsMedian, encodeAnalyzeValuesPerS, encodePackValuesPerS};
        Map<String, Object> row = new LinkedHashMap<>();
        for (int i = 0; i < v.length; i++) {
            Object x = v[i];
            if (x instanceof Double dd && (dd.isNaN() || dd.isInfinite())) x = null;
            row.put(COLUMNS.get(i), x);
        }
        return row;
    }
}
