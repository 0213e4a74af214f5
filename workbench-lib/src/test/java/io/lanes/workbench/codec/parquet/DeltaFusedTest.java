package io.lanes.workbench.codec.parquet;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The fused decoder's block queue ({@link DeltaVectorScan32}): streams long enough to fill the
 * queue several times, every miniblock width from 0 to 32 next to each other, blocks of equal
 * deltas before, between and after queued blocks, block layouts with 1, 2 and 4 chunks per
 * miniblock, and pages that end exactly at the array's end (where the register loads may not
 * reach) or sit inside a larger array. Decoded values must equal the source, and nothing outside
 * the output range may be written.
 */
class DeltaFusedTest {
    private static final int[][] LAYOUTS = {{128, 4}, {256, 8}, {256, 2}, {512, 4}};

    @Test
    void fusedDecodesEveryWidthMixAndQueueBoundary() {
        SplittableRandom r = new SplittableRandom(2026);
        for (int[] layout : LAYOUTS) {
            DeltaCodec32 fused = new DeltaCodec32("fused", DeltaVariant.FUSED, ParquetCodecs.KERNEL32, layout[0], layout[1]);
            for (int n : new int[] {1, 129, 64 * layout[0] + 1, 64 * layout[0] + 2, 200 * layout[0] + 77}) {
                for (int zeroShare : new int[] {0, 3, 9}) {
                    int[] v = mixedWidths(r, n, layout[0], layout[0] / layout[1], zeroShare);
                    String what = "layout " + layout[0] + "/" + layout[1] + " n=" + n + " zero share " + zeroShare;
                    byte[] page = new byte[fused.maxEncodedBytes(n)];
                    int len = fused.encode(v, 0, n, page, 0);
                    // the page flush with the array's end, then inside a larger array at an offset
                    check(fused, v, Arrays.copyOf(page, len), 0, len, what + " (page ends the array)");
                    byte[] inside = new byte[len + 300];
                    System.arraycopy(page, 0, inside, 37, len);
                    check(fused, v, inside, 37, len, what + " (page inside an array)");
                }
            }
        }
    }

    private static void check(DeltaCodec32 c, int[] v, byte[] in, int off, int len, String what) {
        int[] out = new int[v.length + 40];
        Arrays.fill(out, 0x5A5A5A5A);
        assertEquals(v.length, c.decode(in, off, len, out, 20), what);
        assertArrayEquals(v, Arrays.copyOfRange(out, 20, 20 + v.length), what + ": values differ");
        for (int i = 0; i < 20; i++) {
            assertEquals(0x5A5A5A5A, out[i], what + ": wrote before the output range at " + i);
            assertEquals(0x5A5A5A5A, out[20 + v.length + i], what + ": wrote past the output range at " + i);
        }
    }

    /**
     * Values whose deltas take, per miniblock, a random width in 0..32 bits, and where about
     * {@code zeroShare} in 10 runs are a block of equal deltas (mostly landing as width-0 blocks,
     * as the page's first value shifts runs by one).
     */
    private static int[] mixedWidths(SplittableRandom r, int n, int block, int miniSize, int zeroShare) {
        int[] v = new int[n];
        int acc = r.nextInt();
        for (int i = 0; i < n; ) {
            boolean equal = r.nextInt(10) < zeroShare;
            int w = r.nextInt(33), step = r.nextInt(1000);
            for (int k = 0, run = equal ? block : miniSize; k < run && i < n; k++, i++) {
                v[i] = acc;
                acc += equal ? step : (w == 0 ? 0 : r.nextInt() >>> (32 - w));
            }
        }
        return v;
    }
}
