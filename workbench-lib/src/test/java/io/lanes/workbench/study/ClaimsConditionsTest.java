package io.lanes.workbench.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lanes.workbench.corpus.Column;
import io.lanes.workbench.corpus.Datasets;
import io.lanes.workbench.measure.Fingerprint;
import io.lanes.workbench.measure.Mode;
import io.lanes.workbench.report.claims.Claim;
import io.lanes.workbench.report.claims.Condition;
import io.lanes.workbench.report.claims.PublishedCondition;
import io.lanes.workbench.report.claims.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** A claim published at a narrower register width is measured twice: here, and in a child JVM held to that width. */
class ClaimsConditionsTest {
    @Test
    void aNarrowerPublishedWidthIsMeasuredInAChildJvmUnderItsFlags(@TempDir Path dir) throws Exception {
        Condition.Machine machine = Condition.Machine.of(Fingerprint.capture());
        assumeTrue(machine.vectorBits() > 128, "needs a machine wider than 128 bits");
        PublishedCondition neon = new PublishedCondition("aarch64", 128, "NEON", "GCC -O3", "not stated", "d", "16 KiB");
        Claim c = new Claim("narrow", 1, "s", "s", "p", "bitpack.seq.vector", "bitpack.seq.scalar", "quick", ClaimsRunner.QUICK_CONDITIONS_POINT,
                "decode_speed", 1, 1, 0.1, "", "e", neon, "t");
        Claim small = new Claim("small", 1, "s", "s", "p", "bitpack.seq.vector", "bitpack.seq.scalar", "quick", "16KiB", "decode_speed",
                1, 1, 0.1, "", "e", neon, "t");
        List<Column> one = Datasets.set("quick").subList(0, 1);
        List<String> log = new ArrayList<>();
        List<Verdict> all = ClaimsRunner.run(List.of(c, small), Mode.QUICK, dir, log::add, set -> one, Recorder.Options.none(),
                ClaimsRunner.Scope.NARROWED_AT_400KIB_ONLY);
        List<Verdict> vs = all.subList(0, 2);

        assertEquals(List.of("native", "vec128"), vs.stream().map(v -> v.condition().id()).toList(), String.join("\n", log));
        for (Verdict v : vs) assertTrue(v.measured() > 0 && v.columns() == 1, v + "\n" + String.join("\n", log));
        assertTrue(vs.get(1).atPublished() && !vs.get(0).atPublished());
        Verdict skipped = all.get(3);
        assertEquals("vec128", skipped.condition().id());
        assertTrue(Double.isNaN(skipped.measured()) && skipped.note().startsWith("not measured: the quick main job"), skipped.toString());
        assertTrue(all.get(2).measured() > 0, "the native condition of a claim off the quick point is measured");
        JsonNode child = new ObjectMapper().readTree(dir.resolve("quick-400KiB@vec128").resolve("metadata.json").toFile()).path("fingerprint");
        assertEquals("128", child.path("vector_preferred_bits").asText(), "the child ran at the published width");
        assertTrue(child.path("jvm_flags").asText().contains("-XX:MaxVectorSize=16"), child.path("jvm_flags").asText());
        JsonNode here = new ObjectMapper().readTree(dir.resolve("quick-400KiB").resolve("metadata.json").toFile()).path("fingerprint");
        assertEquals(Integer.toString(machine.vectorBits()), here.path("vector_preferred_bits").asText());
        // the stored bundles give the same verdicts again, per condition
        List<Verdict> again = ClaimsRunner.judgeStored(List.of(c), dir, Fingerprint.capture());
        assertEquals(vs.stream().map(Verdict::measured).toList(), again.stream().map(Verdict::measured).toList());
    }
}
