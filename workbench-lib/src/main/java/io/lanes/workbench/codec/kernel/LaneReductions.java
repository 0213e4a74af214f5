package io.lanes.workbench.codec.kernel;

import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;

/**
 * The signed minimum and maximum of a vector's lanes, at every vector width at vector speed. C2 (JDK
 * 25, x86) intrinsifies {@code reduceLanes(MIN)} and {@code reduceLanes(MAX)} of long lanes only with
 * AVX-512 (AVX2 has no 64-bit min or max); below it every call runs the Vector API's Java fallback on
 * a boxed vector, which made the {@code fastlanes.delta.flat64} encode, a few such reductions per
 * 1024 values, 14 times slower at 256 bits than at 512 (docs/measurements.md). The long versions
 * therefore read the lanes out one by one (a lane extract is intrinsified at every width), a few
 * instructions more than the AVX-512 reduction; the int versions are {@code reduceLanes}, intrinsified
 * at every width.
 *
 * <p>Pure static functions: thread-safe, allocate nothing.
 */
public final class LaneReductions {
    private LaneReductions() {
    }

    /** The smallest lane of {@code v}. */
    public static int min(IntVector v) {
        return v.reduceLanes(VectorOperators.MIN);
    }

    /** The largest lane of {@code v}. */
    public static int max(IntVector v) {
        return v.reduceLanes(VectorOperators.MAX);
    }

    /** The smallest lane of {@code v}. */
    public static long min(LongVector v) {
        long m = v.lane(0);
        for (int i = 1; i < v.length(); i++) m = Math.min(m, v.lane(i));
        return m;
    }

    /** The largest lane of {@code v}. */
    public static long max(LongVector v) {
        long m = v.lane(0);
        for (int i = 1; i < v.length(); i++) m = Math.max(m, v.lane(i));
        return m;
    }
}
