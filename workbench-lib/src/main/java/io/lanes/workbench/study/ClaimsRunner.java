package io.lanes.workbench.study;

import io.lanes.workbench.report.claims.Claim;
import io.lanes.workbench.report.claims.Verdict;

import io.lanes.workbench.corpus.Column;
import io.lanes.workbench.corpus.Datasets;
import io.lanes.workbench.measure.Arm;
import io.lanes.workbench.measure.Fingerprint;
import io.lanes.workbench.measure.Harness;
import io.lanes.workbench.measure.Mode;
import io.lanes.workbench.measure.WorkingSet;
import io.lanes.workbench.study.Recorder;
import io.lanes.workbench.results.ResultBundle;
import tech.tablesaw.api.Table;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Measures claims on this machine. Claims sharing a set and working-set point are measured in one
 * harness run (their arms alternating inside every repetition, with the validity gate), each run a
 * result bundle under the output folder; each claim's ratio is then the geomean over the columns
 * both its arms measured. Not thread-safe.
 */
public final class ClaimsRunner {
    /** Columns of a set measured in quick mode (the first ones, in set order). */
    public static final int QUICK_COLUMNS = 6;

    private ClaimsRunner() {
    }

    /**
     * Checks that every arm a claim names exists, before anything is measured.
     *
     * @throws IllegalArgumentException naming the claim and the missing arm
     */
    public static void requireArms(List<Claim> claims) {
        for (Claim c : claims) {
            for (String a : List.of(c.numerator(), c.denominator())) {
                try {
                    Arm.named(a);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("claim " + c.id() + " names arm '" + a + "', which does not exist: " + e.getMessage(), e);
                }
            }
        }
    }

    /** Measures every applicable claim and returns one verdict per claim, in catalog order. */
    public static List<Verdict> run(List<Claim> claims, Mode mode, Path outDir, Consumer<String> log) {
        return run(claims, mode, outDir, log, Datasets::set, Recorder.Options.cli());
    }

    /**
     * {@link #run(List, Mode, Path, Consumer)} on columns the caller has already resolved (the
     * main job resolves every column once, before it measures anything) and with its options.
     *
     * @param columns the columns of a set name, as far as they could be had
     */
    public static List<Verdict> run(List<Claim> claims, Mode mode, Path outDir, Consumer<String> log,
                                    Function<String, List<Column>> columns, Recorder.Options options) {
        requireArms(claims);
        List<String> cpuFlags = List.of(Fingerprint.capture().get("cpu_simd_flags").split(" "));
        Harness.Config config = mode.config();
        return judgeAll(claims, cpuFlags, (group, cs) -> {
            Set<String> armNames = new LinkedHashSet<>();
            for (Claim c : cs) {
                armNames.add(c.numerator());
                armNames.add(c.denominator());
            }
            List<Arm> arms = armNames.stream().map(Arm::named).toList();
            List<Column> cols = columns.apply(cs.get(0).set());
            if (mode == Mode.QUICK && cols.size() > QUICK_COLUMNS) cols = cols.subList(0, QUICK_COLUMNS);
            WorkingSet ws = WorkingSet.parse(cs.get(0).workingSet());
            Path dir = outDir.resolve(group);
            log.accept("claims on " + cs.get(0).set() + " at " + ws.label() + ": " + cs.stream().map(Claim::id).toList());
            Recorder.run("claims", arms, cols, List.of(ws), config, dir, log, options);
            return ResultBundle.load(dir);
        });
    }

    /**
     * The verdicts of claims measured before, from the bundles {@link #run} left in {@code claimsDir}
     * (to render a report again without measuring). A claim whose bundle is missing is not applicable,
     * saying so.
     *
     * @param cpuSimdFlags the measuring machine's SIMD flags (its fingerprint's {@code cpu_simd_flags})
     */
    public static List<Verdict> judgeStored(List<Claim> claims, Path claimsDir, String cpuSimdFlags) {
        return judgeAll(claims, List.of(cpuSimdFlags.split(" ")), (group, cs) -> {
            Path dir = claimsDir.resolve(group);
            return java.nio.file.Files.isRegularFile(dir.resolve("results.csv")) ? ResultBundle.load(dir) : null;
        });
    }

    /**
     * Groups claims by set and working set (a group's folder name, {@code <set>-<ws>}), gets each
     * group's results from {@code measure} ({@code null}: not measured) and judges every claim.
     */
    private static List<Verdict> judgeAll(List<Claim> claims, List<String> cpuFlags, java.util.function.BiFunction<String, List<Claim>, Table> measure) {
        Map<String, Verdict> verdicts = new HashMap<>();
        Map<String, List<Claim>> groups = new LinkedHashMap<>();
        for (Claim c : claims) {
            if (!c.requires().isEmpty() && !cpuFlags.contains(c.requires())) {
                verdicts.put(c.id(), new Verdict(c, "not applicable here", Double.NaN, 0, "",
                        "needs CPU feature " + c.requires() + ", which this machine lacks"));
            } else {
                groups.computeIfAbsent(c.set() + "-" + c.workingSet(), k -> new ArrayList<>()).add(c);
            }
        }
        for (var g : groups.entrySet()) {
            Table t = measure.apply(g.getKey(), g.getValue());
            for (Claim c : g.getValue()) {
                verdicts.put(c.id(), t == null ? new Verdict(c, "not applicable here", Double.NaN, 0, "", "not measured in this run (no bundle " + g.getKey() + ")")
                        : judge(c, t));
            }
        }
        List<Verdict> out = new ArrayList<>();
        for (Claim c : claims) out.add(verdicts.get(c.id()));
        return out;
    }

    /** The verdict of one claim from a results table holding both its arms. */
    public static Verdict judge(Claim c, Table t) {
        String col = c.resultColumn();
        Map<String, Double> num = values(t, c.numerator(), col);
        Map<String, Double> den = values(t, c.denominator(), col);
        double logSum = 0;
        int n = 0;
        for (var e : num.entrySet()) {
            Double d = den.get(e.getKey());
            if (d != null && d > 0 && e.getValue() > 0) {
                logSum += Math.log(e.getValue() / d);
                n++;
            }
        }
        String gate = String.join(" ", new LinkedHashSet<>(t.stringColumn("gate").asList()));
        if (n == 0) {
            return new Verdict(c, "not applicable here", Double.NaN, 0, gate,
                    "no column was measured by both arms (their value types may not match the set)");
        }
        double r = Math.exp(logSum / n);
        if (c.reproduces(r)) return new Verdict(c, "reproduced", r, n, gate, "");
        double bound = r < c.low() ? c.low() : c.high();
        return new Verdict(c, "differs", r, n, gate, String.format(java.util.Locale.ROOT, "%+.0f%% vs published %s", (r / bound - 1) * 100, c.published()));
    }

    private static Map<String, Double> values(Table t, String codec, String column) {
        Map<String, Double> m = new HashMap<>();
        for (int i = 0; i < t.rowCount(); i++) {
            if (t.stringColumn("codec").get(i).equals(codec)) m.put(t.stringColumn("column").get(i), t.doubleColumn(column).getDouble(i));
        }
        return m;
    }
}
