package io.lanes.workbench.codec.parquet;

import io.lanes.workbench.parquet.HybridRuns;
import io.lanes.workbench.parquet.Leb128;

import io.lanes.workbench.codec.ByteArrayCodec;
import io.lanes.workbench.codec.ByteArrays;
import io.lanes.workbench.codec.registry.CodecRegistry;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.LongCodec;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.dictionary.DictionaryValuesWriter;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridDecoder;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The dictionary codecs ({@code parquet.dict}, {@code parquet.dict64}, {@code parquet.dict-byte-array}
 * and their decoder variants): round trips over the lengths around a batch and the cardinalities
 * around index-width steps, every variant decoding the default's page to the same output, bad
 * indices and widths refused naming field and offset, and the dictionary and indices exchanged with
 * parquet-java's dictionary writer.
 */
class DictCodecTest {
    static final int[] LENGTHS = {0, 1, 7, 8, 9, 1023, 1024, 1025, 100_000};
    static final int[] DISTINCT = {1, 2, 255, 256, 65536};
    static final List<String> INT32 = List.of("parquet.dict", "parquet.dict.scalar-gather", "parquet.dict.indices-then-gather");
    static final List<String> INT64 = List.of("parquet.dict64", "parquet.dict64.scalar-gather", "parquet.dict64.indices-then-gather");
    static final List<String> BYTES = List.of("parquet.dict-byte-array", "parquet.dict-byte-array.indices-then-gather");

