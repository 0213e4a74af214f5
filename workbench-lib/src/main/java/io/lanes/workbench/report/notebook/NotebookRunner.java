package io.lanes.workbench.report.notebook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Executes notebooks headless with the real kernel ({@code jupyter nbconvert --execute}) and exports
 * a code-free HTML copy. Works around two known defects of the rapaio kernel (see
 * shared/notes/notebook-kernel.md): a start-up race that sometimes leaves the kernel silent, retried
 * on exactly its two messages; and a broken interrupt, so a per-cell timeout is used and
 * interrupt-on-timeout never is. A notebook fails on any error output, and on stderr text that
 * reports an exception or error; informational notes on stderr (e.g. a dataset being fetched) pass.
 * The HTML is self-contained (template {@value #REPORT_TEMPLATE}): it loads no script from a file or
 * network URL, so it reads the same on any machine; the cost is that TeX in markdown stays as written
 * (no MathJax), and the notebooks use none.
 * Thread-safe: notebooks may execute at once, each in its own kernel and nbconvert process.
 */
public final class NotebookRunner {
    /** Messages of the kernel start-up race: only these are retried. */
    static final List<String> STARTUP_RACE = List.of("Kernel didn't respond", "Kernel died before replying");

    /** The nbconvert HTML template of the exports: JupyterLab's, without its script references. */
    static final String REPORT_TEMPLATE = "lanes-report";
    // Debian points MathJax and require.js at file:///usr/share/javascript (elsewhere: a CDN); the
    // exports need neither (PNG, inline SVG and HTML tables), nor the widget manager
    private static final String TEMPLATE_INDEX = """
            {%- extends 'lab/index.html.j2' -%}
            {%- block html_head_js -%}{%- endblock html_head_js -%}
            {%- block html_head_js_mathjax -%}{%- endblock html_head_js_mathjax -%}
            {%- block jupyter_widgets -%}{%- endblock jupyter_widgets -%}
            """;
    private static final String TEMPLATE_CONF = """
            {"base_template": "lab", "mimetypes": {"text/html": true}}
            """;

    /**
     * @param notebook the source notebook
     * @param executed the executed copy
     * @param html     the code-free HTML export
     * @param attempts kernel starts it took
     * @param took     wall time
     */
    public record Result(Path notebook, Path executed, Path html, int attempts, Duration took) {
    }

    /** A notebook that failed, with the reason and the tail of nbconvert's output. */
    public static final class NotebookFailure extends RuntimeException {
        public NotebookFailure(String message) {
            super(message);
        }
    }

    private final Path root;
    private final Duration cellTimeout;
    private final int maxAttempts;
    private final Map<String, String> extraEnv;
    private boolean prepared;

    /**
     * @param root        project root (kernelspec location)
     * @param cellTimeout per-cell execution timeout
     * @param maxAttempts kernel starts allowed when the start-up race strikes
     * @param extraEnv    environment for the kernel, e.g. {@code WORKBENCH_QUICK=1}
     */
    public NotebookRunner(Path root, Duration cellTimeout, int maxAttempts, Map<String, String> extraEnv) {
        this.root = root;
        this.cellTimeout = cellTimeout;
        this.maxAttempts = maxAttempts;
        this.extraEnv = Map.copyOf(extraEnv);
    }

    /** The notebooks of the project, in name order. */
    public static List<Path> notebooks(Path root) {
        try (var s = Files.list(root.resolve("notebooks"))) {
            return s.filter(p -> p.toString().endsWith(".ipynb")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list notebooks in " + root.resolve("notebooks"), e);
        }
    }

    /**
     * Executes one notebook into {@code outDir} and exports its HTML there. Several may run at once
     * (one kernel each): the kernel spec and template are written once, before the first.
     */
    public Result execute(Path notebook, Path outDir) {
        long t0 = System.nanoTime();
        prepare();
        String name = notebook.getFileName().toString().replaceFirst("\\.ipynb$", "");
        Path executed = outDir.resolve(name + ".ipynb");
        int attempt = 0;
        while (true) {
            attempt++;
            Jupyter.Result p = nbconvert(List.of("--to", "notebook", "--execute",
                    "--ExecutePreprocessor.kernel_name=" + KernelSpec.NAME,
                    "--ExecutePreprocessor.timeout=" + cellTimeout.toSeconds(),
                    "--ExecutePreprocessor.startup_timeout=60",
                    "--output-dir", outDir.toString(), "--output", name, notebook.toString()));
            if (p.exit() == 0) break;
            boolean race = STARTUP_RACE.stream().anyMatch(p.output()::contains);
            if (!race || attempt >= maxAttempts) {
                throw new NotebookFailure(notebook.getFileName() + " failed" + (race ? " after " + attempt + " kernel starts" : "") + ":\n" + tail(p.output(), 40));
            }
        }
        List<String> errors = errorOutputs(executed);
        if (!errors.isEmpty()) throw new NotebookFailure(notebook.getFileName() + " produced error output:\n" + String.join("\n---\n", errors));
        Jupyter.Result h = nbconvert(List.of("--to", "html", "--template", REPORT_TEMPLATE, "--no-input", "--output-dir", outDir.toString(), "--output", name, executed.toString()));
        if (h.exit() != 0) throw new NotebookFailure("HTML export of " + executed + " failed:\n" + tail(h.output(), 20));
        return new Result(notebook, executed, outDir.resolve(name + ".html"), attempt, Duration.ofNanos(System.nanoTime() - t0));
    }

    /** The kernel spec and the report template, written by the first execution; the others wait for them. */
    private synchronized void prepare() {
        if (prepared) return;
        KernelSpec.writeLocal(root);
        writeReportTemplate();
        prepared = true;
    }

    /** Writes the report template where nbconvert finds it through the project's {@code JUPYTER_PATH}. */
    private void writeReportTemplate() {
        Path dir = KernelSpec.jupyterPath(root).resolve("nbconvert/templates").resolve(REPORT_TEMPLATE);
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("index.html.j2"), TEMPLATE_INDEX);
            Files.writeString(dir.resolve("conf.json"), TEMPLATE_CONF);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the nbconvert template in " + dir, e);
        }
    }

    // elements a browser fetches from, and CSS url(): self-contained means data: URIs or in-page fragments only;
    // possessive quote and space, or backtracking over the quote would let "data:..." through as a load
    private static final Pattern FETCHED = Pattern.compile(
            "<(?:script|link|img|image|iframe|embed|object|source|audio|video)\\b[^>]*?\\s(?:src|href|xlink:href|data)\\s*=\\s*+[\"']?+(?!data:|#)([^\"'\\s>]*)"
                    + "|url\\(\\s*+[\"']?+(?!data:|#)([^\"')]*)", Pattern.CASE_INSENSITIVE);

    /**
     * What an HTML page loads from outside itself (a file, a server or a relative path): the URL of
     * every {@code src}/{@code href} of a script, link, image or embed, and of every CSS
     * {@code url()}, that is not a {@code data:} URI or a {@code #fragment}. Links ({@code <a href>})
     * are not loads and are not listed. Empty for a self-contained page.
     */
    public static List<String> outsideReferences(String html) {
        List<String> out = new ArrayList<>();
        Matcher m = FETCHED.matcher(html);
        while (m.find()) out.add(m.group(1) != null ? m.group(1) : m.group(2));
        return out;
    }

    /** Stderr text that reports a failure rather than progress. */
    static final Pattern FAILURE_TEXT = Pattern.compile("Exception|Error|\\bat [\\w.$]+\\(|FAIL");

    /** Error outputs, and stderr streams reporting an exception or error, of an executed notebook; one string each. */
    public static List<String> errorOutputs(Path executed) {
        List<String> out = new ArrayList<>();
        try {
            JsonNode nb = new ObjectMapper().readTree(Files.readString(executed));
            int i = 0;
            for (JsonNode cell : nb.path("cells")) {
                i++;
                for (JsonNode o : cell.path("outputs")) {
                    String type = o.path("output_type").asText();
                    if (type.equals("error")) {
                        out.add("cell " + i + ": " + o.path("ename").asText() + ": " + o.path("evalue").asText());
                    } else if (type.equals("stream") && o.path("name").asText().equals("stderr")) {
                        String t = text(o.path("text"));
                        if (FAILURE_TEXT.matcher(t).find()) out.add("cell " + i + " stderr: " + t);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read executed notebook " + executed, e);
        }
        return out;
    }

    private static String text(JsonNode t) {
        if (!t.isArray()) return t.asText();
        StringBuilder b = new StringBuilder();
        for (JsonNode s : t) b.append(s.asText());
        return b.toString();
    }

    private Jupyter.Result nbconvert(List<String> args) {
        List<String> cmd = new ArrayList<>(List.of("nbconvert"));
        cmd.addAll(args);
        ProcessBuilder pb = Jupyter.command(cmd);
        pb.environment().put("JUPYTER_PATH", KernelSpec.jupyterPath(root).toString());
        pb.environment().putAll(extraEnv);
        // the per-cell timeout bounds each cell; this bounds the whole call so nothing hangs
        return Jupyter.run(pb, cellTimeout.multipliedBy(20).plusSeconds(120));
    }

    private static String tail(String s, int lines) {
        String[] ls = s.split("\n");
        return String.join("\n", java.util.Arrays.copyOfRange(ls, Math.max(0, ls.length - lines), ls.length));
    }
}
