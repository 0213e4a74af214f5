package io.lanes.workbench.codec.bitpack;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The vector packers of {@link SeqVectorKernel32} and {@link SeqVectorKernel64} write the scalar
 * kernel's bytes, and no byte outside them, at every width, block length and offset, on random values
 * and on the adversarial patterns (every bit set, alternating full and empty values, a single full
 * value per group) whose words take the most passes or sit at the edges of the lane tables.
 */
class SeqVectorPackTest {
    private static final int[] LENGTHS = {0, 1, 31, 32, 33, 63, 64, 65, 96, 127, 128, 129, 200, 511, 512, 513, 993, 1000, 1023, 1024};

    /** One twin's scalar and vector pack, on values held as {@code long} (narrowed for int32). */
    private record Twin(int bits) {
        int pack(boolean vector, long[] in, int inOff, int len, int width, byte[] out, int outOff) {
            if (bits == 64) return (vector ? new SeqVectorKernel64() : new SeqScalarKernel64()).pack(in, inOff, len, width, out, outOff);
            int[] narrow = new int[in.length];
            for (int i = 0; i < in.length; i++) narrow[i] = (int) in[i];
            return (vector ? new SeqVectorKernel32() : new SeqScalarKernel32()).pack(narrow, inOff, len, width, out, outOff);
        }

        long mask(int w) {
            return w == 64 ? -1L : (1L << w) - 1;
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {32, 64})
    void packsTheScalarKernelsBytesAndNothingElse(int bits) {
        Twin twin = new Twin(bits);
        SplittableRandom r = new SplittableRandom(29);
        for (int w = 0; w <= bits; w++) {
            long mask = twin.mask(w);
            for (int len : LENGTHS) {
                for (int pattern = 0; pattern < 4; pattern++) {
                    long[] in = new long[len + 7];
                    for (int i = 0; i < in.length; i++) {
                        in[i] = switch (pattern) {
                            case 0 -> r.nextLong() & mask;
                            case 1 -> mask;
                            case 2 -> i % 2 == 0 ? mask : 0;
                            default -> i % bits == bits - 1 ? mask : 0;
                        };
                    }
                    for (int inOff : new int[]{0, 5}) {
                        for (int outOff : new int[]{0, 3}) {
                            byte[] expected = new byte[outOff + bits / 8 * (bits + 1) * 32 + 64];
                            byte[] actual = expected.clone();
                            Arrays.fill(expected, (byte) 0x5A);
                            Arrays.fill(actual, (byte) 0x5A);
                            String at = "int" + bits + " width " + w + ", length " + len + ", pattern " + pattern + ", offsets " + inOff + "/" + outOff;
                            assertEquals(twin.pack(false, in, inOff, len, w, expected, outOff), twin.pack(true, in, inOff, len, w, actual, outOff), at);
                            assertArrayEquals(expected, actual, at);
                        }
                    }
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {32, 64})
    void aBlockEndingAtTheArraysEndIsPackedWithoutReadingOrWritingPastIt(int bits) {
        Twin twin = new Twin(bits);
        SplittableRandom r = new SplittableRandom(3);
        for (int w = 1; w <= bits; w++) {
            long[] in = new long[1024];
            for (int i = 0; i < in.length; i++) in[i] = r.nextLong() & twin.mask(w);
            byte[] expected = new byte[(1024 * w + 7) / 8];
            byte[] actual = new byte[expected.length];
            twin.pack(false, in, 0, 1024, w, expected, 0);
            twin.pack(true, in, 0, 1024, w, actual, 0);
            assertArrayEquals(expected, actual, "int" + bits + " width " + w);
        }
    }
}
