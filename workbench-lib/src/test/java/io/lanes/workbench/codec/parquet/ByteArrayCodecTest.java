package io.lanes.workbench.codec.parquet;

import io.lanes.workbench.check.Allocations;
import io.lanes.workbench.codec.ByteArrayCodec;
import io.lanes.workbench.codec.ByteArrays;
import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.registry.CodecRegistry;
import io.lanes.workbench.codec.CorruptDataException;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesReader;
import org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesWriter;
import org.apache.parquet.column.values.deltastrings.DeltaByteArrayReader;
import org.apache.parquet.column.values.deltastrings.DeltaByteArrayWriter;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every byte-array codec of the registry on the same cases: round trips across pages with one
 * decoder, codecs of one page format (decoder variants, peers) decoding each other's pages to the
 * same values both ways, interop with parquet-java called directly, and corrupt pages rejected with
 * {@link CorruptDataException} only.
 */
class ByteArrayCodecTest {
    /** The byte-array codecs this package and its neighbours register; the registry must hold exactly these. */
    static final Set<String> EXPECTED = Set.of("parquet.plain-byte-array", "parquet.delta-length-byte-array", "parquet.delta-byte-array",
            "parquet.delta-byte-array.alloc-per-value", "parquet.delta-byte-array.decoders-per-page", "parquet.delta-byte-array.value-at-a-time",
            "parquet.dict-byte-array", "parquet.dict-byte-array.indices-then-gather",
            "zstd.plain-byte-array", "lz4.plain-byte-array", "peer.parquet.delta-length-byte-array", "peer.parquet.delta-byte-array");

    static List<ByteArrayCodec> codecs() {
        return CodecRegistry.all().stream().filter(ByteArrayCodec.class::isInstance).map(ByteArrayCodec.class::cast).toList();
    }

    static ByteArrayCodec codec(String name) {
        return (ByteArrayCodec) CodecRegistry.get(name);
    }

    /** Sorted-ish strings with shared prefixes, empty strings and random binary, mixed. */
    static byte[][] values(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        byte[][] v = new byte[n][];
        String prev = "";
        for (int i = 0; i < n; i++) {
            v[i] = switch (r.nextInt(4)) {
                case 0 -> new byte[0];
                case 1 -> random(r.nextInt(40), r);
                default -> {
                    String s = prev.substring(0, r.nextInt(prev.length() + 1)) + Long.toString(r.nextLong(1L << 40), 36);
                    prev = s;
                    yield s.getBytes(StandardCharsets.UTF_8);
                }
            };
        }
        return v;
    }

    static byte[] random(int len, SplittableRandom r) {
        byte[] b = new byte[len];
        for (int i = 0; i < len; i++) b[i] = (byte) r.nextInt(256);
        return b;
    }

    /** The named cases every codec round-trips, each a page. */
    static Map<String, byte[][]> cases() {
        Map<String, byte[][]> m = new LinkedHashMap<>();
        SplittableRandom r = new SplittableRandom(42);
        m.put("empty page", new byte[0][]);
        m.put("one value", new byte[][] {"lanes".getBytes(StandardCharsets.US_ASCII)});
        m.put("one empty string", new byte[][] {{}});
        byte[][] empties = new byte[1025][];
        Arrays.fill(empties, new byte[0]);
        m.put("1025 empty strings", empties);
        // long shared prefixes: a 2,000-byte stem, each value keeping all or most of the one before
        byte[] stem = random(2000, r);
        byte[][] shared = new byte[1500][];
        for (int i = 0; i < shared.length; i++) {
            byte[] tail = random(r.nextInt(5), r);
            shared[i] = Arrays.copyOf(stem, stem.length - r.nextInt(3) + tail.length);
            System.arraycopy(tail, 0, shared[i], shared[i].length - tail.length, tail.length);
        }
        m.put("long shared prefixes", shared);
        byte[][] growing = new byte[300][];
        for (int i = 0; i < growing.length; i++) growing[i] = Arrays.copyOf(stem, i * 5);
        m.put("each value extends the last", growing);
        byte[][] rnd = new byte[3000][];
        for (int i = 0; i < rnd.length; i++) rnd[i] = random(r.nextInt(64), r);
        m.put("random bytes", rnd);
        m.put("one long value", new byte[][] {{1}, random(200_000, r), {}});
        m.put("mixed, 5000 values", values(5000, 7));
        return m;
    }

