package io.lanes.workbench.report;

import io.lanes.workbench.report.chart.SvgChart;
import tech.tablesaw.api.Table;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;

/**
 * A self-contained HTML report: one file, charts inlined as SVG elements, styles inline, no
 * network references. Built section by section. Not thread-safe.
 */
public final class HtmlReport {
    private final StringBuilder body = new StringBuilder();
    private final String title;
    private int charts;

    public HtmlReport(String title) {
        this.title = title;
        body.append("<h1>").append(Html.esc(title)).append("</h1>\n");
    }

    public HtmlReport section(String heading) {
        body.append("<h2>").append(Html.esc(heading)).append("</h2>\n");
        return this;
    }

    /** A paragraph of plain text (escaped). */
    public HtmlReport paragraph(String text) {
        body.append("<p>").append(Html.esc(text)).append("</p>\n");
        return this;
    }

    /** A paragraph of trusted HTML built by the workbench itself. */
    public HtmlReport rawHtml(String html) {
        body.append(html).append('\n');
        return this;
    }

    /** A chart, inline as SVG with its tooltips. */
    public HtmlReport chart(SvgChart chart) {
        body.append("<figure>").append(chart.svg()).append("</figure>\n");
        charts++;
        return this;
    }

    public HtmlReport table(Table t) {
        body.append(Html.table(t));
        return this;
    }

    /** A two-column key/value table (e.g. the machine fingerprint). */
    public HtmlReport keyValues(Map<String, ?> kv) {
        StringBuilder b = new StringBuilder("<table class=\"wb\">\n");
        kv.forEach((k, v) -> b.append("<tr><th>").append(Html.esc(k)).append("</th><td>").append(Html.esc(String.valueOf(v))).append("</td></tr>\n"));
        body.append(b).append("</table>\n");
        return this;
    }

    /** Charts added so far. */
    public int charts() {
        return charts;
    }

    /** The whole page. */
    public String html() {
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + Html.esc(title) + "</title>\n<style>\n"
                + Html.css() + "</style></head>\n<body>\n" + body + "</body></html>\n";
    }

    /** Writes the page atomically to {@code file}. */
    public Path write(Path file) {
        try {
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            Files.writeString(tmp, html(), StandardCharsets.UTF_8);
            return Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write report " + file, e);
        }
    }
}
