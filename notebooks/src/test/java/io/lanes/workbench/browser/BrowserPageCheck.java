package io.lanes.workbench.browser;

import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;

/**
 * Looks at a page of the workbench (a report, a notebook's HTML export) in headless Chromium and lists
 * what is wrong with it, one line per problem, so that a failing test names each one:
 * <ul>
 * <li>console errors (browser log level SEVERE), failed resource loads among them, and images that
 * did not load;</li>
 * <li>any reference that is not a {@code #fragment} or a {@code data:} URI, external or
 * {@code file://}: {@code src}, {@code href} (links included), {@code xlink:href}, {@code srcset} and
 * the like on any element, CSS {@code url()} in style sheets and attributes, {@code @import}, and
 * every network request the page made (performance resource entries; Chromium lists none for
 * {@code file://} loads, which the markup scan and the console catch);</li>
 * <li>charts that break the chart contract: each {@code svg.wb-chart} has data marks of class
 * {@code wb-mark}, each with a {@code data-series} and a {@code <title>} child (its tooltip); bar
 * marks carry {@code data-cat} and the chart has at least one {@code text.wb-cat} per distinct
 * category (no bar without a label); a chart of several series has at least one
 * {@code g.wb-legend-item} per distinct series; a chart drawn as a raster {@code <img>}, or as a
 * chart-sized SVG without the {@code wb-chart} class, is a problem too;</li>
 * <li>a page wider than the window ({@code scrollWidth > innerWidth}), naming the widest elements
 * past its right edge outside any box that scrolls or clips horizontally.</li>
 * </ul>
 * The browser is Debian's {@code chromium} driven by its {@code chromedriver}, both at fixed paths
 * so that Selenium Manager never downloads a browser or driver; the window is {@value #WIDTH} x
 * {@value #HEIGHT}. Not thread-safe: one page at a time.
 */
public final class BrowserPageCheck implements AutoCloseable {
    /** The browser and driver of the Debian packages {@value #PACKAGES}. */
    public static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    public static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    /** The Debian packages that install them; {@code ./workbench test} installs them. */
    public static final String PACKAGES = "chromium chromium-driver";
    public static final int WIDTH = 1280;
    public static final int HEIGHT = 900;

    private static final String SCRIPT = resource("page-check.js");

    private final ChromeDriver driver;

    private BrowserPageCheck(ChromeDriver driver) {
        this.driver = driver;
    }

    /**
     * Starts headless Chromium.
     *
     * @throws IllegalStateException when the browser or its driver is not installed, naming the
     *                               packages to install
     */
    public static BrowserPageCheck start() {
        return start(CHROMIUM, CHROMEDRIVER);
    }

    /** {@link #start()} with the browser and driver at other paths (a test of the message when they are missing). */
    static BrowserPageCheck start(Path chromium, Path chromedriver) {
        for (Path p : List.of(chromium, chromedriver)) {
            if (!Files.isExecutable(p)) {
                throw new IllegalStateException(p + " is missing: the browser test needs the Debian packages " + PACKAGES
                        + " (./workbench test installs them; by hand: apt-get install -y " + PACKAGES + ")");
            }
        }
        ChromeOptions o = new ChromeOptions();
        o.setBinary(chromium.toFile());
        // one device pixel per CSS pixel, so widths and screenshots mean the same on every machine
        o.addArguments("--headless=new", "--window-size=" + WIDTH + "," + HEIGHT, "--force-device-scale-factor=1",
                "--disable-dev-shm-usage", "--no-first-run", "--disable-extensions");
        if (root()) o.addArguments("--no-sandbox"); // Chromium refuses to start as root inside its sandbox
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        o.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(chromedriver.toFile()).build();
        return new BrowserPageCheck(new ChromeDriver(service, o));
    }

    private static boolean root() {
        try {
            return ((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")) == 0;
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    /** Loads {@code page} (an HTML file) and returns its problems, none for a page that passes. */
    public List<String> problems(Path page) {
        driver.manage().logs().get(LogType.BROWSER); // drops what an earlier page logged
        driver.get(page.toAbsolutePath().toUri().toString());
        List<String> out = new ArrayList<>();
        for (LogEntry e : driver.manage().logs().get(LogType.BROWSER)) {
            if (e.getLevel().intValue() >= Level.SEVERE.intValue()) out.add("console error: " + e.getMessage());
        }
        @SuppressWarnings("unchecked")
        List<String> inPage = (List<String>) driver.executeScript(SCRIPT);
        out.addAll(inPage);
        return out;
    }

    /** Saves a PNG of the whole page last loaded, beyond the window's height and width. */
    public Path screenshot(Path png) {
        return capture(png, "const e = document.documentElement;"
                + " return {x: 0, y: 0, width: Math.max(e.scrollWidth, innerWidth), height: Math.max(e.scrollHeight, innerHeight), scale: 1};");
    }

    /**
     * Saves a PNG of the first element {@code what} finds on the page last loaded, whole even where
     * it reaches beyond the window.
     *
     * @return false, saving nothing, when there is no such element
     */
    public boolean screenshot(By what, Path png) {
        List<WebElement> found = driver.findElements(what);
        if (found.isEmpty()) return false;
        capture(png, "const r = arguments[0].getBoundingClientRect();"
                + " return {x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height, scale: 1};", found.getFirst());
        return true;
    }

    /**
     * Captures the page area (in page coordinates) that {@code clipScript} returns: the DevTools
     * protocol's capture, unlike WebDriver's, reaches past the window.
     */
    private Path capture(Path png, String clipScript, Object... args) {
        Object clip = driver.executeScript(clipScript, args);
        Map<String, Object> shot = driver.executeCdpCommand("Page.captureScreenshot", Map.of("format", "png", "captureBeyondViewport", true, "clip", clip));
        return write(png, Base64.getDecoder().decode((String) shot.get("data")));
    }

    /**
     * The first chart whose title contains {@code titlePart}: an {@code <img>} by its alt text, an
     * {@code svg.wb-chart} by its aria-label or text. {@code titlePart} must not hold an apostrophe.
     */
    public static By chartTitled(String titlePart) {
        String q = "'" + titlePart + "'";
        return By.xpath("(//img[contains(@alt, " + q + ")] | //*[local-name() = 'svg' and contains(concat(' ', @class, ' '), ' wb-chart ')"
                + " and (contains(@aria-label, " + q + ") or contains(string(.), " + q + "))])[1]");
    }

    private static Path write(Path png, byte[] bytes) {
        try {
            Files.createDirectories(png.toAbsolutePath().getParent());
            return Files.write(png, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write screenshot " + png, e);
        }
    }

    private static String resource(String name) {
        try (InputStream in = BrowserPageCheck.class.getResourceAsStream(name)) {
            if (in == null) throw new IllegalStateException("missing resource " + name + " beside " + BrowserPageCheck.class.getName());
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read resource " + name, e);
        }
    }

    @Override
    public void close() {
        driver.quit();
    }
}
