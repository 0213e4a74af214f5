package io.lanes.workbench.measure;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The validity gate of DESIGN.md, applied per working-set point. The control pair (an arm and its
 * control twin: same kernel, same bytes, other buffers) must tie: geomean of the per-column ratios
 * within 1.5%, at least 80% of columns (four of five) within 5%, and the headline ratio must move
 * under 2% when the non-tying columns are dropped. The headline is the geomean over columns of the
 * first codec arm's median decode time over the store-only arm's (over the second codec arm when
 * there is no store-only arm). A point that fails keeps its results and is flagged with the failing
 * criterion. Stateless.
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
     * @param passed    whether every criterion holds
     * @param label     {@code pass}, {@code no-control}, or {@code fail:} followed by the failing criteria
     * @param controlGeomean geomean of control/arm median ratios (NaN without a control)
     * @param tyingColumns columns whose control ratio is within 5%
     * @param columns   columns with a control
     * @param drift     relative move of the headline when non-tying columns are dropped
     */
    public record Verdict(boolean passed, String label, double controlGeomean, int tyingColumns, int columns, double drift) {
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
        if (control.isEmpty()) return new Verdict(false, "no-control", Double.NaN, 0, 0, Double.NaN);
        List<Double> ratios = new ArrayList<>();
        List<String> withControl = new ArrayList<>();
        List<String> tying = new ArrayList<>();
        for (String c : columnOrder) {
            Measurement ctl = control.get(c);
            Measurement arm = ctl == null ? null : byColumn.getOrDefault(c, Map.of()).get(ctl.arm());
            if (arm == null) continue;
            double r = ctl.decodeMedian() / arm.decodeMedian();
            ratios.add(r);
            withControl.add(c);
            if (Math.abs(r - 1) <= COLUMN_TOLERANCE) tying.add(c);
        }
        double gm = geomean(ratios);
        double headAll = headline(point, withControl, control);
        double headTying = headline(point, tying, control);
        double drift = Double.isNaN(headAll) || Double.isNaN(headTying) ? 0 : Math.abs(headTying / headAll - 1);
        List<String> failed = new ArrayList<>();
        if (!(Math.abs(gm - 1) <= AGGREGATE_TOLERANCE)) failed.add(String.format("control-geomean=%.3f", gm));
        if (tying.size() < COLUMN_SHARE * ratios.size()) failed.add("tying-columns=" + tying.size() + "/" + ratios.size());
        if (tying.isEmpty() || drift >= DRIFT_TOLERANCE) failed.add(String.format("drift=%.1f%%", drift * 100));
        String label = failed.isEmpty() ? "pass" : "fail:" + String.join(";", failed);
        return new Verdict(failed.isEmpty(), label, gm, tying.size(), ratios.size(), drift);
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
                else if (b == null) b = m;
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
