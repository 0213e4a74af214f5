package io.lanes.workbench.codec.nativeref;

import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.frame.ForLayout;
import io.lanes.workbench.codec.registry.CodecRegistry;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The native FOR arms against the Java codecs of the same names: the same pages, and the same values
 * decoded from them, at every width 0..32, with short tails and frames that wrap.
 */
class NativeForCodecsTest {
    private static final ForLayout[] FASTLANES = {ForLayout.INTERLEAVED, ForLayout.FL_ORDER};
    /** No tail, tails of every kind (one value, a partial word, one short of a block), and runs of full blocks. */
    private static final int[] LENGTHS = {0, 5, 1024, 1025, 2048 + 33, 3 * 1024 + 1023, 4 * 1024};

    private static IntCodec codec(String name) {
        return (IntCodec) CodecRegistry.get(name);
    }

    private static byte[] encode(IntCodec c, int[] v, int n) {
        byte[] out = new byte[c.maxEncodedBytes(n)];
        return Arrays.copyOf(out, c.encode(v, 0, n, out, 0));
    }

    private static int[] decode(IntCodec c, byte[] page, int n, int at) {
        int[] out = new int[n + at + 3];
        Arrays.fill(out, 0x5A5A5A5A);
        assertEquals(n, c.decode(page, 0, page.length, out, at));
        return out;
    }

    /**
     * Blocks of differences of exactly {@code width} bits over a frame that is the block's signed minimum
     * (as the encoder picks it), every other block at the top of the range, so frame plus difference
     * wraps as unsigned arithmetic wherever the frame is negative.
     */
    private static int[] values(int width, int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] v = new int[n];
        for (int start = 0; start < n; start += 1024) {
            long top = Integer.MAX_VALUE - ((1L << width) - 1);
            int frame = (int) (start % 2048 == 0 ? top - r.nextInt(64) : r.nextLong(Integer.MIN_VALUE, top + 1));
            if (width == 32) frame = Integer.MIN_VALUE;
            int len = Math.min(1024, n - start);
            for (int i = 0; i < len; i++) {
                int d = width == 0 ? 0 : r.nextInt() >>> (32 - width);
                v[start + i] = frame + d;
            }
            int lo = r.nextInt(len), hi = (lo + 1 + r.nextInt(Math.max(1, len - 1))) % len; // apart unless len is 1
            v[start + hi] = frame + (int) ((1L << width) - 1); // the width is reached
            v[start + lo] = frame; // and the frame is the minimum
        }
        return v;
    }

    @Test
    void samePagesAndValuesAsTheJavaCodecsAtEveryWidthAndTail() {
        for (ForLayout l : FASTLANES) {
            IntCodec java = codec(l.codecName(32));
            IntCodec nat = codec("native." + l.codecName(32));
            for (int w = 0; w <= 32; w++) {
                for (int n : LENGTHS) {
                    int[] v = values(w, n, 31L * w + n);
                    String at = nat.name() + " w=" + w + " n=" + n;
                    byte[] page = encode(java, v, n);
                    assertArrayEquals(page, encode(nat, v, n), at + ": page");
                    if (n > 0) assertEquals(w, page[5], at + ": block 0 is packed at the width under test");
                    int[] want = decode(java, page, n, 7);
                    assertArrayEquals(want, decode(nat, page, n, 7), at + ": decoded");
                    assertArrayEquals(v, Arrays.copyOfRange(want, 7, 7 + n), at + ": round trip");
                }
            }
        }
    }

    @Test
    void eachNativeArmReadsEitherFastLanesLayoutAsThePageSays() {
        int n = 2 * 1024 + 100;
        for (int w : new int[] {1, 13, 31, 32}) {
            int[] v = values(w, n, w);
            for (ForLayout written : FASTLANES) {
                byte[] page = encode(codec(written.codecName(32)), v, n);
                for (ForLayout reader : FASTLANES) {
                    assertArrayEquals(v, Arrays.copyOfRange(decode(codec("native." + reader.codecName(32)), page, n, 0), 0, n),
                            written + " page read by native " + reader + " w=" + w);
                }
            }
        }
    }

    @Test
    void aBoundTheCodeWouldOverrunThrowsBeforeTheDowncall() {
        NativeForKernel32 k = new NativeForKernel32();
        byte[] packed = new byte[128 * 5];
        assertThrows(IndexOutOfBoundsException.class, () -> k.rows(5, packed, 1, new int[1024], 0, 0), "payload past the array");
        assertThrows(IndexOutOfBoundsException.class, () -> k.flat(5, packed, 0, new int[1023], 0, 0), "output one value short");
        assertThrows(IndexOutOfBoundsException.class, () -> k.flat(5, packed, 0, new int[1024], 1, 0), "output offset");
        assertThrows(IndexOutOfBoundsException.class, () -> k.rows(33, new byte[128 * 33], 0, new int[1024], 0, 0), "width");
    }
}
