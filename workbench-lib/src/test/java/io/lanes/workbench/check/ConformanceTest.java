package io.lanes.workbench.check;

import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.CodecRegistry;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every registered codec through {@link Conformance#check}: each of the project's own passes every
 * check; a peer adapter ({@code peer.*}) is checked too and its failures are listed as the peer
 * library's, never hidden (they are printed, and each names its first case).
 */
class ConformanceTest {
    @TestFactory
    Stream<DynamicTest> everyRegisteredCodecConforms() {
        return CodecRegistry.all().stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> {
            ConformanceReport r = Conformance.check(c);
            System.out.println(r.lines().getFirst());
            assertEquals(ConformanceReport.Check.values().length, r.results().size(), r.toString());
            for (ConformanceReport.Result res : r.results()) if (res.applies()) assertTrue(res.cases() > 0, c.name() + ": " + res.check() + " ran no case\n" + r);
            if (peer(c)) {
                assertTrue(r.peer(), r.toString());
                for (ConformanceReport.Result f : r.failed()) assertTrue(f.first() != null, "a peer's failure names its case\n" + r);
                if (!r.passed()) System.out.println(r);
            } else {
                assertTrue(r.passed(), r.toString());
            }
        }));
    }

    private static boolean peer(Codec c) {
        return c.name().startsWith("peer.");
    }
}
