/**
 * The workbench's charts: line, scatter and (grouped) bar charts rendered as inline SVG text.
 *
 * <p>In-house rather than a charting library because every bar, point and line must carry its own
 * SVG {@code <title>} tooltip (exact figures on hover, no script) and error bars, which the
 * library used before (XChart) could not write into its SVG. The output is one self-contained
 * {@code <svg>} element: no script, no external reference, no web font.
 *
 * <p>{@link io.lanes.workbench.report.chart.SvgChart} is the model callers fill;
 * {@link io.lanes.workbench.report.chart.Palette} gives each codec its fixed colour and marker;
 * {@link io.lanes.workbench.report.chart.Axis} maps values to pixels and picks ticks; the package's
 * renderers lay the chart out from the lengths of its texts so nothing is cut.
 */
package io.lanes.workbench.report.chart;
