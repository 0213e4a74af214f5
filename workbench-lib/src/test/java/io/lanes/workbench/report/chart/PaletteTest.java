package io.lanes.workbench.report.chart;

import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.registry.CodecRegistry;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A codec's look is a function of its name, and no two codecs of one family look alike. */
class PaletteTest {
    @Test
    void theSameCodecHasTheSameStyleWhateverElseIsCharted() {
        assertEquals(Palette.of("pfor.seq"), Palette.of("pfor.seq"));
        SvgChart a = SvgChart.scatter("a", "x", "y").add("pfor.seq", List.of(Point.xy(1, 1)));
        SvgChart b = SvgChart.scatter("b", "x", "y").add("pfor.fastlanes", List.of(Point.xy(1, 1))).add("pfor.seq", List.of(Point.xy(1, 1)));
        assertEquals(a.series().getFirst().style(), b.series().get(1).style());
        assertEquals(Palette.of("parquet.delta"), Palette.of("parquet.delta@select=0.1"), "an annotated arm looks like its codec");
    }

    @Test
    void everyRegisteredCodecOfAFamilyHasItsOwnColourAndMarker() {
        Map<String, List<String>> byFamily = new LinkedHashMap<>();
        for (Codec c : CodecRegistry.all()) {
            String f = Palette.family(c.name());
            assertTrue(f != null, "codec " + c.name() + " has no family in Palette: add its prefix");
            byFamily.computeIfAbsent(f, k -> new ArrayList<>()).add(c.name());
        }
        byFamily.forEach((family, names) -> {
            Set<Palette.Style> seen = new HashSet<>();
            for (String n : names) assertTrue(seen.add(Palette.of(n)), family + ": " + n + " looks like another variant");
            for (int i = 1; i < names.size(); i++) {
                Palette.Style p = Palette.of(names.get(i - 1));
                Palette.Style q = Palette.of(names.get(i));
                assertNotEquals(p.colour(), q.colour(), "neighbouring variants differ in shade: " + names.get(i));
                assertNotEquals(p.marker(), q.marker(), "and in marker: " + names.get(i));
            }
        });
    }

    @Test
    void familiesOfTheReviewHaveDistinctHuesAndPeersAreNotOneColour() {
        assertNotEquals(Palette.of("pfor.seq").colour(), Palette.of("pfor.fastlanes").colour());
        Set<Palette.Style> jfp = new HashSet<>(List.of(Palette.of("peer.jfp.fastpfor"), Palette.of("peer.jfp.binarypacking"), Palette.of("peer.jfp.vectorfastpfor")));
        assertEquals(3, jfp.size());
        assertNotEquals(Palette.of("bitpack.seq.vector").colour(), Palette.of("fastlanes.unpack.transposed").colour());
        assertEquals("general", Palette.family("lz4"));
        assertEquals("for", Palette.family("for.seq"));
        assertEquals(null, Palette.family("format.x"), "a prefix matches whole words only");
    }

    @Test
    void storeOnlyIsTheDashedBlackWallAndUnknownNamesAreStable() {
        Palette.Style wall = Palette.of("store-only");
        assertTrue(wall.reference());
        assertEquals("#000000", wall.colour());
        assertEquals(Marker.NONE, wall.marker());
        assertTrue(Palette.of("store-only 400KiB").reference());
        assertFalse(Palette.of("store-onlyx").reference());
        assertEquals(Palette.of("acme.fast"), Palette.of("acme.fast"));
        assertEquals(Palette.of("my.unknown.plugin"), Palette.of("my.unknown.plugin"));
        assertNotEquals(Palette.ordinal(0), Palette.ordinal(1));
    }
}
