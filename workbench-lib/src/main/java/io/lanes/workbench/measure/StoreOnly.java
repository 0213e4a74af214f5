package io.lanes.workbench.measure;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The {@code store-only} reference: writes as many output bytes as a decoder would, as fast as the
 * JVM can (preferred-species vector stores), reading nothing. It is the wall no decoder beats; it is
 * not a codec and produces no meaningful values. Stateless and thread-safe.
 */
public final class StoreOnly {
    /** Name of the arm in results. */
    public static final String NAME = "store-only";

    private static final VectorSpecies<Byte> B = ByteVector.SPECIES_PREFERRED;
    private static final VectorSpecies<Integer> I = IntVector.SPECIES_PREFERRED;
    private static final VectorSpecies<Long> L = LongVector.SPECIES_PREFERRED;

    private StoreOnly() {
    }

    /** Writes {@code n} int32 values, all {@code seed} (callers vary it between calls), into {@code out} from {@code off}. */
    public static void store(int[] out, int off, int n, int seed) {
        IntVector v = IntVector.broadcast(I, seed);
        int i = 0;
        int bound = I.loopBound(n);
        for (; i < bound; i += I.length()) v.intoArray(out, off + i);
        for (; i < n; i++) out[off + i] = seed;
    }

    /** Writes {@code n} int64 values into {@code out} from {@code off}. */
    public static void store(long[] out, int off, int n, long seed) {
        LongVector v = LongVector.broadcast(L, seed);
        int i = 0;
        int bound = L.loopBound(n);
        for (; i < bound; i += L.length()) v.intoArray(out, off + i);
        for (; i < n; i++) out[off + i] = seed;
    }

    /**
     * Writes what a byte-array decode writes: {@code nBytes} arena bytes into {@code data} and
     * {@code nOffsets} offsets into {@code offsets}, from index 0, all {@code seed}.
     */
    public static void store(byte[] data, int nBytes, int[] offsets, int nOffsets, int seed) {
        ByteVector v = ByteVector.broadcast(B, (byte) seed);
        int i = 0;
        int bound = B.loopBound(nBytes);
        for (; i < bound; i += B.length()) v.intoArray(data, i);
        for (; i < nBytes; i++) data[i] = (byte) seed;
        store(offsets, 0, nOffsets, seed);
    }
}
