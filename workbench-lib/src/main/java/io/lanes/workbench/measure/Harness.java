package io.lanes.workbench.measure;

import io.lanes.workbench.corpus.Column;
import io.lanes.workbench.corpus.Pages;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Measures arms side by side: at every working-set point, every arm's output is checked equal to
 * the input first, then arms alternate inside every repetition in the orders of a Williams design
 * (every arm first, and after every other arm, equally often: {@link #williamsRow}), each sample
 * timing enough calls to last at least {@link Config#minSampleMicros}. Buffers are allocated once
 * per point and reused; each repetition moves them to its own placement ({@link Prepared#place})
 * and checks the output again there before timing. A pass of repetitions during which the JIT
 * compiled anything is discarded and run again. Encode is timed after decode in the same way; for a
 * codec whose encode is staged ({@link Prepared#staged()}) each repetition also times its analysis
 * alone and its packing alone. Not thread-safe: run one harness per thread.
 *
 * <p>A column is measured at the points of the working-set ladder, tiled to each and encoded by
 * every arm itself. A writer's pages ({@link Pages}) are measured as written, at the one point
 * {@value #PAGES}: their working set is the column's pages and the output, whatever their size, so
 * the ladder does not apply, and nothing is encoded or timed encoding.
 */
public final class Harness {
    /** The working-set label of measurements on a writer's pages. */
    public static final String PAGES = "pages";

    /**
     * @param warmupIterations decode calls per arm before timing, at least; each encode stage gets an eighth of the
     *                         decode calls made, and decode's other rules while the JIT compiles
     * @param warmupMillis     and at least this long per arm
     * @param reps             timed repetitions (samples) per arm; a multiple of 64 visits every buffer placement
     *                         class equally often ({@link Prepared#place})
     * @param minSampleMicros  minimum duration of one sample
     * @param control          whether to add the control twin of the first codec arm (the validity gate needs it)
     * @param jitSettleMillis  repeat a column's pass of repetitions while the JIT compiled anything during it or still
     *                         has work queued, for at most this long per column and point (0: do not watch the JIT);
     *                         see {@link JitQueue}
     * @param extendMillis     while a column's control pair is further apart than the gate allows
     *                         ({@link ValidityGate#AGGREGATE_TOLERANCE}), add passes of {@code reps} repetitions to
     *                         every arm, for at most this long per column and point and up to {@link #MAX_REPS_FACTOR}
     *                         times {@code reps} (0: never extend); each added pass runs every arm on freshly
     *                         allocated buffers, so both noise and the luck of one allocation average out
     */
    public record Config(int warmupIterations, long warmupMillis, int reps, long minSampleMicros, boolean control,
                         long jitSettleMillis, long extendMillis) {
        /** Extension stops at this many times {@code reps} samples per arm. */
        public static final int MAX_REPS_FACTOR = 8;

        public Config {
            if (reps < 1) throw new IllegalArgumentException("reps must be >= 1, got " + reps);
            if (warmupIterations < 0 || warmupMillis < 0 || jitSettleMillis < 0) throw new IllegalArgumentException("warm-up must be >= 0");
            if (extendMillis < 0) throw new IllegalArgumentException("extension budget must be >= 0 ms, got " + extendMillis);
        }

        /** A configuration that never extends repetitions. */
        public Config(int warmupIterations, long warmupMillis, int reps, long minSampleMicros, boolean control, long jitSettleMillis) {
            this(warmupIterations, warmupMillis, reps, minSampleMicros, control, jitSettleMillis, 0);
        }

        /** Short runs for CI and the default suite: up to 2 s more per column and point for an untied control pair. */
        public static Config quick() {
            return new Config(200, 150, 64, 1000, true, 3000, 2000);
        }

        /** Publishable runs: up to 8 s more per column and point for an untied control pair. */
        public static Config full() {
            return new Config(2000, 300, 64, 2000, true, 10000, 8000);
        }

        /** The same configuration with another repetition count. */
        public Config withReps(int n) {
            return new Config(warmupIterations, warmupMillis, n, minSampleMicros, control, jitSettleMillis, extendMillis);
        }

        /** The same configuration with another warm-up time. */
        public Config withWarmupMillis(long ms) {
            return new Config(warmupIterations, ms, reps, minSampleMicros, control, jitSettleMillis, extendMillis);
        }

        /** The same configuration with another extension budget. */
        public Config withExtendMillis(long ms) {
            return new Config(warmupIterations, warmupMillis, reps, minSampleMicros, control, jitSettleMillis, ms);
        }
    }

    /** Receives measurements as they complete, so an interrupted run keeps them. */
    public interface Listener {
        /** Every arm of one column at one point. */
        void measured(List<Measurement> point);

        /**
         * All columns of one point are done; {@code verdict} is the validity gate's.
         *
         * @param point a working-set label, or {@link #PAGES}
         */
        default void pointDone(String point, ValidityGate.Verdict verdict) {
        }
    }

    /**
     * The JIT as the harness watches it: {@link #HOTSPOT} in every run; a test gives a scripted one
     * to stand for compilations that are otherwise at the JIT's discretion.
     */
    interface Jit {
        /** Whether the other two can be read. */
        boolean available();

        /** Grows whenever a compilation finishes ({@link JitQueue#compiledMillis}). */
        long compiledMillis();

        /** Whether a compilation is running or queued ({@link JitQueue#busy}). */
        boolean busy();

        /** Waits until nothing is running or queued, for at most {@code maxMillis} ({@link JitQueue#awaitIdle}). */
        boolean awaitIdle(long maxMillis);

        Jit HOTSPOT = new Jit() {
            public boolean available() {
                return JitQueue.available();
            }

            public long compiledMillis() {
                return JitQueue.compiledMillis();
            }

            public boolean busy() {
                return JitQueue.busy();
            }

            public boolean awaitIdle(long maxMillis) {
                return JitQueue.awaitIdle(maxMillis);
            }
        };
    }

    private final Config config;
    private final Jit jit;
    private final List<String> unsettled = new ArrayList<>();
    private long blackhole;

    public Harness(Config config) {
        this(config, Jit.HOTSPOT);
    }

    Harness(Config config, Jit jit) {
        this.config = config;
        this.jit = jit;
    }

    public Config config() {
        return config;
    }

    /**
     * Runs every arm on every column at every working-set point (the outer loop is the ladder).
     * Arms whose codec cannot take a column's type are skipped for that column.
     */
    public void run(List<Arm> arms, List<Column> columns, List<WorkingSet> ladder, Listener listener) {
        for (WorkingSet ws : ladder) {
            List<Measurement> atPoint = new ArrayList<>();
            for (Column col : columns) {
                List<Measurement> ms = measure(arms, col, ws);
                atPoint.addAll(ms);
                listener.measured(ms);
            }
            listener.pointDone(ws.label(), ValidityGate.evaluate(atPoint));
        }
    }

    /**
     * Runs every arm on every writer's pages, as one point {@link #PAGES}. Arms whose codec takes
     * another value type or reads another page format are skipped for those pages ({@link #takes(Arm, Pages)}).
     *
     * @throws IllegalArgumentException before anything is timed, if no codec arm reads any page set
     */
    public void runPages(List<Arm> arms, List<Pages> pages, Listener listener) {
        List<Arm> codecs = arms.stream().filter(a -> a.codec() != null).toList();
        if (!codecs.isEmpty() && codecs.stream().noneMatch(a -> pages.stream().anyMatch(p -> takes(a, p)))) {
            throw new IllegalArgumentException("no codec arm reads the page format of any page set: the arms read "
                    + String.join(", ", codecs.stream().map(a -> a.name() + " (" + a.codec().pageFormat() + ")").toList()) + "; the pages are "
                    + String.join(", ", pages.stream().map(p -> p.values().id() + " (" + p.format() + ")").distinct().toList()));
        }
        List<Measurement> atPoint = new ArrayList<>();
        for (Pages p : pages) {
            List<Measurement> ms = measure(arms, p);
            atPoint.addAll(ms);
            listener.measured(ms);
        }
        listener.pointDone(PAGES, ValidityGate.evaluate(atPoint));
    }

    /** Measures all arms on one column at one point, alternating inside every repetition. */
    public List<Measurement> measure(List<Arm> arms, Column col, WorkingSet ws) {
        int n = ws.values(col);
        return measure(arms.stream().filter(a -> takes(a, col)).toList(), col, ws.label(), a -> Prepared.of(a, col, n));
    }

    /**
     * Measures the arms that read {@code pages} ({@link #takes(Arm, Pages)}) on them as written,
     * alternating inside every repetition; the point is {@link #PAGES}.
     */
    public List<Measurement> measure(List<Arm> arms, Pages pages) {
        return measure(arms.stream().filter(a -> takes(a, pages)).toList(), pages.values(), PAGES, a -> Prepared.of(a, pages));
    }

    /**
     * Whether {@code a} can be measured on a writer's pages: the wall always, a codec when it reads
     * their value type and page format, an engine arm when it can scan their file ({@link EngineScan#refusal}).
     */
    public static boolean takes(Arm a, Pages pages) {
        if (a.isEngine()) return EngineScan.refusal(pages) == null;
        return takes(a, pages.values()) && (a.isStoreOnly() || a.codec().pageFormat().equals(pages.format()));
    }

    /**
     * Whether {@code a} can be measured on {@code col} tiled to a working set: the wall always, a
     * codec when it takes the column's value type, an engine arm never (it scans a file as written).
     */
    public static boolean takes(Arm a, Column col) {
        if (a.isEngine()) return false;
        return a.isStoreOnly() || a.codec().valueBits() == col.type().bytes() * 8;
    }

    /** Measures {@code arms}, every one of which takes the column or pages, alternating inside every repetition. */
    private List<Measurement> measure(List<Arm> arms, Column col, String point, Function<Arm, Prepared> prepare) {
        String where = col.id() + " @ " + point;
        List<Prepared> ps = new ArrayList<>();
        List<Boolean> isControl = new ArrayList<>();
        Arm controlOf = null;
        int twin = -1; // the arm the control twin copies: the first decoder (the gate compares a kernel with itself)
        for (Arm a : arms) {
            ps.add(prepare.apply(a));
            isControl.add(false);
            if (controlOf == null && a.codec() != null) {
                controlOf = a;
                twin = ps.size() - 1;
            }
        }
        if (config.control() && controlOf != null) {
            // same kernel, same bytes, separately allocated buffers: the route differs, the work does not
            ps.add(prepare.apply(controlOf));
            isControl.add(true);
        }
        for (Prepared p : ps) p.verify(where);

        int k = ps.size();
        int[] calls = new int[k];
        for (int i = 0; i < k; i++) calls[i] = warmUpAndCalibrate(ps.get(i));
        int reps = config.reps();
        double[][] dec = new double[k][reps];
        // a pass during which the JIT finished or still had a compilation timed a mix of code
        // versions: repeat it until one is clean, up to the settle limit
        long settleBy = System.nanoTime() + config.jitSettleMillis() * 1_000_000L;
        boolean watch = config.jitSettleMillis() > 0 && jit.available();
        while (true) {
            long jitBefore = watch ? jit.compiledMillis() : 0;
            timePass(ps, calls, dec, 0, reps, where);
            if (!watch || (jit.compiledMillis() == jitBefore && !jit.busy())) break;
            if (System.nanoTime() > settleBy) {
                unsettled.add(where);
                break;
            }
        }
        int control = isControl.indexOf(true);
        if (control >= 0 && config.extendMillis() > 0) {
            long extendBy = System.nanoTime() + config.extendMillis() * 1_000_000L;
            int samples = reps;
            for (int pass = 1; pass < Config.MAX_REPS_FACTOR && !ties(dec[control], dec[twin]) && System.nanoTime() < extendBy; pass++) {
                for (int i = 0; i < k; i++) dec[i] = java.util.Arrays.copyOf(dec[i], samples + reps);
                // each added pass on freshly allocated buffers: on real columns the pair stayed apart
                // pass after pass in its first buffers (where an array lands in physical memory sets its
                // cache conflicts, and no placement within it moves that), so more passes in the same
                // buffers only repeated the offset; new buffers make it a draw that averages out
                ps.replaceAll(p -> {
                    Prepared fresh = prepare.apply(p.arm);
                    fresh.verify(where);
                    return fresh;
                });
                long jitBefore = watch ? jit.compiledMillis() : 0;
                timePass(ps, calls, dec, samples, samples + reps, where);
                if (watch && (jit.compiledMillis() != jitBefore || jit.busy())) {
                    // the code changed during this pass (a kernel compiled late and an arm ran several
                    // times slower for a few passes on a real column); the samples before it timed older code, keep this one
                    for (int i = 0; i < k; i++) dec[i] = java.util.Arrays.copyOfRange(dec[i], samples, samples + reps);
                    samples = reps;
                } else {
                    samples += reps;
                }
            }
        }
        int encReps = Math.max(3, config.reps() / 3);
        double[][] enc = new double[k][];
        double[][] analyze = new double[k][];
        double[][] pack = new double[k][];
        for (int i = 0; i < k; i++) {
            enc[i] = ps.get(i).encodes() ? new double[encReps] : new double[0];
            analyze[i] = ps.get(i).staged() ? new double[encReps] : new double[0];
            pack[i] = analyze[i].clone();
        }
        // a staged codec's stages alone in the same protocol, right after its whole encode: the page in
        // place always holds the analysis pack reads, as every stage rewrites the same bytes. The pass is
        // repeated while the JIT compiled during it, as the decode pass is: on a loaded machine a pass
        // timed C1 code for an arm at one width and C2 code at the next (a median 10-50x apart for the
        // same method), and a point that never settles is named with "(encode)"
        long encodeSettleBy = System.nanoTime() + config.jitSettleMillis() * 1_000_000L;
        while (true) {
            long jitBefore = watch ? jit.compiledMillis() : 0;
            for (int r = 0; r < encReps; r++) {
                int[] order = williamsRow(k, r);
                for (int j = 0; j < k; j++) {
                    int i = order[j];
                    Prepared p = ps.get(i);
                    int c = Math.max(1, calls[i] / 4);
                    if (enc[i].length > 0) enc[i][r] = timeEncode(p, c, Prepared::encode);
                    if (analyze[i].length > 0) {
                        analyze[i][r] = timeEncode(p, c, Prepared::analyze);
                        pack[i][r] = timeEncode(p, c, Prepared::pack);
                    }
                }
            }
            if (!watch || (jit.compiledMillis() == jitBefore && !jit.busy())) break;
            if (System.nanoTime() > encodeSettleBy) {
                unsettled.add(where + " (encode)");
                break;
            }
        }
        List<Measurement> out = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            Prepared p = ps.get(i);
            out.add(new Measurement(p.arm.name(), isControl.get(i), col.id(), col.dataset(), col.type().label(), point,
                    p.n, p.encodedBytes, p.outputBytes(), dec[i], enc[i], p.codecDetail(), analyze[i], pack[i]));
        }
        return out;
    }

    /**
     * Times repetitions {@code from} (inclusive) to {@code to} of every arm into {@code dec}, arms
     * alternating, each repetition at its own buffer placement.
     */
    private void timePass(List<Prepared> ps, int[] calls, double[][] dec, int from, int to, String where) {
        int k = ps.size();
        for (int r = from; r < to; r++) {
            int[] order = williamsRow(k, r);
            for (int j = 0; j < k; j++) {
                int i = order[j];
                Prepared p = ps.get(i);
                p.place(r); // every repetition at its own buffer placement, the same for every arm
                p.verify(where);
                dec[i][r] = timeDecode(p, calls[i]);
            }
        }
    }

    /**
     * The order of {@code k} arms in repetition {@code r}: row {@code r} of a Williams design, whose
     * rows (k of them for even k, 2k for odd) put every arm first equally often and after every
     * other arm equally often. An arm runs after another's footprint in the caches; with the plain
     * rotation (A B C, B C A, ...) an arm always followed the same neighbour, which made the control
     * twin steadily slower than its arm on real columns, whatever the repetitions (docs/measurements.md).
     */
    static int[] williamsRow(int k, int r) {
        if (k == 0) return new int[0]; // no arm takes the column: nothing to order
        int rows = k % 2 == 0 ? k : 2 * k;
        int row = r % rows;
        int[] out = new int[k];
        for (int j = 0; j < k; j++) {
            // first row 0, 1, k-1, 2, k-2, ...; row i adds i
            int base = j == 0 ? 0 : j % 2 == 1 ? (j + 1) / 2 : k - j / 2;
            out[j] = (base + row % k) % k;
        }
        if (row >= k) { // odd k: the mirrored rows balance what the first k cannot
            for (int a = 0, b = k - 1; a < b; a++, b--) {
                int t = out[a];
                out[a] = out[b];
                out[b] = t;
            }
        }
        return out;
    }

    /** Whether a control twin's median is within the gate's aggregate tolerance of its arm's. */
    private static boolean ties(double[] control, double[] arm) {
        return Math.abs(Measurement.median(control) / Measurement.median(arm) - 1) <= ValidityGate.AGGREGATE_TOLERANCE;
    }

    /** HotSpot's Tier4InvocationThreshold: calls after which a method profiled in C1 is queued for C2. */
    private static final int C2_INVOCATIONS = 5000;

    /**
     * Warms up one arm, decode and then each encode stage it has, and returns the decode calls per
     * sample that make a sample last the minimum time.
     */
    private int warmUpAndCalibrate(Prepared p) {
        int done = warmUp(p, Prepared::decode, config.warmupIterations(), true).calls();
        // encode stages at least as many calls as they always had (an eighth of decode's), and by the
        // rest of decode's rules while the JIT works on them: a kernel a width's packing calls once per
        // encode is compiled by C2 only after thousands of encodes, and timed before that it read 3.6-161
        // ns a value against 0.2-0.5 (docs/measurements.md). Not always: 5,000 encodes at every point
        // would add about 5 minutes to a quick run of 12, and once a codec's code is compiled (most
        // points) nothing compiles during the first calls. Once a stage did, the arm's later stages, which
        // share its code, get those rules too: in a bench, packing alone ran C1 code at 0.3 ms a call (30x)
        // after the whole encode reached its cap before C2's threshold. Pack runs on the page analyze wrote.
        int encodeCalls = Math.max(1, done / 8);
        boolean compiling = false;
        if (p.encodes()) compiling = warmUp(p, Prepared::encode, encodeCalls, false).full();
        if (p.staged()) {
            compiling |= warmUp(p, Prepared::analyze, encodeCalls, compiling).full();
            warmUp(p, Prepared::pack, encodeCalls, compiling);
        }
        long sink = 0;
        long t0 = System.nanoTime();
        int probe = 0;
        do {
            sink += p.decode();
            probe++;
        } while (System.nanoTime() - t0 < config.minSampleMicros() * 1000L / 4);
        double per = (System.nanoTime() - t0) / (double) probe;
        blackhole ^= sink;
        return (int) Math.max(1, Math.ceil(config.minSampleMicros() * 1000.0 / per));
    }

    /**
     * Calls {@code stage} at least {@code minCalls} times, and then, {@code always} or else only if
     * those calls made the JIT compile (it finished a compilation during them or has one
     * queued after them; they start once the queue is empty, for at most the cap below), for at least
     * {@link Config#warmupMillis} and up to C2's invocation threshold, the latter for at most a second
     * more or the settle limit. Without a settle limit it neither watches the JIT nor counts to C2's threshold.
     *
     * @return calls made, and whether it went on by those rules
     */
    private WarmUp warmUp(Prepared p, java.util.function.ToLongFunction<Prepared> stage, int minCalls, boolean always) {
        boolean watch = !always && config.jitSettleMillis() > 0;
        // what an earlier stage left queued would otherwise count as this one's compiling (the waits took
        // 2.5 s of a 5-minute bench; the JavaFastPFOR peer's encode went on to its cap as often with them)
        if (watch) jit.awaitIdle(Math.min(config.jitSettleMillis(), 1000));
        long start = System.nanoTime();
        long deadline = start + config.warmupMillis() * 1_000_000L;
        // C2 compiles after thousands of invocations or loop iterations, not after a time, and until
        // then Vector API code runs unintrinsified, tens of times slower: a slow first call must not
        // shorten the warm-up, so it also lasts C2's invocation threshold in calls (a kernel a call makes
        // once, such as the one for a width only one block has, is compiled only then), for at
        // most a second more or the settle limit (calls that slow are big columns, whose blocks call
        // each kernel many times)
        long byCount = config.jitSettleMillis() == 0 ? 0 : C2_INVOCATIONS;
        long cap = deadline + Math.min(config.jitSettleMillis(), 1000) * 1_000_000L;
        long jitBefore = watch ? jit.compiledMillis() : 0;
        int done = 0;
        long sink = 0;
        for (; done < minCalls; done++) sink += stage.applyAsLong(p);
        boolean full = always || (watch && (jit.compiledMillis() != jitBefore || jit.busy()));
        if (full) {
            while (true) {
                long now = System.nanoTime();
                if (now - deadline >= 0 && (done >= byCount || now - cap >= 0)) break;
                sink += stage.applyAsLong(p);
                done++;
            }
        }
        blackhole ^= sink;
        return new WarmUp(done, full);
    }

    /** What {@link #warmUp} did: its calls, and whether it went on past the minimum by decode's rules. */
    private record WarmUp(int calls, boolean full) {
    }

    /**
     * The columns and points ({@code column @ ws}) whose last pass still saw the JIT compile after
     * {@link Config#jitSettleMillis}: their figures may mix code versions.
     */
    public List<String> unsettled() {
        return List.copyOf(unsettled);
    }

    private double timeDecode(Prepared p, int calls) {
        long sink = 0;
        long t0 = System.nanoTime();
        for (int c = 0; c < calls; c++) sink += p.decode();
        long dt = System.nanoTime() - t0;
        blackhole ^= sink;
        return dt / (double) calls;
    }

    /** Nanoseconds per call of {@code stage}: {@link Prepared#encode}, or one of its stages. */
    private double timeEncode(Prepared p, int calls, java.util.function.ToLongFunction<Prepared> stage) {
        long sink = 0;
        long t0 = System.nanoTime();
        for (int c = 0; c < calls; c++) sink += stage.applyAsLong(p);
        long dt = System.nanoTime() - t0;
        blackhole ^= sink;
        return dt / (double) calls;
    }

    /** Folded results of every timed call; reading it keeps the JIT from discarding the work. */
    public long blackhole() {
        return blackhole;
    }
}
