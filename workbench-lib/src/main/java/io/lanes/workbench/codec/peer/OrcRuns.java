package io.lanes.workbench.codec.peer;

import io.lanes.workbench.codec.CorruptDataException;

/**
 * Walks the run headers of an ORC integer RLE v2 stream, as the ORC specification lays them out,
 * without reading a packed value: the validation the adapter runs before ORC's reader sees a page,
 * and the tally of which sub-encoding ORC's writer chose for each run.
 *
 * <p>Every run starts with a byte whose top two bits name its sub-encoding:
 * <ul>
 * <li>SHORT_REPEAT: 3 bits of value bytes (1 to 8), 3 bits of count (3 to 10), then the value.</li>
 * <li>DIRECT: 5 bits of width code, 9 bits of count - 1 (1 to 512), then the values bit-packed.</li>
 * <li>PATCHED_BASE: as DIRECT, then a byte of base bytes (3 bits, 1 to 8) and patch width code,
 * a byte of gap width (3 bits, 1 to 8) and patch list length (5 bits), the base, the values
 * bit-packed, and the patch list packed at the closest fixed width of patch + gap width.</li>
 * <li>DELTA: 5 bits of width code (0: a fixed delta), 9 bits of count - 1 (1 to 512), the first
 * value and the delta base as base-128 varints, then count - 2 deltas bit-packed unless fixed.</li>
 * </ul>
 * Stateless and thread-safe.
 */
final class OrcRuns {
    /** The sub-encodings in the order of their 2-bit header tag. */
    enum Kind {
        SHORT_REPEAT, DIRECT, PATCHED_BASE, DELTA
    }

    /** Most values one run holds: a DELTA run of fixed delta in 4 bytes (2 header bytes, 2 one-byte varints) holds 512. */
    static final int MAX_VALUES_PER_BYTE = 128;

    /** Longest base-128 varint of a 64-bit value. */
    private static final int MAX_VARINT_BYTES = 10;

    private OrcRuns() {
    }

    /**
     * Checks the runs in {@code in[from, end)} hold exactly {@code count} values and end exactly at
     * {@code end}: every header field in range, every run's bytes inside the stream, each varint at
     * most 10 bytes. With non-null {@code runs} and {@code values} (4 slots, by {@link Kind}), adds
     * each run and its values to its sub-encoding's slot. Errors name the field and its offset from
     * {@code pageStart}.
     *
     * @throws CorruptDataException naming the field when the runs are not such a stream
     */
    static void walk(String name, byte[] in, int pageStart, int from, int end, long count, long[] runs, long[] values) {
        long seen = 0;
        int p = from;
        while (p < end) {
            int at = p;
            int b0 = in[p] & 0xFF;
            Kind kind = Kind.values()[b0 >>> 6];
            int held;
            switch (kind) {
                case SHORT_REPEAT -> {
                    held = 3 + (b0 & 7);
                    p = skip(name, "short-repeat value", in, pageStart, p + 1, ((b0 >>> 3) & 7) + 1L, end);
                }
                case DIRECT -> {
                    held = length(name, in, pageStart, p, end) + 1;
                    p = skip(name, "direct values", in, pageStart, p + 2, bytes(held, width(b0 >>> 1 & 0x1F)), end);
                }
                case PATCHED_BASE -> {
                    held = length(name, in, pageStart, p, end) + 1;
                    need(name, "patched-base header", in, pageStart, p, 4, end);
                    int b2 = in[p + 2] & 0xFF, b3 = in[p + 3] & 0xFF;
                    int patchWidth = width(b2 & 0x1F), gapWidth = (b3 >>> 5) + 1, patches = b3 & 0x1F;
                    // ORC's reader reads the first patch whatever the length says, and packs gap and patch in one long
                    if (patches == 0) throw new CorruptDataException(name + " patch list length", p + 3 - pageStart, "0 patches in a patched-base run (the format has at least one)");
                    if (patchWidth + gapWidth > 64) {
                        throw new CorruptDataException(name + " patch width", p + 2 - pageStart, "patch width " + patchWidth + " and gap width " + gapWidth + " exceed 64 bits");
                    }
                    p = skip(name, "patched-base base", in, pageStart, p + 4, (b2 >>> 5) + 1L, end);
                    p = skip(name, "patched-base values", in, pageStart, p, bytes(held, width(b0 >>> 1 & 0x1F)), end);
                    p = skip(name, "patch list", in, pageStart, p, bytes(patches, closestFixedBits(patchWidth + gapWidth)), end);
                }
                case DELTA -> {
                    held = length(name, in, pageStart, p, end) + 1;
                    int code = b0 >>> 1 & 0x1F;
                    if (code != 0 && held < 2) {
                        throw new CorruptDataException(name + " delta run length", p - pageStart, "a run of packed deltas holds at least 2 values, this one says 1");
                    }
                    p = varint(name, "delta first value", in, pageStart, p + 2, end);
                    p = varint(name, "delta base", in, pageStart, p, end);
                    if (code != 0) p = skip(name, "delta values", in, pageStart, p, bytes(held - 2, width(code)), end);
                }
                default -> throw new AssertionError(kind);
            }
            seen += held;
            if (seen > count) {
                throw new CorruptDataException(name + " value count", at - pageStart, "the runs up to this one hold " + seen + " values, the page's count is " + count);
            }
            if (runs != null) {
                runs[kind.ordinal()]++;
                values[kind.ordinal()] += held;
            }
        }
        if (seen != count) throw new CorruptDataException(name + " value count", end - pageStart, "the runs hold " + seen + " values, the page's count is " + count);
    }

