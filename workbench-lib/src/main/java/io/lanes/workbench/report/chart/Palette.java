package io.lanes.workbench.report.chart;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The fixed look of each codec, the same in every chart whatever else the chart holds: the hue
 * comes from the codec's family, the variant within the family picks a shade and a marker shape
 * (both change from one variant to the next, so two variants never look alike). Hues are the
 * colour-blind-safe Okabe-Ito set, then Paul Tol's muted set. {@code store-only} (and names
 * starting {@code "store-only "}) is the reference wall: a dashed black line without marker.
 * An arm annotated after {@code @} ({@code parquet.delta@select=0.1}) looks like its codec.
 * Stateless.
 */
public final class Palette {
    /** How one series is drawn. {@code colour} is {@code #rrggbb}. Immutable. */
    public record Style(String colour, Marker marker, boolean reference) {
    }

    /**
     * Name prefix, family and hue. A prefix listed before another that extends it would shadow it,
     * so longer prefixes come first; the general-purpose baselines share one family.
     */
    private static final String[][] FAMILIES = {
            {"bitpack", "bitpack", "#0072B2"}, {"fastlanes", "fastlanes", "#D55E00"}, {"pfor", "pfor", "#CC79A7"},
            {"for", "for", "#009E73"}, {"parquet.delta", "parquet.delta", "#E69F00"}, {"parquet.dict", "parquet.dict", "#56B4E9"},
            {"parquet", "parquet", "#882255"}, {"peer.jfp", "peer.jfp", "#332288"}, {"peer.parquet", "peer.parquet", "#999933"},
            {"peer.orc", "peer.orc", "#661100"},
            {"peer.lucene", "peer.lucene", "#DDCC77"},
            {"native", "native", "#117733"}, {"general", "general", "#AA4499"}, {"zstd", "general", "#AA4499"},
            {"lz4", "general", "#AA4499"}, {"bss", "general", "#AA4499"}, {"my", "my", "#44AA99"}, {"plain", "plain", "#666666"}};

    /**
     * The codecs the workbench registers, in registry order: a codec's place among those of its
     * family is its variant number. A codec not listed (a plugin, a new codec) takes a variant
     * number from a hash of its name among the numbers its family leaves free.
     */
    private static final List<String> KNOWN = List.of(
            "bitpack.seq.scalar", "bitpack.seq.vector", "bitpack.seq.vector.per-block-call", "bitpack.seq.scalar64", "bitpack.seq.vector64",
            "fastlanes.unpack.interleaved", "fastlanes.unpack.transposed", "fastlanes.unpack.flat-gather", "fastlanes.unpack.flat-fused",
            "fastlanes.unpack.interleaved64", "fastlanes.unpack.transposed64", "fastlanes.unpack.flat-gather64", "fastlanes.unpack.flat-fused64",
            "fastlanes.delta.flat", "fastlanes.delta.transposed", "fastlanes.delta.strided",
            "fastlanes.delta.flat.separate", "fastlanes.delta.flat.fused-grid", "fastlanes.delta.grid-roundtrip",
            "fastlanes.delta.flat64", "fastlanes.delta.transposed64", "fastlanes.delta.strided64",
            "for.seq", "for.fastlanes", "for.fastlanes.flat-fused", "for.seq64", "for.fastlanes64", "for.fastlanes.flat-fused64",
            "pfor.seq", "pfor.fastlanes", "pfor.fastlanes.transposed", "pfor.seq.delta",
            "pfor.seq64", "pfor.fastlanes64", "pfor.fastlanes.transposed64", "pfor.seq.delta64",
            "parquet.plain", "parquet.plain64", "parquet.rle", "parquet.bss", "parquet.bss64", "parquet.plain-byte-array",
            "parquet.delta", "parquet.delta.miniblock", "parquet.delta.coalesced", "parquet.delta.vscan", "parquet.delta.vscan.carry-gpr", "parquet.delta.fused",
            "parquet.delta64", "parquet.delta64.miniblock", "parquet.delta64.coalesced", "parquet.delta64.vscan", "parquet.delta64.vscan.carry-gpr",
            "parquet.delta-length-byte-array", "parquet.delta-byte-array", "parquet.delta-byte-array.alloc-per-value",
            "parquet.delta-byte-array.decoders-per-page", "parquet.delta-byte-array.value-at-a-time",
            "parquet.dict", "parquet.dict.scalar-gather", "parquet.dict.indices-then-gather",
            "parquet.dict64", "parquet.dict64.scalar-gather", "parquet.dict64.indices-then-gather",
            "parquet.dict-byte-array", "parquet.dict-byte-array.indices-then-gather",
            "zstd", "lz4", "bss.zstd", "zstd64", "lz464", "bss64.zstd", "zstd.plain-byte-array", "lz4.plain-byte-array",
            "peer.jfp.binarypacking", "peer.jfp.fastpfor", "peer.jfp.fastpfor128", "peer.jfp.vectorfastpfor",
            "peer.jfp.vectorbinarypacking", "peer.jfp.integratedbinarypacking",
            "peer.parquet.delta", "peer.parquet.delta64", "peer.parquet.rle", "peer.parquet.bss", "peer.parquet.bss64",
            "peer.parquet.delta-length-byte-array", "peer.parquet.delta-byte-array",
            "peer.orc.rlev2", "peer.orc.rlev2.64", "peer.orc.rlev2.unsigned",
            "peer.lucene.packed", "peer.lucene.packed64", "peer.lucene.packed-single-block", "peer.lucene.direct", "peer.lucene.direct64",
            "native.fastlanes.unpack.transposed", "native.fastlanes.unpack.flat-fused", "native.fastlanes.unpack.transposed64",
            "native.for.fastlanes", "native.for.fastlanes.flat-fused",
            "plain");

