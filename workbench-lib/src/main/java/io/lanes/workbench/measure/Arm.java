package io.lanes.workbench.measure;

import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.CodecRegistry;

/**
 * One measured variant: a codec, or the {@code store-only} wall. Immutable.
 *
 * @param name  row label in results
 * @param codec the codec, or {@code null} for the store-only arm
 */
public record Arm(String name, Codec codec) {
    /** The store-only wall. */
    public static Arm storeOnly() {
        return new Arm(StoreOnly.NAME, null);
    }

    /** The arm of a codec, labelled with the codec's name. */
    public static Arm of(Codec codec) {
        return new Arm(codec.name(), codec);
    }

    /** Resolves a name: {@code store-only} or a codec name. */
    public static Arm named(String name) {
        return StoreOnly.NAME.equals(name) ? storeOnly() : of(CodecRegistry.get(name));
    }

    /**
     * Resolves names and globs ({@code store-only}, {@code plain}, {@code fastlanes.unpack.*}) to arms,
     * in the order given, each once.
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
            for (Codec c : CodecRegistry.match(p)) arms.putIfAbsent(c.name(), of(c));
        }
        return java.util.List.copyOf(arms.values());
    }

    /** Whether this is the store-only wall rather than a decoder. */
    public boolean isStoreOnly() {
        return codec == null;
    }
}
