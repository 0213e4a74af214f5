package io.lanes.workbench.codec.parquet;

import io.lanes.workbench.parquet.ParquetFile;
import io.lanes.workbench.parquet.ParquetPage;

import io.lanes.workbench.codec.ByteArrays;
import io.lanes.workbench.codec.registry.CodecRegistry;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.LongCodec;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Real pages other writers produced (apache/parquet-testing, committed under
 * datasets/parquet-testing): every DELTA_* file decodes to its {@code _expect.csv} with no mismatch, every
 * DELTA_BINARY_PACKED page decodes identically with every decoder variant and with parquet-java,
 * and the INT32/INT64 BYTE_STREAM_SPLIT columns equal their PLAIN twins.
 */
class ParquetTestingFilesTest {
    static Path dir;

    @BeforeAll
    static void locate() {
        dir = io.lanes.workbench.corpus.Locations.discover().catalog().resolveSibling("parquet-testing");
        if (!Files.isDirectory(dir)) throw new IllegalStateException("no " + dir + ": the parquet-testing files are committed there");
    }

    @Test
    void everyDeltaFileMatchesItsExpectedCsv() throws IOException {
        int files = 0;
        try (var s = Files.list(dir)) {
            for (Path f : s.filter(x -> x.getFileName().toString().startsWith("delta_") && x.toString().endsWith(".parquet")).sorted().toList()) {
                Path csv = dir.resolve(f.getFileName().toString().replace(".parquet", "_expect.csv"));
                if (!Files.exists(csv)) continue;
                files++;
                ParquetFile pf = ParquetFile.open(f);
                List<List<String>> rows = csv(csv);
                List<String> header = rows.get(0);
                assertEquals(pf.columns().size(), header.size(), f + ": columns in the CSV");
                assertEquals(pf.rows(), rows.size() - 1, f + ": rows in the CSV");
                long cells = 0, mismatches = 0;
                StringBuilder first = new StringBuilder();
                for (int c = 0; c < header.size(); c++) {
                    ParquetFile.Column col = pf.columns().get(c);
                    assertEquals(norm(header.get(c)), norm(col.path()), f + ": column " + c);
                    if (col.physicalType().equals("BYTE_ARRAY")) {
                        ParquetValues.Strings v = ParquetValues.strings(pf, col.path());
                        for (int r = 0; r < rows.size() - 1; r++, cells++) {
                            String want = rows.get(r + 1).get(c);
                            String got = v.nulls()[r] ? null : new String(v.values().get(r), StandardCharsets.UTF_8);
                            if (!java.util.Objects.equals(want, got)) {
                                if (mismatches++ == 0) first.append(col.path()).append(" row ").append(r).append(": ").append(got).append(" != ").append(want);
                            }
                        }
                    } else {
                        ParquetValues.Longs v = ParquetValues.longs(pf, col.path());
                        for (int r = 0; r < rows.size() - 1; r++, cells++) {
                            String want = rows.get(r + 1).get(c);
                            String got = v.nulls()[r] ? null : Long.toString(v.values()[r]);
                            if (!java.util.Objects.equals(want, got)) {
                                if (mismatches++ == 0) first.append(col.path()).append(" row ").append(r).append(": ").append(got).append(" != ").append(want);
                            }
                        }
                    }
                }
                assertTrue(cells > 0, f + ": nothing compared");
                assertEquals(0, mismatches, f + ": " + mismatches + " of " + cells + " cells differ, first " + first);
            }
        }
        assertTrue(files >= 4, "expected the four DELTA_* files with _expect.csv, found " + files);
    }

    @Test
    void everyDeltaPageDecodesAlikeWithEveryVariantAndParquetJava() throws IOException {
        int pages = 0;
        try (var s = Files.list(dir)) {
            for (Path f : s.filter(x -> x.toString().endsWith(".parquet")).sorted().toList()) {
                ParquetFile pf = ParquetFile.open(f);
                for (ParquetFile.Column col : pf.columns()) {
                    for (ParquetPage p : pf.pages(col.path())) {
                        if (!p.encoding().equals("DELTA_BINARY_PACKED")) continue;
                        pages++;
                        byte[] b = p.codecPage();
                        if (col.physicalType().equals("INT32")) {
                            int[] want = ParquetJava.deltaDecodeInts(b, b.length, p.nonNull());
                            for (var c : CodecRegistry.match("parquet.delta{,.*}")) {
                                int[] got = new int[p.nonNull()];
                                assertEquals(p.nonNull(), ((IntCodec) c).decode(b, 0, b.length, got, 0));
                                assertArrayEquals(want, got, c.name() + " on " + f.getFileName() + " " + col.path());
                            }
                        } else {
                            long[] want = ParquetJava.deltaDecodeLongs(b, b.length, p.nonNull());
                            for (var c : CodecRegistry.match("parquet.delta64{,.*}")) {
                                long[] got = new long[p.nonNull()];
                                assertEquals(p.nonNull(), ((LongCodec) c).decode(b, 0, b.length, got, 0));
                                assertArrayEquals(want, got, c.name() + " on " + f.getFileName() + " " + col.path());
                            }
                        }
                    }
                }
            }
        }
        assertTrue(pages >= 80, "expected the DELTA_BINARY_PACKED pages of the mirror, found " + pages);
    }

