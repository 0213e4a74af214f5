package io.lanes.workbench.codec.frame;

import io.lanes.workbench.codec.Bytes;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.fastlanes.FlFrameKernel32;

/**
 * Frame of reference over int values: every block of 1024 values stores its minimum (the frame) and
 * packs each value minus the frame (read as unsigned) at the width of the largest difference, in the
 * codec's {@link ForLayout}; a trailing partial block is packed sequentially. The page (see
 * {@link ForPages} and docs/formats.md) records the layout, so decoding follows the page, always into
 * file order. Encode does not modify its input; decode allocates nothing. Thread-safe.
 */
public final class ForCodec32 implements IntCodec {
    private static final int BLOCK = ForPages.BLOCK;

    private final String name;
    private final ForLayout layout;
    private final SeqFrameKernel32 seq = new SeqFrameKernel32();
    private final FlFrameKernel32 fl = new FlFrameKernel32();

    /** The codec writing {@code layout}, named {@code layout.codecName()}. */
    public ForCodec32(ForLayout layout) {
        this.layout = layout;
        this.name = layout.codecName();
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int maxEncodedBytes(int n) {
        return ForPages.maxEncodedBytes(n, 4);
    }

    @Override
    public int encode(int[] values, int off, int n, byte[] out, int outOff) {
        Bytes.requireEncodeSpace(out.length, outOff, maxEncodedBytes(n));
        ForPages.header(out, outOff, n, layout);
        int[] reduced = new int[Math.min(n, BLOCK)];
        int p = outOff + ForPages.HEADER;
        for (int start = 0; start < n; start += BLOCK) {
            int len = Math.min(BLOCK, n - start);
            int min = values[off + start];
            for (int i = 1; i < len; i++) min = Math.min(min, values[off + start + i]);
            int or = 0;
            for (int i = 0; i < len; i++) {
                reduced[i] = values[off + start + i] - min;
                or |= reduced[i];
            }
            int width = 32 - Integer.numberOfLeadingZeros(or);
            out[p] = (byte) width;
            Bytes.putInt(out, p + 1, min);
            p += 1 + 4;
            if (len < BLOCK || layout == ForLayout.SEQUENTIAL) p += seq.pack(reduced, 0, len, width, out, p);
            else {
                fl.pack(layout == ForLayout.FL_ORDER, reduced, 0, width, out, p);
                p += 128 * width;
            }
        }
        return p - outOff;
    }

    @Override
    public int decodedLength(byte[] in, int inOff, int inLen) {
        return ForPages.count(in, inOff, inLen, 4);
    }

    @Override
    public int decode(byte[] in, int inOff, int inLen, int[] out, int outOff) {
        int n = ForPages.count(in, inOff, inLen, 4);
        ForLayout pageLayout = ForPages.layout(in, inOff);
        Bytes.requireOutput(out.length, outOff, n);
        int end = inOff + inLen;
        int p = inOff + ForPages.HEADER;
        for (int b = 0, start = 0; start < n; b++, start += BLOCK) {
            int len = Math.min(BLOCK, n - start);
            Bytes.require(p, 1 + 4, end, "block header");
            int width = ForPages.width(in, p, 32);
            int frame = Bytes.getInt(in, p + 1);
            p += 1 + 4;
            int bytes = ForPages.payloadBytes(len, width);
            ForPages.requirePayload(p, bytes, end, b);
            int o = outOff + start;
            if (len < BLOCK) seq.unpack(in, p, len, width, out, o, frame);
            else switch (pageLayout) {
                case SEQUENTIAL -> seq.unpack(in, p, len, width, out, o, frame);
                case INTERLEAVED -> fl.rows(width, in, p, out, o, frame);
                case FL_ORDER -> fl.flat(width, in, p, out, o, frame);
            }
            p += bytes;
        }
        ForPages.requireEnd(p, end);
        return n;
    }
}
