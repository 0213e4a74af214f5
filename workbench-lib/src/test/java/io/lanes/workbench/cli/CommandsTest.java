package io.lanes.workbench.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CommandsTest {
    private static String[] run(Object command, String... args) {
        StringWriter out = new StringWriter();
        CommandLine cl = new CommandLine(command);
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(out));
        int rc = cl.execute(args);
        return new String[] {Integer.toString(rc), out.toString()};
    }

    @Test
    void ipvWithoutAnyBackendExplainsEveryProbe() {
        String[] r = run(new IpvCommand(), "--codec", "bitpack.seq.scalar", "--dataset", "syn.uniform.w12", "--valgrind", "/nonexistent/valgrind");
        if (java.nio.file.Files.isDirectory(java.nio.file.Path.of("/sys/bus/event_source/devices/cpu"))) return; // a PMU would count
        assertEquals("1", r[0], r[1]);
        assertTrue(r[1].contains("perf_event_open: unavailable (errno 2 ENOENT"), r[1]);
        assertTrue(r[1].contains("instructions/value: not available"), r[1]);
        assertTrue(r[1].contains("apt-get install -y valgrind"), r[1]);
    }

    @Test
    void unknownCodecIsAUsageErrorPointingAtTheListing() {
        String[] r = run(new IpvCommand(), "--codec", "nope", "--dataset", "syn.uniform.w12");
        assertTrue(!r[0].equals("0") && r[1].contains("no codec matches 'nope'; `./workbench codecs` lists all "), r[1]);
    }

    @Test
    void speciesOnlySweepPrintsATable() {
        String[] r = run(new SweepCommand(), "--levels", "none", "--reps", "3", "--ladder", "16KiB", "--dataset", "syn.uniform.w3");
        assertEquals("0", r[0], r[1]);
        assertTrue(r[1].contains("sweep.fl-unpack") && r[1].contains("s128") && r[1].contains("s256") && r[1].contains("legs:"), r[1]);
    }
}
