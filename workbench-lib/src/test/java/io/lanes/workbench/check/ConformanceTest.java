package io.lanes.workbench.check;

import io.lanes.workbench.check.ConformanceReport.Check;
import io.lanes.workbench.cli.AllocationRecheck;
import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.registry.CodecRegistry;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.time.Duration;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every registered codec through {@link Conformance#check}: each of the project's own passes every
 * check; a peer adapter ({@code peer.*}) is checked too and its failures are listed as the peer
 * library's, each naming its first case, never hidden.
 *
 * <p>The allocation check ({@link Check#NO_ALLOCATION}) is asserted with the allowance the registry
 * states: none, unless the codec declares what its decode allocates by design
 * ({@link Codec#allocatesByDesign()}, a measured arm reproducing an allocating decoder), which the
 * check must then have found. In this JVM its outcome also depends on the JIT's history: checked after
 * other codecs with a short warm-up, a few to a dozen built-ins still allocate, a different set from
 * run to run (5, 6 and 13 in three runs, docs/measurements.md: FastLanes unpackers and deltas,
 * {@code parquet.dict*}, {@code parquet.delta-byte-array*}), their vector code not yet compiled or
 * left in C1 or out of line by C2 after the earlier codecs' profiles, while each checked in a JVM of its
 * own ({@code ./workbench check --codec NAME}, what the your-own-codec check runs) allocates nothing.
 * So a codec found allocating here is checked again in a child JVM of its own, where profiles are
 * its own alone ({@link AllocationRecheck}, what {@code ./workbench check} does too), and must pass
 * there: a decoder that allocates per call fails in both, and the check itself is pinned by
 * {@link ConformanceCatchesTest}.
 */
class ConformanceTest {
    /** Warm-up for the allocation check in this JVM: a codec found allocating is checked again, so a short one keeps the suite's time. */
    private static final Duration WARM_UP = Duration.ofSeconds(1);
    /**
     * Warm-up in a JVM of its own: three times {@code ./workbench check}'s, since the machine running
     * the suite may be loaded and the JIT's threads slow; only a decoder still allocating spends it all.
     */
    private static final Duration OWN_JVM_WARM_UP = Conformance.Settings.DEFAULT.warmUp().multipliedBy(3);

    @TestFactory
    Stream<DynamicTest> everyRegisteredCodecConforms() {
        return CodecRegistry.all().stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> {
            Conformance.Settings d = Conformance.Settings.DEFAULT;
            ConformanceReport r = Conformance.check(c, new Conformance.Settings(d.seed(), d.pages(), d.decodeLimit(), WARM_UP));
            assertEquals(Check.values().length, r.results().size(), r.toString());
            for (ConformanceReport.Result res : r.results()) if (res.applies()) assertTrue(res.cases() > 0, c.name() + ": " + res.check() + " ran no case\n" + r);
            assertEquals(peer(c), r.peer(), r.toString());
            if (peer(c)) {
                System.out.println(r.passed() ? r.lines().getFirst() : r.toString());
                for (ConformanceReport.Result f : r.failed()) assertTrue(f.first() != null, "a peer's failure names its case\n" + r);
                assertTrue(r.passed() || r.lines().getFirst().contains("the peer library's own"), r.toString());
                return;
            }
            for (ConformanceReport.Result res : r.results()) {
                if (res.check() != Check.NO_ALLOCATION) assertTrue(res.passed(), res.check().label() + " fails\n" + r);
            }
            ConformanceReport.Result alloc = r.result(Check.NO_ALLOCATION);
            if (!c.allocatesByDesign().isEmpty()) assertTrue(alloc.expected(), "declares it allocates " + c.allocatesByDesign() + "\n" + r);
            if (alloc.passed()) {
                System.out.println(r.lines().getFirst());
                return;
            }
            AllocationRecheck.Outcome own = AllocationRecheck.run(c, r, OWN_JVM_WARM_UP);
            assertTrue(own.conforms(), own.line() + "\nin this JVM:\n" + r);
            System.out.println(own.line());
        }));
    }

    private static boolean peer(Codec c) {
        return c.name().startsWith("peer.");
    }
}
