package io.lanes.workbench.check;

import io.lanes.workbench.check.ConformanceReport.Check;
import io.lanes.workbench.cli.Main;
import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.registry.CodecRegistry;
import io.lanes.workbench.measure.ChildJvm;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.List;
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
 * its own alone, and must pass there: a decoder that allocates per call fails in both, and the
 * check itself is pinned by {@link ConformanceCatchesTest}.
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
            String own = checkedInAJvmOfItsOwn(c);
            assertTrue(own.isEmpty(), c.name() + " fails in a JVM of its own too:\n" + own + "\nin this JVM:\n" + r);
            System.out.println(c.name() + ": conforms in a JVM of its own; in this JVM, after the earlier codecs' JIT profiles, "
                    + alloc.first().detail() + " (not the decoder's: see the class comment)");
        }));
    }

    /**
     * {@code workbench check --codec NAME} in a child JVM with this JVM's {@code -XX} flags (the
     * vector shape), a 1 GB heap, no mutated pages (this JVM ran them) and {@link #OWN_JVM_WARM_UP};
     * empty when it exits 0, otherwise what it printed. {@code -Xbatch}: a call that triggers a
     * compilation waits for it, so the decoder is compiled after as many calls on a loaded machine as
     * on an idle one, not when the JIT's threads get their share of the cores.
     */
    private static String checkedInAJvmOfItsOwn(Codec c) {
        List<String> flags = Stream.concat(ManagementFactory.getRuntimeMXBean().getInputArguments().stream().filter(a -> a.startsWith("-XX:")), Stream.of("-Xmx1g", "-Xbatch")).toList();
        List<String> args = List.of("check", "--codec", c.name(), "--pages", "0", "--warm-up", String.valueOf(OWN_JVM_WARM_UP.toSeconds()));
        ChildJvm.Result res = ChildJvm.run(ChildJvm.command(List.of(), flags, Main.class, args), 600);
        return res.exitCode() == 0 ? "" : "exit " + res.exitCode() + "\n" + res.stdout() + res.stderrTail(20);
    }

    private static boolean peer(Codec c) {
        return c.name().startsWith("peer.");
    }
}
