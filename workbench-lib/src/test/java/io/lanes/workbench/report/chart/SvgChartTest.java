package io.lanes.workbench.report.chart;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The DOM contract a browser test relies on, checked on the parsed SVG of each chart kind. */
class SvgChartTest {
    private static final String NASTY = "a<b&c\"d'";

    static Document parse(String svg) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    }

    static List<Element> withClass(Document d, String cls) {
        List<Element> out = new ArrayList<>();
        NodeList all = d.getElementsByTagName("*");
        for (int i = 0; i < all.getLength(); i++) {
            Element e = (Element) all.item(i);
            if (List.of(e.getAttribute("class").split(" ")).contains(cls)) out.add(e);
        }
        return out;
    }

    static Set<String> attr(List<Element> es, String name) {
        Set<String> out = new LinkedHashSet<>();
        for (Element e : es) out.add(e.getAttribute(name));
        return out;
    }

    /** Checks the contract common to every chart and returns the parsed document. */
    static Document contract(SvgChart chart) throws Exception {
        String svg = chart.svg();
        assertFalse(svg.contains("<script") || svg.contains("href") || svg.contains("url(") || svg.contains("file:"), "nothing outside the element");
        Document d = parse(svg);
        Element root = d.getDocumentElement();
        assertEquals("svg", root.getTagName());
        assertEquals("wb-chart", root.getAttribute("class"));
        assertEquals("img", root.getAttribute("role"));
        assertEquals(chart.title(), root.getAttribute("aria-label"));
        assertEquals("100%", root.getAttribute("width"));
        assertTrue(root.getAttribute("viewBox").matches("0 0 \\d+ \\d+"), root.getAttribute("viewBox"));
        assertTrue(root.getAttribute("style").contains("max-width"));
        List<Element> marks = withClass(d, "wb-mark");
        assertFalse(marks.isEmpty());
        for (Element m : marks) {
            assertTrue(m.hasAttribute("data-series"), "every mark names its series");
            Node first = m.getFirstChild();
            assertTrue(first instanceof Element t && t.getTagName().equals("title") && !t.getTextContent().isBlank(), "every mark has a tooltip");
        }
        return d;
    }

    @Test
    void aLineChartHasALegendItemPerSeriesAndTooltipsWithTheFigures() throws Exception {
        SvgChart c = SvgChart.line("speed " + NASTY, "bit width (bits)", "GiB/s").logY(true)
                .add("bitpack.seq.vector", List.of(Point.xy(1, 3.5).interval(3.2, 3.9).note("column syn.uniform.w1, working set 400KiB"), Point.xy(2, 0.3)))
                .add(NASTY, List.of(Point.xy(1, 2), Point.xy(2, Double.NaN), Point.xy(3, 0), Point.xy(4, -1), Point.xy(5, 170)))
                .add("store-only", List.of(Point.xy(1, 150), Point.xy(2, 160)))
                .add("nothing.shown", List.of(Point.xy(1, 0), Point.xy(2, Double.NaN)));
        Document d = contract(c);
        List<Element> marks = withClass(d, "wb-mark");
        Set<String> series = attr(marks, "data-series");
        assertEquals(Set.of("bitpack.seq.vector", NASTY, "store-only"), series, "escaped names survive; a series with nothing to show is left out");
        assertEquals(series, attr(withClass(d, "wb-legend-item"), "data-series"));
        assertEquals(3, withClass(d, "wb-legend-item").size());
        // 3 lines + 2 + 2 + 2 points: NaN, zero and negative values are left out of the log axis
        assertEquals(9, marks.size());
        String tips = d.getDocumentElement().getTextContent();
        assertTrue(tips.contains("GiB/s: 3.5") && tips.contains("interval: 3.2 \u2013 3.9") && tips.contains("working set 400KiB"), tips);
        assertEquals(1, withClass(d, "wb-err").size(), "one error bar");
        assertTrue(c.svg().contains("stroke-dasharray=\"6 4\""), "store-only is dashed");
    }

    @Test
    void aBarChartLabelsEveryCategoryOnceAndKeepsLongLabelsAndTitlesWhole() throws Exception {
        List<Point> bars = new ArrayList<>();
        for (int i = 0; i < 20; i++) bars.add(Point.bar("claim-" + i + "-with-a-rather-long-identifier", 0.5 + i * 0.1).band(1, i % 2 == 0 ? 1.5 : Double.POSITIVE_INFINITY));
        String yTitle = "decoded GiB/s, geomean over columns (higher is better) and a title long enough to wrap onto a second line of text";
        SvgChart c = SvgChart.bars("claims", "claim", yTitle).logY(true).reference(1, "1 = published").add("measured / published", bars);
        Document d = contract(c);
        List<Element> marks = withClass(d, "wb-mark");
        List<Element> cats = withClass(d, "wb-cat");
        assertEquals(20, marks.size());
        assertEquals(20, cats.size(), "one label per bar");
        assertEquals(attr(marks, "data-cat"), new LinkedHashSet<>(cats.stream().map(Element::getTextContent).toList()));
        assertEquals(0, withClass(d, "wb-legend-item").size(), "a single-series bar chart needs no legend");
        assertEquals(20, withClass(d, "wb-band").size());
        assertEquals(1, withClass(d, "wb-ref").size());
        StringBuilder title = new StringBuilder();
        NodeList texts = d.getElementsByTagName("text");
        for (int i = 0; i < texts.getLength(); i++) {
            Element t = (Element) texts.item(i);
            if (t.getAttribute("transform").endsWith("rotate(-90)")) title.append(t.getTextContent()).append(' ');
        }
        assertEquals(yTitle, title.toString().trim(), "the y title is wrapped, not cut");
    }

    @Test
    void groupedBarsHaveOneLegendItemPerSeriesAndValueLabelsOnlyWhereTheyFit() throws Exception {
        SvgChart c = SvgChart.bars("compare", "codec @ working set", "GiB/s").logY(true)
                .add("run-a", Palette.ordinal(0), List.of(Point.bar("bitpack.seq.vector @ 400KiB", 12.5), Point.bar("store-only @ 400KiB", 150)))
                .add("run-b", Palette.ordinal(1), List.of(Point.bar("bitpack.seq.vector @ 400KiB", 11.0), Point.bar("store-only @ 400KiB", 140)));
        Document d = contract(c);
        assertEquals(4, withClass(d, "wb-mark").size());
        assertEquals(2, withClass(d, "wb-cat").size());
        assertEquals(List.of("run-a", "run-b"), List.copyOf(attr(withClass(d, "wb-legend-item"), "data-series")));

        List<Point> many = new ArrayList<>();
        for (int i = 0; i < 60; i++) many.add(Point.bar("c" + i, 123456.7 + i * 1000));
        String crowded = SvgChart.bars("crowded", "c", "v").add("v", many).svg();
        assertFalse(crowded.contains(">123000<") || crowded.contains(">124000<"), "a label wider than its bar is left out (the tooltip has it)");
        String roomy = SvgChart.bars("roomy", "c", "v").add("v", List.of(Point.bar("a", 2.5), Point.bar("b", 3))).svg();
        assertTrue(roomy.contains(">2.5<") && roomy.contains(">3<"), roomy);
        Document gaps = contract(SvgChart.bars("gaps", "c", "v").logY(true).add("v", List.of(Point.bar("a", 2), Point.bar("b", Double.NaN), Point.bar("c", 0))));
        assertEquals(List.of("a"), withClass(gaps, "wb-cat").stream().map(Element::getTextContent).toList(), "no label without a bar");
    }

    @Test
    void aScatterChartDrawsTheWallAsALineAndColoursByCodec() throws Exception {
        SvgChart c = SvgChart.scatter("size against speed", "bits/value", "GiB/s").logY(true)
                .add("pfor.seq", List.of(Point.xy(9, 2)))
                .add("pfor.fastlanes", List.of(Point.xy(9.5, 4).interval(3.5, 4.5)))
                .add("store-only", List.of(Point.xy(Double.NaN, 150)));
        Document d = contract(c);
        assertEquals(3, withClass(d, "wb-legend-item").size());
        String svg = c.svg();
        assertTrue(svg.contains(Palette.of("pfor.seq").colour()) && svg.contains(Palette.of("pfor.fastlanes").colour()));
        assertTrue(contract(SvgChart.scatter("empty", "x", "y").add("a", List.of(Point.xy(1, 1)))).getDocumentElement() != null);
    }
}
