package io.lanes.workbench.study;

import io.lanes.workbench.report.claims.Claim;
import io.lanes.workbench.report.claims.Condition;
import io.lanes.workbench.report.claims.Verdict;

import io.lanes.workbench.corpus.Column;
import io.lanes.workbench.corpus.Datasets;
import io.lanes.workbench.measure.Arm;
import io.lanes.workbench.measure.Fingerprint;
import io.lanes.workbench.measure.Harness;
import io.lanes.workbench.measure.Mode;
import io.lanes.workbench.measure.WorkingSet;
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
 * Measures claims on this machine, each under the conditions {@link Condition#toMeasure} gives it
 * (this machine as it runs, the published register width where the JVM can be held to it, and the
 * arms' C twins built as the source built its code, where both arms have one).
 * Claims sharing a set, working-set point and condition are measured in one harness run (their arms alternating inside every repetition, with the validity gate), each run a
 * result bundle under the output folder; each claim's ratio is then the geomean over the columns
 * both its arms measured. Not thread-safe.
 */
public final class ClaimsRunner {
    /** Columns of a set measured in quick mode (the first ones, in set order). */
    public static final int QUICK_COLUMNS = 6;
    /**
     * The one working-set point at which {@link Scope#NARROWED_AT_400KIB_ONLY} measures the
     * narrowed and C conditions (most claims are published there).
     */
    public static final String QUICK_CONDITIONS_POINT = "400KiB";

    /** Which of a claim's conditions a run measures. */
    public enum Scope {
        /** Every condition of every claim. */
        ALL,
        /**
         * Every condition at {@link #QUICK_CONDITIONS_POINT}, the native one alone elsewhere (each
         * skipped row says so): what keeps the main job's quick run near its budget.
         */
        NARROWED_AT_400KIB_ONLY
    }

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

    /** Measures every applicable claim under each of its conditions; verdicts in catalog order, a claim's conditions native first. */
    public static List<Verdict> run(List<Claim> claims, Mode mode, Path outDir, Consumer<String> log) {
        return run(claims, mode, outDir, log, Datasets::set, Recorder.Options.cli(), Scope.ALL);
    }

    /**
     * {@link #run(List, Mode, Path, Consumer)} on columns the caller has already resolved (the
     * main job resolves every column once, before it measures anything) and with its options. The
     * native condition is measured in this JVM; a narrowed one in a child JVM with its flags
     * ({@link ClaimsChild}). A condition whose measurement fails is reported, with the reason, as
     * not measured; the others go on.
     *
     * @param columns the columns of a set name, as far as they could be had
     * @param scope   which conditions to measure
     */
    public static List<Verdict> run(List<Claim> claims, Mode mode, Path outDir, Consumer<String> log,
                                    Function<String, List<Column>> columns, Recorder.Options options, Scope scope) {
        requireArms(claims);
        Harness.Config config = mode.config();
        return judgeAll(claims, Fingerprint.capture(), (folder, condition, cs) -> {
            if (scope == Scope.NARROWED_AT_400KIB_ONLY && !condition.equals(Condition.NATIVE) && !cs.get(0).workingSet().equals(QUICK_CONDITIONS_POINT)) {
                throw new NotMeasured("the quick main job measures the conditions beside the native one at " + QUICK_CONDITIONS_POINT
                        + " only; ./workbench claims (with or without --quick) or run --full measures every condition");
            }
            Set<String> armNames = new LinkedHashSet<>();
            for (Claim c : cs) {
                armNames.add(condition.arm(c.numerator()));
                armNames.add(condition.arm(c.denominator()));
            }
            List<Column> cols = columns.apply(cs.get(0).set());
            if (mode == Mode.QUICK && cols.size() > QUICK_COLUMNS) cols = cols.subList(0, QUICK_COLUMNS);
            WorkingSet ws = WorkingSet.parse(cs.get(0).workingSet());
            Path dir = outDir.resolve(folder);
            log.accept("claims on " + cs.get(0).set() + " at " + ws.label() + " under " + condition.id()
                    + (condition.jvmFlags().isEmpty() ? "" : " (" + String.join(" ", condition.jvmFlags()) + ")") + ": " + cs.stream().map(Claim::id).toList());
            if (condition.equals(Condition.NATIVE)) {
                Recorder.run("claims", armNames.stream().map(Arm::named).toList(), cols, List.of(ws), config, dir, log, options);
            } else {
                ClaimsChild.measure(condition, mode, List.copyOf(armNames), cols, ws, dir, log);
            }
            return ResultBundle.load(dir);
        }, log);
    }

    /**
     * The verdicts of claims measured before, from the bundles {@link #run} left in {@code claimsDir}
     * (to render a report again without measuring). A claim whose bundle is missing is not measured
     * under that condition, saying so.
     *
     * @param fp the measuring machine's fingerprint
     */
    public static List<Verdict> judgeStored(List<Claim> claims, Path claimsDir, Fingerprint fp) {
        return judgeAll(claims, fp, (folder, condition, cs) -> {
            Path dir = claimsDir.resolve(folder);
            return java.nio.file.Files.isRegularFile(dir.resolve("results.csv")) ? ResultBundle.load(dir) : null;
        }, s -> { });
    }

    /** Whether an arm of that name exists (a C twin a claim's condition may use). */
    private static boolean armExists(String name) {
        try {
            Arm.named(name);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** A group deliberately left unmeasured, with the reason its verdicts carry. */
    private static final class NotMeasured extends RuntimeException {
        NotMeasured(String why) {
            super(why, null, false, false);
        }
    }

    /** Measures one group of claims: a bundle folder name, the condition, the claims; {@code null}: not measured. */
    private interface Measure {
        Table apply(String folder, Condition condition, List<Claim> claims);
    }

    /**
     * The bundle folder of a set, working set and condition: {@code <set>-<ws>} for the native
     * condition, {@code <set>-<ws>@<condition>} for the others.
     */
    static String folder(Claim c, Condition condition) {
        String point = c.set() + "-" + c.workingSet();
        return condition.equals(Condition.NATIVE) ? point : point + "@" + condition.id();
    }

    /**
     * Groups claims by set, working set and condition, gets each group's results from
     * {@code measure} and judges every claim under each of its conditions.
     */
    private static List<Verdict> judgeAll(List<Claim> claims, Fingerprint fp, Measure measure, Consumer<String> log) {
        Condition.Machine machine = Condition.Machine.of(fp);
        List<String> cpuFlags = List.of(fp.get("cpu_simd_flags").split(" "));
        // Derived once: grouping and judging walk the same conditions, and deriving them probes arms.
        Map<Claim, List<Condition>> conditions = new LinkedHashMap<>();
        for (Claim c : claims) {
            if (!c.requires().isEmpty() && !cpuFlags.contains(c.requires())) continue;
            conditions.put(c, Condition.toMeasure(c, machine, ClaimsRunner::armExists));
        }
        Map<String, List<Claim>> groups = new LinkedHashMap<>();
        Map<String, Condition> conditionOf = new HashMap<>();
        conditions.forEach((c, ks) -> {
            for (Condition k : ks) {
                groups.computeIfAbsent(folder(c, k), f -> new ArrayList<>()).add(c);
                conditionOf.put(folder(c, k), k);
            }
        });
        Map<String, Table> tables = new HashMap<>();
        Map<String, String> failures = new HashMap<>();
        Map<String, String> skipped = new HashMap<>();
        for (var g : groups.entrySet()) {
            try {
                tables.put(g.getKey(), measure.apply(g.getKey(), conditionOf.get(g.getKey()), g.getValue()));
            } catch (NotMeasured e) {
                skipped.put(g.getKey(), e.getMessage());
            } catch (RuntimeException e) {
                log.accept("WARNING: claims " + g.getValue().stream().map(Claim::id).toList() + " not measured under "
                        + conditionOf.get(g.getKey()).id() + ": " + e.getMessage());
                failures.put(g.getKey(), e.getMessage());
            }
        }
        List<Verdict> out = new ArrayList<>();
        for (Claim c : claims) {
            String notEmulated = Condition.notEmulated(c, machine);
            if (!c.requires().isEmpty() && !cpuFlags.contains(c.requires())) {
                out.add(new Verdict(c, Condition.NATIVE, false, "not applicable here", Double.NaN, 0, "",
                        "needs CPU feature " + c.requires() + ", which this machine lacks", notEmulated));
                continue;
            }
            Condition published = Condition.published(c, machine);
            for (Condition k : conditions.get(c)) {
                String folder = folder(c, k);
                Table t = tables.get(folder);
                boolean atPublished = k.equals(published);
                String why = failures.containsKey(folder) ? "measurement failed: " + failures.get(folder)
                        : skipped.containsKey(folder) ? "not measured: " + skipped.get(folder) : "not measured in this run (no bundle " + folder + ")";
                out.add(t != null ? judge(c, t, k, atPublished, notEmulated) : new Verdict(c, k, atPublished, "not applicable here", Double.NaN, 0, "", why, notEmulated));
            }
        }
        return out;
    }

    /** The verdict of one claim under one condition from a results table holding both its arms. */
    public static Verdict judge(Claim c, Table t, Condition condition, boolean atPublished, String notEmulated) {
        String col = c.resultColumn();
        Map<String, Double> num = values(t, condition.arm(c.numerator()), col);
        Map<String, Double> den = values(t, condition.arm(c.denominator()), col);
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
            return new Verdict(c, condition, atPublished, "not applicable here", Double.NaN, 0, gate,
                    "no column was measured by both arms (their value types may not match the set)", notEmulated);
        }
        double r = Math.exp(logSum / n);
        if (c.reproduces(r)) return new Verdict(c, condition, atPublished, "reproduced", r, n, gate, "", notEmulated);
        double bound = r < c.low() ? c.low() : c.high();
        return new Verdict(c, condition, atPublished, "differs", r, n, gate,
                String.format(java.util.Locale.ROOT, "%+.0f%% vs published %s", (r / bound - 1) * 100, c.published()), notEmulated);
    }

    private static Map<String, Double> values(Table t, String codec, String column) {
        Map<String, Double> m = new HashMap<>();
        for (int i = 0; i < t.rowCount(); i++) {
            if (t.stringColumn("codec").get(i).equals(codec)) m.put(t.stringColumn("column").get(i), t.doubleColumn(column).getDouble(i));
        }
        return m;
    }
}
