package io.lanes.workbench.corpus;

import io.lanes.workbench.codec.ByteArrays;
import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.registry.CodecRegistry;
import io.lanes.workbench.codec.CorruptDataException;
import io.lanes.workbench.parquet.ParquetFile;
import io.lanes.workbench.parquet.ParquetPage;
import io.lanes.workbench.parquet.ParquetJavaPages;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A column exactly as a writer wrote it: its pages of one page format, in order, and the values
 * they hold as a reader independent of the timed decoders reads them. The workload for timing
 * decoders on another implementation's pages rather than on their own encoding of a tiled column:
 * the harness decodes every page in order as one call, and checks the output against
 * {@link #values()}. Immutable by convention (the arrays are shared, nobody may modify them);
 * thread-safe.
 *
 * <p>Pages come from a Parquet file as its writer wrote them ({@link #ofFile}) or from parquet-java's
 * own page writer re-encoding a corpus column ({@link #writtenByParquetJava}). Either way only the
 * pages the given decoders read count: the page format ({@link Codec#pageFormat()}) is the one
 * every decoder of the column's width shares, and the column's other pages (dictionary pages,
 * dictionary indices, other encodings) are listed in {@link #skipped()}, never decoded. Every
 * problem is a {@link CorpusException} with a one-line message naming the file (or column id) and
 * the column.
 *
 * @param values  the values the pages hold, in page order, nulls left out: read by DuckDB for a
 *                file, the column itself for pages written from it. Its id and dataset label
 *                results, e.g. {@code parquet-testing/delta_binary_packed.parquet:bitwidth12} and
 *                {@code parquet-java(vega.flights.date_us)}
 * @param writer  who wrote the pages: the file's {@code created_by}, or {@link ParquetJavaPages#WRITER}
 * @param format  the page format of every page: only codecs of this {@link Codec#pageFormat()} decode them
 * @param pages   the pages, in order; a decoder reads each one's {@link ParquetPage#codecPage()}
 * @param skipped the column's pages not timed, counted by kind and encoding with the reason, e.g.
 *                {@code 1 DICTIONARY page (PLAIN): a dictionary}; empty when none
 * @param source  the file and column the pages were read from, or {@code null} for pages written in
 *                memory ({@link #writtenByParquetJava}): what an engine scans to decode the same pages
 */
public record Pages(Column values, String writer, String format, List<ParquetPage> pages, List<String> skipped, Source source) {
    public Pages {
        pages = List.copyOf(pages);
        skipped = List.copyOf(skipped);
        if (pages.isEmpty()) throw new IllegalArgumentException(values.id() + ": no pages");
        long held = pages.stream().mapToLong(ParquetPage::nonNull).sum();
        if (held != values.size() || held == 0) {
            throw new IllegalArgumentException(values.id() + ": the pages hold " + held + " values, the reference " + values.size());
        }
    }

    /** Pages without a file behind them, as {@link #writtenByParquetJava} makes them. */
    public Pages(Column values, String writer, String format, List<ParquetPage> pages, List<String> skipped) {
        this(values, writer, format, pages, skipped, null);
    }

    /**
     * Where a file's pages come from.
     *
     * @param file   the Parquet file
     * @param column the leaf column's path
     * @param whole  whether the timed pages hold every value of the column: no value-holding page
     *               was skipped (for another format), so a scan of the whole column decodes exactly them
     */
    public record Source(Path file, String column, boolean whole) {
    }

    /** Every flat integer and byte-array column of a file with pages the decoders read, and the columns left out with the reason. */
    public record Selection(List<Pages> pages, List<String> skipped) {
    }

    /** Bytes a decoder reads: the sum of the pages' {@link ParquetPage#codecPage()} lengths. */
    public long encodedBytes() {
        long b = 0;
        for (ParquetPage p : pages) b += p.codecPage().length;
        return b;
    }

    /**
     * Nulls in the timed pages: rows their definition levels mark null. Decoders read the values
     * section only (the levels are stripped), so a null costs them nothing; this says how many rows
     * the values stand for.
     */
    public long nulls() {
        long n = 0;
        for (ParquetPage p : pages) n += p.numValues() - p.nonNull();
        return n;
    }

    /**
     * One line for a console: label, type, pages by kind and encoding, values, nulls, bytes, writer
     * and the pages skipped.
     */
    public String summary() {
        return String.format(Locale.ROOT, "%s (%s): %s, %d values, %d nulls, %d bytes, written by %s; skipped: %s", values.id(), values.type().label(),
                String.join(", ", countByKind(pages, p -> "")), values.size(), nulls(), encodedBytes(), writer,
                skipped.isEmpty() ? "none" : String.join(", ", skipped));
    }

    /**
     * The pages of one column of a Parquet file that {@code decoders} read, exactly as the file holds
     * them (decompressed, levels stripped), with the values DuckDB reads from the same column.
     *
     * @param file     a Parquet file
     * @param column   a leaf column's path (for a flat schema, its name)
     * @param decoders the codecs that will decode the pages: of the page formats those of the column's
     *                 type read, the one holding most of the column's values is taken (the column's pages
     *                 in other formats are listed as skipped; codecs of other types or formats are ignored)
     * @return the pages, labelled {@code <folder>/<file name>:<column>}
     * @throws CorpusException no such file or column, not a Parquet file, a column that is not INT32,
     *                         INT64 or BYTE_ARRAY (or whose logical type DuckDB would convert), no decoder of its width,
     *                         no page in the decoders' format, a malformed footer, column chunk, page header
     *                         or level section (the message then names the field, its byte offset, row
     *                         group and page), a compression this reader does not read
     */
    public static Pages ofFile(Path file, String column, List<? extends Codec> decoders) {
        ParquetFile pf = open(file);
        ParquetFile.Column col;
        try {
            col = pf.column(column);
        } catch (IllegalArgumentException e) {
            throw new CorpusException("file " + file + ": no column '" + column + "'; columns: "
                    + String.join(", ", pf.columns().stream().map(ParquetFile.Column::path).toList()));
        }
        return ofFile(file, pf, col, decoders);
    }

    /**
     * {@link #ofFile(Path, String, List)} for every column of a file; columns it refuses (not
     * INT32, INT64 or BYTE_ARRAY, repeated, no page the decoders read, malformed pages, ...) are listed in
     * {@link Selection#skipped()} with its one-line reason, and the other columns are still read.
     *
     * @throws CorpusException no such file, not a Parquet file, or no column has pages the decoders read
     */
    public static Selection ofFile(Path file, List<? extends Codec> decoders) {
        ParquetFile pf = open(file);
        List<Pages> out = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (ParquetFile.Column c : pf.columns()) {
            try {
                out.add(ofFile(file, pf, c, decoders));
            } catch (CorpusException e) {
                skipped.add(e.getMessage());
            }
        }
        if (out.isEmpty()) {
            throw new CorpusException("file " + file + ": no integer or byte-array column has pages the codecs decode"
                    + (skipped.isEmpty() ? "" : " (" + skipped.getFirst() + (skipped.size() > 1 ? "; and " + (skipped.size() - 1) + " more" : "") + ")"));
        }
        return new Selection(List.copyOf(out), List.copyOf(skipped));
    }

    /**
     * The pages parquet-java's own page writer makes of a column ({@link ParquetJavaPages}: data page
     * v2, PARQUET_2_0, no dictionary, so DELTA_BINARY_PACKED; parquet-java's page limits), that
     * {@code decoders} read. The reference values are the column itself.
     *
     * @return the pages, labelled {@code parquet-java(<column id>)}, dataset {@code parquet-java(<dataset>)}
     * @throws CorpusException no decoder of the column's width, or none reads parquet-java's pages
     * @throws CorpusException for a byte-array column: parquet-java's pages are written for int32 and int64 columns
     */
    public static Pages writtenByParquetJava(Column col, List<? extends Codec> decoders) {
        List<ParquetPage> all = switch (col.type()) {
            case INT32 -> ParquetJavaPages.write(col.ints());
            case INT64 -> ParquetJavaPages.write(col.longs());
            case BYTE_ARRAY -> throw new CorpusException("column " + col.id() + " is byte-array: parquet-java's pages are written for integer columns only");
        };
        String id = "parquet-java(" + col.id() + ")";
        return select(id, "parquet-java(" + col.dataset() + ")", ParquetJavaPages.WRITER, col.type(), all, decoders, "column " + id, null, null,
                () -> col, col.provenance() + "; pages written by " + ParquetJavaPages.WRITER);
    }

    private static ParquetFile open(Path file) {
        if (!Files.isRegularFile(file)) throw new CorpusException("file " + file + ": not found");
        try {
            return ParquetFile.open(file);
        } catch (IOException | CorruptDataException e) {
            throw new CorpusException("file " + file + ": cannot read it as Parquet: " + e.getMessage(), e);
        }
    }

    /** Logical types whose values DuckDB returns as the stored integers (UserFiles reads them so). */
    private static boolean storedAsRead(String logical) {
        return logical == null || logical.equals("DATE") || logical.equals("TIMESTAMP(MICROS)") || logical.equals("TIMESTAMP_MICROS")
                || logical.matches("INT_(8|16|32|64)|UINT_(8|16)|INTEGER\\((8|16|32|64),signed\\)|INTEGER\\((8|16),unsigned\\)");
    }

    /** Logical types of BYTE_ARRAY whose bytes DuckDB returns as stored (strings as VARCHAR, the rest as BLOB). */
    private static boolean bytesAsRead(String logical) {
        return logical == null || logical.equals("STRING") || logical.equals("UTF8") || logical.equals("JSON") || logical.equals("ENUM");
    }

    private static Pages ofFile(Path file, ParquetFile pf, ParquetFile.Column col, List<? extends Codec> decoders) {
        String what = "file " + file + " column '" + col.path() + "'";
        ValueType type = switch (col.physicalType()) {
            case "INT32" -> ValueType.INT32;
            case "INT64" -> ValueType.INT64;
            case "BYTE_ARRAY" -> ValueType.BYTE_ARRAY;
            default -> throw new CorpusException(what + " is " + col.physicalType() + ", not INT32, INT64 or BYTE_ARRAY");
        };
        if (col.maxRepetition() > 0) throw new CorpusException(what + " is repeated; only flat columns are read");
        if (type == ValueType.BYTE_ARRAY ? !bytesAsRead(col.logicalType()) : !storedAsRead(col.logicalType())) {
            throw new CorpusException(what + " is " + col.physicalType() + " " + col.logicalType() + ": DuckDB, the independent reader, "
                    + "would return converted values; integers, DATE and TIMESTAMP(MICROS) columns, and byte arrays that are strings, JSON or plain binary, can be checked");
        }
        List<ParquetPage> all;
        try {
            all = pf.pages(col.path());
        } catch (IOException | CorruptDataException | UnsupportedOperationException e) {
            throw new CorpusException(what + ": cannot read its pages: " + e.getMessage(), e);
        }
        Path parent = file.toAbsolutePath().getParent();
        String label = (parent == null || parent.getFileName() == null ? "" : parent.getFileName() + "/") + file.getFileName();
        String writer = pf.createdBy() == null ? "an unnamed writer" : pf.createdBy();
        return select(label + ":" + col.path(), label, writer, type, all, decoders, what, file, col.path(),
                () -> UserFiles.load(file, col.path(), type, null, UserFiles.Nulls.DROP),
                "pages of " + file.toAbsolutePath().normalize() + " column " + col.path() + " as written by " + writer + "; values read by DuckDB");
    }

    /**
     * The pages of {@code all} in the format the decoders of {@code type} share, with the reference
     * values of exactly those pages cut from {@code reference} (every value-holding page's non-null
     * values, in order); {@code file} and {@code column} (null for pages written in memory) are where they come from.
     */
    private static Pages select(String id, String dataset, String writer, ValueType type, List<ParquetPage> all, List<? extends Codec> decoders,
                                String what, Path file, String column, Supplier<Column> reference, String provenance) {
        Set<String> formats = new LinkedHashSet<>();
        for (Codec c : decoders) if (c.valueBits() == type.bytes() * 8) formats.add(c.pageFormat());
        if (formats.isEmpty()) {
            throw new CorpusException(what + " (" + type.label() + "): no codec given takes " + type.label() + " values; codecs that decode its pages: "
                    + decodersOf(all));
        }
        // one format per column: of those the codecs read, the one holding most of the column's values
        // (a writer may switch encodings mid-column, e.g. from a dictionary to PLAIN); the rest are skipped
        Map<String, Long> held = new LinkedHashMap<>();
        for (String f : formats) held.put(f, 0L);
        for (ParquetPage p : all) {
            if (p.holdsValues() && p.codec() != null) held.computeIfPresent(CodecRegistry.get(p.codec()).pageFormat(), (f, n) -> n + p.nonNull() + 1);
        }
        String format = held.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
        List<ParquetPage> kept = new ArrayList<>();
        List<int[]> ranges = new ArrayList<>();
        List<ParquetPage> left = new ArrayList<>();
        int at = 0;
        for (ParquetPage p : all) {
            if (!p.holdsValues()) {
                left.add(p);
                continue;
            }
            if (p.codec() != null && CodecRegistry.get(p.codec()).pageFormat().equals(format)) {
                kept.add(p);
                ranges.add(new int[] {at, p.nonNull()});
            } else {
                left.add(p);
            }
            at += p.nonNull();
        }
        if (kept.isEmpty()) {
            throw new CorpusException(what + ": no page in the " + String.join(" or ", formats) + " format the codecs decode; its pages: "
                    + String.join(", ", countByKind(all, p -> "")));
        }
        if (kept.stream().allMatch(p -> p.nonNull() == 0)) throw new CorpusException(what + ": its " + kept.size() + " " + format + " pages hold only nulls");
        Column ref;
        try {
            ref = reference.get();
        } catch (CorpusException e) {
            // the independent reader failed on a file this reader parsed: name the column, as for every other rejection
            throw new CorpusException(what + ": the independent reader cannot check its values: " + e.getMessage(), e);
        }
        if (ref.size() != at) throw new CorpusException(what + ": the reader gives " + ref.size() + " values, the pages hold " + at);
        Column values = cut(ref, ranges, id, dataset, provenance);
        boolean dictionaries = format.startsWith("parquet.dict");
        Source source = file == null ? null : new Source(file, column, left.stream().noneMatch(ParquetPage::holdsValues));
        return new Pages(values, writer, format, kept, countByKind(left, p -> !p.holdsValues()
                ? (p.kind().equals("DICTIONARY") ? (dictionaries ? "a dictionary, read with each data page it serves" : "a dictionary")
                        : "dictionary indices without a dictionary page")
                : p.codec() == null ? "no decoder here" : "format " + CodecRegistry.get(p.codec()).pageFormat()), source);
    }

    /** The values of {@code ranges} ({from, count} in {@code ref}) as one column. */
    private static Column cut(Column ref, List<int[]> ranges, String id, String dataset, String provenance) {
        int n = 0;
        for (int[] r : ranges) n += r[1];
        int k = 0;
        if (ref.type() == ValueType.BYTE_ARRAY) {
            ByteArrays from = ref.strings();
            ByteArrays v = new ByteArrays();
            for (int[] r : ranges) {
                v.reserve(r[1], from.offsets()[r[0] + r[1]] - from.offsets()[r[0]]);
                for (int i = r[0]; i < r[0] + r[1]; i++) v.add(from.data(), from.offsets()[i], from.length(i));
            }
            return Column.ofStrings(id, dataset, v, provenance);
        }
        if (ref.type() == ValueType.INT32) {
            int[] v = new int[n];
            for (int[] r : ranges) {
                System.arraycopy(ref.ints(), r[0], v, k, r[1]);
                k += r[1];
            }
            return Column.ofInts(id, dataset, v, provenance);
        }
        long[] v = new long[n];
        for (int[] r : ranges) {
            System.arraycopy(ref.longs(), r[0], v, k, r[1]);
            k += r[1];
        }
        return Column.ofLongs(id, dataset, v, provenance);
    }

    /** Registered codecs that decode some value-holding page of {@code pages}, or a note that none does. */
    private static String decodersOf(List<ParquetPage> pages) {
        Set<String> formats = new LinkedHashSet<>();
        for (ParquetPage p : pages) if (p.holdsValues() && p.codec() != null) formats.add(CodecRegistry.get(p.codec()).pageFormat());
        List<String> names = CodecRegistry.all().stream().filter(c -> formats.contains(c.pageFormat())).map(Codec::name).toList();
        return names.isEmpty() ? "none registered" : String.join(", ", names);
    }

    /** Pages counted by kind and encoding, e.g. {@code 2 DATA_V1 pages (DELTA_BINARY_PACKED)}, with a reason per group when given. */
    private static List<String> countByKind(List<ParquetPage> pages, Function<ParquetPage, String> reason) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (ParquetPage p : pages) {
            String r = reason.apply(p);
            counts.merge(p.kind() + "\u0000" + p.encoding() + "\u0000" + r, 1, Integer::sum);
        }
        List<String> out = new ArrayList<>();
        counts.forEach((k, n) -> {
            String[] f = k.split("\u0000", -1);
            out.add(n + " " + f[0] + (n == 1 ? " page" : " pages") + " (" + f[1] + ")" + (f[2].isEmpty() ? "" : ": " + f[2]));
        });
        return out;
    }
}
