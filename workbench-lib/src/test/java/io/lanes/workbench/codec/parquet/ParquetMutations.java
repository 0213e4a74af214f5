package io.lanes.workbench.codec.parquet;

import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Util;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Mutated copies of a real Parquet file for the reader's hardening tests: field overwrites made on
 * the Thrift structures and written back with every offset recomputed (so each mutation reaches the
 * field it names rather than breaking the file around it), and the byte ranges of the footer and of
 * every page header for byte-level overwrites. Stateless.
 */
public final class ParquetMutations {
    private static final byte[] MAGIC = {'P', 'A', 'R', '1'};

    private ParquetMutations() {
    }

    /** Edits the header of page {@code page} of column {@code column} in row group {@code group}, in place. */
    public interface PageEdit {
        void edit(int group, int column, int page, PageHeader header);
    }

    /** Edits a page's header in place and returns its body, the same or a replacement. */
    public interface BodyEdit {
        byte[] edit(int group, int column, int page, PageHeader header, byte[] body);
    }

    /** Where a page header sits in a file: its byte range, and which page it heads. */
    public record HeaderAt(int group, int column, int page, int from, int to) {
    }

    /** The file's footer (Thrift) as parquet-format-structures reads it. */
    public static FileMetaData footer(byte[] file) throws IOException {
        int len = footerLength(file);
        return Util.readFileMetaData(new ByteArrayInputStream(file, file.length - 8 - len, len));
    }

    /** Bytes of the footer's Thrift struct; it ends 8 bytes before the end of the file. */
    public static int footerLength(byte[] file) {
        int p = file.length - 8;
        return (file[p] & 0xFF) | (file[p + 1] & 0xFF) << 8 | (file[p + 2] & 0xFF) << 16 | (file[p + 3] & 0xFF) << 24;
    }

    /**
     * The file rewritten: every page header passed through {@code pages}, then the footer (with the
     * recomputed offsets and sizes) through {@code footer}. With no-op edits the result reads like
     * the original.
     */
    public static byte[] rewrite(byte[] file, PageEdit pages, Consumer<FileMetaData> footer) throws IOException {
        return rewriteBodies(file, (g, c, p, h, body) -> {
            pages.edit(g, c, p, h);
            return body;
        }, footer);
    }

    /** {@link #rewrite} where an edit may also replace page bodies (the header's sizes are the edit's to set). */
    public static byte[] rewriteBodies(byte[] file, BodyEdit pages, Consumer<FileMetaData> footer) throws IOException {
        FileMetaData meta = footer(file);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(MAGIC);
        for (int g = 0; g < meta.getRow_groups().size(); g++) {
            List<ColumnChunk> chunks = meta.getRow_groups().get(g).getColumns();
            for (int c = 0; c < chunks.size(); c++) {
                ColumnMetaData md = chunks.get(c).getMeta_data();
                long start = chunkStart(md);
                ByteArrayInputStream in = new ByteArrayInputStream(file, (int) start, (int) md.getTotal_compressed_size());
                long newStart = out.size(), dictionary = -1, data = -1;
                for (int page = 0; in.available() > 0; page++) {
                    PageHeader h = Util.readPageHeader(in);
                    byte[] body = in.readNBytes(h.getCompressed_page_size());
                    if (h.getType() == PageType.DICTIONARY_PAGE) dictionary = out.size();
                    else if (data < 0) data = out.size();
                    byte[] written = pages.edit(g, c, page, h, body);
                    Util.writePageHeader(h, out);
                    out.write(written);
                }
                md.setData_page_offset(data);
                if (dictionary >= 0) md.setDictionary_page_offset(dictionary);
                md.setTotal_compressed_size(out.size() - newStart);
                chunks.get(c).setFile_offset(newStart);
            }
        }
        footer.accept(meta);
        ByteArrayOutputStream f = new ByteArrayOutputStream();
        Util.writeFileMetaData(meta, f);
        out.write(f.toByteArray());
        int len = f.size();
        out.write(new byte[] {(byte) len, (byte) (len >>> 8), (byte) (len >>> 16), (byte) (len >>> 24)});
        out.write(MAGIC);
        return out.toByteArray();
    }

    /** Every page header's byte range, in file order. */
    public static List<HeaderAt> headers(byte[] file) throws IOException {
        FileMetaData meta = footer(file);
        List<HeaderAt> out = new ArrayList<>();
        for (int g = 0; g < meta.getRow_groups().size(); g++) {
            List<ColumnChunk> chunks = meta.getRow_groups().get(g).getColumns();
            for (int c = 0; c < chunks.size(); c++) {
                ColumnMetaData md = chunks.get(c).getMeta_data();
                int start = (int) chunkStart(md), end = start + (int) md.getTotal_compressed_size();
                ByteArrayInputStream in = new ByteArrayInputStream(file, start, end - start);
                for (int page = 0; in.available() > 0; page++) {
                    int from = end - in.available();
                    PageHeader h = Util.readPageHeader(in);
                    int to = end - in.available();
                    out.add(new HeaderAt(g, c, page, from, to));
                    in.skipNBytes(h.getCompressed_page_size());
                }
            }
        }
        return out;
    }

    private static long chunkStart(ColumnMetaData md) {
        long start = md.getData_page_offset();
        if (md.isSetDictionary_page_offset() && md.getDictionary_page_offset() > 0) start = Math.min(start, md.getDictionary_page_offset());
        return start;
    }

    /** Writes {@code bytes} to {@code dir/name} and returns the path. */
    public static Path write(Path dir, String name, byte[] bytes) throws IOException {
        return Files.write(dir.resolve(name), bytes);
    }
}
