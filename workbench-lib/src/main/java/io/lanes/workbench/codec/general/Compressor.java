package io.lanes.workbench.codec.general;

import com.github.luben.zstd.Zstd;
import io.lanes.workbench.codec.CorruptDataException;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;

/** A general-purpose byte compressor: zstd (zstd-jni) or lz4 (lz4-java). Stateless and thread-safe. */
sealed interface Compressor {
    /** Worst-case compressed size of {@code n} bytes. */
    long bound(int n);

    /** Compresses {@code src[off, off+len)} into {@code dst} at {@code dstOff}; returns bytes written. */
    int compress(byte[] src, int off, int len, byte[] dst, int dstOff, int dstLen);

    /**
     * Decompresses exactly {@code rawLen} bytes from {@code src[off, off+len)} into {@code dst}.
     *
     * @throws CorruptDataException naming {@code field} and {@code at} when the input is not a valid
     *                              frame of exactly that many bytes
     */
    void decompress(byte[] src, int off, int len, byte[] dst, int rawLen, String field, int at);

    /** zstd at a fixed level (one frame, content size recorded). */
    record Zstandard(int level) implements Compressor {
        @Override
        public long bound(int n) {
            return Zstd.compressBound(n);
        }

        @Override
        public int compress(byte[] src, int off, int len, byte[] dst, int dstOff, int dstLen) {
            long r = Zstd.compressByteArray(dst, dstOff, dstLen, src, off, len, level);
            if (Zstd.isError(r)) throw new IllegalStateException("zstd: " + Zstd.getErrorName(r));
            return (int) r;
        }

        @Override
        public void decompress(byte[] src, int off, int len, byte[] dst, int rawLen, String field, int at) {
            long r;
            try {
                r = Zstd.decompressByteArray(dst, 0, rawLen, src, off, len);
            } catch (RuntimeException e) { // zstd-jni reports some errors by ZstdException, others by code
                throw new CorruptDataException(field, at, "zstd: " + e.getMessage());
            }
            if (Zstd.isError(r)) throw new CorruptDataException(field, at, "zstd: " + Zstd.getErrorName(r));
            if (r != rawLen) throw new CorruptDataException(field, at, "zstd frame holds " + r + " bytes, the count needs " + rawLen);
        }
    }

    /** lz4 block format, fastest compressor, bounds-checked decompressor. */
    record Lz4() implements Compressor {
        private static final LZ4Compressor C = LZ4Factory.fastestInstance().fastCompressor();
        private static final LZ4SafeDecompressor D = LZ4Factory.fastestInstance().safeDecompressor();

        @Override
        public long bound(int n) {
            return C.maxCompressedLength(n);
        }

        @Override
        public int compress(byte[] src, int off, int len, byte[] dst, int dstOff, int dstLen) {
            return C.compress(src, off, len, dst, dstOff, dstLen);
        }

        @Override
        public void decompress(byte[] src, int off, int len, byte[] dst, int rawLen, String field, int at) {
            int r;
            try {
                r = D.decompress(src, off, len, dst, 0, rawLen);
            } catch (RuntimeException e) {
                throw new CorruptDataException(field, at, "lz4: " + e.getMessage());
            }
            if (r != rawLen) throw new CorruptDataException(field, at, "lz4 block holds " + r + " bytes, the count needs " + rawLen);
        }
    }
}
