package io.lanes.workbench.measure;

import io.lanes.workbench.codec.ByteArrayCodec;
import io.lanes.workbench.codec.ByteArrays;
import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.LongCodec;
import io.lanes.workbench.codec.registry.CodecRegistry;
import io.lanes.workbench.corpus.Column;
import io.lanes.workbench.corpus.DuckWritten;
import io.lanes.workbench.corpus.Pages;
import io.lanes.workbench.parquet.ParquetPage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The engine reference arms: DuckDB's answer over a file's column equals the same checksum of what
 * our decoders decode from that column's pages; they are measured on a file's pages only, and bad
 * input is an exception naming the file and column.
 */
class EngineScanTest {
    private static final Path TESTING = Path.of("..", "datasets", "parquet-testing");

    @Test
    void theScanAnswersTheChecksumOfWhatOurDecodersDecodeFromTheSamePages(@TempDir Path dir) {
        List<Path> duck = DuckWritten.write(dir);
        Path uncompressed = duck.get(2);
        Path noDictionary = duck.get(3);
        record Case(Path file, String column, String codec) {
        }
        List<Case> cases = List.of(
                new Case(uncompressed, "id", "parquet.delta.vscan"), // INT32 DELTA_BINARY_PACKED, DuckDB's writer
                new Case(uncompressed, "hashed", "parquet.delta64.vscan"), // INT64
                new Case(noDictionary, "nullable", "parquet.delta"), // ZSTD pages; nulls: the scan's aggregate skips them, as the pages' values do
                new Case(noDictionary, "d", "parquet.delta"), // DATE, read back to its stored days
                new Case(TESTING.resolve("delta_binary_packed.parquet"), "bitwidth12", "parquet.delta64"), // parquet-mr's writer
                new Case(noDictionary, "digest", "parquet.delta-length-byte-array"), // ZSTD pages, DELTA_LENGTH_BYTE_ARRAY
                new Case(TESTING.resolve("delta_length_byte_array.parquet"), "FRUIT", "parquet.delta-length-byte-array"),
                new Case(TESTING.resolve("delta_byte_array.parquet"), "c_email_address", "parquet.delta-byte-array"));
        for (Case c : cases) {
            Codec codec = CodecRegistry.get(c.codec());
            Pages pages = Pages.ofFile(c.file(), c.column(), List.of(codec));
            EngineScan.Query scan = EngineScan.prepare(EngineScan.SCAN, pages);
            long ours = checksumOfOurDecode(codec, pages);
            assertEquals(ours, scan.run(), c + ": " + scan.sql());
            assertEquals(ours, scan.expected(), c + ": the harness's check compares with the same checksum");
            EngineScan.Query open = EngineScan.prepare(EngineScan.OPEN, pages);
            assertEquals(pages.values().size() + pages.nulls(), open.run(), c + ": the fixed-cost query counts the file's rows");
        }
    }

    /** bit_xor of the decoded integers, or the sum of the decoded strings' lengths: what the scan query answers. */
    private static long checksumOfOurDecode(Codec codec, Pages pages) {
        long sum = 0;
        ByteArrays strings = new ByteArrays();
        for (ParquetPage p : pages.pages()) {
            byte[] in = p.codecPage();
            switch (codec) {
                case IntCodec c -> {
                    int[] out = new int[c.decodedLength(in, 0, in.length)];
                    c.decode(in, 0, in.length, out, 0);
                    for (int v : out) sum ^= v;
                }
                case LongCodec c -> {
                    long[] out = new long[c.decodedLength(in, 0, in.length)];
                    c.decode(in, 0, in.length, out, 0);
                    for (long v : out) sum ^= v;
                }
                case ByteArrayCodec c -> c.newDecoder().decode(in, 0, in.length, strings);
                default -> throw new AssertionError(codec.name());
            }
        }
        return codec instanceof ByteArrayCodec ? strings.bytes() : sum;
    }

    @Test
    void theHarnessMeasuresTheEngineBesideADecoderAndLabelsItsRows(@TempDir Path dir) {
        Path file = DuckWritten.write(dir).get(3); // no dictionary: sorted_runs is DELTA_BINARY_PACKED
        Arm decoder = Arm.named("parquet.delta");
        Pages pages = Pages.ofFile(file, "sorted_runs", List.of(decoder.codec()));
        List<Arm> arms = List.of(Arm.storeOnly(), Arm.named(EngineScan.SCAN), decoder, Arm.named(EngineScan.OPEN));
        Harness.Config quick = new Harness.Config(2, 0, 4, 100, true, 0);
        List<Measurement> ms = new Harness(quick).measure(arms, pages);
        List<String> names = new ArrayList<>();
        for (Measurement m : ms) {
            names.add(m.arm() + (m.control() ? " (control)" : ""));
            assertEquals(pages.values().size(), m.values(), m.arm());
            assertTrue(m.decodeMedian() > 0, m.arm());
            if (EngineScan.isEngine(m.arm())) assertEquals(pages.encodedBytes(), m.inputBytes(), "the same pages' bytes: " + m.arm());
        }
        // the control twin copies the decoder, never an engine query
        assertEquals(List.of("store-only", EngineScan.SCAN, "parquet.delta", EngineScan.OPEN, "parquet.delta (control)"), names);
        assertEquals("engine", Arm.kindOf(EngineScan.SCAN));
        assertEquals("decoder", Arm.kindOf("parquet.delta"));
        assertEquals("wall", Arm.kindOf(StoreOnly.NAME));
    }

