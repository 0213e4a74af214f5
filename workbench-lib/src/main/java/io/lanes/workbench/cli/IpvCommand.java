package io.lanes.workbench.cli;

import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.registry.CodecRegistry;
import io.lanes.workbench.corpus.Column;
import io.lanes.workbench.corpus.Datasets;
import io.lanes.workbench.measure.StoreOnly;
import io.lanes.workbench.measure.ipv.CallgrindCounter;
import io.lanes.workbench.measure.ipv.InstructionsPerValue;
import io.lanes.workbench.measure.ipv.IpvFigure;
import io.lanes.workbench.measure.ipv.IpvProbe;
import io.lanes.workbench.measure.ipv.IpvRequest;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code workbench ipv}: decode instructions per value of codecs on columns, with the backend that
 * counted them. Prints every probe first (why hardware counters are or are not available), then
 * one line per figure. Exit status 0 when every figure was measured, 1 when no backend can count.
 */
@Command(name = "ipv", mixinStandardHelpOptions = true,
        description = {"Counts decode instructions per value: perf_event_open where a PMU exists, else valgrind callgrind in a child JVM.",
                "Every figure names its backend (exact-hw or emulated), tool, JDK and the CPU features the JIT used.",
                "--codec and --dataset are required."})
public final class IpvCommand implements Callable<Integer> {
    @Mixin
    CodecOptions codecOptions;

    @Mixin
    DatasetOptions columnOptions;

    @Option(names = "--values", paramLabel = "N", description = "values per decode call (default: the column's size)")
    Integer values;

    @Option(names = "--valgrind", paramLabel = "PATH", defaultValue = "valgrind", description = "valgrind executable (default: ${DEFAULT-VALUE})")
    String valgrind;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        List<String> codecs = codecOptions.required();
        List<String> datasets = columnOptions.required();
        codecOptions.plugins.install();
        PrintWriter out = spec.commandLine().getOut();
        List<IpvRequest> requests = requests(codecs, datasets);
        InstructionsPerValue.Detection d = InstructionsPerValue.detect(new CallgrindCounter(valgrind));
        for (IpvProbe p : d.probes()) out.println(p.line());
        if (!d.available()) {
            out.println(d.unavailableReason());
            out.flush();
            return 1;
        }
        out.println("counting " + requests.size() + " kernel(s) with " + d.counter().tool() + " ...");
        out.flush();
        for (IpvFigure f : d.measure(requests)) {
            out.println(f.describe());
            out.println("    " + f.detail());
        }
        out.flush();
        return 0;
    }

    private List<IpvRequest> requests(List<String> codecs, List<String> datasets) {
        List<IpvRequest> out = new ArrayList<>();
        for (String ds : datasets) {
            Column col = Datasets.load(ds);
            int n = values != null ? values : col.size();
            for (String name : codecs) {
                if (name.equals(StoreOnly.NAME)) {
                    out.add(new IpvRequest(name, ds, n));
                    continue;
                }
                for (Codec c : CodecRegistry.match(name)) {
                    if (c.valueBits() == col.type().bytes() * 8) out.add(new IpvRequest(c.name(), ds, n));
                }
            }
        }
        if (out.isEmpty()) throw new IllegalArgumentException("no codec among " + codecs + " takes the value type of " + datasets);
        return out;
    }
}
