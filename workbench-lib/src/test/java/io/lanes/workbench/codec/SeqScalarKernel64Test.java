package io.lanes.workbench.codec;

import io.lanes.workbench.codec.bitpack.SeqScalarKernel64;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class SeqScalarKernel64Test {
    @Test
    void roundTripsEveryWidthAndTail() {
        SeqScalarKernel64 k = new SeqScalarKernel64();
        SplittableRandom r = new SplittableRandom(3);
        for (int w = 0; w <= 64; w++) {
            long mask = w == 64 ? -1L : (1L << w) - 1;
            for (int len : new int[] {0, 1, 7, 8, 9, 63, 64, 65, 1023, 1024}) {
                long[] v = new long[len];
                for (int i = 0; i < len; i++) v[i] = (i % 3 == 0 ? mask : r.nextLong()) & mask;
                byte[] buf = new byte[k.packedBytes(len, w) + 2];
                assertEquals(k.packedBytes(len, w), k.pack(v, 0, len, w, buf, 1));
                long[] out = new long[len];
                k.unpack(buf, 1, len, w, out, 0);
                assertArrayEquals(v, out, "w=" + w + " len=" + len);
            }
        }
    }
}