    static byte[] encode(ByteArrayCodec c, byte[][] v) {
        ByteArrays in = ByteArrays.of(v);
        byte[] out = new byte[c.maxEncodedBytes(in.count(), in.bytes())];
        return Arrays.copyOf(out, c.encode(in, 0, in.count(), out, 0));
    }

    static void assertValues(byte[][] want, ByteArrays got, int from, String what) {
        for (int i = 0; i < want.length; i++) assertArrayEquals(want[i], got.get(from + i), what + " value " + i);
    }

    @Test
    void theRegistryHoldsEveryByteArrayCodecUnderItsName() {
        assertEquals(new TreeSet<>(EXPECTED), new TreeSet<>(codecs().stream().map(Codec::name).toList()));
        for (DeltaByteArrayVariant v : DeltaByteArrayVariant.values()) {
            DeltaByteArray c = (DeltaByteArray) codec(v.suffix().isEmpty() ? "parquet.delta-byte-array" : "parquet.delta-byte-array." + v.suffix());
            assertEquals(v, c.variant());
            assertEquals("parquet.delta-byte-array", c.pageFormat(), c.name());
            assertEquals(v.allocatesByDesign(), c.allocatesByDesign(), c.name());
        }
        assertEquals("a byte[] per value", codec("parquet.delta-byte-array.alloc-per-value").allocatesByDesign());
        for (ByteArrayCodec c : codecs()) {
            if (!c.name().startsWith("parquet.delta-byte-array.")) assertEquals("", c.allocatesByDesign(), c.name() + " keeps the no-allocation contract");
        }
    }

