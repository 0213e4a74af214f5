package io.lanes.workbench.measure.ipv;

import java.util.ArrayList;
import java.util.List;

/**
 * Chooses how to count instructions per value on this machine, in order: in-process
 * {@code perf_event_open} on the measuring thread (exact, needs a PMU), valgrind callgrind in a
 * child JVM (emulated, deterministic), else not available, with every probe's reason. Stateless.
 */
public final class InstructionsPerValue {
    private InstructionsPerValue() {
    }

    /**
     * The outcome of probing every backend.
     *
     * @param probes  every backend's probe, in detection order
     * @param counter the first available backend, or {@code null} when none is
     */
    public record Detection(List<IpvProbe> probes, InstructionCounter counter) {
        /** Whether some backend can count. */
        public boolean available() {
            return counter != null;
        }

        /** {@code instructions/value: not available} and every probe's reason, for people. */
        public String unavailableReason() {
            List<String> lines = new ArrayList<>();
            lines.add("instructions/value: not available");
            for (IpvProbe p : probes) lines.add("  " + p.line());
            return String.join("\n", lines);
        }

        /**
         * Counts every request with the chosen backend.
         *
         * @throws IllegalStateException with {@link #unavailableReason()} when no backend is available
         */
        public List<IpvFigure> measure(List<IpvRequest> requests) {
            if (counter == null) throw new IllegalStateException(unavailableReason());
            return counter.measure(requests);
        }
    }

    /** Probes perf_event_open on the calling thread (measure on this same thread), then valgrind. */
    public static Detection detect() {
        return detect(new CallgrindCounter());
    }

    /** As {@link #detect()}, with a given callgrind backend (e.g. another valgrind executable). */
    public static Detection detect(CallgrindCounter callgrind) {
        List<IpvProbe> probes = new ArrayList<>();
        IpvProbe perf = PerfCounter.probe();
        probes.add(perf);
        IpvProbe vg = callgrind.probe();
        probes.add(vg);
        InstructionCounter chosen = perf.available() ? new PerfCounter() : vg.available() ? callgrind : null;
        return new Detection(List.copyOf(probes), chosen);
    }
}
