package io.lanes.workbench.corpus;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * How the registry reaches upstream sources: HTTP downloads and {@code npm pack}. An interface so
 * tests (and offline users) can replace the network.
 */
public interface Upstream {
    /** Downloads {@code url} to {@code target}. */
    void download(String url, Path target) throws IOException;

    /** Runs {@code npm pack SPEC} into {@code dir} and returns the tarball it wrote. */
    Path npmPack(String spec, Path dir) throws IOException;

    /** The network: {@link HttpClient} with a 20 s connect timeout, and the {@code npm} on the PATH. */
    static Upstream network() {
        return new Upstream() {
            private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20))
                    .followRedirects(HttpClient.Redirect.NORMAL).build();

            @Override
            public void download(String url, Path target) throws IOException {
                HttpRequest req = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofMinutes(5)).GET().build();
                try {
                    HttpResponse<Path> resp = http.send(req, HttpResponse.BodyHandlers.ofFile(target));
                    if (resp.statusCode() != 200) throw new IOException("HTTP " + resp.statusCode());
                } catch (java.net.ConnectException | java.net.http.HttpConnectTimeoutException e) {
                    throw new IOException("cannot connect" + (e.getMessage() == null ? "" : ": " + e.getMessage()), e);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted", e);
                }
            }

            @Override
            public Path npmPack(String spec, Path dir) throws IOException {
                Path log = dir.resolve("npm-pack.log");
                Process p;
                try {
                    p = new ProcessBuilder(List.of("npm", "pack", spec, "--pack-destination", dir.toString()))
                            .redirectErrorStream(true).redirectOutput(log.toFile()).start();
                } catch (IOException e) {
                    throw new IOException("cannot run npm (" + e.getMessage() + "); install Node.js/npm or fill a mirror", e);
                }
                try {
                    if (!p.waitFor(10, TimeUnit.MINUTES)) {
                        p.destroyForcibly();
                        throw new IOException("npm pack " + spec + " did not finish in 10 minutes");
                    }
                } catch (InterruptedException e) {
                    p.destroyForcibly();
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted", e);
                }
                if (p.exitValue() != 0) {
                    List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
                    String last = lines.isEmpty() ? "" : ": " + lines.get(lines.size() - 1).strip();
                    throw new IOException("npm pack " + spec + " exited " + p.exitValue() + last);
                }
                try (var files = Files.list(dir)) {
                    return files.filter(f -> f.getFileName().toString().endsWith(".tgz")).findFirst()
                            .orElseThrow(() -> new IOException("npm pack " + spec + " wrote no .tgz into " + dir));
                }
            }
        };
    }

    /** No network: every upstream attempt fails with {@code reason}. */
    static Upstream offline(String reason) {
        return new Upstream() {
            @Override
            public void download(String url, Path target) throws IOException {
                throw new IOException(reason);
            }

            @Override
            public Path npmPack(String spec, Path dir) throws IOException {
                throw new IOException(reason);
            }
        };
    }
}
