package io.lanes.workbench.measure;

import io.lanes.workbench.codec.ByteArrayCodec;
import io.lanes.workbench.codec.ByteArrays;
import io.lanes.workbench.codec.registry.CodecRegistry;
import io.lanes.workbench.corpus.Column;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The harness on byte-array columns: the same protocol as for integers, sized and reported by value bytes. */
class HarnessByteArrayTest {
    /** 3,000 URL-like strings of 20..29 bytes sharing long prefixes, as front coding wants them. */
    static Column urls() {
        ByteArrays v = new ByteArrays();
        for (int i = 0; i < 3000; i++) {
            byte[] s = ("https://x.org/p/" + (i / 10) + "/" + "abcdefghi".substring(0, i % 9)).getBytes(StandardCharsets.US_ASCII);
            v.add(s, 0, s.length);
        }
        return Column.ofStrings("test.urls", "test", v, "generated in HarnessByteArrayTest");
    }

    @Test
    void everyByteArrayArmIsMeasuredWithTheWallAndSizedByValueBytes() {
        Column col = urls();
        double mean = col.valueBytes() / (double) col.size();
        WorkingSet ws = WorkingSet.parse("400KiB");
        int n = ws.values(col);
        assertEquals(n / 1024 * 1024, n, "whole 1024-value blocks");
        assertTrue(n * 2 * (mean + 4) <= 400 * 1024 && (n + 1024) * 2 * (mean + 4) > 400 * 1024,
                n + " values of mean length " + mean + " fill 400 KiB with their offsets and PLAIN lengths");

        List<Arm> arms = Arm.resolve(List.of("store-only", "parquet.delta-byte-array", "parquet.delta-byte-array.alloc-per-value",
                "parquet.plain-byte-array", "parquet.delta-length-byte-array"));
        List<Measurement> ms = new Harness(HarnessTest.TINY).measure(arms, col, ws);
        assertEquals(6, ms.size(), "five arms and the control twin");
        long valueBytes = PreparedByteArrays.tile(col.strings(), n).bytes();
        for (Measurement m : ms) {
            assertEquals("byte-array", m.type());
            assertEquals(n, m.values());
            assertEquals(valueBytes, m.outputBytes(), m.arm() + ": decoded bytes are the values' own bytes");
            for (double d : m.decodeNanos()) assertTrue(d > 0);
        }
        Measurement plain = ms.stream().filter(m -> m.arm().equals("parquet.plain-byte-array")).findFirst().orElseThrow();
        assertTrue(plain.inputBytes() - (valueBytes + 4L * n) < 8, "PLAIN's page is the values' bytes plus a 4-byte length each, beside a small count");
        Measurement front = ms.stream().filter(m -> m.arm().equals("parquet.delta-byte-array")).findFirst().orElseThrow();
        assertTrue(front.inputBytes() * 2 < plain.inputBytes(), "front coding shares the long prefixes");
    }

    @Test
    void aByteArrayDecoderThatCorruptsOneByteIsStoppedBeforeAnythingIsTimed() {
        ByteArrayCodec good = (ByteArrayCodec) CodecRegistry.get("parquet.plain-byte-array");
        ByteArrayCodec broken = new ByteArrayCodec() {
            public String name() {
                return "broken.byte-array";
            }

            public int maxEncodedBytes(int n, long dataBytes) {
                return good.maxEncodedBytes(n, dataBytes);
            }

            public int encode(ByteArrays values, int from, int n, byte[] out, int outOff) {
                return good.encode(values, from, n, out, outOff);
            }

            public int decodedLength(byte[] in, int inOff, int inLen) {
                return good.decodedLength(in, inOff, inLen);
            }

            public Decoder newDecoder() {
                Decoder d = good.newDecoder();
                return (in, off, len, out) -> {
                    int k = d.decode(in, off, len, out);
                    out.data()[out.offsets()[1234] + 3] ^= 1;
                    return k;
                };
            }
        };
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new Harness(HarnessTest.TINY).measure(List.of(Arm.of(broken)), urls(), WorkingSet.parse("400KiB")));
        assertTrue(e.getMessage().contains("decoded byte 3 of value 1234"), e.getMessage());
        assertTrue(e.getMessage().contains("nothing was timed"), e.getMessage());
    }
}
