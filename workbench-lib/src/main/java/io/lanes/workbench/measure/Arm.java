package io.lanes.workbench.measure;

import io.lanes.workbench.codec.ByteArrayCodec;
import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.registry.CodecRegistry;
import io.lanes.workbench.codec.SelectiveIntCodec;

/**
 * One measured variant: a codec, a codec reading only some rows ({@code NAME@select=0.1}, see
 * {@link Selection}), the {@code store-only} wall, or an engine reference arm ({@link EngineScan},
 * {@code engine.*}, on a file's pages only). Immutable.
 *
 * @param name      row label in results: the codec's name, then {@code @} and the selection if any
 * @param codec     the codec, or {@code null} for the store-only and engine arms
 * @param selection the rows the arm decodes of each page, or {@code null} for all of them
 */
public record Arm(String name, Codec codec, Selection selection) {
    public Arm {
        if (selection != null && !readsRows(codec)) {
            throw new IllegalArgumentException("arm " + name + ": " + (codec == null ? "store-only" : "codec " + codec.name())
                    + " cannot read selected rows; codecs that can: " + String.join(", ", CodecRegistry.all().stream().filter(Arm::readsRows).map(Codec::name).toList()));
        }
    }

    /** The store-only wall. */
    public static Arm storeOnly() {
        return new Arm(StoreOnly.NAME, null, null);
    }

    /**
     * An engine reference arm.
     *
     * @throws IllegalArgumentException for a name not in {@link EngineScan#NAMES}
     */
    public static Arm engine(String name) {
        if (!EngineScan.NAMES.contains(name)) throw new IllegalArgumentException("no engine arm '" + name + "'; engine arms: " + String.join(", ", EngineScan.NAMES));
        return new Arm(name, null, null);
    }

    /** The arm of a codec, labelled with the codec's name. */
    public static Arm of(Codec codec) {
        return new Arm(codec.name(), codec, null);
    }

    /** The arm of a codec reading only {@code selection}'s rows, labelled {@code NAME@select=F}. */
    public static Arm of(Codec codec, Selection selection) {
        return new Arm(codec.name() + "@" + selection.label(), codec, selection);
    }

    /** Whether a codec can read selected rows: an int32 {@link SelectiveIntCodec}, or a byte-array codec with a {@link ByteArrayCodec.SelectiveDecoder}. */
    public static boolean readsRows(Codec c) {
        return c instanceof SelectiveIntCodec || c instanceof ByteArrayCodec b && b.newDecoder() instanceof ByteArrayCodec.SelectiveDecoder;
    }

    /** Resolves a name: {@code store-only}, an engine arm, a codec name, or a codec name with a selection ({@code parquet.delta@select=0.1}). */
    public static Arm named(String name) {
        if (StoreOnly.NAME.equals(name)) return storeOnly();
        if (EngineScan.isEngine(name)) return engine(name);
        int at = name.indexOf('@');
        return at < 0 ? of(CodecRegistry.get(name)) : of(CodecRegistry.get(name.substring(0, at)), Selection.parse(name.substring(at + 1)));
    }

    /**
     * Resolves names and globs ({@code store-only}, {@code plain}, {@code fastlanes.unpack.*}, and
     * with a selection {@code parquet.delta*@select=0.1}: the matched codecs that read rows) to arms,
     * in the order given, each once. An engine arm is named exactly ({@code engine.duckdb.scan}):
     * no codec glob takes one in by accident.
     *
     * @throws IllegalArgumentException naming a pattern that matches nothing
     */
    public static java.util.List<Arm> resolve(java.util.List<String> patterns) {
        java.util.Map<String, Arm> arms = new java.util.LinkedHashMap<>();
        for (String p : patterns) {
            if (p.equals(StoreOnly.NAME)) {
                arms.putIfAbsent(p, storeOnly());
                continue;
            }
            if (EngineScan.isEngine(p)) {
                arms.putIfAbsent(p, engine(p));
                continue;
            }
            int at = p.indexOf('@');
            if (at < 0) {
                for (Codec c : CodecRegistry.match(p)) arms.putIfAbsent(c.name(), of(c));
                continue;
            }
            // a glob with a selection takes the codecs it matches that read rows; a plain name must read them
            Selection s = Selection.parse(p.substring(at + 1));
            java.util.List<Codec> matched = CodecRegistry.match(p.substring(0, at));
            java.util.List<Codec> readers = matched.stream().filter(Arm::readsRows).toList();
            if (readers.isEmpty()) of(matched.getFirst(), s); // throws, naming the codecs that can
            for (Codec c : readers) arms.putIfAbsent(c.name() + "@" + s.label(), of(c, s));
        }
        return java.util.List.copyOf(arms.values());
    }

    /** Whether this is the store-only wall rather than a decoder. */
    public boolean isStoreOnly() {
        return codec == null && name.equals(StoreOnly.NAME);
    }

    /** Whether this is an engine reference arm ({@link EngineScan}) rather than a decoder. */
    public boolean isEngine() {
        return codec == null && EngineScan.isEngine(name);
    }

    /**
     * What kind of arm a results row's name is: {@code decoder}, {@code wall} (store-only) or
     * {@code engine} (a reference scan, never in a decoder's geomean).
     */
    public static String kindOf(String armName) {
        return armName.equals(StoreOnly.NAME) ? "wall" : EngineScan.isEngine(armName) ? "engine" : "decoder";
    }
}
