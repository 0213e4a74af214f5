package io.lanes.workbench.cli;

import io.lanes.workbench.check.Conformance;
import io.lanes.workbench.check.ConformanceReport;
import io.lanes.workbench.check.ConformanceReport.Check;
import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.registry.CodecRegistry;
import io.lanes.workbench.measure.ChildJvm;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * The allocation check of a codec again, in a JVM of its own, for a codec found allocating per
 * decode in a JVM that checked other codecs before it ({@code workbench check --codec '*'},
 * {@code ConformanceTest}). There the finding may be the JIT's, not the decoder's: after the earlier
 * codecs' profiles C2 may compile a decoder differently (escape analysis, inlining) or leave it in
 * C1, so a decoder that allocates nothing checked alone is seen boxing vectors. In a child JVM
 * ({@code workbench check --codec NAME --pages 0}, the same seed, this JVM's {@code -XX} flags,
 * {@code -Xbatch}, {@code -Xmx1g}) the profiles are the codec's alone; what it finds there is the
 * decoder's. A decoder that allocates per call allocates in both. Stateless and thread-safe; each
 * {@link #run} starts one JVM and waits for it.
 */
public final class AllocationRecheck {
    /** A recheck outliving this is killed and its codec reported as not rechecked. */
    static final long TIMEOUT_SECONDS = 600;

    private AllocationRecheck() {
    }

    /** What the recheck found. */
    public enum Verdict {
        /** Allocates nothing in a JVM of its own and passes every check there: the shared JVM's finding was the JIT's. */
        CONFORMS,
        /** Allocates in a JVM of its own too: the decoder's. */
        ALLOCATES,
        /** The child JVM's check failed otherwise (another check, a bad exit): its output says how. */
        FAILS,
        /** No JVM of its own could check it; {@link Outcome#why()} says why. */
        NOT_RECHECKED
    }

    /**
     * A recheck's outcome.
     *
     * @param codec       the codec's name
     * @param sharedBytes bytes per decode call found in the shared JVM
     * @param verdict     what the JVM of its own found
     * @param ownBytes    bytes per decode call there: 0 for {@link Verdict#CONFORMS}, -1 when not measured there
     * @param why         the child's output for {@link Verdict#FAILS}, the reason for {@link Verdict#NOT_RECHECKED}, else empty
     */
    public record Outcome(String codec, long sharedBytes, Verdict verdict, long ownBytes, String why) {
        /** Whether the codec conforms after all: only its own JVM's finding counts. */
        public boolean conforms() {
            return verdict == Verdict.CONFORMS;
        }

        /** One line naming the codec and both figures (then the child's output for {@link Verdict#FAILS}). */
        public String line() {
            String shared = String.format(Locale.ROOT, "%,d bytes per call", sharedBytes);
            return codec + ": " + switch (verdict) {
                case CONFORMS -> "conforms in a JVM of its own (allocation checked again there: 0 bytes per call); in this shared JVM, after other"
                        + " codecs, its decode allocated " + shared + " (the JIT's doing, not the decoder's: not a failure)";
                case ALLOCATES -> String.format(Locale.ROOT, "FAIL: allocates in a JVM of its own too: %,d bytes per call there, %s in this shared JVM", ownBytes, shared);
                case FAILS -> "FAIL: allocates in the shared JVM (" + shared + "); checked again in a JVM of its own, it failed there:\n" + why;
                case NOT_RECHECKED -> "FAIL: allocates in the shared JVM (" + shared + "); not rechecked because " + why;
            };
        }
    }

    /**
     * Whether {@code r} calls for a recheck: a codec of the project's own or a user's (a peer's
     * findings are the peer library's and change no verdict) whose one failed check is allocation.
     * A codec failing anything else fails anyway.
     */
    public static boolean wanted(ConformanceReport r) {
        List<ConformanceReport.Result> failed = r.failed();
        return !r.peer() && failed.size() == 1 && failed.getFirst().check() == Check.NO_ALLOCATION;
    }

    /**
     * Checks {@code c}, found allocating in this JVM ({@code shared}, {@link #wanted}), in a child JVM
     * of its own with {@code warmUp} for the allocation check. A plugin codec's jar goes to the child
     * with {@code --plugin}; a codec the registry does not hold (made in this JVM, as in a test or a
     * notebook) cannot be named to a child and is {@link Verdict#NOT_RECHECKED}.
     */
    public static Outcome run(Codec c, ConformanceReport shared, Duration warmUp) {
        long sharedBytes = Conformance.bytesPerCall(shared.result(Check.NO_ALLOCATION).first().detail()).orElse(-1);
        if (CodecRegistry.all().stream().noneMatch(r -> r == c)) {
            return new Outcome(c.name(), sharedBytes, Verdict.NOT_RECHECKED, -1,
                    "it is not a registered codec (made in this JVM, not by a plugin jar), so a JVM of its own cannot load it by name");
        }
        List<String> args = new ArrayList<>(List.of("check", "--codec", c.name(), "--seed", String.valueOf(shared.seed()), "--pages", "0",
                "--warm-up", String.valueOf(warmUp.toSeconds())));
        CodecRegistry.source(c.name()).ifPresent(src -> args.addAll(List.of("--plugin", src.jar().toString())));
        // -Xbatch: a call that triggers a compilation waits for it, so the decoder is compiled after
        // as many calls on a loaded machine as on an idle one; -XX flags: the same vector shape
        List<String> flags = Stream.concat(ManagementFactory.getRuntimeMXBean().getInputArguments().stream().filter(a -> a.startsWith("-XX:")),
                Stream.of("-Xmx1g", "-Xbatch")).toList();
        ChildJvm.Result res;
        try {
            res = ChildJvm.run(ChildJvm.command(List.of(), flags, Main.class, args), TIMEOUT_SECONDS);
        } catch (IllegalStateException e) {
            return new Outcome(c.name(), sharedBytes, Verdict.NOT_RECHECKED, -1, "its JVM failed: " + e.getMessage());
        }
        if (res.exitCode() == 0) return new Outcome(c.name(), sharedBytes, Verdict.CONFORMS, 0, "");
        OptionalLong own = Conformance.bytesPerCall(res.stdout());
        String output = "exit " + res.exitCode() + "\n" + res.stdout() + res.stderrTail(20);
        // allocation its one failure there, as here: the figure says it all
        boolean onlyAllocation = own.isPresent() && res.exitCode() == 1 && res.stdout().contains(": 1 checks FAIL");
        return onlyAllocation ? new Outcome(c.name(), sharedBytes, Verdict.ALLOCATES, own.getAsLong(), "")
                : new Outcome(c.name(), sharedBytes, Verdict.FAILS, own.orElse(-1), output);
    }
}
