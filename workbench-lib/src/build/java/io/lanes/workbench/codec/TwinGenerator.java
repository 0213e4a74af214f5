package io.lanes.workbench.codec;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Writes the int32 and int64 classes whose logic is one: each {@code Name.java.template} under
 * {@code io/lanes/workbench} becomes {@code Name32.java} and {@code Name64.java} beside it (as the JDK writes its
 * per-type buffers and vectors from one template). Java has no generics over primitive arrays, and
 * the hot loops must see {@code int[]} or {@code long[]}, so the twins are two classes; writing them
 * from one text keeps a fix in one from missing the other. Placeholders:
 * <ul>
 *   <li>{@code $type$}: {@code int} / {@code long}; {@code $Type$}: {@code Int} / {@code Long}
 *       ({@code $Type$Vector}, {@code Bytes.get$Type$}); {@code $Boxtype$}: {@code Integer} / {@code Long};</li>
 *   <li>{@code $bits$}: 32 / 64; {@code $bytes$}: 4 / 8; {@code $lanes$}: FastLanes lanes of a
 *       1024-value block, 32 / 16;</li>
 *   <li>{@code $L$}: the long-literal suffix, empty / {@code L}; {@code $suffix$}: the registry-name
 *       suffix of the int64 codecs, empty / {@code 64}; {@code $cast$}: the cast of a {@code long}
 *       to the element type, {@code (int) } / empty (a {@code (long)} cast would be a redundant-cast
 *       warning).</li>
 *   <li>{@code $if32$} / {@code $if64$} alone on a line open a section kept only in that twin, and
 *       {@code $end$} alone on a line closes it (the three lines themselves are dropped; sections do
 *       not nest). For the few places where the logic itself differs by width (an int64 value can
 *       straddle nine bytes, a decoder exists for one type only); everything else stays shared.</li>
 * </ul>
 * Any other {@code $word$}, or a section left open, closed twice or nested, is an error naming the
 * template and line. Run at build time by {@link GenerateSources}; nothing it writes is tracked in git.
 */
public final class TwinGenerator {
    /** Where the templates live, relative to the source root. */
    static final String PACKAGE = "io/lanes/workbench";
    private static final String SUFFIX = ".java.template";
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$(\\w*)\\$");

    private TwinGenerator() {
    }


    /**
     * Every twin of every template under {@code root}: path relative to {@code root}, mapped to its
     * content. Reads only; throws {@link IllegalArgumentException} on an unknown placeholder.
     */
    public static Map<String, String> generate(Path root) {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> paths = Files.walk(root.resolve(PACKAGE))) {
            for (Path t : paths.filter(p -> p.getFileName().toString().endsWith(SUFFIX)).sorted().toList()) {
                String name = t.getFileName().toString();
                String stem = name.substring(0, name.length() - SUFFIX.length());
                String dir = root.relativize(t.getParent()).toString().replace('\\', '/');
                String text = Files.readString(t);
                for (int bits : new int[] {32, 64}) files.put(dir + "/" + stem + bits + ".java", expand(name, text, bits));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return files;
    }

    /** The twin of {@code bits} written from template {@code name} with text {@code text}. */
    static String expand(String name, String text, int bits) {
        boolean wide = bits == 64;
        Map<String, String> values = Map.of(
                "type", wide ? "long" : "int",
                "Type", wide ? "Long" : "Int",
                "Boxtype", wide ? "Long" : "Integer",
                "bits", Integer.toString(bits),
                "bytes", Integer.toString(bits / 8),
                "lanes", Integer.toString(1024 / bits),
                "L", wide ? "L" : "",
                "suffix", wide ? "64" : "",
                "cast", wide ? "" : "(int) ");
        StringBuilder out = new StringBuilder(GenerateSources.header(TwinGenerator.class, " from " + name));
        String[] lines = text.split("\n", -1);
        int section = 0; // 0 outside a section, else the twin it keeps
        int opened = 0;
        boolean first = true;
        for (int i = 0; i < lines.length; i++) {
            String directive = lines[i].strip();
            if (directive.equals("$if32$") || directive.equals("$if64$")) {
                if (section != 0) throw new IllegalArgumentException(name + " line " + (i + 1) + ": " + directive + " inside the section opened at line " + opened);
                section = directive.equals("$if32$") ? 32 : 64;
                opened = i + 1;
                continue;
            }
            if (directive.equals("$end$")) {
                if (section == 0) throw new IllegalArgumentException(name + " line " + (i + 1) + ": $end$ without $if32$ or $if64$");
                section = 0;
                continue;
            }
            if (section != 0 && section != bits) continue;
            Matcher m = PLACEHOLDER.matcher(lines[i]);
            StringBuilder line = new StringBuilder();
            while (m.find()) {
                String v = values.get(m.group(1));
                if (v == null) throw new IllegalArgumentException(name + " line " + (i + 1) + ": unknown placeholder " + m.group());
                m.appendReplacement(line, Matcher.quoteReplacement(v));
            }
            m.appendTail(line);
            if (!first) out.append('\n');
            out.append(line);
            first = false;
        }
        if (section != 0) throw new IllegalArgumentException(name + " line " + opened + ": section not closed by $end$");
        return out.toString();
    }
}
