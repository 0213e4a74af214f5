package io.lanes.workbench.measure;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The validity gate of DESIGN.md, applied per working-set point. The control pair (an arm and its
 * control twin: same kernel, same bytes, other buffers) must tie: geomean of the per-column ratios
 * within 1.5%, at least 80% of columns (four of five) within 5%, and the headline ratio must move
 * under 2% when the non-tying columns are dropped. The headline is the geomean over columns of the
 * first codec arm's median decode time over the store-only arm's (over the second codec arm when
 * there is no store-only arm). A point that fails keeps its results and is flagged with the failing
 * criterion, told in words. Stateless.
 */
public final class ValidityGate {
    /** Control geomean tolerance. */
    public static final double AGGREGATE_TOLERANCE = 0.015;
    /** Per-column tolerance. */
    public static final double COLUMN_TOLERANCE = 0.05;
    /** Share of columns that must tie individually. */
    public static final double COLUMN_SHARE = 0.8;
    /** Maximum headline drift when non-tying columns are dropped. */
    public static final double DRIFT_TOLERANCE = 0.02;

    private ValidityGate() {
    }

    /**
     * @param passed         whether every criterion holds
     * @param label          the outcome in words: {@code pass: control pair 0.4% apart after 64 reps}, {@code no control},
     *                       or {@code fail: } followed by each failing criterion and whether the compared arms differ
     *                       beyond the control pair's distance
     * @param controlGeomean geomean of control/arm median ratios (NaN without a control)
     * @param tyingColumns   columns whose control ratio is within 5%
     * @param columns        columns with a control
     * @param drift          relative move of the headline when non-tying columns are dropped
     * @param reps           the most repetitions any column's control took (more than the configured count when the
     *                       harness extended them, see {@link Harness.Config#extendMillis})
     * @param headline       the headline ratio (controlled arm over store-only, else over the next arm; NaN if none)
     */
    public record Verdict(boolean passed, String label, double controlGeomean, int tyingColumns, int columns, double drift,
                          int reps, double headline) {
        /** How far apart the control pair ended, as a fraction (0.021 for 2.1%); NaN without a control. */
        public double controlDistance() {
            return Math.abs(controlGeomean - 1);
        }
    }

    /**
     * Evaluates one working-set point from all its measurements. Each column's control twin is
     * paired with the arm of the same name on that column (columns of different types may have
     * different twins).
     */
    public static Verdict evaluate(List<Measurement> point) {
        Map<String, Measurement> control = new HashMap<>();
        Map<String, Map<String, Measurement>> byColumn = new HashMap<>();
        List<String> columnOrder = new ArrayList<>();
        for (Measurement m : point) {
            if (!byColumn.containsKey(m.columnId())) columnOrder.add(m.columnId());
            if (m.control()) control.put(m.columnId(), m);
            else byColumn.computeIfAbsent(m.columnId(), c -> new HashMap<>()).put(m.arm(), m);
        }
        if (control.isEmpty()) return new Verdict(false, "no control", Double.NaN, 0, 0, Double.NaN, 0, Double.NaN);
        List<Double> ratios = new ArrayList<>();
        List<String> withControl = new ArrayList<>();
        List<String> tying = new ArrayList<>();
        int reps = 0;
        for (String c : columnOrder) {
            Measurement ctl = control.get(c);
            Measurement arm = ctl == null ? null : byColumn.getOrDefault(c, Map.of()).get(ctl.arm());
            if (arm == null) continue;
            double r = ctl.decodeMedian() / arm.decodeMedian();
            ratios.add(r);
            withControl.add(c);
            reps = Math.max(reps, ctl.decodeNanos().length);
            if (Math.abs(r - 1) <= COLUMN_TOLERANCE) tying.add(c);
        }
        double gm = geomean(ratios);
        double headAll = headline(point, withControl, control);
        double headTying = headline(point, tying, control);
        double drift = Double.isNaN(headAll) || Double.isNaN(headTying) ? 0 : Math.abs(headTying / headAll - 1);
        List<String> failed = new ArrayList<>();
        String pair = String.format(Locale.ROOT, "control pair %.1f%% apart after %d reps", Math.abs(gm - 1) * 100, reps);
        if (!(Math.abs(gm - 1) <= AGGREGATE_TOLERANCE)) failed.add(pair + String.format(Locale.ROOT, " (the gate allows %.1f%%)", AGGREGATE_TOLERANCE * 100));
        if (tying.size() < COLUMN_SHARE * ratios.size()) {
            failed.add(String.format(Locale.ROOT, "%d of %d columns tie within %.0f%% (the gate needs %.0f%% of them)", tying.size(), ratios.size(),
                    COLUMN_TOLERANCE * 100, COLUMN_SHARE * 100));
        }
        if (ratios.isEmpty()) failed.add("no column has both its arm and its control twin");
        else if (!tying.isEmpty() && drift >= DRIFT_TOLERANCE) {
            failed.add(String.format(Locale.ROOT, "the headline moves %.1f%% without the untied columns (the gate allows %.0f%%)", drift * 100, DRIFT_TOLERANCE * 100));
        }
        String label;
        if (failed.isEmpty()) label = "pass: " + pair;
        else {
            if (!failed.getFirst().startsWith("control pair")) failed.addFirst(pair);
            label = "fail: " + String.join("; ", failed) + "; " + apart(headAll, gm);
        }
        return new Verdict(failed.isEmpty(), label, gm, tying.size(), ratios.size(), drift, reps, headAll);
    }

    /**
     * Whether the compared arms differ by more than the control pair: the headline's distance from
     * 1 against the pair's, so a reader of a failed point knows whether its difference can be read.
     */
    private static String apart(double headline, double controlGeomean) {
        if (Double.isNaN(headline)) return "no second arm to compare";
        double arms = Math.abs(headline - 1);
        double noise = Math.abs(controlGeomean - 1);
        double far = Math.max(headline, 1 / headline);
        String by = far >= 2 ? String.format(Locale.ROOT, "are %.2fx apart", far) : String.format(Locale.ROOT, "differ by %.1f%%", arms * 100);
        return "the compared arms " + by + (arms > noise ? ", beyond that noise" : ", within that noise: do not read a difference");
    }

    /** Geomean over columns of the controlled arm's median decode time over the store-only arm's (else the next arm's). */
    private static double headline(List<Measurement> point, List<String> columns, Map<String, Measurement> control) {
        List<Double> rs = new ArrayList<>();
        for (String c : columns) {
            String firstArm = control.get(c).arm();
            Measurement a = null;
            Measurement b = null;
            Measurement store = null;
            for (Measurement m : point) {
                if (!m.columnId().equals(c) || m.control()) continue;
                if (m.arm().equals(StoreOnly.NAME)) store = m;
                else if (m.arm().equals(firstArm)) a = m;
                else if (b == null && !EngineScan.isEngine(m.arm())) b = m; // a decoder's headline is over the wall or a decoder, never an engine query
            }
            Measurement den = store != null ? store : b;
            if (a != null && den != null) rs.add(a.decodeMedian() / den.decodeMedian());
        }
        return rs.isEmpty() ? Double.NaN : geomean(rs);
    }

    /** Geometric mean of positive values; NaN when empty. */
    public static double geomean(List<Double> xs) {
        if (xs.isEmpty()) return Double.NaN;
        double s = 0;
        for (double x : xs) s += Math.log(x);
        return Math.exp(s / xs.size());
    }
}
