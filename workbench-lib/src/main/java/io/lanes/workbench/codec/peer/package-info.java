/**
 * Peers: the codecs a user would otherwise pick, run in the same JVM on the same data through the
 * same harness, named {@code peer.*}. JavaFastPFOR 0.3.14: {@code peer.jfp.binarypacking},
 * {@code peer.jfp.fastpfor}, {@code peer.jfp.fastpfor128}, {@code peer.jfp.vectorfastpfor}
 * (preferred lane width), {@code peer.jfp.vectorbinarypacking} (256-bit lanes),
 * {@code peer.jfp.integratedbinarypacking} (differential; meant for sorted data, and it round-trips
 * any int32 data, unsorted data just packs at wide widths); every block codec is composed with
 * VariableByte for the tail as the library prescribes. parquet-java 1.18.1:
 * {@code peer.parquet.delta(64)}, {@code peer.parquet.rle}, {@code peer.parquet.bss(64)},
 * {@code peer.parquet.delta-length-byte-array} and {@code peer.parquet.delta-byte-array} on the same
 * page layouts as our {@code parquet.*} codecs. Apache ORC 2.2.1's integer RLE v2:
 * {@code peer.orc.rlev2} (signed int32), {@code peer.orc.rlev2.64} (signed int64) and
 * {@code peer.orc.rlev2.unsigned} (int32 as unsigned 32-bit), each page a count and ORC's runs.
 * Apache Lucene 10.3.2: {@code peer.lucene.packed(64)}
 * and {@code peer.lucene.packed-single-block} ({@code PackedInts}' bulk encoders and decoders),
 * {@code peer.lucene.direct(64)} ({@code DirectWriter}/{@code DirectReader}, the doc values
 * packing), each at the narrowest width the layout offers for the page; Lucene's postings block
 * codec ({@code ForUtil}/{@code PForUtil}) has no public API, so it has no arm ({@code docs/peers.md}
 * says why).
 *
 * <h2>What the adapters add to the peer's own decode</h2>
 * <ul>
 * <li>JavaFastPFOR reads int[] only: one bulk copy of the page's words into a reused per-thread
 * int[] ({@code MemorySegment.copy}, memcpy speed); a check of the whole block stream before the
 * library reads it ({@code JfpLayouts}: header words, metadata bytes and exception counts, no packed
 * value read), a count of the tail's varint terminators, and a watch on the 256 slots past the
 * output range. Output goes straight into the caller's buffer.</li>
 * <li>parquet-java readers are per page and read a value per call: a new reader and a ByteBuffer
 * stream per page (its API cannot re-point a reader), one {@code readInteger()}/{@code readLong()}
 * /{@code readInt()} per value into the caller's buffer (how parquet-java's column readers consume
 * them), plus our checks first (the DELTA header and every block's widths, with a block size of at
 * most 65,536 values; RLE run headers) because parquet-java sizes arrays by those fields.</li>
 * <li>parquet-java's byte-array readers ({@code ParquetJavaByteArrays}) likewise: a new reader and a
 * ByteBuffer stream per page, one {@code readBytes()} per value, and per value the
 * {@code ByteBuffer} view {@code Binary.toByteBuffer()} makes and one copy of its bytes into the
 * caller's arena (the contract's output). Checking first costs more here: besides the block sizes
 * of both length streams, our own decoder validates the whole page without copying a byte, which
 * decodes every length stream once more than parquet-java does, because parquet-java trusts every
 * length (it allocates from an unchecked prefix length, and a negative length re-reads earlier
 * bytes).</li>
 * <li>ORC's {@code RunLengthIntegerReaderV2} is read as ORC's column readers read it: per page a
 * new reader over {@code InStream.create} of the page and a ByteBuffer view (a reader cannot be
 * re-pointed), then {@code nextVector} into a {@code LongColumnVector} of 1,024 values, batch after
 * batch, each batch copied into the caller's buffer: a copy of the longs for int64, a narrowing
 * copy with a range check of every value for int32 (ORC decodes to long[] only). Before it, a walk
 * of every run header ({@code OrcRuns}: tag, widths, lengths, patch list size, varint lengths; no
 * packed value read), because ORC sizes PATCHED_BASE's arrays and reads its patch list from header
 * fields. PATCHED_BASE runs allocate two arrays in ORC's reader, as in ORC.</li>
 * <li>Lucene's {@code PackedInts} decoders ({@code LucenePacked32}, {@code LucenePacked64}) decode
 * whole iterations (e.g. 8 values from 7 bytes at 7 bits) straight from the page into the caller's
 * buffer in one call; the adapter checks the 5-byte header (count, width, the data's exact length),
 * and when the count ends inside an iteration, copies its at most 64 bytes into a zeroed per-thread
 * block, decodes it into a per-thread array and copies the values out (as Lucene's own
 * {@code ReaderIterator} buffers it). Nothing is allocated per call.</li>
 * <li>Lucene's {@code DirectReader} ({@code LuceneDirect32}, {@code LuceneDirect64}) reads one value
 * per {@code get(index)}, from a block buffer its merge instance fills; per page the adapter checks
 * the header and makes a {@code ByteBuffer} view, a {@code ByteBuffersDataInput} over it and the
 * reader (about 1.5 KB, its block buffer most of it, declared as allocated by design), since neither
 * can be re-pointed.</li>
 * </ul>
 * The peers trust their input; the adapters do not, so a corrupt page is a
 * {@link io.lanes.workbench.codec.CorruptDataException} naming the field before the peer runs, and
 * every library exception becomes one naming the peer. Where a peer breaks the codec contract on a
 * page the adapter accepted (reads or writes other than the stream says, a value slot left
 * unwritten), the adapter says so in the exception ("a defect of the peer library") rather than
 * return its output. {@code docs/peers.md} lists the defects found in these versions, with
 * reproducer bytes, and what each adapter does about them; one of them: JavaFastPFOR 0.3.14's
 * VectorFastPFOR writes one word more than it reads back after 32-bit exceptions that do not fill a
 * vector block, so the adapter resumes each page where the encoder put it and the peer round-trips.
 */
package io.lanes.workbench.codec.peer;
