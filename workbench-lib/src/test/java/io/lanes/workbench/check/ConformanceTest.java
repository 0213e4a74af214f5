package io.lanes.workbench.check;

import io.lanes.workbench.check.ConformanceReport.Check;
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
 * check but one; a peer adapter ({@code peer.*}) is checked too and its failures are listed as the
 * peer library's, each naming its first case, never hidden.
 *
 * <p>The one check not asserted here is {@link Check#NO_ALLOCATION}, because in this JVM its
 * outcome depends on the JIT's history rather than on the decoder. Each codec checked in a JVM of
 * its own ({@code ./workbench check --codec NAME}, what the your-own-codec check runs) allocates
 * nothing after warm-up, every built-in that is not a peer and does not declare it allocates by
 * design; but checked after every other codec in one JVM ({@code ./workbench check}, ten seconds of
 * warm-up each, or here with one), two to four of them still allocate, a different few from run to
 * run ({@code fastlanes.delta.*}, {@code parquet.delta.*}, FastLanes unpackers), their vector code
 * left in C1 or out of line by C2 after the earlier codecs' profiles. Here its outcome is printed
 * with the report. The check itself is pinned by {@link ConformanceCatchesTest}, where a decoder that
 * allocates per call is caught. A codec that declares it allocates by design
 * ({@link Codec#allocatesByDesign()}) is held to it here: that allocation is no JIT artefact, so the
 * check must have found it.
 */
class ConformanceTest {
    /** Warm-up for the allocation check: its outcome is printed, not asserted, so a short one keeps the suite's time. */
    private static final Duration WARM_UP = Duration.ofSeconds(1);

    @TestFactory
    Stream<DynamicTest> everyRegisteredCodecConforms() {
        return CodecRegistry.all().stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> {
            Conformance.Settings d = Conformance.Settings.DEFAULT;
            ConformanceReport r = Conformance.check(c, new Conformance.Settings(d.seed(), d.pages(), d.decodeLimit(), WARM_UP));
            System.out.println(r.passed() ? r.lines().getFirst() : r.toString());
            assertEquals(Check.values().length, r.results().size(), r.toString());
            for (ConformanceReport.Result res : r.results()) if (res.applies()) assertTrue(res.cases() > 0, c.name() + ": " + res.check() + " ran no case\n" + r);
            assertEquals(peer(c), r.peer(), r.toString());
            if (peer(c)) {
                for (ConformanceReport.Result f : r.failed()) assertTrue(f.first() != null, "a peer's failure names its case\n" + r);
                assertTrue(r.passed() || r.lines().getFirst().contains("the peer library's own"), r.toString());
            } else {
                for (ConformanceReport.Result res : r.results()) {
                    if (res.check() != Check.NO_ALLOCATION) assertTrue(res.passed(), res.check().label() + " fails\n" + r);
                }
                if (!c.allocatesByDesign().isEmpty()) assertTrue(r.result(Check.NO_ALLOCATION).expected(), "declares it allocates " + c.allocatesByDesign() + "\n" + r);
            }
        }));
    }

    private static boolean peer(Codec c) {
        return c.name().startsWith("peer.");
    }
}
