package io.lanes.workbench.measure.sweep;

import io.lanes.workbench.codec.IntCodec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class SpeciesUnpackKernelTest {
    @ParameterizedTest
    @ValueSource(ints = {128, 256, 512})
    void roundTripsEveryWidthAndTailAtEverySpecies(int bits) {
        IntCodec c = SimdSweep.speciesCodec(bits);
        SplittableRandom r = new SplittableRandom(bits);
        for (int w = 0; w <= 32; w++) {
            for (int n : new int[] {0, 1, 31, 1023, 1024, 1025, 3 * 1024 + 7}) {
                int[] v = new int[n];
                long bound = 1L << w;
                for (int i = 0; i < n; i++) v[i] = w == 0 ? 0 : (int) r.nextLong(bound);
                if (n > 0 && w > 0) v[0] = (int) (bound - 1); // every block at exactly w bits
                for (int i = 1024; i < n; i += 1024) v[i] = w == 0 ? 0 : (int) (bound - 1);
                byte[] enc = new byte[c.maxEncodedBytes(n)];
                int len = c.encode(v.clone(), 0, n, enc, 0);
                int full = n / 1024;
                int tail = n % 1024;
                int expect = 4 + (n + 1023) / 1024 + full * 128 * w + (int) (((long) tail * w + 7) / 8);
                assertEquals(expect, len, "encoded size at width " + w + ", " + n + " values");
                int[] out = new int[n + 3];
                Arrays.fill(out, 0x5A5A5A5A);
                assertEquals(n, c.decode(enc, 0, len, out, 0));
                assertArrayEquals(v, Arrays.copyOf(out, n), "width " + w + ", " + n + " values, " + bits + "-bit species");
                assertEquals(0x5A5A5A5A, out[n], "wrote past the values");
            }
        }
    }
}
