package io.lanes.workbench.cli;

import io.lanes.workbench.check.Conformance;
import io.lanes.workbench.check.ConformanceReport;
import io.lanes.workbench.codec.Codec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Function;

/**
 * {@code workbench check}: {@link Conformance#check} on the command line, one report per codec and
 * a summary. Exit 0 when every codec of the project's own passes every check; 1 when one fails (a
 * bug: the report names the check and its first case); 2 for bad usage. A peer adapter's
 * ({@code peer.*}) failures are printed as the peer library's own and do not change the exit code;
 * nor does an allocation a codec declares by design, which the summary counts. Checking more than one
 * codec in this JVM, a codec whose one failure is allocation is checked again in a JVM of its own
 * ({@link AllocationRecheck}, three times the warm-up) and fails only if it allocates there too: in
 * the shared JVM the earlier codecs' JIT profiles can make a decoder that allocates nothing allocate.
 */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = "Check codecs against the codec contract, the checks every built-in passes in the test suite: round trips (every length 0..1025, "
                + "block edges at every width 0..32 or 0..64, several value patterns), encode leaves its input alone and stays within maxEncodedBytes, "
                + "decodedLength agrees and is bounded, output order, no write outside the output range, no allocation per decode after warm-up, "
                + "truncated pages and a budget of mutated pages (the fuzz engine) give only CorruptDataException. "
                + "A codec found allocating in this JVM after other codecs is checked again in a JVM of its own, whose finding counts. "
                + "Peer libraries' adapters (peer.*) are checked too; their failures are listed as the peer library's.")
final class CheckCommand implements Callable<Integer> {
    @Mixin
    CodecOptions codecs;
    @Option(names = "--seed", paramLabel = "S", description = "seed of the random values and mutations (default: ${DEFAULT-VALUE})")
    long seed = Conformance.Settings.DEFAULT.seed();
    @Option(names = "--pages", paramLabel = "N", description = "mutated pages per codec for the fuzz check (default: ${DEFAULT-VALUE})")
    int pages = Conformance.Settings.DEFAULT.pages();
    @Option(names = "--warm-up", paramLabel = "SECONDS", description = "time per codec the allocation check may wait for the JIT to compile its decoder; "
            + "a codec found allocating after other codecs is checked again in a JVM of its own with three times as long (default: ${DEFAULT-VALUE})")
    long warmUp = Conformance.Settings.DEFAULT.warmUp().toSeconds();
    @Option(names = "--out", paramLabel = "DIR", description = "write each failure's whole reproducer (values, or page bytes) into DIR (default: not written)")
    Path out;
    @Option(names = "--verbose", description = "print every check of every codec, not only of the codecs that fail")
    boolean verbose;

    @Override
    public Integer call() {
        codecs.plugins.install();
        Conformance.Settings s = new Conformance.Settings(seed, pages, Conformance.Settings.DEFAULT.decodeLimit(), Duration.ofSeconds(warmUp));
        return check(codecs.matchedOrAll(), s, out, verbose, System.out);
    }

    /**
     * Checks {@code codecs} in order, printing a line per passing codec (every check with
     * {@code verbose}), a report per failing one, and the summary last; writes reproducers into
     * {@code out} unless it is null. Returns the exit code: 0 when no codec of the project's own fails.
     */
    static int check(List<Codec> codecs, Conformance.Settings s, Path out, boolean verbose, PrintStream print) {
        return check(codecs, s, c -> Conformance.check(c, s), out, verbose, print);
    }

    /**
     * {@link #check(List, Conformance.Settings, Path, boolean, PrintStream)} with {@code inThisJvm}
     * checking each codec in this JVM (a test plants a finding there); a recheck in a JVM of its own
     * always runs {@link Conformance#check}.
     */
    static int check(List<Codec> codecs, Conformance.Settings s, Function<Codec, ConformanceReport> inThisJvm, Path out, boolean verbose, PrintStream print) {
        print.println("checking " + codecs.size() + " codecs, " + s.pages() + " mutated pages each, seed " + s.seed());
        long start = System.nanoTime();
        int own = 0, ownFailed = 0, peers = 0, peersFailed = 0, byDesign = 0, rechecked = 0;
        long cases = 0;
        for (Codec c : codecs) {
            ConformanceReport r = inThisJvm.apply(c);
            cases += r.results().stream().mapToLong(ConformanceReport.Result::cases).sum();
            // a codec checked alone is in a JVM of its own already (and so is each recheck's)
            AllocationRecheck.Outcome again = codecs.size() > 1 && AllocationRecheck.wanted(r) ? AllocationRecheck.run(c, r, s.warmUp().multipliedBy(3)) : null;
            boolean passed = again == null ? r.passed() : again.conforms();
            if (r.peer()) {
                peers++;
                if (!passed) peersFailed++;
            } else {
                own++;
                if (!passed) ownFailed++;
                else if (again != null) rechecked++;
                else if (!r.expected().isEmpty()) byDesign++;
            }
            if (r.passed() && !verbose) print.println(r.lines().getFirst());
            else if (!passed || verbose) r.lines().forEach(print::println);
            if (again != null) print.println(again.line());
            if (out != null && !passed) r.writeReproducers(out).forEach(p -> print.println("       wrote " + p));
        }
        List<String> notes = new ArrayList<>();
        if (byDesign > 0) notes.add(byDesign + " allocate by design, as they declare");
        if (rechecked > 0) notes.add(rechecked + " found allocating here conform in a JVM of their own");
        print.println();
        print.println(String.format(Locale.ROOT, "check: %d codecs, %d fail%s; %d cases; %.0f s%s", own, ownFailed,
                notes.isEmpty() ? "" : " (" + String.join("; ", notes) + ")", cases, (System.nanoTime() - start) / 1e9,
                peers == 0 ? "" : "; peers: " + peers + " codecs, " + peersFailed + " fail (the peer libraries' own findings, not counted in the verdict)"));
        return ownFailed == 0 ? 0 : 1;
    }
}
