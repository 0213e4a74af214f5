package io.lanes.workbench.codec.parquet;

import io.lanes.workbench.codec.ByteArrayCodec;
import io.lanes.workbench.codec.ByteArrays;
import io.lanes.workbench.codec.CodecRegistry;
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
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** DELTA_LENGTH_BYTE_ARRAY and DELTA_BYTE_ARRAY: round trips, interop with parquet-java both ways, decoder reuse across pages. */
class ByteArrayCodecTest {
    static final String[] NAMES = {"parquet.delta-length-byte-array", "parquet.delta-byte-array"};

    static ByteArrayCodec codec(String name) {
        return (ByteArrayCodec) CodecRegistry.get(name);
    }

    /** Sorted-ish strings with long shared prefixes, empty strings and random binary. */
    static byte[][] values(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        byte[][] v = new byte[n][];
        String prev = "";
        for (int i = 0; i < n; i++) {
            v[i] = switch (r.nextInt(4)) {
                case 0 -> new byte[0];
                case 1 -> {
                    byte[] b = new byte[r.nextInt(40)];
                    for (int j = 0; j < b.length; j++) b[j] = (byte) r.nextInt();
                    yield b;
                }
                default -> {
                    String s = prev.substring(0, r.nextInt(prev.length() + 1)) + Long.toString(r.nextLong(1L << 40), 36);
                    prev = s;
                    yield s.getBytes(StandardCharsets.UTF_8);
                }
            };
        }
        return v;
    }

    static byte[] encode(ByteArrayCodec c, ByteArrays in) {
        byte[] out = new byte[c.maxEncodedBytes(in.count(), in.bytes())];
        return Arrays.copyOf(out, c.encode(in, 0, in.count(), out, 0));
    }

    static void assertValues(byte[][] want, ByteArrays got, int from, String what) {
        for (int i = 0; i < want.length; i++) assertArrayEquals(want[i], got.get(from + i), what + " value " + i);
    }

    @Test
    void roundTripsAndAppendsAcrossPagesWithOneDecoder() {
        for (String name : NAMES) {
            ByteArrayCodec c = codec(name);
            ByteArrayCodec.Decoder d = c.newDecoder();
            ByteArrays out = new ByteArrays();
            int at = 0;
            for (int n : new int[] {0, 1, 2, 127, 128, 129, 1023, 1024, 1025, 5000}) {
                byte[][] v = values(n, n);
                byte[] page = encode(c, ByteArrays.of(v));
                assertEquals(n, c.decodedLength(page, 0, page.length));
                assertEquals(n, d.decode(page, 0, page.length, out));
                assertValues(v, out, at, name + " n=" + n);
                at += n;
            }
            assertEquals(at, out.count());
        }
    }

    @Test
    void interoperatesWithParquetJava() throws Exception {
        for (int n : new int[] {0, 1, 129, 3000}) {
            byte[][] v = values(n, 99 + n);
            List<ValuesWriter> writers = List.of(
                    new DeltaLengthByteArrayValuesWriter(1 << 10, 1 << 20, HeapByteBufferAllocator.getInstance()),
                    new DeltaByteArrayWriter(1 << 10, 1 << 20, HeapByteBufferAllocator.getInstance()));
            List<ValuesReader> readers = List.of(new DeltaLengthByteArrayValuesReader(), new DeltaByteArrayReader());
            for (int k = 0; k < 2; k++) {
                ByteArrayCodec c = codec(NAMES[k]);
                ValuesWriter w = writers.get(k);
                for (byte[] b : v) w.writeBytes(Binary.fromConstantByteArray(b));
                byte[] theirs = ParquetJava.bytes(w.getBytes());
                ByteArrays out = new ByteArrays();
                assertEquals(n, c.newDecoder().decode(theirs, 0, theirs.length, out), NAMES[k]);
                assertValues(v, out, 0, NAMES[k] + " decoding parquet-java's page, n=" + n);
                byte[] ours = encode(c, ByteArrays.of(v));
                ValuesReader r = readers.get(k);
                r.initFromPage(n, ByteBufferInputStream.wrap(ByteBuffer.wrap(ours)));
                for (int i = 0; i < n; i++) assertArrayEquals(v[i], r.readBytes().getBytes(), NAMES[k] + " parquet-java decoding ours, value " + i);
            }
        }
    }

    @Test
    void corruptPagesFailCleanly() {
        for (String name : NAMES) {
            ByteArrayCodec c = codec(name);
            byte[] page = encode(c, ByteArrays.of(values(700, 5)));
            ByteArrayCodec.Decoder d = c.newDecoder();
            for (int cut = 0; cut < page.length; cut += 7) {
                int len = cut;
                assertThrows(CorruptDataException.class, () -> d.decode(page, 0, len, new ByteArrays()), name + " truncated to " + len);
            }
        }
    }
}