    /**
     * Shade steps: negative darkens, positive lightens. A mid hue goes both ways; a dark hue only
     * lightens and a light one only darkens, so no variant fades into the white background or
     * turns as black as the store-only wall.
     */
    private static final double[] SHADES = {0, -0.35, 0.3, -0.6, 0.45};
    private static final double[] DARK_SHADES = {0, 0.3, 0.55, 0.15, 0.42};
    private static final double[] LIGHT_SHADES = {0, -0.3, -0.55, -0.15, -0.42};
    /** Distinct (shape, shade) pairs: 6 and 5 are coprime, so variant v gets shape v % 6 and shade v % 5. */
    private static final int SLOTS = Marker.SHAPES.length * SHADES.length;
    /** Hues for series that are not codecs (bundles, columns), in order. */
    private static final String[] ORDINAL = {"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9",
            "#882255", "#332288", "#999933", "#117733", "#AA4499", "#44AA99"};

    private static final Style REFERENCE = new Style("#000000", Marker.NONE, true);

    private Palette() {
    }

    /** Whether a series is a reference wall rather than a codec. */
    public static boolean isReference(String name) {
        return name.equals("store-only") || name.startsWith("store-only ");
    }

    /** The style of the codec (or arm) {@code name}: a pure function of the name. */
    public static Style of(String name) {
        if (isReference(name)) return REFERENCE;
        String codec = name.contains("@") ? name.substring(0, name.indexOf('@')) : name;
        String[] row = familyRow(codec);
        if (row == null) {
            int h = hash(codec);
            return style(ORDINAL[Math.floorMod(h, ORDINAL.length)], Math.floorMod(h / ORDINAL.length, SLOTS));
        }
        List<String> known = new ArrayList<>();
        for (String k : KNOWN) if (row[1].equals(family(k))) known.add(k);
        int slot = known.indexOf(codec);
        if (slot < 0) {
            List<Integer> free = new ArrayList<>();
            for (int s = known.size(); s < SLOTS; s++) free.add(s);
            int h = Math.floorMod(hash(codec), free.isEmpty() ? SLOTS : free.size());
            slot = free.isEmpty() ? h : free.get(h);
        }
        return style(row[2], slot);
    }

    /** The {@code i}-th style for series that are not codecs (bundles of a comparison, columns). */
    public static Style ordinal(int i) {
        return style(ORDINAL[i % ORDINAL.length], i / ORDINAL.length % SLOTS);
    }

    /** The family {@code name} belongs to, or null for an unknown family. */
    static String family(String name) {
        String[] f = familyRow(name);
        return f == null ? null : f[1];
    }

    private static String[] familyRow(String name) {
        for (String[] f : FAMILIES) {
            String p = f[0];
            // the prefix must end at a word boundary: "for" is not the family of "format"
            if (name.startsWith(p) && (name.length() == p.length() || !Character.isLetter(name.charAt(p.length())))) return f;
        }
        return null;
    }

    private static Style style(String hue, int slot) {
        double lum = luminance(hue);
        double[] shades = lum < 0.3 ? DARK_SHADES : lum > 0.6 ? LIGHT_SHADES : SHADES;
        return new Style(shade(hue, shades[slot % shades.length]), Marker.SHAPES[slot % Marker.SHAPES.length], false);
    }

    /** Relative luminance of {@code #rrggbb}, 0 (black) to 1 (white), without gamma: enough to sort hues into dark, mid and light. */
    private static double luminance(String hex) {
        int rgb = Integer.parseInt(hex.substring(1), 16);
        return (0.2126 * (rgb >> 16 & 0xff) + 0.7152 * (rgb >> 8 & 0xff) + 0.0722 * (rgb & 0xff)) / 255;
    }

    /** {@code hex} mixed towards black ({@code f < 0}) or white ({@code f > 0}) by {@code |f|}. */
    static String shade(String hex, double f) {
        int rgb = Integer.parseInt(hex.substring(1), 16);
        int[] c = {rgb >> 16 & 0xff, rgb >> 8 & 0xff, rgb & 0xff};
        for (int i = 0; i < 3; i++) c[i] = (int) Math.round(f < 0 ? c[i] * (1 + f) : c[i] + (255 - c[i]) * f);
        return String.format(Locale.ROOT, "#%02x%02x%02x", c[0], c[1], c[2]);
    }

    /** A hash of the name that does not depend on the JVM (String.hashCode is specified, so it is stable). */
    private static int hash(String s) {
        return s.hashCode() * 0x9E3779B1 >>> 1;
    }
}