    /**
     * Value numbers {@code 0..distinct-1} of a column of {@code n}: every number once (if it fits),
     * then runs of 1 to 40 of random numbers, so pages have both RLE and bit-packed runs.
     */
    static int[] numbers(int n, int distinct, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] v = new int[n];
        int i = 0;
        for (; i < Math.min(n, distinct); i++) v[i] = i;
        while (i < n) {
            int x = r.nextInt(distinct), run = r.nextInt(4) == 0 ? 1 + r.nextInt(40) : 1;
            for (int k = 0; k < run && i < n; k++) v[i++] = x;
        }
        // shuffle the first occurrences a little so dictionary order is not value order
        for (int k = Math.min(n, distinct) - 1; k > 0; k--) {
            int j = r.nextInt(k + 1), t = v[k];
            v[k] = v[j];
            v[j] = t;
        }
        return v;
    }

    /** Entry k: empty for 0, else of 2 to 30 bytes. */
    static byte[] entry(int k) {
        return (k == 0 ? "" : k + "-" + "x".repeat(k % 23)).getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void int32RoundTripsAndVariantsAgree() {
        for (int n : LENGTHS) {
            for (int distinct : DISTINCT) {
                int[] v = numbers(n, distinct, n * 31L + distinct);
                for (int i = 0; i < n; i++) v[i] = v[i] * 0x9E3779B1 ^ 0x5555; // spread over the int range, negatives included
                IntCodec enc = (IntCodec) CodecRegistry.get(INT32.getFirst());
                byte[] page = new byte[enc.maxEncodedBytes(n)];
                int len = enc.encode(v, 0, n, page, 0);
                checkHeader(page, n, distinct);
                for (String name : INT32) {
                    IntCodec c = (IntCodec) CodecRegistry.get(name);
                    assertEquals(n, c.decodedLength(page, 0, len), name);
                    int[] out = new int[n + 2];
                    out[0] = out[n + 1] = 77;
                    assertEquals(n, c.decode(page, 0, len, out, 1), name);
                    assertArrayEquals(v, Arrays.copyOfRange(out, 1, n + 1), name + " n=" + n + " distinct=" + distinct);
                    assertEquals(77, out[0] + out[n + 1] - 77, name + " wrote outside its values");
                }
            }
        }
    }

    @Test
    void int64RoundTripsAndVariantsAgree() {
        for (int n : LENGTHS) {
            for (int distinct : DISTINCT) {
                int[] num = numbers(n, distinct, n * 37L + distinct);
                long[] v = new long[n];
                for (int i = 0; i < n; i++) v[i] = num[i] * 0x9E3779B97F4A7C15L;
                LongCodec enc = (LongCodec) CodecRegistry.get(INT64.getFirst());
                byte[] page = new byte[enc.maxEncodedBytes(n)];
                int len = enc.encode(v, 0, n, page, 0);
                checkHeader(page, n, distinct);
                for (String name : INT64) {
                    LongCodec c = (LongCodec) CodecRegistry.get(name);
                    assertEquals(n, c.decodedLength(page, 0, len), name);
                    long[] out = new long[n + 1];
                    assertEquals(n, c.decode(page, 0, len, out, 1), name);
                    assertArrayEquals(v, Arrays.copyOfRange(out, 1, n + 1), name + " n=" + n + " distinct=" + distinct);
                }
            }
        }
    }

    @Test
    void byteArrayRoundTripsAndVariantsAgree() {
        for (int n : LENGTHS) {
            for (int distinct : DISTINCT) {
                int[] num = numbers(n, distinct, n * 41L + distinct);
                ByteArrays v = new ByteArrays();
                for (int x : num) {
                    byte[] e = entry(x);
                    v.add(e, 0, e.length);
                }
                ByteArrayCodec enc = (ByteArrayCodec) CodecRegistry.get(BYTES.getFirst());
                byte[] page = new byte[enc.maxEncodedBytes(n, v.bytes())];
                int len = enc.encode(v, 0, n, page, 0);
                for (String name : BYTES) {
                    ByteArrayCodec c = (ByteArrayCodec) CodecRegistry.get(name);
                    assertEquals(n, c.decodedLength(page, 0, len), name);
                    ByteArrays out = ByteArrays.of("before".getBytes(StandardCharsets.US_ASCII));
                    assertEquals(n, c.newDecoder().decode(page, 0, len, out), name);
                    assertEquals(n + 1, out.count(), name);
                    for (int i = 0; i < n; i++) assertArrayEquals(v.get(i), out.get(i + 1), name + " n=" + n + " distinct=" + distinct + " value " + i);
                }
            }
        }
    }

    /** The dictionary holds each distinct value once and the indices are as narrow as it allows. */
    private static void checkHeader(byte[] page, int n, int distinct) {
        int d = Leb128.readInt(page, Leb128.end(page, 0), page.length, "dictionary size");
        assertEquals(Math.min(n, distinct), d, "dictionary size");
    }

    /** A page of 9 values [0, 1, 2, 0, 1, 2, 0, 1, 3] over a dictionary of 3 int32s: index 3 is past it. */
    @Test
    void anIndexPastTheDictionaryIsRefusedWhereItIs() {
        // count 9, dict size 3, dict 10 20 30, width 2, bit-packed run of 2 groups (header 0x05): indices 0..7 then index 8 alone
        int[] idx = {0, 1, 2, 0, 1, 2, 0, 1, 3};
        byte[] page = page32(idx, 2, 3);
        for (String name : INT32) {
            IntCodec c = (IntCodec) CodecRegistry.get(name);
            assertEquals(9, c.decodedLength(page, 0, page.length), "decodedLength checks runs, not index values");
            CorruptDataException e = assertThrows(CorruptDataException.class, () -> c.decode(page, 0, page.length, new int[9], 0), name);
            assertEquals("dictionary index", e.field(), name);
            // runs start at byte 15 (header at 15, data at 16); index 8 is bits 16..17: byte 16 + 2
            assertEquals(18, e.offset(), name + ": " + e.getMessage());
        }
        // the same index as an RLE run: count 9, dict 3, width 2, RLE run of 9 (header 18) of value 3 at byte 16
        byte[] rle = {9, 3, 10, 0, 0, 0, 20, 0, 0, 0, 30, 0, 0, 0, 2, 18, 3};
        for (String name : INT32) {
            CorruptDataException e = assertThrows(CorruptDataException.class, () -> ((IntCodec) CodecRegistry.get(name)).decode(rle, 0, rle.length, new int[9], 0), name);
            assertEquals("dictionary index", e.field(), name);
            assertEquals(16, e.offset(), name);
        }
    }

    @Test
    void anIndexPastTheDictionaryIsRefusedInEveryType() {
        // int64: count 9, dict 3 longs, width 2, RLE run of 9 of value 3 (at byte 28)
        byte[] p64 = new byte[29];
        p64[0] = 9;
        p64[1] = 3;
        p64[26] = 2;
        p64[27] = 18;
        p64[28] = 3;
        for (String name : INT64) {
            CorruptDataException e = assertThrows(CorruptDataException.class, () -> ((LongCodec) CodecRegistry.get(name)).decode(p64, 0, p64.length, new long[9], 0), name);
            assertEquals("dictionary index", e.field(), name);
            assertEquals(28, e.offset(), name);
        }
        // byte arrays: count 9, dict of 3 empty entries, width 2, one bit-packed run whose last index is 3
        byte[] pb = page32(new int[] {0, 1, 2, 0, 1, 2, 0, 1, 3}, 2, 3); // entries of 4 bytes each, read as lengths 10, 20, 30: make them empty
        for (int k = 0; k < 3; k++) pb[2 + 4 * k] = 0;
        for (String name : BYTES) {
            CorruptDataException e = assertThrows(CorruptDataException.class, () -> ((ByteArrayCodec) CodecRegistry.get(name)).newDecoder().decode(pb, 0, pb.length, new ByteArrays()), name);
            assertEquals("dictionary index", e.field(), name);
            assertEquals(18, e.offset(), name + ": " + e.getMessage());
        }
    }

    @Test
    void widthsCountsAndTrailingBytesAreChecked() {
        int[] idx = {0, 1, 2, 0, 1, 2, 0, 1, 2};
        byte[] good = page32(idx, 2, 3);
        assertArrayEquals(new int[] {10, 20, 30, 10, 20, 30, 10, 20, 30}, decode(good));
        expect("index width", 14, () -> decode(page32(idx, 3, 3))); // 3 entries need 2 bits, not 3
        byte[] trailing = Arrays.copyOf(good, good.length + 1);
        expect("page length", good.length, () -> decode(trailing));
        byte[] bigDict = good.clone();
        bigDict[1] = 4; // read as 4 entries, the dictionary takes the width and run bytes: what follows is no run
        expect("RLE run length", 19, () -> decode(bigDict));
        byte[] hugeDict = good.clone();
        hugeDict[1] = 100;
        expect("dictionary size", 1, () -> decode(hugeDict));
        byte[] empty = {9, 0, 0, 18, 0};
        expect("dictionary size", 1, () -> decode(empty));
        byte[] shortCount = good.clone();
        shortCount[0] = 17; // the run's 2 groups hold 16 (a padded last run may hold more than the count, never fewer)
        expect("run header", good.length, () -> decode(shortCount));
    }

    private static int[] decode(byte[] page) {
        int[] out = new int[16];
        return Arrays.copyOf(out, ((IntCodec) CodecRegistry.get("parquet.dict")).decode(page, 0, page.length, out, 0));
    }

    private static void expect(String field, int offset, Executable decode) {
        CorruptDataException e = assertThrows(CorruptDataException.class, decode);
        assertEquals(field, e.field(), e.getMessage());
        assertEquals(offset, e.offset(), e.getMessage());
    }

    /** A page: {@code idx.length} values over the dictionary 10, 20, 30, ... of {@code d} int32s, indices bit-packed at {@code w} in one run. */
    private static byte[] page32(int[] idx, int w, int d) {
        int groups = (idx.length + 7) / 8;
        byte[] page = new byte[2 + 4 * d + 2 + groups * w];
        page[0] = (byte) idx.length;
        page[1] = (byte) d;
        for (int k = 0; k < d; k++) page[2 + 4 * k] = (byte) (10 * (k + 1));
        int p = 2 + 4 * d;
        page[p++] = (byte) w;
        page[p++] = (byte) (groups << 1 | 1);
        for (int i = 0; i < idx.length; i++) page[p + i * w / 8] |= (byte) (idx[i] << (i * w % 8));
        return page;
    }

    /**
     * parquet-java's dictionary writer and ours: the same dictionary bytes (PLAIN, first-occurrence
     * order) and index width; its RLE/bit-packed index section decodes with ours, and ours with its
     * decoder. The runs themselves may differ: the two encoders cut bit-packed runs differently
     * ({@link RleBssInteropTest}).
     */
    @Test
    void dictionaryAndIndicesMatchParquetJava() throws IOException {
        for (int n : new int[] {1, 9, 1025, 20_000}) {
            for (int distinct : DISTINCT) {
                int[] num = numbers(n, distinct, n * 43L + distinct);
                int[] v = new int[n];
                long[] l = new long[n];
                ByteArrays b = new ByteArrays();
                var w32 = new DictionaryValuesWriter.PlainIntegerDictionaryValuesWriter(Integer.MAX_VALUE, Encoding.RLE_DICTIONARY, Encoding.PLAIN, HeapByteBufferAllocator.getInstance());
                var w64 = new DictionaryValuesWriter.PlainLongDictionaryValuesWriter(Integer.MAX_VALUE, Encoding.RLE_DICTIONARY, Encoding.PLAIN, HeapByteBufferAllocator.getInstance());
                var wb = new DictionaryValuesWriter.PlainBinaryDictionaryValuesWriter(Integer.MAX_VALUE, Encoding.RLE_DICTIONARY, Encoding.PLAIN, HeapByteBufferAllocator.getInstance());
                for (int i = 0; i < n; i++) {
                    v[i] = num[i] * 7919 - 1000;
                    l[i] = num[i] * 0x1_0000_0001L;
                    byte[] e = entry(num[i]);
                    b.add(e, 0, e.length);
                    w32.writeInteger(v[i]);
                    w64.writeLong(l[i]);
                    wb.writeBytes(Binary.fromConstantByteArray(e));
                }
                IntCodec c32 = (IntCodec) CodecRegistry.get("parquet.dict");
                byte[] ours = new byte[c32.maxEncodedBytes(n)];
                ours = Arrays.copyOf(ours, c32.encode(v, 0, n, ours, 0));
                byte[] theirs = exchange(ours, w32.getBytes().toByteArray(), w32.toDictPageAndClose().getBytes().toByteArray(), n, distinct);
                int[] got = new int[n];
                c32.decode(theirs, 0, theirs.length, got, 0);
                assertArrayEquals(v, got, "int32 n=" + n + " distinct=" + distinct);

                LongCodec c64 = (LongCodec) CodecRegistry.get("parquet.dict64");
                byte[] ours64 = new byte[c64.maxEncodedBytes(n)];
                ours64 = Arrays.copyOf(ours64, c64.encode(l, 0, n, ours64, 0));
                byte[] theirs64 = exchange(ours64, w64.getBytes().toByteArray(), w64.toDictPageAndClose().getBytes().toByteArray(), n, distinct);
                long[] got64 = new long[n];
                c64.decode(theirs64, 0, theirs64.length, got64, 0);
                assertArrayEquals(l, got64, "int64 n=" + n + " distinct=" + distinct);

                ByteArrayCodec cb = (ByteArrayCodec) CodecRegistry.get("parquet.dict-byte-array");
                byte[] oursB = new byte[cb.maxEncodedBytes(n, b.bytes())];
                oursB = Arrays.copyOf(oursB, cb.encode(b, 0, n, oursB, 0));
                byte[] theirsB = exchange(oursB, wb.getBytes().toByteArray(), wb.toDictPageAndClose().getBytes().toByteArray(), n, distinct);
                ByteArrays gotB = new ByteArrays();
                cb.newDecoder().decode(theirsB, 0, theirsB.length, gotB);
                for (int i = 0; i < n; i++) assertArrayEquals(b.get(i), gotB.get(i), "byte arrays n=" + n + " distinct=" + distinct + " value " + i);
            }
        }
    }

    /**
     * Checks our page's dictionary section equals parquet-java's dictionary page and our width its
     * width byte, that parquet-java's decoder reads our indices, and returns our header followed by
     * parquet-java's dictionary and index sections: its page in our format.
     */
    private static byte[] exchange(byte[] ours, byte[] theirIndices, byte[] theirDict, int n, int distinct) throws IOException {
        int dPos = Leb128.end(ours, 0), dictAt = Leb128.end(ours, dPos);
        int d = Leb128.readInt(ours, dPos, ours.length, "dictionary size");
        assertEquals(Math.min(n, distinct), d);
        assertArrayEquals(theirDict, Arrays.copyOfRange(ours, dictAt, dictAt + theirDict.length), "dictionary section vs parquet-java's dictionary page");
        int wPos = dictAt + theirDict.length;
        assertEquals(theirIndices[0], ours[wPos], "index width, n=" + n + " distinct=" + distinct);
        RunLengthBitPackingHybridDecoder pj = new RunLengthBitPackingHybridDecoder(ours[wPos], new ByteArrayInputStream(ours, wPos + 1, ours.length - wPos - 1));
        int[] ourIdx = new int[n];
        HybridRuns.decodeRuns(ParquetCodecs.KERNEL32, ours, 0, wPos + 1, ours.length, ours[wPos], n, ourIdx, 0);
        for (int i = 0; i < n; i++) assertEquals(ourIdx[i], pj.readInt(), "parquet-java reading our index " + i);
        byte[] page = Arrays.copyOf(ours, wPos + theirIndices.length);
        System.arraycopy(theirIndices, 0, page, wPos, theirIndices.length);
        return page;
    }
}
