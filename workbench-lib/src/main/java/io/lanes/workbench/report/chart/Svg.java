package io.lanes.workbench.report.chart;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Text helpers of the SVG writer: escaping, coordinates, figures and the text-width estimate the
 * layout sizes margins with. Stateless.
 */
public final class Svg {
    /** Font of every chart text: fonts installed with the system, never loaded from the network. */
    static final String FONT = "'DejaVu Sans', Arial, Helvetica, sans-serif";
    /** Average advance of a character in em: generous for DejaVu Sans so estimates err on the wide side. */
    private static final double EM_PER_CHAR = 0.62;

    private Svg() {
    }

    /** Escapes text for XML element content and double- or single-quoted attributes. */
    public static String esc(String s) {
        if (s == null) return "";
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c < 0x20 && c != '\n' && c != '\t' ? ' ' : c);
            }
        }
        return b.toString();
    }

    /** A pixel coordinate with one decimal: enough for a sharp line, short enough for small output. */
    static String px(double v) {
        long tenths = Math.round(v * 10);
        return tenths % 10 == 0 ? Long.toString(tenths / 10) : String.format(Locale.ROOT, "%.1f", tenths / 10.0);
    }

    /** Estimated width in pixels of {@code s} at {@code fontSize}. */
    static double width(String s, double fontSize) {
        return s.length() * EM_PER_CHAR * fontSize;
    }

    /** A {@code <title>} child: the tooltip a browser shows on hover. */
    static String title(String text) {
        return "<title>" + esc(text) + "</title>";
    }

    /**
     * Splits {@code text} at spaces into lines no wider than {@code maxWidth} (a word longer than
     * that gets a line of its own, unbroken).
     */
    static List<String> wrap(String text, double maxWidth, double fontSize) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (!line.isEmpty() && width(line + " " + word, fontSize) > maxWidth) {
                lines.add(line.toString());
                line.setLength(0);
            }
            if (!line.isEmpty()) line.append(' ');
            line.append(word);
        }
        if (!line.isEmpty() || lines.isEmpty()) lines.add(line.toString());
        return lines;
    }

    /**
     * A figure for people: integers as they are, other values at {@code digits} significant digits
     * in plain notation (no grouping, no exponent) below 1e7, with an exponent above; empty for NaN.
     */
    public static String figure(double v, int digits) {
        if (Double.isNaN(v)) return "";
        if (Double.isInfinite(v)) return v > 0 ? "\u221e" : "-\u221e";
        if (v == Math.rint(v) && Math.abs(v) < 1e12) return Long.toString((long) v);
        if (Math.abs(v) >= 1e7) return String.format(Locale.ROOT, "%." + (digits - 1) + "e", v);
        String s = new BigDecimal(v).round(new MathContext(digits)).toPlainString();
        // trailing zeros after the point carry no information the significant digits did not
        return s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
    }
}
