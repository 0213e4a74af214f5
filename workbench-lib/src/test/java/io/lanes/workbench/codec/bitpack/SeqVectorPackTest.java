package io.lanes.workbench.codec.bitpack;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The vector packer of {@link SeqVectorKernel32} writes the scalar kernel's bytes, and no byte
 * outside them, at every width, block length and offset, on random values and on the adversarial
 * patterns (every bit set, alternating full and empty values, a single full value per group) whose
 * words take the most passes or sit at the edges of the lane tables.
 */
class SeqVectorPackTest {
    private static final int[] LENGTHS = {0, 1, 31, 32, 33, 63, 64, 65, 96, 127, 128, 129, 200, 511, 512, 513, 993, 1000, 1023, 1024};

    @Test
    void packsTheScalarKernelsBytesAndNothingElse() {
        SeqScalarKernel32 scalar = new SeqScalarKernel32();
        SeqVectorKernel32 vector = new SeqVectorKernel32();
        SplittableRandom r = new SplittableRandom(29);
        for (int w = 0; w <= 32; w++) {
            int mask = w == 32 ? -1 : (1 << w) - 1;
            for (int len : LENGTHS) {
                for (int pattern = 0; pattern < 4; pattern++) {
                    int[] in = new int[len + 7];
                    for (int i = 0; i < in.length; i++) {
                        in[i] = switch (pattern) {
                            case 0 -> r.nextInt() & mask;
                            case 1 -> mask;
                            case 2 -> i % 2 == 0 ? mask : 0;
                            default -> i % 32 == 31 ? mask : 0;
                        };
                    }
                    for (int inOff : new int[]{0, 5}) {
                        for (int outOff : new int[]{0, 3}) {
                            byte[] expected = new byte[outOff + 4 * 33 * 32 + 64];
                            byte[] actual = expected.clone();
                            Arrays.fill(expected, (byte) 0x5A);
                            Arrays.fill(actual, (byte) 0x5A);
                            String at = "width " + w + ", length " + len + ", pattern " + pattern + ", offsets " + inOff + "/" + outOff;
                            assertEquals(scalar.pack(in, inOff, len, w, expected, outOff), vector.pack(in, inOff, len, w, actual, outOff), at);
                            assertArrayEquals(expected, actual, at);
                        }
                    }
                }
            }
        }
    }

    @Test
    void aBlockEndingAtTheArraysEndIsPackedWithoutReadingOrWritingPastIt() {
        SeqVectorKernel32 vector = new SeqVectorKernel32();
        SeqScalarKernel32 scalar = new SeqScalarKernel32();
        SplittableRandom r = new SplittableRandom(3);
        for (int w = 1; w <= 32; w++) {
            int mask = w == 32 ? -1 : (1 << w) - 1;
            int[] in = new int[1024];
            for (int i = 0; i < in.length; i++) in[i] = r.nextInt() & mask;
            byte[] expected = new byte[scalar.packedBytes(1024, w)];
            byte[] actual = new byte[expected.length];
            scalar.pack(in, 0, 1024, w, expected, 0);
            vector.pack(in, 0, 1024, w, actual, 0);
            assertArrayEquals(expected, actual, "width " + w);
        }
    }
}
