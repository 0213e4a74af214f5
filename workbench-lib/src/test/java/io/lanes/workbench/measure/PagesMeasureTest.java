package io.lanes.workbench.measure;

import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.parquet.ParquetPage;
import io.lanes.workbench.corpus.Column;
import io.lanes.workbench.corpus.Datasets;
import io.lanes.workbench.corpus.Locations;
import io.lanes.workbench.corpus.Pages;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Timing a writer's pages as written: the prepared pages decode, at every placement, to what the
 * independent reader gives (DuckDB for a parquet-testing file, the column for parquet-java's pages
 * of a corpus column); the harness measures exactly the pages' values and bytes at one point
 * {@code pages}; and a decoder that cannot read them is stopped with a message before anything is timed.
 */
class PagesMeasureTest {
    static final Path TESTING = Locations.discover().catalog().resolveSibling("parquet-testing");
    static final List<Arm> DELTA64 = List.of(Arm.storeOnly(), Arm.named("parquet.delta64.miniblock"), Arm.named("parquet.delta64.coalesced"),
            Arm.named("parquet.delta64.vscan"), Arm.named("peer.parquet.delta64"));

    static List<Codec> codecs(List<Arm> arms) {
        return arms.stream().filter(a -> !a.isStoreOnly()).map(Arm::codec).toList();
    }

    /** A parquet-testing DELTA column with nulls, and parquet-java's three pages of a corpus column. */
    static List<Pages> pageSets() {
        Column ts = Datasets.load("syn.shape64.timestamp");
        long[] three = Arrays.copyOf(ts.longs(), 45_000);
        Column col = Column.ofLongs(ts.id(), ts.dataset(), three, ts.provenance());
        return List.of(Pages.ofFile(TESTING.resolve("delta_encoding_optional_column.parquet"), "c_birth_year", codecs(DELTA64)),
                Pages.writtenByParquetJava(col, codecs(DELTA64)));
    }

    @Test
    void preparedPagesDecodeToTheIndependentReadersValuesAtEveryPlacement() {
        for (Pages pages : pageSets()) {
            for (Arm a : DELTA64) {
                Prepared p = Prepared.of(a, pages);
                assertEquals(pages.values().size(), p.values(), "one call decodes every page's values");
                assertFalse(p.encodes(), "a writer's pages are not re-encoded");
                assertThrows(IllegalStateException.class, p::encode, "encoding would overwrite the writer's pages");
                if (a.isStoreOnly()) continue;
                assertEquals(pages.pages().size(), p.pages());
                assertEquals(pages.encodedBytes(), p.encodedBytes(), "the input is the pages' value sections back to back");
                for (int s = 0; s < 64; s++) {
                    p.place(s);
                    assertTrue(p.inOff >= 0 && p.inOff + 8 <= Prepared.PAD_BYTES);
                    p.verify(pages.values().id() + " slot " + s); // every page moved intact and decodes at its new place
                }
            }
        }
        assertEquals(3, pageSets().get(1).pages().size(), "45,000 values are three parquet-java pages");
    }

