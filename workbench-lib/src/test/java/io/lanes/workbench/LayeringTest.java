package io.lanes.workbench;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The layering of docs/layering.md, held against every reference from one workbench package to
 * another in the library's sources, templates and generated sources: imports and fully qualified
 * names in code (comments do not count). A package may use its own layer and the layers below;
 * codec families never use each other; the corpus sees only the codec contracts, the registry and the
 * Parquet page room.
 */
class LayeringTest {
    private static final String ROOT = "io.lanes.workbench.";
    private static final List<Path> SOURCES = List.of(Path.of("src/main/java"), Path.of("target/generated-sources/kernels"));
    private static final Set<String> FAMILIES = Set.of("codec.fastlanes", "codec.frame", "codec.pfor", "codec.parquet",
            "codec.general");

    /** Layers, lowest first: a package's layer is the longest prefix listed. */
    static final Map<String, Integer> LAYER = new LinkedHashMap<>();

    static {
        String[][] layers = {
                {"codec", "report.chart"},
                {"codec.bitpack"},
                {"codec.kernel"},
                {"parquet"},
                FAMILIES.toArray(String[]::new),
                {"codec.peer", "codec.nativeref"},
                {"codec.registry"},
                {"corpus"},
                {"check"},
                {"measure"},
                {"results"},
                {"report"},
                {"study"},
                {"cli"}};
        for (int i = 0; i < layers.length; i++) for (String p : layers[i]) LAYER.put(p, i);
    }

    /** What the corpus may see of the codec side. */
    private static final Set<String> CORPUS_SEES = Set.of("codec", "codec.registry", "parquet");

    private static final Pattern REF = Pattern.compile("io\\.lanes\\.workbench\\.([a-z][a-z0-9]*(?:\\.[a-z][a-z0-9]*)*)\\.[A-Z$]");

    @Test
    void noPackageUsesALayerAboveIt() throws IOException {
        List<String> violations = new ArrayList<>();
        int files = 0;
        for (Path src : SOURCES) {
            if (!Files.isDirectory(src)) continue;
            try (Stream<Path> walk = Files.walk(src)) {
                for (Path f : walk.filter(p -> p.toString().endsWith(".java") || p.toString().endsWith(".java.template")).toList()) {
                    violations.addAll(violations(src.relativize(f).toString(), Files.readString(f)));
                    files++;
                }
            }
        }
        assertTrue(files > 200, "read only " + files + " source files");
        assertTrue(violations.isEmpty(), violations.size() + " references against docs/layering.md:\n" + String.join("\n", violations));
    }

    @Test
    void theCheckCatchesAnArrowUpAFamilyToFamilyArrowAndTheCorpusReachingIntoCodecs() {
        assertEquals(1, violations("x", "package io.lanes.workbench.codec;\nimport io.lanes.workbench.codec.registry.CodecRegistry;\n").size());
        assertEquals(1, violations("x", "package io.lanes.workbench.codec.pfor;\nclass A { Object o = io.lanes.workbench.codec.fastlanes.FlVariant.X; }\n").size());
        assertEquals(1, violations("x", "package io.lanes.workbench.corpus;\nimport io.lanes.workbench.codec.kernel.PforCostModel;\n").size());
        assertEquals(1, violations("x", "package io.lanes.workbench.results;\nimport io.lanes.workbench.study.Recorder;\n").size());
        assertEquals(0, violations("x", "package io.lanes.workbench.codec.pfor;\n/** see {@link io.lanes.workbench.codec.fastlanes.FlVariant} */\n"
                + "import io.lanes.workbench.codec.kernel.FlFrameKernel32;\nimport io.lanes.workbench.parquet.Leb128;\n").size());
        assertEquals(1, violations("x", "package io.lanes.workbench.tools;\n").size(), "a package outside the documented layers is named");
    }

    /** The references in {@code text} (the file {@code name}) that break the layering. */
    static List<String> violations(String name, String text) {
        Matcher pm = Pattern.compile("(?m)^package io\\.lanes\\.workbench\\.([\\w.]+);").matcher(text);
        if (!pm.find()) return List.of(name + ": no workbench package");
        String from = pm.group(1);
        Integer fromLayer = layerOf(from);
        if (fromLayer == null) return List.of(name + ": package " + from + " is in no layer of docs/layering.md");
        Set<String> out = new TreeSet<>();
        String[] lines = text.split("\n");
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.startsWith("*") || line.startsWith("/*") || line.startsWith("//")) continue;
            int cut = line.indexOf("//");
            if (cut >= 0) line = line.substring(0, cut);
            Matcher m = REF.matcher(line);
            while (m.find()) {
                String to = m.group(1);
                if (to.equals(from)) continue;
                String why = why(from, fromLayer, to);
                if (why != null) out.add(name + ":" + (i + 1) + ": " + from + " -> " + to + " (" + why + ")");
            }
        }
        return new ArrayList<>(out);
    }

    private static String why(String from, int fromLayer, String to) {
        Integer toLayer = layerOf(to);
        if (toLayer == null) return to + " is in no layer";
        if (toLayer > fromLayer) return "a layer above";
        String fromTop = top(from);
        String toTop = top(to);
        if (LAYER.get(fromTop).equals(LAYER.get(toTop)) && fromTop.startsWith("codec.") && !fromTop.equals(toTop)) return "one codec family using another";
        if (fromTop.equals("corpus") && toLayer < fromLayer && !CORPUS_SEES.contains(toTop) && !toTop.equals("report.chart")) return "the corpus reaching into codec internals";
        return null;
    }

    private static String top(String pkg) {
        String best = null;
        for (String p : LAYER.keySet()) if ((pkg.equals(p) || pkg.startsWith(p + ".")) && (best == null || p.length() > best.length())) best = p;
        return best;
    }

    private static Integer layerOf(String pkg) {
        String t = top(pkg);
        return t == null ? null : LAYER.get(t);
    }
}
