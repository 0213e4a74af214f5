import io.lanes.workbench.codec.*;
import io.lanes.workbench.codec.registry.CodecRegistry;
import java.util.*;
import java.lang.management.*;

/** Whole-encode throughput of codecs on uniform columns at 400 KiB (102,400 int32 or 51,200 int64 values), arms interleaved round by round, timed in thread CPU time (the bench harness times encode without a warm-up of its own, so on a loaded machine its encode column timed code C2 had not compiled yet); prints G values/s and the geomean ratio to peer.jfp.vectorbinarypacking. Run from a worktree after a build: java --add-modules jdk.incubator.vector -Dworkbench.root=. -cp "workbench-lib/target/workbench-lib-0.1.0-SNAPSHOT.jar:workbench-lib/target/lib/*" docs/encode-bench/EncBench.java CODEC... w3 w12 ... [--int64] */
public class EncBench {
    public static void main(String[] a) {
        String ref = "peer.jfp.vectorbinarypacking";
        List<String> names = new ArrayList<>();
        List<Integer> widths = new ArrayList<>();
        boolean longs = false;
        for (String s : a) {
            if (s.startsWith("w")) widths.add(Integer.parseInt(s.substring(1)));
            else if (s.equals("--int64")) longs = true;
            else names.add(s);
        }
        if (!longs) names.add(ref);
        int n = longs ? 51200 : 102400;
        System.out.printf("%-34s", "codec");
        for (int w : widths) System.out.printf("%8s", "w" + w);
        System.out.println(longs ? "  (G values/s)" : "  geomean ratio to " + ref);
        double[][] res = new double[names.size()][widths.size()];
        for (int wi = 0; wi < widths.size(); wi++) {
            int w = widths.get(wi);
            SplittableRandom r = new SplittableRandom(42 + w);
            int[] iv = new int[n]; long[] lv = new long[n];
            for (int i = 0; i < n; i++) { lv[i] = w == 64 ? r.nextLong() : r.nextLong() & ((1L << w) - 1); iv[i] = (int) lv[i]; }
            List<Codec> cs = new ArrayList<>();
            for (String nm : names) cs.add(CodecRegistry.get(nm));
            byte[][] outs = new byte[cs.size()][];
            for (int c = 0; c < cs.size(); c++) outs[c] = new byte[cs.get(c).maxEncodedBytes(n) + 64];
            // warm-up: each arm 2 s
            for (int c = 0; c < cs.size(); c++) { long end = CPU.getCurrentThreadCpuTime() + 2_000_000_000L; while (CPU.getCurrentThreadCpuTime() < end) enc(cs.get(c), iv, lv, outs[c]); }
            int rounds = 15;
            double[][] t = new double[cs.size()][rounds];
            for (int k = 0; k < rounds; k++) for (int j = 0; j < cs.size(); j++) {
                int c = (j + k) % cs.size();
                // thread CPU time: the machine is shared and this JVM runs niced, so wall time counts other processes' turns
                int calls = 0; long t0 = CPU.getCurrentThreadCpuTime(), t1;
                do { enc(cs.get(c), iv, lv, outs[c]); calls++; t1 = CPU.getCurrentThreadCpuTime(); } while (t1 - t0 < 40_000_000L);
                t[c][k] = (t1 - t0) / (double) calls;
            }
            for (int c = 0; c < cs.size(); c++) { Arrays.sort(t[c]); res[c][wi] = n / t[c][rounds / 2]; }
        }
        for (int c = 0; c < names.size(); c++) {
            System.out.printf("%-34s", names.get(c));
            double g = 0;
            for (int wi = 0; wi < widths.size(); wi++) { System.out.printf("%8.2f", res[c][wi]); g += Math.log(res[c][wi] / res[names.size() - 1][wi]); }
            System.out.printf(longs ? "%n" : "  %.2f%n", Math.exp(g / widths.size()));
        }
    }
    static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
    static long sink;
    static void enc(Codec c, int[] iv, long[] lv, byte[] out) {
        if (c instanceof IntCodec ic) sink += ic.encode(iv, 0, iv.length, out, 0);
        else sink += ((LongCodec) c).encode(lv, 0, lv.length, out, 0);
    }
}
