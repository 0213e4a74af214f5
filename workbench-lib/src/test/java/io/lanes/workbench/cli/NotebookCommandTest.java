package io.lanes.workbench.cli;

import io.lanes.workbench.report.notebook.Jupyter;
import io.lanes.workbench.report.notebook.JupyterTests;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NotebookCommandTest {
    private static final Path ROOT = Path.of("/checkout");

    @Test
    void serverBindsLoopbackNeverRetriesAnotherPortAndPutsJupyterArgumentsLast() {
        ProcessBuilder pb = NotebookCommand.server(ROOT, 8899, false, "t0k", List.of("--NotebookApp.max_buffer_size=1000", "--debug"));
        assertEquals(List.of("jupyter", "notebook", "--ip=127.0.0.1", "--port=8899", "--port-retries=0", "--no-browser",
                "--notebook-dir=/checkout/notebooks", "--NotebookApp.max_buffer_size=1000", "--debug"), pb.command());
        assertEquals("t0k", pb.environment().get("JUPYTER_TOKEN"), "the token goes in the environment, not on the command line");
        assertEquals("/checkout/notebooks/target/jupyter", pb.environment().get("JUPYTER_PATH"));
    }

    @Test
    void rootGetsAllowRoot() {
        assertEquals(List.of("jupyter", "notebook", "--ip=127.0.0.1", "--port=8888", "--port-retries=0", "--no-browser",
                "--notebook-dir=/checkout/notebooks", "--allow-root"), NotebookCommand.server(ROOT, 8888, true, "t", List.of()).command());
    }

    @Test
    void argumentsAfterDashDashAreJupyters() {
        NotebookCommand c = new NotebookCommand();
        new CommandLine(c).parseArgs("--port", "8899", "--", "--NotebookApp.iopub_data_rate_limit=1e9", "--port=1");
        assertEquals(8899, c.port);
        assertEquals(List.of("--NotebookApp.iopub_data_rate_limit=1e9", "--port=1"), c.jupyterArgs);
    }

    private static String[] run(String... args) {
        StringWriter out = new StringWriter();
        CommandLine cl = new CommandLine(new NotebookCommand());
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(out));
        int rc = cl.execute(args);
        return new String[] {Integer.toString(rc), out.toString()};
    }

    @Test
    void badUsageExitsTwoNamingTheProblem() {
        String[] stray = run("stray.ipynb");
        assertEquals("2", stray[0], stray[1]);
        assertTrue(stray[1].contains("arguments for Jupyter go after --, e.g. ./workbench notebook -- stray.ipynb"), stray[1]);
        String[] port = run("--port", "70000");
        assertEquals("2", port[0], port[1]);
        assertTrue(port[1].contains("--port must be 1..65535, got 70000"), port[1]);
        String[] unknown = run("--NotebookApp.token=");
        assertEquals("2", unknown[0], unknown[1]);
        assertTrue(unknown[1].contains("Unknown option: '--NotebookApp.token='"), unknown[1]);
    }

    /** The real server, as whoever runs the test (root included): it answers on 127.0.0.1 with the token and refuses without it. */
    @Test
    void theServerStartsAndWantsItsToken(@TempDir Path tmp) throws Exception {
        JupyterTests.assumeRuns("notebook");
        Files.createDirectories(tmp.resolve("notebooks"));
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        ProcessBuilder pb = NotebookCommand.server(tmp, port, NotebookCommand.runningAsRoot(), "secret-for-test", List.of())
                .redirectErrorStream(true).redirectOutput(tmp.resolve("jupyter.log").toFile());
        pb.environment().put("JUPYTER_CONFIG_DIR", tmp.resolve("config").toString()); // no user configuration changes the outcome
        Process p = Jupyter.start(pb);
        try (HttpClient http = HttpClient.newHttpClient()) {
            URI api = URI.create("http://127.0.0.1:" + port + "/api/contents");
            int withToken = -1;
            for (long end = System.nanoTime() + Duration.ofSeconds(60).toNanos(); withToken != 200 && p.isAlive() && System.nanoTime() < end; Thread.sleep(300)) {
                try {
                    withToken = http.send(HttpRequest.newBuilder(URI.create(api + "?token=secret-for-test")).build(), HttpResponse.BodyHandlers.discarding()).statusCode();
                } catch (java.io.IOException notYetListening) {
                    // Jupyter is still starting
                }
            }
            assertEquals(200, withToken, "no answer with the token; Jupyter's log:\n" + Files.readString(tmp.resolve("jupyter.log")));
            assertEquals(403, http.send(HttpRequest.newBuilder(api).build(), HttpResponse.BodyHandlers.discarding()).statusCode());
        } finally {
            p.destroy();
            p.waitFor();
        }
    }
}
