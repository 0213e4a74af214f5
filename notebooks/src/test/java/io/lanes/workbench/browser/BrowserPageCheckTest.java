package io.lanes.workbench.browser;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.openqa.selenium.By;

import javax.imageio.ImageIO;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link BrowserPageCheck} on small crafted pages in real Chromium: a page that keeps every rule
 * passes, and for each rule a page that breaks it is caught with a problem line that says so. Fails
 * (never skips) when Chromium is not installed.
 */
class BrowserPageCheckTest {
    /** A 1x1 PNG. */
    private static final String PIXEL = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

    private static BrowserPageCheck browser;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() {
        browser = BrowserPageCheck.start();
    }

    @AfterAll
    static void stop() {
        if (browser != null) browser.close();
    }

    /** A bar chart of two series over {@code cats} categories with {@code labels} category labels and {@code legend} legend entries. */
    private static String barChart(int cats, int labels, int legend, boolean titles) {
        StringBuilder b = new StringBuilder("<svg class=\"wb-chart\" aria-label=\"Decode speed\" width=\"600\" height=\"300\" xmlns=\"http://www.w3.org/2000/svg\">");
        for (String series : List.of("plain", "bitpack")) {
            for (int c = 0; c < cats; c++) {
                b.append("<rect class=\"wb-mark\" data-series=\"").append(series).append("\" data-cat=\"ws").append(c).append("\" x=\"")
                        .append(40 + c * 120 + (series.equals("plain") ? 0 : 40)).append("\" y=\"100\" width=\"30\" height=\"150\">")
                        .append(titles ? "<title>" + series + " @ ws" + c + ": 12.5 GiB/s</title>" : "").append("</rect>");
            }
        }
        for (int c = 0; c < labels; c++) b.append("<text class=\"wb-cat\" x=\"").append(60 + c * 120).append("\" y=\"280\">ws").append(c).append("</text>");
        for (int s = 0; s < legend; s++) b.append("<g class=\"wb-legend-item\"><rect x=\"500\" y=\"").append(20 + s * 20).append("\" width=\"10\" height=\"10\"/>")
                .append("<text x=\"515\" y=\"").append(30 + s * 20).append("\">series ").append(s).append("</text></g>");
        return b.append("</svg>").toString();
    }

    private Path page(String name, String head, String body) throws IOException {
        return Files.writeString(dir.resolve(name + ".html"), "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + name + "</title>"
                + head + "</head>\n<body>\n" + body + "\n</body></html>\n");
    }

    @Test
    void aPageThatKeepsEveryRulePasses() throws IOException {
        Path good = page("good",
                // data: URIs are the one kind of URL a self-contained page may use
                "<style>body { max-width: 1100px; margin: 1em auto; } .bg { background: url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E\"); }</style>",
                "<h1 id=\"top\" class=\"bg\">Report</h1><p><a href=\"#top\">back to the top</a></p>\n"
                        + "<figure>" + barChart(3, 3, 2, true) + "</figure>\n"
                        // one series needs no legend
                        + "<svg class=\"wb-chart\" width=\"300\" height=\"200\"><circle class=\"wb-mark\" data-series=\"plain\" cx=\"50\" cy=\"50\" r=\"4\"><title>plain: 5 bits, 9 GiB/s</title></circle></svg>\n"
                        // wider than the window, but inside a box that scrolls: the page itself stays narrow
                        + "<div style=\"overflow-x: auto\"><table style=\"width: 2400px\"><tr><td>a wide table</td></tr></table></div>\n"
                        + "<svg width=\"16\" height=\"16\"><circle cx=\"8\" cy=\"8\" r=\"6\"/></svg>");
        assertEquals(List.of(), browser.problems(good));
    }

