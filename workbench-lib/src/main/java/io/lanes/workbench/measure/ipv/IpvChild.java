package io.lanes.workbench.measure.ipv;

import io.lanes.workbench.codec.registry.CodecPlugins;
import io.lanes.workbench.corpus.Column;
import io.lanes.workbench.corpus.Datasets;
import io.lanes.workbench.measure.Arm;
import io.lanes.workbench.measure.Prepared;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * The child JVM that {@link CallgrindCounter} runs under valgrind; it installs the parent's plugin
 * jars first ({@link CodecPlugins#installFromProperty()}). Arguments: triples
 * {@code codec dataset values}. {@code Runtime.freeMemory()} starts and {@code Runtime.totalMemory()}
 * ends every bracket (valgrind zeroes and dumps the calling thread's counts at those JNI natives);
 * both are called once first so they are linked, and that first dump is discarded. Then the empty
 * kernel and every requested kernel get their rounds of N and 2N brackets ({@link IpvProtocol}).
 * Prints one {@code features ...} line, then one {@code kernel CODEC DATASET VALUES N ROUNDS SETTLED}
 * line per kernel, in bracket order, so the parent can pair dumps with kernels.
 */
public final class IpvChild {
    private IpvChild() {
    }

    public static void main(String[] args) {
        if (args.length == 0 || args.length % 3 != 0) {
            System.err.println("usage: IpvChild CODEC DATASET VALUES [CODEC DATASET VALUES ...]");
            System.exit(2);
        }
        CodecPlugins.installFromProperty();
        // every kernel is prepared and verified before anything is counted
        List<Prepared> kernels = new ArrayList<>();
        List<List<LongSupplier>> small = new ArrayList<>();
        for (int i = 0; i < args.length; i += 3) {
            Column col = Datasets.load(args[i + 1]);
            Arm arm = Arm.named(args[i]);
            Prepared p = Prepared.of(arm, col, Integer.parseInt(args[i + 2]));
            p.verify(args[i] + " on " + args[i + 1]);
            kernels.add(p);
            small.add(IpvProtocol.samples(arm, col, p.values()));
        }
        Runtime rt = Runtime.getRuntime();
        IpvProtocol.Bracket markers = new IpvProtocol.Bracket() {
            @Override
            public void begin() {
                rt.freeMemory();
            }

            @Override
            public void end() {
                rt.totalMemory();
            }
        };
        markers.begin();
        markers.end();
        System.out.println("features " + IpvProtocol.jitFeatures());
        System.out.println("kernel empty - 1 " + line(IpvProtocol.countEmpty(markers)));
        for (int i = 0; i < kernels.size(); i++) {
            Prepared p = kernels.get(i);
            System.out.println("kernel " + args[3 * i] + " " + args[3 * i + 1] + " " + p.values() + " "
                    + line(IpvProtocol.count(p::decode, small.get(i), p.values(), markers)));
        }
    }

    /** {@code N ROUNDS SETTLED} of a kernel's line. */
    private static String line(IpvProtocol.Counted c) {
        return c.calls() + " " + c.rounds() + " " + c.settled();
    }
}
