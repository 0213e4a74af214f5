package io.lanes.workbench.codec;

import io.lanes.workbench.codec.registry.CodecRegistry;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/formats.md and the codecs cannot drift apart: every example there ("Example: `codec` encodes
 * `values`:" followed by a {@code hex} block) must be exactly what the codec writes for those values,
 * and must decode back to them; and every format the document covers keeps its examples. Values are
 * integers, or quoted ASCII strings for a byte-array codec.
 */
class FormatsDocTest {
    /** Maven runs tests in the module directory. */
    private static final Path DOC = Path.of("../docs/formats.md");
    private static final Pattern EXAMPLE = Pattern.compile("Example: `([^`]+)` encodes `([^`]+)`:\\s*```hex\\n([0-9a-f \\n]+)```");
    private static final Pattern LINEAR = Pattern.compile("(-?\\d+) \\+ (-?\\d+)\\*i for i < (\\d+)");
    private static final Pattern STRING = Pattern.compile("\"([^\"]*)\"");
    /** Codecs whose formats the document specifies by example. */
    private static final Set<String> REQUIRED = Set.of("bitpack.seq.scalar", "fastlanes.unpack.interleaved", "fastlanes.unpack.transposed",
            "for.seq", "for.fastlanes.flat-fused", "pfor.seq", "pfor.seq.delta", "pfor.fastlanes", "fastlanes.delta.flat", "fastlanes.delta.strided", "parquet.plain-byte-array",
            "parquet.dict", "parquet.dict-byte-array");

    record Example(String codec, String values, byte[] bytes) {
    }

    static List<Example> examples() throws IOException {
        List<Example> out = new ArrayList<>();
        Matcher m = EXAMPLE.matcher(Files.readString(DOC));
        while (m.find()) out.add(new Example(m.group(1), m.group(2), HexFormat.of().parseHex(m.group(3).replaceAll("\\s+", ""))));
        return out;
    }

    /** {@code [a, b x n, ...]} (x n: n copies) or {@code a + b*i for i < n}. */
    static int[] values(String spec) {
        Matcher lin = LINEAR.matcher(spec);
        if (lin.matches()) {
            int a = Integer.parseInt(lin.group(1));
            int b = Integer.parseInt(lin.group(2));
            int[] v = new int[Integer.parseInt(lin.group(3))];
            for (int i = 0; i < v.length; i++) v[i] = a + b * i;
            return v;
        }
        assertTrue(spec.startsWith("[") && spec.endsWith("]"), "values: " + spec);
        List<Integer> v = new ArrayList<>();
        for (String item : spec.substring(1, spec.length() - 1).split(",")) {
            String[] run = item.trim().split(" x ");
            int count = run.length == 2 ? Integer.parseInt(run[1]) : 1;
            for (int k = 0; k < count; k++) v.add(Integer.parseInt(run[0]));
        }
        return v.stream().mapToInt(Integer::intValue).toArray();
    }

    @Test
    void everyDocumentedFormatHasItsExamples() throws IOException {
        Set<String> seen = new TreeSet<>();
        for (Example e : examples()) seen.add(e.codec());
        assertTrue(seen.containsAll(REQUIRED), "examples for " + seen + ", required " + REQUIRED);
    }

    @TestFactory
    Stream<DynamicTest> examplesAreWhatTheCodecsWrite() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (Example e : examples()) {
            tests.add(DynamicTest.dynamicTest(e.codec() + " " + e.values(), () -> {
                if (CodecRegistry.get(e.codec()) instanceof ByteArrayCodec bc) {
                    checkStrings(bc, e);
                    return;
                }
                IntCodec c = (IntCodec) CodecRegistry.get(e.codec());
                int[] v = values(e.values());
                byte[] out = new byte[c.maxEncodedBytes(v.length)];
                int len = c.encode(v, 0, v.length, out, 0);
                assertEquals(HexFormat.ofDelimiter(" ").formatHex(e.bytes()), HexFormat.ofDelimiter(" ").formatHex(out, 0, len),
                        e.codec() + ": the document's bytes vs the encoder's");
                int[] back = new int[c.decodedLength(e.bytes(), 0, e.bytes().length)];
                c.decode(e.bytes(), 0, e.bytes().length, back, 0);
                int[] want = new int[v.length];
                c.outputOrder().arrange(v, v.length, want);
                assertArrayEquals(want, back, e.codec() + ": the document's bytes decode to its values");
            }));
        }
        return tests.stream();
    }

    /** {@code ["a", "", ...]}: ASCII strings, no quotes or escapes inside. */
    static ByteArrays strings(String spec) {
        assertTrue(spec.startsWith("[") && spec.endsWith("]"), "values: " + spec);
        ByteArrays v = new ByteArrays();
        Matcher m = STRING.matcher(spec);
        while (m.find()) v.add(m.group(1).getBytes(StandardCharsets.US_ASCII), 0, m.group(1).length());
        return v;
    }

    private static void checkStrings(ByteArrayCodec c, Example e) {
        ByteArrays v = strings(e.values());
        byte[] out = new byte[c.maxEncodedBytes(v.count(), v.bytes())];
        int len = c.encode(v, 0, v.count(), out, 0);
        assertEquals(HexFormat.ofDelimiter(" ").formatHex(e.bytes()), HexFormat.ofDelimiter(" ").formatHex(out, 0, len),
                e.codec() + ": the document's bytes vs the encoder's");
        ByteArrays back = new ByteArrays();
        assertEquals(v.count(), c.newDecoder().decode(e.bytes(), 0, e.bytes().length, back), e.codec());
        for (int i = 0; i < v.count(); i++) assertArrayEquals(v.get(i), back.get(i), e.codec() + ": the document's bytes decode to its values, value " + i);
    }
}
