package io.lanes.workbench.codec.peer;

import org.apache.parquet.bytes.BytesInput;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/** Copies what a parquet-java writer produced into a byte[] (encode paths only). Stateless. */
final class ParquetBytes {
    private ParquetBytes() {
    }

    /** Writes {@code b} into {@code out} at {@code off}; returns its length. */
    static int copy(BytesInput b, byte[] out, int off) {
        try {
            ByteArrayOutputStream s = new ByteArrayOutputStream((int) b.size());
            b.writeAllTo(s);
            byte[] bytes = s.toByteArray();
            System.arraycopy(bytes, 0, out, off, bytes.length);
            return bytes.length;
        } catch (IOException e) {
            throw new UncheckedIOException("parquet-java writer output", e);
        }
    }
}
