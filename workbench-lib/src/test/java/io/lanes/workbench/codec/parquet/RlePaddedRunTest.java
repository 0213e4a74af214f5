package io.lanes.workbench.codec.parquet;

import io.lanes.workbench.parquet.Leb128;

import io.lanes.workbench.codec.registry.CodecRegistry;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.codec.IntCodec;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A last bit-packed run padded past the values wanted: taken as writers pad it (DuckDB pads a page's
 * levels to a run of 256), refused when it claims more groups than any writer's run, which at width 0
 * cost no bytes and made parquet-java allocate an array of the claimed groups (found by
 * {@code fuzz --pages 1000000}: 805 MB from a 4,134-byte page, and a hang).
 */
class RlePaddedRunTest {
    private static final List<String> DECODERS = List.of("parquet.rle", "peer.parquet.rle");

    /** {@code count:ULEB128 width:uint8} then one bit-packed run header of {@code groups} and {@code dataBytes} bytes of data. */
    private static byte[] page(int count, int width, long groups, int dataBytes) {
        byte[] b = new byte[16 + dataBytes];
        int p = Leb128.write(count, b, 0);
        b[p++] = (byte) width;
        long h = groups << 1 | 1;
        while ((h & ~0x7FL) != 0) {
            b[p++] = (byte) (h | 0x80);
            h >>>= 7;
        }
        b[p++] = (byte) h;
        for (int i = 0; i < dataBytes; i++) b[p++] = (byte) 0x55;
        return Arrays.copyOf(b, p);
    }

    @Test
    void aRunPaddedTo32GroupsDecodesTheValuesWanted() {
        // 40 values at width 1 in a run of 32 groups (256 values, 32 bytes): what DuckDB writes for a page's last levels
        byte[] page = page(40, 1, 32, 32);
        int[] want = new int[40];
        for (int i = 0; i < 40; i++) want[i] = (0x55 >>> (i % 8)) & 1;
        for (String name : DECODERS) {
            IntCodec c = (IntCodec) CodecRegistry.get(name);
            int[] out = new int[40];
            assertEquals(40, c.decode(page, 0, page.length, out, 0), name);
            assertArrayEquals(want, out, name);
        }
    }

    @Test
    void aWidthZeroRunClaimingMillionsOfGroupsIsRefusedBeforeAnythingIsAllocated() {
        byte[] page = page(511, 0, 25_165_822, 0);
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        for (String name : DECODERS) {
            IntCodec c = (IntCodec) CodecRegistry.get(name);
            int[] out = new int[511];
            c.decode(page(511, 0, 64, 0), 0, page(511, 0, 64, 0).length, out, 0); // 64 groups: a writer's padding, decoded (warms up too)
            long before = mx.getCurrentThreadAllocatedBytes();
            CorruptDataException e = assertThrows(CorruptDataException.class, () -> c.decode(page, 0, page.length, out, 0), name);
            long allocated = mx.getCurrentThreadAllocatedBytes() - before;
            assertTrue(e.getMessage().contains("25165822 groups of 8 where 511 values remain"), e.getMessage());
            assertTrue(allocated < 1 << 20, name + " allocated " + allocated + " bytes on the way to refusing the page");
        }
    }
}
