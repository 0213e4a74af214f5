package io.lanes.workbench.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.lanes.workbench.codec.ByteArrayCodec;
import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.registry.CodecRegistry;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.LongCodec;
import io.lanes.workbench.measure.EngineScan;
import io.lanes.workbench.measure.StoreOnly;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code workbench codecs}: every codec the registry knows, built-in and plugin, one row each in
 * registration order, as a table for people or JSON ({@code --json}) for tools.
 */
@Command(name = "codecs", mixinStandardHelpOptions = true,
        description = {"List every codec, built-in and from --plugin jars: name, value type, family, output order, page format, "
                + "source, what its decode allocates by design (a measured arm reproducing an allocating decoder; '-' for every other) and a one-line description.",
                "Codecs with equal page formats decode each other's pages; --json prints the same fields for tools.",
                "After the table, the reference arms that are not codecs: the store-only wall and the engine arms (engine.*, DuckDB scanning "
                        + "a bench --pages file), with kind and library; they are measured beside codecs and never share a decoder geomean."})
final class CodecsCommand implements Callable<Integer> {
    /** JSON keys, also the table's columns, in order. */
    static final List<String> FIELDS = List.of("name", "value_type", "family", "output_order", "page_format", "source", "allocates_by_design", "description");

    @Mixin
    PluginOptions plugins;

    @Option(names = "--json", description = "print a JSON array of objects with the fields name, value_type, family, output_order, page_format, source, allocates_by_design, description")
    boolean json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws JsonProcessingException {
        plugins.install();
        List<Map<String, String>> rows = CodecRegistry.all().stream().map(CodecsCommand::row).toList();
        PrintWriter out = spec.commandLine().getOut();
        out.println(json ? new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(rows) : table(rows) + "\n\n" + referenceArms());
        out.flush();
        return 0;
    }

    /**
     * One codec's fields, keyed by {@link #FIELDS}; source is {@code built-in} or the plugin jar and
     * provider; allocates_by_design is empty but for an arm that allocates per decode on purpose.
     */
    static Map<String, String> row(Codec c) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("name", c.name());
        m.put("value_type", valueType(c));
        m.put("family", c.family());
        m.put("output_order", c.outputOrder().name().toLowerCase(Locale.ROOT));
        m.put("page_format", c.pageFormat());
        m.put("source", CodecRegistry.source(c.name()).map(CodecRegistry.Source::toString).orElse("built-in"));
        m.put("allocates_by_design", c.allocatesByDesign());
        m.put("description", c.description());
        return m;
    }

    /**
     * The arms {@code bench --codec} takes that are not codecs, a line each: name, kind, library,
     * what it times. Not in {@code --json}, whose array is the registry's codecs.
     */
    static String referenceArms() {
        StringBuilder sb = new StringBuilder("reference arms (not codecs; measured beside them, never in a decoder geomean):\n");
        sb.append(String.format(Locale.ROOT, "%-20s  %-26s  %-24s  %s%n", "name", "kind", "library", "description"));
        sb.append(String.format(Locale.ROOT, "%-20s  %-26s  %-24s  %s%n", StoreOnly.NAME, "wall", "-",
                "writes a decode's output bytes as fast as the JVM can, reading nothing: the bound no decoder beats"));
        for (String name : EngineScan.NAMES) {
            sb.append(String.format(Locale.ROOT, "%-20s  %-26s  %-24s  %s%n", name, "engine (reference arm)", EngineScan.library(), EngineScan.description(name)));
        }
        return sb.toString().stripTrailing();
    }

    private static String valueType(Codec c) {
        // the registry admits these three only
        if (c instanceof IntCodec) return "int32";
        if (c instanceof LongCodec) return "int64";
        if (c instanceof ByteArrayCodec) return "byte-array";
        throw new IllegalStateException("codec " + c.name() + " is neither an IntCodec, a LongCodec nor a ByteArrayCodec");
    }

    /** Left-aligned columns, the description last and unpadded; an empty field shows as {@code -}. */
    static String table(List<Map<String, String>> rows) {
        List<String> header = FIELDS.stream().map(f -> f.replace('_', ' ')).toList();
        int[] width = new int[FIELDS.size()];
        List<List<String>> cells = new ArrayList<>();
        cells.add(header);
        for (Map<String, String> r : rows) cells.add(FIELDS.stream().map(f -> r.get(f).isEmpty() ? "-" : r.get(f)).toList());
        for (List<String> line : cells) for (int i = 0; i < width.length; i++) width[i] = Math.max(width[i], line.get(i).length());
        StringBuilder sb = new StringBuilder();
        for (List<String> line : cells) {
            for (int i = 0; i < width.length - 1; i++) sb.append(String.format(Locale.ROOT, "%-" + width[i] + "s  ", line.get(i)));
            sb.append(line.getLast()).append('\n');
        }
        sb.append(rows.size()).append(" codecs");
        return sb.toString();
    }
}
