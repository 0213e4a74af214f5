package io.lanes.workbench.measure.ipv;

import io.lanes.workbench.corpus.Column;
import io.lanes.workbench.corpus.Datasets;
import io.lanes.workbench.measure.Arm;
import io.lanes.workbench.measure.Fingerprint;
import io.lanes.workbench.measure.JitQueue;
import io.lanes.workbench.measure.Prepared;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * Counts retired user-space instructions in process with {@code perf_event_open} (through the FFM
 * API) on the calling thread, which runs the kernels: exact hardware counts where a PMU exists. The
 * kernels compile under this JVM's own flags, which every figure names. Not thread-safe: one
 * measurement at a time per thread.
 */
public final class PerfCounter implements InstructionCounter {
    /** Backend name in probes and figures. */
    public static final String TOOL = "perf_event_open";
    /** Longest wait after the warm-up for the JIT's queue to drain. */
    private static final long JIT_WAIT_MILLIS = 10_000;

    private final int type;
    private final long config;
    /** Whether the event counts instructions, whose brackets must agree ({@link IpvProtocol#delta}). */
    private final boolean countsInstructions;

    /** Counts retired instructions ({@code PERF_COUNT_HW_INSTRUCTIONS}). */
    public PerfCounter() {
        this(PerfEvent.TYPE_HARDWARE, PerfEvent.HW_INSTRUCTIONS);
    }

    /**
     * Counts another event through the same protocol (tests use the software task clock, which needs
     * no PMU); a clock's rounds are not required to agree.
     */
    PerfCounter(int type, long config) {
        this.type = type;
        this.config = config;
        this.countsInstructions = type == PerfEvent.TYPE_HARDWARE && config == PerfEvent.HW_INSTRUCTIONS;
    }

    /** Whether hardware instruction counting works on this thread, and if not, why. */
    public static IpvProbe probe() {
        try (PerfEvent e = PerfEvent.open(PerfEvent.TYPE_HARDWARE, PerfEvent.HW_INSTRUCTIONS)) {
            return new IpvProbe(TOOL, true, "hardware instruction counter on the measuring thread");
        } catch (PerfEvent.Unavailable e) {
            return new IpvProbe(TOOL, false, e.getMessage());
        }
    }

    @Override
    public String tool() {
        return TOOL;
    }

    @Override
    public List<IpvFigure> measure(List<IpvRequest> requests) {
        try (PerfEvent ev = PerfEvent.open(type, config)) {
            List<Long> counts = new ArrayList<>();
            IpvProtocol.Bracket bracket = new IpvProtocol.Bracket() {
                @Override
                public void begin() {
                    ev.reset();
                    ev.enable();
                }

                @Override
                public void end() {
                    ev.disable();
                    counts.add(ev.read());
                }

                @Override
                public void warmedUp() {
                    // in-process the JIT compiles in the background: a bracket while a compile of the
                    // kernel is queued would count interpreted or C1 code
                    JitQueue.awaitIdle(JIT_WAIT_MILLIS);
                }
            };
            IpvProtocol.Counted empty = IpvProtocol.countEmpty(bracket);
            double emptyPerCall = IpvProtocol.delta("the empty kernel", counts, empty.settled(), countsInstructions) / (double) empty.calls();
            String features = IpvProtocol.jitFeatures();
            List<IpvFigure> out = new ArrayList<>();
            for (IpvRequest r : requests) {
                Arm arm = Arm.named(r.codec());
                Column col = Datasets.load(r.dataset());
                Prepared p = Prepared.of(arm, col, r.values());
                p.verify(r.codec() + " on " + r.dataset());
                List<LongSupplier> small = IpvProtocol.samples(arm, col, r.values());
                counts.clear();
                IpvProtocol.Counted c = IpvProtocol.count(p::decode, small, r.values(), bracket);
                long delta = IpvProtocol.delta(r.codec() + " on " + r.dataset(), counts, c.settled(), countsInstructions);
                out.add(IpvFigure.of(r, IpvFigure.EXACT_HW, TOOL, Fingerprint.jdk(), features, c.calls(), delta, counts, emptyPerCall));
            }
            return out;
        } catch (PerfEvent.Unavailable e) {
            throw new IllegalStateException(TOOL + " unavailable: " + e.getMessage(), e);
        }
    }
}
