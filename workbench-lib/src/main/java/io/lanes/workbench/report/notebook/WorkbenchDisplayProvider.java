package io.lanes.workbench.report.notebook;

import io.lanes.workbench.check.ConformanceReport;
import io.lanes.workbench.report.ChartStyle;
import io.lanes.workbench.report.Html;
import org.knowm.xchart.internal.chartpart.Chart;
import org.rapaio.jupyter.kernel.display.DisplayData;
import org.rapaio.jupyter.kernel.display.DisplayRenderer;
import org.rapaio.jupyter.kernel.display.DisplayTransformer;
import org.rapaio.jupyter.kernel.display.MimeType;
import org.rapaio.jupyter.kernel.display.spi.DisplayProvider;
import tech.tablesaw.api.Table;

import java.util.Base64;
import java.util.List;

/**
 * Renders workbench values in the Java notebook kernel (found through the kernel's
 * {@code DisplayProvider} SPI): a Tablesaw {@link Table} as an escaped HTML table plus plain text,
 * an XChart chart as PNG, or as SVG when {@link #SVG_PROPERTY} is {@code true} (emitted as
 * text/html so nbconvert's HTML export keeps it), a {@link ConformanceReport} as its table plus its
 * console lines. Stateless.
 */
public final class WorkbenchDisplayProvider implements DisplayProvider {
    /** System property that switches chart output to SVG. */
    public static final String SVG_PROPERTY = "workbench.charts.svg";

    @Override
    public List<DisplayRenderer> getDisplayRenderers() {
        return List.of(new TableRenderer(), new ChartRenderer(), new ConformanceRenderer());
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

    /** A codec's conformance report: {@code Conformance.check(myCodec)} as a cell's value. */
    static final class ConformanceRenderer implements DisplayRenderer {
        @Override
        public Class<?> rendererClass() {
            return ConformanceReport.class;
        }

        @Override
        public boolean canRender(String mime) {
            return mime == null || mime.isEmpty() || mime.contains("html") || mime.contains("text");
        }

        @Override
        public DisplayData render(String mime, Object o) {
            ConformanceReport r = (ConformanceReport) o;
            DisplayData d = DisplayData.withType(MimeType.HTML.longType(), r.toHtml());
            d.putText(r.toString());
            return d;
        }
    }

    /** XChart charts. */
    static final class ChartRenderer implements DisplayRenderer {
        @Override
        public Class<?> rendererClass() {
            return Chart.class;
        }

        @Override
        public boolean canRender(String mime) {
            return mime == null || mime.isEmpty() || mime.contains("image") || mime.contains("html");
        }

        @Override
        public DisplayData render(String mime, Object o) {
            Chart<?, ?> c = (Chart<?, ?>) o;
            if (Boolean.getBoolean(SVG_PROPERTY)) {
                return DisplayData.withType(MimeType.HTML.longType(), "<div>" + ChartStyle.svg(c) + "</div>");
            }
            DisplayData d = DisplayData.withType(MimeType.PNG.longType(), Base64.getEncoder().encodeToString(ChartStyle.png(c)));
            d.putText("chart: " + c.getTitle());
            return d;
        }
    }
}
