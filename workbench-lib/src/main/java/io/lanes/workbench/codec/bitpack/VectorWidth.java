package io.lanes.workbench.codec.bitpack;

import jdk.incubator.vector.IntVector;

/**
 * Which generated vector shape (128, 256 or 512 bits) the Vector API kernels use: by default the
 * widest one the JVM prefers here ({@code IntVector.SPECIES_PREFERRED}, so {@code -XX:UseAVX=2} or
 * {@code -XX:MaxVectorSize=16} select narrower kernels in a forked JVM). Stateless.
 */
public final class VectorWidth {
    private VectorWidth() {
    }

    /** The widest generated shape, in bits, that does not exceed the preferred species; at least 128. */
    public static int preferred() {
        return fit(IntVector.SPECIES_PREFERRED.vectorBitSize());
    }

    /** The widest generated shape not above {@code bits}; 128 below that. */
    public static int fit(int bits) {
        return bits >= 512 ? 512 : bits >= 256 ? 256 : 128;
    }

    /** Checks that {@code bits} names a generated shape. */
    public static int check(int bits) {
        if (bits != 128 && bits != 256 && bits != 512) {
            throw new IllegalArgumentException("vector width " + bits + " bits: kernels exist for 128, 256 and 512");
        }
        return bits;
    }
}