    /** Bit width of a 5-bit width code (the specification's table: 0..23 are 1..24 bits, then 26, 28, 30, 32, 40, 48, 56, 64). */
    static int width(int code) {
        if (code < 24) return code + 1;
        return switch (code) {
            case 24 -> 26;
            case 25 -> 28;
            case 26 -> 30;
            case 27 -> 32;
            case 28 -> 40;
            case 29 -> 48;
            case 30 -> 56;
            default -> 64;
        };
    }

    /** The smallest width of the code table that holds {@code bits} (at least 1): the patch list's packing width. */
    static int closestFixedBits(int bits) {
        for (int code = 0; code < 32; code++) if (width(code) >= bits) return width(code);
        throw new IllegalArgumentException(bits + " bits");
    }

    /** The 9-bit count - 1 of a DIRECT, PATCHED_BASE or DELTA header at {@code p}. */
    private static int length(String name, byte[] in, int pageStart, int p, int end) {
        need(name, "run header", in, pageStart, p, 2, end);
        return (in[p] & 1) << 8 | in[p + 1] & 0xFF;
    }

    private static long bytes(long values, int width) {
        return (values * width + 7) / 8;
    }

    private static void need(String name, String field, byte[] in, int pageStart, int p, long bytes, int end) {
        if (bytes > end - p) throw new CorruptDataException(name + " " + field, p - pageStart, "needs " + bytes + " bytes, " + Math.max(0, end - p) + " remain");
    }

    private static int skip(String name, String field, byte[] in, int pageStart, int p, long bytes, int end) {
        need(name, field, in, pageStart, p, bytes, end);
        return p + (int) bytes;
    }

    /** The offset after the base-128 varint at {@code p}. */
    private static int varint(String name, String field, byte[] in, int pageStart, int p, int end) {
        for (int i = 0; i < MAX_VARINT_BYTES; i++) {
            if (p + i >= end) throw new CorruptDataException(name + " " + field, p - pageStart, "the varint runs past the stream's end");
            if (in[p + i] >= 0) return p + i + 1;
        }
        throw new CorruptDataException(name + " " + field, p - pageStart, "a varint of more than " + MAX_VARINT_BYTES + " bytes");
    }
}