    @TestFactory
    Stream<DynamicTest> everyCodecRoundTripsEveryCaseAcrossPagesWithOneDecoder() {
        return codecs().stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> {
            ByteArrayCodec.Decoder d = c.newDecoder();
            ByteArrays out = new ByteArrays();
            int at = 0;
            for (Map.Entry<String, byte[][]> e : cases().entrySet()) {
                byte[][] v = e.getValue();
                byte[] page = encode(c, v);
                assertEquals(v.length, c.decodedLength(page, 0, page.length), c.name() + " " + e.getKey());
                assertTrue(v.length <= c.maxDecodedLength(page.length), c.name() + " " + e.getKey());
                assertEquals(v.length, d.decode(page, 0, page.length, out), c.name() + " " + e.getKey());
                assertValues(v, out, at, c.name() + " " + e.getKey());
                at += v.length;
            }
            // every length 0..1025, each page appended after the others: the batch and block edges
            for (int n = 0; n <= 1025; n++) {
                byte[][] v = values(n, n);
                byte[] page = encode(c, v);
                assertEquals(n, d.decode(page, 0, page.length, out), c.name() + " n=" + n);
                assertValues(v, out, at, c.name() + " n=" + n);
                at += n;
            }
            assertEquals(at, out.count());
        }));
    }

    /** Codecs grouped by page format, the format's own codec (named as it) first. */
    static Map<String, List<ByteArrayCodec>> byFormat() {
        Map<String, List<ByteArrayCodec>> m = new LinkedHashMap<>();
        for (ByteArrayCodec c : codecs()) m.computeIfAbsent(c.pageFormat(), k -> new ArrayList<>()).add(c);
        m.values().forEach(l -> l.sort((a, b) -> Boolean.compare(!a.name().equals(a.pageFormat()), !b.name().equals(b.pageFormat()))));
        return m;
    }

    @Test
    void codecsOfOnePageFormatDecodeEachOthersPagesToTheSameValues() {
        Map<String, List<ByteArrayCodec>> groups = byFormat();
        assertEquals(List.of("parquet.delta-byte-array", "parquet.delta-byte-array.alloc-per-value", "parquet.delta-byte-array.decoders-per-page",
                "parquet.delta-byte-array.value-at-a-time", "peer.parquet.delta-byte-array"), groups.get("parquet.delta-byte-array").stream().map(Codec::name).toList());
        assertEquals(List.of("parquet.delta-length-byte-array", "peer.parquet.delta-length-byte-array"),
                groups.get("parquet.delta-length-byte-array").stream().map(Codec::name).toList());
        for (List<ByteArrayCodec> group : groups.values()) {
            for (Map.Entry<String, byte[][]> e : cases().entrySet()) {
                byte[][] v = e.getValue();
                byte[] reference = encode(group.getFirst(), v);
                for (ByteArrayCodec writer : group) {
                    byte[] page = encode(writer, v);
                    // variants share their encoder; a peer's writer may differ only where the spec leaves it free, so its pages are decoded, not compared
                    if (!writer.name().startsWith("peer.")) assertArrayEquals(reference, page, writer.name() + " writes " + group.getFirst().name() + "'s bytes, " + e.getKey());
                    for (ByteArrayCodec reader : group) {
                        ByteArrays out = ByteArrays.of("before".getBytes(StandardCharsets.US_ASCII));
                        assertEquals(v.length, reader.newDecoder().decode(page, 0, page.length, out), reader.name() + " decoding " + writer.name() + ", " + e.getKey());
                        assertEquals("before", new String(out.get(0), StandardCharsets.US_ASCII));
                        assertValues(v, out, 1, reader.name() + " decoding " + writer.name() + "'s page, " + e.getKey());
                    }
                }
            }
        }
    }

    @Test
    void interoperatesWithParquetJavaCalledDirectly() throws Exception {
        String[] names = {"parquet.delta-length-byte-array", "parquet.delta-byte-array"};
        for (int n : new int[] {0, 1, 129, 3000}) {
            byte[][] v = values(n, 99 + n);
            List<ValuesWriter> writers = List.of(
                    new DeltaLengthByteArrayValuesWriter(1 << 10, 1 << 20, HeapByteBufferAllocator.getInstance()),
                    new DeltaByteArrayWriter(1 << 10, 1 << 20, HeapByteBufferAllocator.getInstance()));
            List<ValuesReader> readers = List.of(new DeltaLengthByteArrayValuesReader(), new DeltaByteArrayReader());
            for (int k = 0; k < 2; k++) {
                ByteArrayCodec c = codec(names[k]);
                ValuesWriter w = writers.get(k);
                for (byte[] b : v) w.writeBytes(Binary.fromConstantByteArray(b));
                byte[] theirs = ParquetJava.bytes(w.getBytes());
                ByteArrays out = new ByteArrays();
                assertEquals(n, c.newDecoder().decode(theirs, 0, theirs.length, out), names[k]);
                assertValues(v, out, 0, names[k] + " decoding parquet-java's page, n=" + n);
                byte[] ours = encode(c, v);
                ValuesReader r = readers.get(k);
                r.initFromPage(n, ByteBufferInputStream.wrap(ByteBuffer.wrap(ours)));
                for (int i = 0; i < n; i++) assertArrayEquals(v[i], r.readBytes().getBytes(), names[k] + " parquet-java decoding ours, value " + i);
            }
        }
    }

    @Test
    void plainPagesAreParquetsValuesSectionAfterACount() {
        byte[][] v = {"ab".getBytes(StandardCharsets.US_ASCII), {}, {(byte) 0xff}};
        assertArrayEquals(new byte[] {3, 2, 0, 0, 0, 'a', 'b', 0, 0, 0, 0, 1, 0, 0, 0, (byte) 0xff}, encode(codec("parquet.plain-byte-array"), v));
    }

    @TestFactory
    Stream<DynamicTest> truncatedPagesFailCleanly() {
        return codecs().stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> {
            byte[] page = encode(c, values(700, 5));
            ByteArrayCodec.Decoder d = c.newDecoder();
            for (int cut = 0; cut < page.length; cut += Math.max(1, page.length / 300)) {
                int len = cut;
                assertThrows(CorruptDataException.class, () -> d.decode(page, 0, len, new ByteArrays()), c.name() + " truncated to " + len);
            }
            byte[] longer = Arrays.copyOf(page, page.length + 1);
            assertThrows(CorruptDataException.class, () -> d.decode(longer, 0, longer.length, new ByteArrays()), c.name() + " with a byte after the page");
        }));
    }

    /** A DELTA_BINARY_PACKED stream of {@code v} (ours), the length streams of hand-made pages. */
    static byte[] delta(int... v) {
        DeltaCodec32 d = ParquetCodecs.delta32("lengths", ParquetCodecs.DEFAULT_DELTA32);
        byte[] out = new byte[d.maxEncodedBytes(v.length)];
        return Arrays.copyOf(out, d.encode(v, 0, v.length, out, 0));
    }

    static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) n += p.length;
        byte[] out = new byte[n];
        int at = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, at, p.length);
            at += p.length;
        }
        return out;
    }

    /** Pages whose every byte is present but a field is wrong: each codec of the format must name that field. */
    @Test
    void corruptFieldsAreNamed() {
        byte[] ab = "ab".getBytes(StandardCharsets.US_ASCII);
        Map<String, Map<String, byte[]>> bad = new LinkedHashMap<>();
        bad.put("parquet.plain-byte-array", Map.of(
                "value length", new byte[] {2, -1, -1, -1, -1, 0, 0, 0, 0}, // a negative length
                "value count", new byte[] {3, 0, 0, 0, 0}));
        bad.put("parquet.delta-length-byte-array", Map.of(
                "value length", concat(delta(2, -2, 2), ab)));
        bad.put("parquet.delta-byte-array", Map.of(
                "prefix length", concat(delta(0, 3), delta(2, 1), "abc".getBytes(StandardCharsets.US_ASCII)), // value 1 shares 3 bytes with a 2-byte value
                "suffix count", concat(delta(0, 1), delta(2), ab)));
        int checked = 0;
        for (Map.Entry<String, List<ByteArrayCodec>> g : byFormat().entrySet()) {
            if (!bad.containsKey(g.getKey())) continue;
            for (Map.Entry<String, byte[]> page : bad.get(g.getKey()).entrySet()) {
                byte[] p = page.getValue();
                for (ByteArrayCodec c : g.getValue()) {
                    Allocations.Run run = Allocations.run(() -> c.newDecoder().decode(p, 0, p.length, new ByteArrays()));
                    assertTrue(run.bounded(), c.name() + ": " + run);
                    CorruptDataException e = assertInstanceOf(run.thrown(), c.name() + " on a page with a bad " + page.getKey());
                    assertEquals(page.getKey(), e.field(), c.name() + ": " + e.getMessage()); // a peer's adapter checks with ours first
                    checked++;
                }
            }
        }
        assertEquals(2 + 2 + 2 * 5, checked);
    }

    private static CorruptDataException assertInstanceOf(Throwable t, String what) {
        return org.junit.jupiter.api.Assertions.assertInstanceOf(CorruptDataException.class, t, what);
    }

    /** The allocating variants are measured arms: they must really allocate what they declare, once compiled too (the least of many decodes). */
    @Test
    void theAllocatingVariantsAllocateWhatTheyDeclare() {
        byte[][] v = values(4096, 11);
        byte[] page = encode(codec("parquet.delta-byte-array"), v);
        Map<String, Long> perDecode = new LinkedHashMap<>();
        for (String name : List.of("parquet.delta-byte-array.alloc-per-value", "parquet.delta-byte-array.decoders-per-page")) {
            ByteArrayCodec.Decoder d = codec(name).newDecoder();
            ByteArrays out = new ByteArrays();
            long least = Long.MAX_VALUE;
            for (int round = 0; round < 200; round++) {
                out.clear();
                long before = Allocations.current();
                d.decode(page, 0, page.length, out);
                least = Math.min(least, Allocations.current() - before);
            }
            perDecode.put(name, least);
        }
        // a byte[] per value costs at least its 16-byte header; two child decoders and their buffers at least their ints
        assertTrue(perDecode.get("parquet.delta-byte-array.alloc-per-value") >= 16L * v.length, perDecode.toString());
        assertTrue(perDecode.get("parquet.delta-byte-array.decoders-per-page") >= 2 * 4L * DeltaBatchReader.BATCH, perDecode.toString());
    }

    /** What the peers rely on: validate rejects what decode rejects and writes nothing. */
    @Test
    void validateChecksAPageAsDecodeDoes() {
        for (String name : List.of("parquet.delta-length-byte-array", "parquet.delta-byte-array")) {
            ValidatingDecoder d = (ValidatingDecoder) codec(name).newDecoder();
            byte[] page = encode(codec(name), values(2000, 3));
            assertEquals(2000, d.validate(page, 0, page.length), name);
            for (int cut = 0; cut < page.length; cut += 13) {
                int len = cut;
                assertThrows(CorruptDataException.class, () -> d.validate(page, 0, len), name + " truncated to " + len);
            }
        }
    }
}
