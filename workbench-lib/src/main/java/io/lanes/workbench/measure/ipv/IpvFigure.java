package io.lanes.workbench.measure.ipv;

import java.util.List;
import java.util.Locale;

/**
 * A measured count of decode instructions per value, with everything that is part of its identity:
 * the backend ({@code exact-hw} from hardware counters or {@code emulated} from valgrind), the tool,
 * the JDK and the CPU features the JIT compiled for. Figures of different backends or JDKs must not
 * be compared as equals. Immutable.
 *
 * @param codec               codec name or {@code store-only}
 * @param dataset             column id
 * @param values              values per decode call
 * @param instructionsPerValue decode instructions per value, the driver loop's cost subtracted
 * @param backend             {@link #EXACT_HW} or {@link #EMULATED}
 * @param tool                {@code perf_event_open} or {@code valgrind callgrind}
 * @param jdk                 vendor and version of the JDK that ran the kernel
 * @param jitFeatures         e.g. {@code UseAVX=2 MaxVectorSize=32}
 * @param calls               N: calls in the shorter bracket (the longer has 2N)
 * @param kernelDelta         instructions of the 2N bracket minus the N bracket, from the last two rounds ({@link IpvProtocol#delta})
 * @param emptyPerCall        instructions of one call of the empty kernel (subtracted per call)
 * @param brackets            the kernel's bracket counts in the order counted (N, 2N, N, 2N, ...), copied
 */
public record IpvFigure(String codec, String dataset, int values, double instructionsPerValue, String backend, String tool,
                        String jdk, String jitFeatures, int calls, long kernelDelta, double emptyPerCall, List<Long> brackets) {
    public IpvFigure {
        brackets = List.copyOf(brackets);
    }

    /** Backend label of counts from a hardware PMU. */
    public static final String EXACT_HW = "exact-hw";
    /** Backend label of counts from an instruction-level emulator. */
    public static final String EMULATED = "emulated";

    /**
     * The figure of one kernel from the difference of its brackets ({@link IpvProtocol#delta}) and
     * the empty kernel's cost per call: {@code (delta / N - emptyPerCall) / values}.
     */
    public static IpvFigure of(IpvRequest r, String backend, String tool, String jdk, String jitFeatures, int calls, long delta, List<Long> brackets,
                               double emptyPerCall) {
        return new IpvFigure(r.codec(), r.dataset(), r.values(), (delta / (double) calls - emptyPerCall) / r.values(), backend, tool, jdk,
                jitFeatures, calls, delta, emptyPerCall, brackets);
    }

    /** How the figure was obtained: the bracket difference, the rounds' counts, and the subtracted driver cost. */
    public String detail() {
        return String.format(Locale.ROOT, "2N-N brackets: %d instructions over N=%d calls of %d values (the last 2 of %d rounds, the JIT idle in them: N, 2N %s);"
                        + " empty kernel %.1f instructions/call subtracted",
                kernelDelta, calls, values, brackets.size() / 2, brackets, emptyPerCall);
    }

    /** One line for people, e.g. {@code bitpack.seq.scalar on syn.uniform.w12: 3.4375 instructions/value (emulated, ...)}. */
    public String describe() {
        return String.format(Locale.ROOT, "%s on %s: %.4f instructions/value (%s, %s, JDK %s, %s, %d values per call)",
                codec, dataset, instructionsPerValue, backend, tool, jdk, jitFeatures, values);
    }
}