    @Test
    void theEngineScansFilesOnlyNeverWrittenPagesOrTiledColumns() {
        Arm engine = Arm.named(EngineScan.SCAN);
        Column col = Column.ofInts("t", "t", new int[] {5, 6, 7, 9}, "test");
        Pages written = Pages.writtenByParquetJava(col, List.of(CodecRegistry.get("parquet.delta")));
        assertFalse(Harness.takes(engine, written));
        assertTrue(EngineScan.refusal(written).contains("written in memory"), EngineScan.refusal(written));
        assertFalse(Harness.takes(engine, col), "a tiled column has no file");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Prepared.of(engine, col, 4));
        assertTrue(e.getMessage().contains("bench --pages"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Arm.named("engine.duckdb.nothing"));
    }

    @Test
    void aColumnWithValuePagesInAnotherFormatIsRefusedNamingThem(@TempDir Path dir) {
        // the dictionary file's string column is dictionary indices: timed as parquet.dict pages, every page is
        // in the timed format; read with only a PLAIN-reading decoder the column has no page it decodes
        Path file = DuckWritten.write(dir).get(2);
        Pages dictionary = Pages.ofFile(file, "dict_str", CodecRegistry.all());
        assertTrue(dictionary.source().whole(), dictionary.summary());
        assertNull(EngineScan.refusal(dictionary));
        Pages partial = new Pages(dictionary.values(), dictionary.writer(), dictionary.format(), dictionary.pages(), List.of("1 DATA_V2 page (PLAIN): format parquet.plain"),
                new Pages.Source(file, "dict_str", false));
        assertTrue(EngineScan.refusal(partial).contains("would decode too"), EngineScan.refusal(partial));
    }

    @Test
    void aFileGoneOrCorruptAfterItsPagesWereReadIsAnErrorNamingFileAndColumn(@TempDir Path dir) throws IOException {
        Path original = DuckWritten.write(dir.resolve("w")).get(2);
        Path file = Files.copy(original, dir.resolve("copy.parquet"), StandardCopyOption.REPLACE_EXISTING);
        Codec delta = CodecRegistry.get("parquet.delta");
        Pages pages = Pages.ofFile(file, "id", List.of(delta));
        Prepared ready = Prepared.of(Arm.named(EngineScan.SCAN), pages);
        ready.verify("before");

        // corrupt the footer in place: DuckDB refuses the file; the error names it and the column, nothing crashes
        byte[] bytes = Files.readAllBytes(file);
        for (int i = bytes.length - 200; i < bytes.length - 8; i++) bytes[i] = (byte) 0xA5;
        Files.write(file, bytes);
        IllegalStateException bad = assertThrows(IllegalStateException.class, () -> ready.verify("after"));
        assertTrue(bad.getMessage().contains(file.toString()) && bad.getMessage().contains("'id'") && bad.getMessage().contains("nothing was timed"),
                bad.getMessage());
        IllegalArgumentException describe = assertThrows(IllegalArgumentException.class, () -> Prepared.of(Arm.named(EngineScan.SCAN), pages));
        assertTrue(describe.getMessage().contains(file.toString()) && describe.getMessage().contains("'id'"), describe.getMessage());

        Files.delete(file);
        IllegalArgumentException gone = assertThrows(IllegalArgumentException.class, () -> Prepared.of(Arm.named(EngineScan.SCAN), pages));
        assertTrue(gone.getMessage().contains(file.toString()) && gone.getMessage().contains("gone"), gone.getMessage());
    }

    @Test
    void aWrongAnswerFailsTheCheckBeforeAnythingIsTimed(@TempDir Path dir) {
        Path file = DuckWritten.write(dir).get(2);
        Pages pages = Pages.ofFile(file, "id", List.of(CodecRegistry.get("parquet.delta")));
        // the same pages with other reference values: the query's answer no longer matches them
        int[] shifted = pages.values().ints().clone();
        shifted[0]++;
        Pages lying = new Pages(Column.ofInts(pages.values().id(), pages.values().dataset(), shifted, "test"), pages.writer(), pages.format(),
                pages.pages(), pages.skipped(), pages.source());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Prepared.of(Arm.named(EngineScan.SCAN), lying).verify("x"));
        assertTrue(e.getMessage().contains("bit_xor") && e.getMessage().contains("nothing was timed"), e.getMessage());
    }
}
