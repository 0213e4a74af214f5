package io.lanes.workbench.codec.parquet;

import io.lanes.workbench.parquet.Leb128;

/**
 * Zeroes the bytes of a DELTA_BINARY_PACKED stream the spec leaves to the writer: widths of the
 * miniblocks past the last value and the padding bits of the last miniblock. Two spec-exact
 * writers agree on everything else, byte for byte.
 */
final class DeltaCanon {
    private DeltaCanon() {
    }

    static byte[] canonical(byte[] s, int valueBits) {
        byte[] c = s.clone();
        int end = c.length;
        int block = Leb128.readInt(c, 0, end, "block");
        int p = Leb128.end(c, 0);
        int m = Leb128.readInt(c, p, end, "m");
        p = Leb128.end(c, p);
        int n = Leb128.readInt(c, p, end, "n");
        p = DeltaFormat.dataStart(c, 0);
        int miniSize = block / m;
        long deltas = Math.max(0, n - 1L);
        while (deltas > 0) {
            p = Leb128.end(c, p);
            int widths = p;
            p += m;
            int inBlock = (int) Math.min(block, deltas);
            int needed = (inBlock + miniSize - 1) / miniSize;
            for (int i = 0; i < m; i++) {
                if (i >= needed) {
                    c[widths + i] = 0;
                    continue;
                }
                int w = c[widths + i] & 0xFF;
                int values = Math.min(miniSize, inBlock - i * miniSize);
                long bits = (long) values * w;
                int bytes = (int) DeltaFormat.miniblockBytes(miniSize, w);
                for (long b = bits; b < 8L * bytes; b++) c[p + (int) (b >>> 3)] &= (byte) ~(1 << (b & 7));
                p += bytes;
            }
            deltas -= inBlock;
        }
        if (p != end) throw new IllegalStateException("stream has " + (end - p) + " trailing bytes");
        return c;
    }
}
