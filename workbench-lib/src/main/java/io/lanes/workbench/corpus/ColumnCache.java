package io.lanes.workbench.corpus;

import io.lanes.workbench.codec.ByteArrays;
import io.lanes.workbench.corpus.Catalog.ColumnEntry;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Built columns on disk, so a second load skips generators, DuckDB and downloads. One file per
 * column, {@code <cache>/columns/<id>.col}: the magic {@code LWCOL001}, the sha256 of the column's
 * recipe (32 bytes), the type (1 byte: {@link ValueType#bytes()}, so 4 for int32, 8 for int64, 1 for
 * byte-array), the value count n (int32), the provenance (int32 byte length + UTF-8), then the
 * values: for integers n values little-endian; for byte arrays n+1 int32 little-endian offsets (0
 * first, non-decreasing, the last the arena's length: value i is {@code arena[offsets[i],
 * offsets[i+1])}) then the arena. Byte arrays extend the format without changing any integer file,
 * so integer files written before them still validate. Beside each file {@code <id>.col.sha256}
 * holds its sha256 in {@code sha256sum} format. A file whose sha256, magic, recipe, type, offsets or
 * length does not match is reported through the notes, deleted and rebuilt by the caller. Writes go
 * through a temporary file and an atomic move. Stateless apart from the files; concurrent writers of
 * one column at worst both write it.
 */
final class ColumnCache {
    private static final byte[] MAGIC = "LWCOL001".getBytes(StandardCharsets.US_ASCII);

    private final Path dir;
    private final Consumer<String> notes;

    ColumnCache(Path cacheRoot, Consumer<String> notes) {
        this.dir = cacheRoot.resolve("columns");
        this.notes = notes;
    }

    /** The cache file of a column. */
    Path file(String id) {
        return dir.resolve(id + ".col");
    }

    private Path shaFile(String id) {
        return dir.resolve(id + ".col.sha256");
    }

    /** The cached column if a valid, current copy exists; otherwise empty (a bad copy is deleted). */
    Optional<Column> read(ColumnEntry c) {
        Path file = file(c.id());
        if (!Files.isRegularFile(file)) return Optional.empty();
        try {
            byte[] bytes = Files.readAllBytes(file);
            String problem = check(c, bytes);
            if (problem == null) return Optional.of(decode(c, bytes));
            notes.accept("cache file " + file + ": " + problem + "; rebuilding");
            Files.deleteIfExists(file);
            Files.deleteIfExists(shaFile(c.id()));
            return Optional.empty();
        } catch (IOException e) {
            throw new CorpusException("cannot read the cache file " + file + ": " + e.getMessage(), e);
        }
    }

    private String check(ColumnEntry c, byte[] bytes) throws IOException {
        Path shaFile = shaFile(c.id());
        if (!Files.isRegularFile(shaFile)) return "no " + shaFile.getFileName();
        String expected = Files.readString(shaFile, StandardCharsets.US_ASCII).strip().split("\\s+")[0];
        String actual = Sha256.of(bytes);
        if (!actual.equals(expected)) return "sha256 " + actual + " does not match the recorded " + expected;
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        if (bytes.length < MAGIC.length + 32 + 1 + 4 + 4 || !Arrays.equals(bytes, 0, MAGIC.length, MAGIC, 0, MAGIC.length)) {
            return "not a column cache file";
        }
        byte[] recipe = new byte[32];
        b.position(MAGIC.length).get(recipe);
        if (!Arrays.equals(recipe, recipeHash(c))) return "built from an older catalog entry";
        int bytesPerValue = b.get();
        if (bytesPerValue != c.type().bytes()) return "holds " + bytesPerValue + "-byte values, the catalog says " + c.type().label();
        int count = b.getInt();
        int provLen = b.getInt();
        long payload = count < 0 || provLen < 0 ? -1 : payloadLength(c.type(), count, b, provLen);
        if (payload < 0 || b.position() + provLen + payload != bytes.length) {
            return "length does not match its header";
        }
        return c.type().integer() ? null : offsetsProblem(b.position(b.position() + provLen), count);
    }