    @Test
    void theHarnessMeasuresThePagesValuesAndBytesAtOnePoint() {
        List<Pages> sets = pageSets();
        List<List<Measurement>> measured = new ArrayList<>();
        List<String> points = new ArrayList<>();
        new Harness(HarnessTest.TINY).runPages(DELTA64, sets, new Harness.Listener() {
            @Override
            public void measured(List<Measurement> ms) {
                measured.add(ms);
            }

            @Override
            public void pointDone(String point, ValidityGate.Verdict verdict) {
                points.add(point);
            }
        });
        assertEquals(List.of(Harness.PAGES), points, "one point for all pages: the ladder does not apply");
        assertEquals(2, measured.size());
        for (int i = 0; i < sets.size(); i++) {
            Pages pages = sets.get(i);
            long sections = 0;
            for (ParquetPage p : pages.pages()) sections += p.codecPage().length;
            List<Measurement> ms = measured.get(i);
            assertEquals(DELTA64.size() + 1, ms.size(), "every arm and the control twin");
            assertTrue(ms.getLast().control());
            for (Measurement m : ms) {
                assertEquals(pages.values().id(), m.columnId());
                assertEquals(Harness.PAGES, m.workingSet());
                assertEquals(pages.values().size(), m.values());
                assertEquals(8L * pages.values().size(), m.outputBytes(), "store-only writes as many output bytes as a decoder");
                assertEquals(0, m.encodeNanos().length, "nothing is encoded");
                if (!m.arm().equals(StoreOnly.NAME)) assertEquals(sections, m.inputBytes(), m.arm() + " reads the pages' value sections");
            }
        }
        assertEquals("parquet-testing/delta_encoding_optional_column.parquet:c_birth_year", measured.get(0).getFirst().columnId());
        assertEquals(97, measured.get(0).getFirst().values());
        assertEquals("parquet-java(syn.shape64.timestamp)", measured.get(1).getFirst().columnId());
        assertEquals(45_000, measured.get(1).getFirst().values());
    }

    @Test
    void aCodecOfAnotherPageFormatIsRefusedBeforeAnythingIsTimed() {
        Pages pages = pageSets().getFirst();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Prepared.of(Arm.named("bitpack.seq.scalar64"), pages));
        assertTrue(e.getMessage().contains("bitpack.seq.scalar64 cannot decode the parquet.delta64 int64 pages of " + pages.values().id())
                && e.getMessage().contains("parquet.delta64.coalesced, parquet.delta64.vscan") && e.getMessage().contains("peer.parquet.delta64"), e.getMessage());
        List<List<Measurement>> measured = new ArrayList<>();
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> new Harness(HarnessTest.TINY).runPages(
                List.of(Arm.storeOnly(), Arm.named("bitpack.seq.scalar64")), List.of(pages), measured::add));
        assertTrue(none.getMessage().contains("no codec arm reads the page format of any page set") && none.getMessage().contains("bitpack.seq.scalar64"),
                none.getMessage());
        assertEquals(List.of(), measured, "refused before the first page set was measured");
        // beside an arm that reads them, an arm of another format is left out of those pages (the log says so), not the run
        new Harness(HarnessTest.TINY).runPages(List.of(Arm.named("parquet.delta64.vscan"), Arm.named("bitpack.seq.scalar64")), List.of(pages), measured::add);
        assertEquals(List.of("parquet.delta64.vscan", "parquet.delta64.vscan"), measured.getFirst().stream().map(Measurement::arm).toList(),
                "the arm and its control twin");
    }

    @Test
    void pagesTheDecoderRejectsOrAReferenceTheyDoNotHoldStopVerify() {
        Pages good = pageSets().getFirst();
        ParquetPage page = good.pages().getFirst();
        byte[] cut = Arrays.copyOf(page.codecPage(), page.codecPage().length / 2);
        ParquetPage truncated = new ParquetPage(page.column(), 0, page.kind(), page.encoding(), page.physicalType(), page.numValues(), page.nonNull(),
                cut, page.definitionLevels(), page.codec(), cut);
        Pages bad = new Pages(good.values(), good.writer(), good.format(), List.of(truncated), List.of());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Prepared.of(Arm.named("parquet.delta64.vscan"), bad).verify("here"));
        assertTrue(e.getMessage().contains("parquet.delta64.vscan cannot decode the page of " + good.values().id()), e.getMessage());

        long[] wrong = good.values().longs().clone();
        wrong[40]++;
        Column w = Column.ofLongs(good.values().id(), good.values().dataset(), wrong, "a wrong reference");
        Pages lying = new Pages(w, good.writer(), good.format(), good.pages(), List.of());
        IllegalStateException m = assertThrows(IllegalStateException.class, () -> Prepared.of(Arm.named("peer.parquet.delta64"), lying).verify("here"));
        assertTrue(m.getMessage().contains("decoded value 40"), m.getMessage());
    }
}
