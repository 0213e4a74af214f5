package io.lanes.workbench.codec.general;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdDecompressCtx;
import io.lanes.workbench.codec.CorruptDataException;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;

/** A general-purpose byte compressor: zstd (zstd-jni) or lz4 (lz4-java). Stateless and thread-safe. */
sealed interface Compressor {
    /** Name and setting for people, e.g. {@code zstd level 3}. */
    String label();

    /** Worst-case compressed size of {@code n} bytes. */
    long bound(int n);

    /** The most bytes one byte of this compressor's output decompresses to: the format's maximum expansion. */
    int maxExpansion();

    /**
     * Checks, before anything is allocated or decompressed, that {@code src[off, off+len)} can hold
     * {@code rawLen} bytes: at most {@link #maxExpansion()} per compressed byte, and exactly the
     * content size a zstd frame declares.
     *
     * @throws CorruptDataException naming {@code field} and {@code at} otherwise
     */
    default void checkSize(byte[] src, int off, int len, long rawLen, String field, int at) {
        if (rawLen > (long) maxExpansion() * len) {
            throw new CorruptDataException(field, at, len + " compressed bytes cannot hold " + rawLen + " bytes (at most " + maxExpansion() + " per byte)");
        }
    }

    /** Compresses {@code src[off, off+len)} into {@code dst} at {@code dstOff}; returns bytes written. */
    int compress(byte[] src, int off, int len, byte[] dst, int dstOff, int dstLen);

    /**
     * Decompresses exactly {@code rawLen} bytes from {@code src[off, off+len)} into {@code dst} at
     * {@code dstOff}.
     *
     * @throws CorruptDataException naming {@code field} and {@code at} when the input is not a valid
     *                              frame of exactly that many bytes
     */
    void decompress(byte[] src, int off, int len, byte[] dst, int dstOff, int rawLen, String field, int at);

    /**
     * zstd at a fixed level (one frame, content size recorded). Decompression reuses one context
     * per thread, as a reader of many pages does: {@code Zstd.decompressByteArray} made a context
     * per call (native set-up, and 32 bytes of heap a decode).
     */
    record Zstandard(int level) implements Compressor {
        private static final ThreadLocal<ZstdDecompressCtx> CONTEXT = ThreadLocal.withInitial(ZstdDecompressCtx::new);

        @Override
        public String label() {
            return "zstd level " + level;
        }

        /** A block of at most 128 KiB costs at least 4 bytes (a 3-byte header and an RLE byte). */
        private static final int MAX_EXPANSION = (128 << 10) / 4;

        @Override
        public long bound(int n) {
            return Zstd.compressBound(n);
        }

        @Override
        public int maxExpansion() {
            return MAX_EXPANSION;
        }

        @Override
        public void checkSize(byte[] src, int off, int len, long rawLen, String field, int at) {
            Compressor.super.checkSize(src, off, len, rawLen, field, at);
            long declared;
            try {
                declared = Zstd.getFrameContentSize(src, off, len);
            } catch (RuntimeException e) { // zstd-jni reports a bad header by exception in some versions
                throw new CorruptDataException(field, at, "zstd frame header: " + e.getMessage());
            }
            if (declared != rawLen) {
                throw new CorruptDataException(field, at, "zstd frame declares " + (declared < 0 ? "no valid content size (" + declared + ")" : declared + " bytes") + ", the count needs " + rawLen);
            }
        }

        @Override
        public int compress(byte[] src, int off, int len, byte[] dst, int dstOff, int dstLen) {
            long r = Zstd.compressByteArray(dst, dstOff, dstLen, src, off, len, level);
            if (Zstd.isError(r)) throw new IllegalStateException("zstd: " + Zstd.getErrorName(r));
            return (int) r;
        }

        @Override
        public void decompress(byte[] src, int off, int len, byte[] dst, int dstOff, int rawLen, String field, int at) {
            int r;
            try {
                r = CONTEXT.get().decompressByteArray(dst, dstOff, rawLen, src, off, len);
            } catch (RuntimeException e) { // a context reports every error by ZstdException
                throw new CorruptDataException(field, at, "zstd: " + e.getMessage());
            }
            if (r != rawLen) throw new CorruptDataException(field, at, "zstd frame holds " + r + " bytes, the count needs " + rawLen);
        }
    }

    /** lz4 block format, fastest compressor, bounds-checked decompressor. */
    record Lz4() implements Compressor {
        @Override
        public String label() {
            return "lz4 (block format, fast compressor)";
        }

        private static final LZ4Compressor C = LZ4Factory.fastestInstance().fastCompressor();
        private static final LZ4SafeDecompressor D = LZ4Factory.fastestInstance().safeDecompressor();

        /** A sequence's extra match-length bytes add at most 255 output bytes each, and its 3 fixed bytes at most 19 + 255. */
        private static final int MAX_EXPANSION = 255;

        @Override
        public long bound(int n) {
            return C.maxCompressedLength(n);
        }

        @Override
        public int maxExpansion() {
            return MAX_EXPANSION;
        }

        @Override
        public int compress(byte[] src, int off, int len, byte[] dst, int dstOff, int dstLen) {
            return C.compress(src, off, len, dst, dstOff, dstLen);
        }

        @Override
        public void decompress(byte[] src, int off, int len, byte[] dst, int dstOff, int rawLen, String field, int at) {
            int r;
            try {
                r = D.decompress(src, off, len, dst, dstOff, rawLen);
            } catch (RuntimeException e) {
                throw new CorruptDataException(field, at, "lz4: " + e.getMessage());
            }
            if (r != rawLen) throw new CorruptDataException(field, at, "lz4 block holds " + r + " bytes, the count needs " + rawLen);
        }
    }
}