    static Stream<Arguments> badPages() {
        return Stream.of(
                Arguments.of("console-error", "", "<script>console.error('the chart data is missing')</script>",
                        "console error: ", "the chart data is missing"),
                Arguments.of("uncaught-exception", "", "<script>throw new Error('kaput')</script>", "console error: ", "kaput"),
                Arguments.of("missing-image", "", "<img alt=\"logo\" src=\"missing-logo.png\">", "image failed to load: ", "missing-logo.png"),
                Arguments.of("relative-image", "", "<img alt=\"logo\" src=\"missing-logo.png\">", "file:// reference: <img src=", "missing-logo.png"),
                Arguments.of("external-script", "", "<script src=\"https://cdn.example.invalid/chart.js\"></script>",
                        "external reference: <script src=", "cdn.example.invalid"),
                Arguments.of("file-style-sheet", "<link rel=\"stylesheet\" href=\"file:///usr/share/javascript/report.css\">", "<p>text</p>",
                        "file:// reference: <link href=", "report.css"),
                Arguments.of("external-link", "", "<p>See <a href=\"https://example.org/paper\">the paper</a>.</p>",
                        "external reference: <a href=", "example.org"),
                Arguments.of("iframe", "", "<iframe src=\"other.html\"></iframe>", "file:// reference: <iframe src=", "other.html"),
                Arguments.of("css-url-in-style-sheet", "<style>body { background: url('paper.png'); }</style>", "<p>text</p>",
                        "file:// reference: url(paper.png) in a style sheet", ""),
                Arguments.of("css-url-in-attribute", "", "<div style=\"background-image: url(https://example.invalid/bg.png)\">text</div>",
                        "external reference: url(https://example.invalid/bg.png) in the style attribute", ""),
                Arguments.of("xlink-href", "", "<svg width=\"20\" height=\"20\" xmlns:xlink=\"http://www.w3.org/1999/xlink\">"
                        + "<image xlink:href=\"http://example.invalid/i.png\" width=\"20\" height=\"20\"/></svg>", "external reference: <image xlink:href=", ""),
                Arguments.of("fewer-labels-than-bars", "", barChart(3, 2, 2, true),
                        "chart 1 \"Decode speed\": fewer labels than bars: 2 text.wb-cat for 3 categories; unlabelled: ws2", ""),
                Arguments.of("fewer-legend-entries-than-series", "", barChart(2, 2, 1, true),
                        "chart 1 \"Decode speed\": fewer legend entries than series: 1 g.wb-legend-item for 2 series", ""),
                Arguments.of("marks-without-tooltips", "", barChart(2, 2, 2, false), "chart 1 \"Decode speed\": 4 of 4 marks have no <title> tooltip", ""),
                Arguments.of("marks-without-series", "", "<svg class=\"wb-chart\" width=\"300\" height=\"200\"><rect class=\"wb-mark\" width=\"5\" height=\"5\">"
                        + "<title>?</title></rect></svg>", "chart 1: 1 marks without data-series", ""),
                Arguments.of("chart-without-marks", "", "<svg class=\"wb-chart\" width=\"300\" height=\"200\"><text x=\"10\" y=\"20\">Empty</text></svg>",
                        "chart 1 \"Empty\": no data marks (.wb-mark)", ""),
                Arguments.of("raster-chart", "", "<figure><img alt=\"bench: decode speed (16KiB)\" src=\"" + PIXEL + "\"></figure>",
                        "chart is a raster image without tooltips: <img alt=\"bench: decode speed (16KiB)\">", ""),
                Arguments.of("raster-chart-without-alt", "", "<img src=\"" + PIXEL + "\">",
                        "chart is a raster image without tooltips: an <img> of 1x1 px without alt text", ""),
                Arguments.of("svg-outside-the-contract", "", "<svg width=\"600\" height=\"300\"><rect width=\"50\" height=\"200\"/></svg>",
                        "SVG of 600x300 px is not an svg.wb-chart", ""),
                Arguments.of("wider-than-the-page", "", "<p>fits</p><table class=\"wb\" id=\"summary\" style=\"width: 2000px\"><tr><td>codec</td></tr></table>",
                        "page is ", "widest elements past its right edge: table.wb#summary \"codec\" (2000 px wide"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badPages")
    void aPageThatBreaksARuleIsCaught(String name, String head, String body, String problem, String naming) throws IOException {
        List<String> problems = browser.problems(page(name, head, body));
        assertTrue(problems.stream().anyMatch(p -> p.startsWith(problem) && p.contains(naming)),
                name + ": expected a problem starting with [" + problem + "] naming [" + naming + "], got " + problems);
    }

    @Test
    void aRequestNoMarkupNamesIsCaught() throws IOException {
        // a server that answers, so that no error gives the request away: only the request itself does
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0), 0);
        byte[] pixel = Base64.getDecoder().decode(PIXEL.substring(PIXEL.indexOf(',') + 1));
        server.createContext("/pixel.png", x -> {
            x.getResponseHeaders().add("Content-Type", "image/png");
            x.sendResponseHeaders(200, pixel.length);
            try (var out = x.getResponseBody()) {
                out.write(pixel);
            }
        });
        server.start();
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/pixel.png";
            List<String> problems = browser.problems(page("request-by-script", "", "<script>new Image().src = '" + url + "';</script>"));
            assertEquals(List.of("request while loading: " + url + " (img)"), problems);
        } finally {
            server.stop(0);
        }
    }

    @Test
    void aMissingBrowserFailsNamingThePackagesToInstall() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> BrowserPageCheck.start(dir.resolve("chromium"), BrowserPageCheck.CHROMEDRIVER));
        assertTrue(e.getMessage().startsWith(dir.resolve("chromium") + " is missing"), e.getMessage());
        assertTrue(e.getMessage().contains("apt-get install -y chromium chromium-driver"), e.getMessage());
    }

    @Test
    void screenshotsCoverTheWholePageAndOneElement() throws IOException {
        Path tall = page("tall", "", "<div style=\"height: 3000px\">tall</div>" + barChart(2, 2, 2, true) + "<div id=\"long\" style=\"height: 2000px\">long</div>");
        assertEquals(List.of(), browser.problems(tall));
        Path whole = browser.screenshot(dir.resolve("shots/whole.png"));
        assertTrue(ImageIO.read(whole.toFile()).getHeight() >= 3000, "the full-page screenshot stops at the window");
        Path chart = dir.resolve("shots/chart.png");
        assertTrue(browser.screenshot(BrowserPageCheck.chartTitled("Decode speed"), chart), "the chart was not found by its title");
        assertEquals(600, ImageIO.read(chart.toFile()).getWidth());
        // an element taller than the window is captured whole
        Path element = dir.resolve("shots/long.png");
        assertTrue(browser.screenshot(By.id("long"), element));
        assertEquals(2000, ImageIO.read(element.toFile()).getHeight());
        assertFalse(browser.screenshot(BrowserPageCheck.chartTitled("no such chart"), dir.resolve("shots/none.png")));
    }
}
