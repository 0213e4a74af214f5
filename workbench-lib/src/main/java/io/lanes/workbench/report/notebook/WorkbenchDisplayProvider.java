package io.lanes.workbench.report.notebook;

import io.lanes.workbench.check.ConformanceReport;
import io.lanes.workbench.report.Html;
import io.lanes.workbench.report.Results;
import io.lanes.workbench.report.chart.SvgChart;
import org.rapaio.jupyter.kernel.display.DisplayData;
import org.rapaio.jupyter.kernel.display.DisplayRenderer;
import org.rapaio.jupyter.kernel.display.DisplayTransformer;
import org.rapaio.jupyter.kernel.display.MimeType;
import org.rapaio.jupyter.kernel.display.spi.DisplayProvider;
import tech.tablesaw.api.Table;

import java.util.List;
import java.util.function.Function;

/**
 * Renders workbench values in the Java notebook kernel (found through the kernel's
 * {@code DisplayProvider} SPI): a Tablesaw {@link Table} as an escaped HTML table plus plain text,
 * an {@link SvgChart} as inline SVG (text/html, so nbconvert's HTML export keeps it, with its
 * title as plain text beside), a study's {@link Results} and a
 * {@link ConformanceReport} by their own HTML, with their console text beside. Stateless.
 */
public final class WorkbenchDisplayProvider implements DisplayProvider {
    @Override
    public List<DisplayRenderer> getDisplayRenderers() {
        return List.of(new TableRenderer(), new ChartRenderer(),
                new SelfRendering<>(Results.class, Results::toHtml, Results::toString),
                new SelfRendering<>(ConformanceReport.class, ConformanceReport::toHtml, ConformanceReport::toString));
    }

    @Override
    public List<DisplayTransformer> getDisplayTransformers() {
        return List.of();
    }

    /** Tablesaw tables. */
    static final class TableRenderer implements DisplayRenderer {
        @Override
        public Class<?> rendererClass() {
            return Table.class;
        }

        @Override
        public boolean canRender(String mime) {
            return mime == null || mime.isEmpty() || mime.contains("html") || mime.contains("text");
        }

        @Override
        public DisplayData render(String mime, Object o) {
            Table t = (Table) o;
            DisplayData d = DisplayData.withType(MimeType.HTML.longType(),
                    "<div><b>" + Html.esc(t.name()) + "</b> (" + t.rowCount() + " rows)" + Html.table(t) + "</div>");
            d.putText(t.printAll());
            return d;
        }
    }

    /**
     * A value that renders itself: {@code html} its HTML, {@code text} its plain text beside (a
     * study's {@link Results}, a {@link ConformanceReport}).
     */
    record SelfRendering<T>(Class<T> type, Function<T, String> html, Function<T, String> text) implements DisplayRenderer {
        @Override
        public Class<?> rendererClass() {
            return type;
        }

        @Override
        public boolean canRender(String mime) {
            return mime == null || mime.isEmpty() || mime.contains("html") || mime.contains("text");
        }

        @Override
        public DisplayData render(String mime, Object o) {
            T v = type.cast(o);
            DisplayData d = DisplayData.withType(MimeType.HTML.longType(), html.apply(v));
            d.putText(text.apply(v));
            return d;
        }
    }

    /** Charts: inline SVG, the title as the plain-text fallback. */
    static final class ChartRenderer implements DisplayRenderer {
        @Override
        public Class<?> rendererClass() {
            return SvgChart.class;
        }

        @Override
        public boolean canRender(String mime) {
            return mime == null || mime.isEmpty() || mime.contains("html") || mime.contains("text");
        }

        @Override
        public DisplayData render(String mime, Object o) {
            SvgChart c = (SvgChart) o;
            DisplayData d = DisplayData.withType(MimeType.HTML.longType(), "<div>" + c.svg() + "</div>");
            d.putText(c.toString());
            return d;
        }
    }
}
