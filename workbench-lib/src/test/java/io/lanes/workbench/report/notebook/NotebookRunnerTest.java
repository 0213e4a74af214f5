package io.lanes.workbench.report.notebook;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NotebookRunnerTest {
    static Path notebook(Path dir, String outputs) throws Exception {
        Path nb = dir.resolve("x.ipynb");
        Files.writeString(nb, "{\"cells\": [{\"cell_type\": \"code\", \"source\": [], \"outputs\": [" + outputs + "]}], \"nbformat\": 4}");
        return nb;
    }

    @Test
    void errorOutputsAndFailingStderrAreReportedButNotesPass(@TempDir Path tmp) throws Exception {
        assertEquals(List.of(), NotebookRunner.errorOutputs(notebook(tmp,
                "{\"output_type\": \"stream\", \"name\": \"stderr\", \"text\": [\"datasets: fetching vega-datasets@3.2.1 with npm pack\\n\"]}")));
        List<String> errs = NotebookRunner.errorOutputs(notebook(tmp,
                "{\"output_type\": \"error\", \"ename\": \"EvalException\", \"evalue\": \"boom\", \"traceback\": []},"
                        + "{\"output_type\": \"stream\", \"name\": \"stderr\", \"text\": \"java.lang.IllegalStateException: bad\\n\\tat a.B.c(B.java:1)\"}"));
        assertEquals(2, errs.size(), errs.toString());
        assertTrue(errs.get(0).contains("EvalException: boom"));
        assertTrue(errs.get(1).contains("IllegalStateException"));
    }

    @Test
    void outsideReferencesListLoadsButNotLinksOrDataUris() {
        String debianMathJax = "<script src=\"file:///usr/share/javascript/mathjax/MathJax.js?config=TeX-AMS_CHTML-full,Safe\"> </script>";
        assertEquals(List.of("file:///usr/share/javascript/mathjax/MathJax.js?config=TeX-AMS_CHTML-full,Safe"), NotebookRunner.outsideReferences(debianMathJax));
        assertEquals(List.of("https://cdn.example/x.css", "http://h/i.png", "//h/f.woff", "out_1.png"), NotebookRunner.outsideReferences(
                "<link rel=\"stylesheet\" href='https://cdn.example/x.css'><IMG alt=\"c\" SRC=http://h/i.png>"
                        + "<style>@font-face { src: url(\"//h/f.woff\") }</style><img src=\"out_1.png\">"));
        assertEquals(List.of(), NotebookRunner.outsideReferences("<a href=\"https://docs.example/\">docs</a><img src=\"data:image/png;base64,iVBO\">"
                + "<a href=\"#Results\">x</a><div style=\"background: url(data:image/svg+xml;base64,PHN2)\"></div><script>init()</script>"));
    }
}