    @Test
    void deltaLengthByteArrayFileDecodesLikeParquetJava() throws IOException {
        ParquetFile pf = ParquetFile.open(dir.resolve("delta_length_byte_array.parquet"));
        int values = 0;
        for (ParquetFile.Column col : pf.columns()) {
            for (ParquetPage p : pf.pages(col.path())) {
                assertEquals("DELTA_LENGTH_BYTE_ARRAY", p.encoding());
                ByteArrays ours = new ByteArrays();
                assertEquals(p.nonNull(), ParquetCodecs.byName(p.codec()) instanceof io.lanes.workbench.codec.ByteArrayCodec c ? c.newDecoder().decode(p.codecPage(), 0, p.codecPage().length, ours) : -1);
                DeltaLengthByteArrayValuesReader r = new DeltaLengthByteArrayValuesReader();
                r.initFromPage(p.nonNull(), ByteBufferInputStream.wrap(ByteBuffer.wrap(p.values())));
                for (int i = 0; i < p.nonNull(); i++, values++) assertArrayEquals(r.readBytes().getBytes(), ours.get(i), col.path() + " value " + i);
            }
        }
        assertEquals(pf.rows(), values);
    }

    @Test
    void byteStreamSplitIntegerColumnsEqualTheirPlainTwins() throws IOException {
        ParquetFile pf = ParquetFile.open(dir.resolve("byte_stream_split_extended.gzip.parquet"));
        for (String t : List.of("int32", "int64")) {
            ParquetValues.Longs plain = ParquetValues.longs(pf, t + "_plain");
            ParquetValues.Longs bss = ParquetValues.longs(pf, t + "_byte_stream_split");
            assertEquals(pf.rows(), bss.values().length);
            assertArrayEquals(plain.nulls(), bss.nulls(), t);
            assertArrayEquals(plain.values(), bss.values(), t);
            assertTrue(java.util.Arrays.stream(plain.values()).distinct().count() > 100, t + ": the twins should hold varied values");
        }
    }

    @Test
    void dataPageV2SnappyFileDecodes() throws IOException {
        ParquetFile pf = ParquetFile.open(dir.resolve("datapage_v2.snappy.parquet"));
        ParquetValues.Longs b = ParquetValues.longs(pf, "b");
        assertEquals(5, b.values().length);
        List<ParquetPage> pages = pf.pages("b");
        byte[] page = pages.get(0).codecPage();
        assertArrayEquals(ParquetJava.deltaDecodeInts(page, page.length, 5), java.util.Arrays.stream(b.values()).mapToInt(x -> (int) x).toArray());
    }

    private static String norm(String s) {
        return s.strip().replace(":", "");
    }

    /** RFC-4180-ish CSV: quoted fields may hold commas and doubled quotes; an unquoted empty field is null. */
    static List<List<String>> csv(Path p) throws IOException {
        List<List<String>> rows = new ArrayList<>();
        for (String line : Files.readAllLines(p, StandardCharsets.UTF_8)) {
            if (line.isEmpty()) continue;
            List<String> row = new ArrayList<>();
            int i = 0;
            while (i <= line.length()) {
                if (i < line.length() && line.charAt(i) == '"') {
                    StringBuilder sb = new StringBuilder();
                    i++;
                    while (i < line.length()) {
                        char ch = line.charAt(i);
                        if (ch == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') { sb.append('"'); i += 2; }
                        else if (ch == '"') { i++; break; }
                        else { sb.append(ch); i++; }
                    }
                    row.add(sb.toString());
                    i++; // the comma
                } else {
                    int j = line.indexOf(',', i);
                    if (j < 0) j = line.length();
                    String v = line.substring(i, j);
                    row.add(v.isEmpty() ? null : v);
                    i = j + 1;
                }
            }
            rows.add(row);
        }
        return rows;
    }
}
