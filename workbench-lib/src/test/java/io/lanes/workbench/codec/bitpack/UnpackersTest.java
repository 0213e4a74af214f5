package io.lanes.workbench.codec.bitpack;

import io.lanes.workbench.codec.IntCodec;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** A codec from an unpack routine alone: the bitpack.seq page and packing around it, the routine's values out. */
class UnpackersTest {
    /** A 32-value unpack as a user would write it: a generic loop over a little-endian bit stream. */
    static void unpack32(byte[] in, int inOff, int width, int[] out, int outOff) {
        long mask = width == 32 ? 0xFFFFFFFFL : (1L << width) - 1;
        for (int i = 0; i < 32; i++) {
            long bit = (long) i * width;
            long word = 0;
            for (int b = 0; b < 5 && (bit >>> 3) + b < 4L * width; b++) word |= (in[inOff + (int) (bit >>> 3) + b] & 0xFFL) << (8 * b);
            out[outOff + i] = (int) ((word >>> (bit & 7)) & mask);
        }
    }

    private static int[] roundTrip(IntCodec c, int[] v) {
        byte[] page = new byte[c.maxEncodedBytes(v.length)];
        int bytes = c.encode(v, 0, v.length, page, 0);
        int[] out = new int[v.length];
        assertEquals(v.length, c.decode(page, 0, bytes, out, 0));
        return out;
    }

    @Test
    void aMiniblockRoutineAndABlockRoutineDecodeTheBitpackSeqPagesAtEveryWidth() {
        SeqScalarKernel32 seq = new SeqScalarKernel32();
        IntCodec mini = Unpackers.miniblock("user.mini", UnpackersTest::unpack32);
        IntCodec block = Unpackers.block("user.block", (in, inOff, w, out, outOff) -> seq.unpack(in, inOff, Unpackers.BLOCK, w, out, outOff));
        IntCodec builtIn = new BlockPageCodec32("bitpack.seq.scalar", seq, io.lanes.workbench.codec.OutputOrder.FLAT, "the built-in");
        SplittableRandom r = new SplittableRandom(5);
        for (int w = 0; w <= 32; w++) {
            for (int n : new int[] {0, 31, 1024, 3000}) {
                int[] v = new int[n];
                for (int i = 0; i < n; i++) v[i] = w == 0 ? 0 : (int) (r.nextLong() >>> (64 - w));
                assertArrayEquals(v, roundTrip(mini, v), "miniblock w=" + w + " n=" + n);
                assertArrayEquals(v, roundTrip(block, v), "block w=" + w + " n=" + n);
                byte[] a = new byte[builtIn.maxEncodedBytes(n)], b = new byte[mini.maxEncodedBytes(n)];
                int la = builtIn.encode(v, 0, n, a, 0), lb = mini.encode(v, 0, n, b, 0);
                assertArrayEquals(Arrays.copyOf(a, la), Arrays.copyOf(b, lb), "the same page bytes as bitpack.seq.scalar, w=" + w);
            }
        }
    }

    @Test
    void aBrokenRoutineGivesWrongValuesNotAMaskedRoundTrip() {
        // off by one: the last value of every miniblock is left unwritten
        IntCodec broken = Unpackers.miniblock("user.broken", (in, inOff, w, out, outOff) -> {
            int[] tmp = new int[32];
            unpack32(in, inOff, w, tmp, 0);
            System.arraycopy(tmp, 0, out, outOff, 31);
        });
        int[] v = new int[1024];
        Arrays.fill(v, 5);
        assertFalse(Arrays.equals(v, roundTrip(broken, v)));
    }
}