    /**
     * Bytes the values take after the provenance; for byte arrays read from the last offset, or -1
     * when the offsets are not all in the file.
     */
    private static long payloadLength(ValueType type, int count, ByteBuffer b, int provLen) {
        if (type.integer()) return (long) count * type.bytes();
        long offsets = 4L * (count + 1);
        long last = b.position() + provLen + offsets - 4;
        if (last + 4 > b.limit()) return -1;
        return offsets + b.getInt((int) last);
    }

    /** Null when the n+1 offsets at {@code b}'s position start at 0 and never decrease, else what is wrong. */
    private static String offsetsProblem(ByteBuffer b, int count) {
        int prev = b.getInt();
        if (prev != 0) return "its first offset is " + prev + ", not 0";
        for (int i = 1; i <= count; i++) {
            int next = b.getInt();
            if (next < prev) return "offset " + i + " (" + next + ") is below offset " + (i - 1) + " (" + prev + ")";
            prev = next;
        }
        return null;
    }

    private static Column decode(ColumnEntry c, byte[] bytes) {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        b.position(MAGIC.length + 32 + 1);
        int count = b.getInt();
        byte[] prov = new byte[b.getInt()];
        b.get(prov);
        String provenance = new String(prov, StandardCharsets.UTF_8);
        return switch (c.type()) {
            case INT32 -> {
                int[] v = new int[count];
                b.asIntBuffer().get(v);
                yield Column.ofInts(c.id(), c.dataset(), v, provenance);
            }
            case INT64 -> {
                long[] v = new long[count];
                b.asLongBuffer().get(v);
                yield Column.ofLongs(c.id(), c.dataset(), v, provenance);
            }
            case BYTE_ARRAY -> {
                ByteArrays v = new ByteArrays();
                int arena = b.getInt(b.position() + 4 * count);
                v.reserve(count, arena);
                b.asIntBuffer().get(v.offsets(), 0, count + 1);
                b.position(b.position() + 4 * (count + 1)).get(v.data(), 0, arena);
                v.commit(count);
                yield Column.ofStrings(c.id(), c.dataset(), v, provenance);
            }
        };
    }

    /** Stores a column built from entry {@code c}. */
    void write(ColumnEntry c, Column col) {
        byte[] prov = col.provenance().getBytes(StandardCharsets.UTF_8);
        int n = col.size();
        long payload = col.type().integer() ? (long) n * col.type().bytes() : 4L * (n + 1) + col.strings().bytes();
        ByteBuffer b = ByteBuffer.allocate(Math.toIntExact(MAGIC.length + 32 + 1 + 4 + 4 + prov.length + payload))
                .order(ByteOrder.LITTLE_ENDIAN);
        b.put(MAGIC).put(recipeHash(c)).put((byte) col.type().bytes()).putInt(n).putInt(prov.length).put(prov);
        switch (col.type()) {
            case INT32 -> b.asIntBuffer().put(col.ints());
            case INT64 -> b.asLongBuffer().put(col.longs());
            case BYTE_ARRAY -> {
                b.asIntBuffer().put(col.strings().offsets(), 0, n + 1);
                b.position(b.position() + 4 * (n + 1)).put(col.strings().data(), 0, col.strings().bytes());
            }
        }
        byte[] bytes = b.array();
        Path file = file(c.id());
        try {
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, c.id(), ".tmp");
            Files.write(tmp, bytes);
            Path tmpSha = Files.createTempFile(dir, c.id(), ".tmp");
            Files.writeString(tmpSha, Sha256.of(bytes) + "  " + file.getFileName() + "\n", StandardCharsets.US_ASCII);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            Files.move(tmpSha, shaFile(c.id()), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new CorpusException("cannot write the cache file " + file + ": " + e.getMessage(), e);
        }
    }

    private static byte[] recipeHash(ColumnEntry c) {
        return java.util.HexFormat.of().parseHex(Sha256.of(c.recipe()));
    }
}
