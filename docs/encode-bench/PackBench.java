import io.lanes.workbench.codec.bitpack.*;
import io.lanes.workbench.codec.kernel.*;
import java.lang.management.*;
import java.util.*;

/** Pack alone against unpack of the same layout (FastLanes transposed and sequential vector kernels), 100 blocks of 1024 uniform int32 (400 KiB), thread CPU time, medians of 15 rounds. Run as EncBench.java (same class path) with widths as arguments: ... docs/encode-bench/PackBench.java 3 12 23 */
public class PackBench {
    static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
    public static void main(String[] a) {
        int blocks = 100, n = 1024 * blocks;
        BlockKernel32 fl = new FlKernel32(FlVariant.TRANSPOSED);
        BlockKernel32 seq = new SeqVectorKernel32(VectorWidth.preferred());
        BlockKernel32[] ks = {fl, seq};
        String[] names = {"fl.transposed", "seq.vector"};
        System.out.printf("%-16s%6s%12s%12s%8s%n", "kernel", "width", "pack G/s", "unpack G/s", "ratio");
        for (String ws : a) {
            int w = Integer.parseInt(ws);
            SplittableRandom r = new SplittableRandom(42 + w);
            int[] v = new int[n];
            for (int i = 0; i < n; i++) v[i] = (int) (r.nextLong() & ((1L << w) - 1));
            for (int kk = 0; kk < ks.length; kk++) {
                BlockKernel32 k = ks[kk];
                byte[] out = new byte[k.packedBytes(1024, w) * blocks + 256];
                int[] back = new int[n];
                Runnable pack = () -> { int p = 0; for (int b = 0; b < blocks; b++) p += k.pack(v, b * 1024, 1024, w, out, p); };
                Runnable unpack = () -> k.unpackBlocks(out, 0, blocks, w, back, 0);
                double[] tp = new double[15], tu = new double[15];
                for (int rep = 0; rep < 2000; rep++) { pack.run(); unpack.run(); }
                for (int rd = 0; rd < 15; rd++) { tp[rd] = time(pack); tu[rd] = time(unpack); }
                Arrays.sort(tp); Arrays.sort(tu);
                System.out.printf("%-16s%6d%12.2f%12.2f%8.2f%n", names[kk], w, n / tp[7], n / tu[7], tu[7] / tp[7]);
            }
        }
    }
    static double time(Runnable x) {
        int calls = 0; long t0 = CPU.getCurrentThreadCpuTime(), t1;
        do { x.run(); calls++; t1 = CPU.getCurrentThreadCpuTime(); } while (t1 - t0 < 30_000_000L);
        return (t1 - t0) / (double) calls;
    }
}
