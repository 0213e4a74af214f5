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

    /** Whether this is the store-only wall rather than a decoder. */
    public boolean isStoreOnly() {
        return codec == null;
    }
}
