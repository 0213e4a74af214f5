package io.lanes.workbench.report;

import io.lanes.workbench.report.chart.Svg;
import tech.tablesaw.api.Row;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;


/** HTML fragments: escaped text, tables from Tablesaw, the shared style sheet. Stateless. */
public final class Html {
    /** Text cells up to this length never wrap. */
    static final int NO_WRAP = 48;
    private static final String NOWRAP = " style=\"white-space:nowrap\"";

    private Html() {
    }

    /** Escapes text for HTML element and attribute content (the charts' escaping: HTML and SVG share it). */
    public static String esc(String s) {
        return io.lanes.workbench.report.chart.Svg.esc(s);
    }

    /**
     * A table with a header row, numbers right-aligned at four significant digits ({@link #format}),
     * in a container that scrolls sideways when the table is wider than the page. Headers, numbers
     * and identifiers (text up to {@value #NO_WRAP} characters: a codec name broken over two lines
     * reads as two names) do not wrap; longer prose does. The styles are inline, so a notebook,
     * which neither loads {@link #css} nor lets inherited styles beat its own cell rules, keeps them.
     */
    public static String table(Table t) {
        StringBuilder b = new StringBuilder("<div class=\"wb-scroll\" style=\"overflow-x:auto;max-width:100%\"><table class=\"wb\">\n<thead><tr>");
        for (Column<?> c : t.columns()) b.append("<th").append(NOWRAP).append('>').append(esc(c.name())).append("</th>");
        b.append("</tr></thead>\n<tbody>\n");
        for (Row r : t) {
            b.append("<tr>");
            for (int i = 0; i < t.columnCount(); i++) {
                Object v = t.column(i).get(r.getRowNumber());
                String text = format(v);
                boolean num = v instanceof Number;
                b.append(num ? "<td class=\"n\"" : "<td").append(num || text.length() <= NO_WRAP ? NOWRAP : "").append('>').append(esc(text)).append("</td>");
            }
            b.append("</tr>\n");
        }
        return b.append("</tbody></table></div>\n").toString();
    }

    /**
     * Formats a cell: integers as is, other numbers at 4 significant digits in plain digits below
     * 1e7 (12345.6 shows as 12350; results.csv keeps the full figure), missing as empty, text as is.
     */
    public static String format(Object v) {
        if (v == null) return "";
        if (v instanceof Double d) return Svg.figure(d, 4);
        return v.toString();
    }

    /**
     * The table as aligned console text with numbers rounded as {@link #format} rounds them; the
     * table itself is not modified.
     */
    public static String console(Table t) {
        Table copy = t.copy();
        for (Column<?> c : copy.columns()) {
            if (c instanceof tech.tablesaw.api.DoubleColumn d) {
                d.setPrintFormatter(new tech.tablesaw.columns.numbers.NumberColumnFormatter() {
                    @Override
                    public String format(double value) {
                        return Html.format(value);
                    }
                });
            }
        }
        return copy.printAll();
    }

    /** The style sheet every workbench page and notebook table shares. */
    public static String css() {
        return """
                body { font-family: 'DejaVu Sans', Arial, sans-serif; margin: 2em auto; max-width: 1100px; color: #222; }
                h1 { font-size: 1.6em; } h2 { font-size: 1.3em; margin-top: 2em; border-bottom: 1px solid #ddd; }
                table.wb { border-collapse: collapse; font-size: 0.85em; margin: 0.8em 0; }
                .wb-scroll { overflow-x: auto; max-width: 100%; }
                table.wb th, table.wb td { border: 1px solid #ddd; padding: 3px 7px; }
                table.wb th { background: #f3f3f3; text-align: left; }
                table.wb td.n { text-align: right; font-variant-numeric: tabular-nums; }
                .note { color: #555; font-size: 0.9em; } .fail { color: #b00; font-weight: bold; } .pass { color: #070; }
                figure { margin: 1em 0; } svg.wb-chart { max-width: 100%; height: auto; }
                """;
    }
}
