package io.lanes.workbench.parquet;

import io.lanes.workbench.parquet.ParquetPage;
import org.apache.parquet.Version;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnWriteStore;
import org.apache.parquet.column.ColumnWriter;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.column.impl.ColumnWriteStoreV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageWriteStore;
import org.apache.parquet.column.page.PageWriter;
import org.apache.parquet.column.statistics.SizeStatistics;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.column.statistics.geospatial.GeospatialStatistics;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ObjIntConsumer;

/**
 * A column's pages exactly as parquet-java 1.18.1's own column writer cuts and encodes them: a
 * {@link ColumnWriteStoreV2} (data page v2) with parquet-java's default properties except writer
 * version {@code PARQUET_2_0} and no dictionary, so INT32 and INT64 values are DELTA_BINARY_PACKED,
 * with parquet-java's default page limits ({@value ParquetProperties#DEFAULT_PAGE_ROW_COUNT_LIMIT}
 * rows or {@value ParquetProperties#DEFAULT_PAGE_SIZE} bytes per page, the size checked every 100
 * to 10,000 rows as parquet-java estimates). The column is one required (never null) leaf in one
 * row group. The pages are captured in memory by a page store of our own, uncompressed (compression
 * happens below the page writer, which is where we take them); no file, no Hadoop. Stateless and
 * thread-safe; the input arrays are not modified.
 */
public final class ParquetJavaPages {
    /** How the pages were made, for provenance and result labels. */
    public static final String WRITER = "parquet-java " + Version.VERSION_NUMBER
            + " ColumnWriteStoreV2 (PARQUET_2_0, dictionary off, default page limits)";

    private static final ParquetProperties PROPS = ParquetProperties.builder()
            .withWriterVersion(ParquetProperties.WriterVersion.PARQUET_2_0)
            .withDictionaryEncoding(false)
            .build();

    private ParquetJavaPages() {
    }

    /** The pages of an INT32 column holding {@code values}, in order. */
    public static List<ParquetPage> write(int[] values) {
        return write(PrimitiveTypeName.INT32, values.length, (w, i) -> w.write(values[i], 0, 0));
    }

    /** The pages of an INT64 column holding {@code values}, in order. */
    public static List<ParquetPage> write(long[] values) {
        return write(PrimitiveTypeName.INT64, values.length, (w, i) -> w.write(values[i], 0, 0));
    }

    private static List<ParquetPage> write(PrimitiveTypeName type, int n, ObjIntConsumer<ColumnWriter> value) {
        MessageType schema = Types.buildMessage().required(type).named("v").named("column");
        ColumnDescriptor column = schema.getColumns().getFirst();
        Capture capture = new Capture(type.name());
        ColumnWriteStore store = new ColumnWriteStoreV2(schema, capture, PROPS);
        ColumnWriter w = store.getColumnWriter(column);
        for (int i = 0; i < n; i++) {
            value.accept(w, i);
            store.endRecord(); // where parquet-java checks the page size and row-count limits
        }
        store.flush();
        store.close();
        long held = capture.pages.stream().mapToLong(ParquetPage::numValues).sum();
        if (held != n) throw new IllegalStateException("parquet-java's pages hold " + held + " of the " + n + " values written");
        return List.copyOf(capture.pages);
    }

    /** The in-memory page store: keeps every data page v2 the writer emits; rejects other kinds. */
    private static final class Capture implements PageWriteStore, PageWriter {
        private final String physicalType;
        private final List<ParquetPage> pages = new ArrayList<>();
        private long bytes;

        Capture(String physicalType) {
            this.physicalType = physicalType;
        }

        @Override
        public PageWriter getPageWriter(ColumnDescriptor path) {
            return this;
        }

        @Override
        public void writePageV2(int rowCount, int nullCount, int valueCount, BytesInput repetitionLevels, BytesInput definitionLevels,
                                Encoding dataEncoding, BytesInput data, Statistics<?> statistics, SizeStatistics sizeStatistics,
                                GeospatialStatistics geospatialStatistics) {
            writePageV2(rowCount, nullCount, valueCount, repetitionLevels, definitionLevels, dataEncoding, data, statistics);
        }

        @Override
        public void writePageV2(int rowCount, int nullCount, int valueCount, BytesInput repetitionLevels, BytesInput definitionLevels,
                                Encoding dataEncoding, BytesInput data, Statistics<?> statistics) {
            if (repetitionLevels.size() != 0 || definitionLevels.size() != 0 || nullCount != 0) {
                throw new IllegalStateException("parquet-java wrote levels for a required flat column");
            }
            try {
                byte[] section = data.toByteArray();
                bytes += section.length;
                pages.add(ParquetPage.of("v", 0, "DATA_V2", dataEncoding.name(), physicalType, valueCount, valueCount, section, null));
            } catch (IOException e) {
                throw new UncheckedIOException("parquet-java page bytes", e);
            }
        }

        @Override
        public void writePage(BytesInput bytesInput, int valueCount, Statistics<?> statistics, Encoding rlEncoding, Encoding dlEncoding,
                              Encoding valuesEncoding) {
            throw new UnsupportedOperationException("a PARQUET_2_0 writer writes data page v2 only");
        }

        @Override
        public void writePage(BytesInput bytesInput, int valueCount, int rowCount, Statistics<?> statistics, Encoding rlEncoding,
                              Encoding dlEncoding, Encoding valuesEncoding) {
            throw new UnsupportedOperationException("a PARQUET_2_0 writer writes data page v2 only");
        }

        @Override
        public void writeDictionaryPage(DictionaryPage dictionaryPage) {
            throw new UnsupportedOperationException("dictionary encoding is off");
        }

        @Override
        public long getMemSize() {
            return bytes;
        }

        @Override
        public long allocatedSize() {
            return bytes;
        }

        @Override
        public void close() {
            // nothing to release: the pages stay in memory
        }

        @Override
        public String memUsageString(String prefix) {
            return prefix + " " + pages.size() + " captured pages, " + bytes + " bytes";
        }
    }
}
