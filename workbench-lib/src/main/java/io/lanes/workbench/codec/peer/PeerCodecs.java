package io.lanes.workbench.codec.peer;

import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.bitpack.SeqScalarKernel32;
import io.lanes.workbench.codec.parquet.RleHybrid32;
import me.lemire.integercompression.BinaryPacking;
import me.lemire.integercompression.Composition;
import me.lemire.integercompression.FastPFOR;
import me.lemire.integercompression.FastPFOR128;
import me.lemire.integercompression.IntWrapper;
import me.lemire.integercompression.VariableByte;
import me.lemire.integercompression.differential.IntegratedBinaryPacking;
import me.lemire.integercompression.differential.IntegratedComposition;
import me.lemire.integercompression.differential.IntegratedIntegerCODEC;
import me.lemire.integercompression.differential.IntegratedVariableByte;
import me.lemire.integercompression.vector.VectorBinaryPacking;
import me.lemire.integercompression.vector.VectorBitPackerKernels.LaneWidth;
import me.lemire.integercompression.vector.VectorFastPFOR;

import java.util.ArrayList;
import java.util.List;

/**
 * The peers a user would otherwise pick, as registered codecs named {@code peer.*}: JavaFastPFOR
 * 0.3.14 ({@code peer.jfp.*}), parquet-java 1.18.1 ({@code peer.parquet.*}), Apache ORC 2.2.1's
 * integer RLE v2 ({@code peer.orc.*}) and Apache Lucene 10.3.2 ({@code peer.lucene.*}). Each adapter's
 * Javadoc says which costs it adds to the peer's own decode.
 */
public final class PeerCodecs {
    private PeerCodecs() {
    }

    /** Every peer, in registry order. */
    public static List<Codec> all() {
        List<Codec> out = new ArrayList<>();
        BinaryPacking bp = new BinaryPacking();
        out.add(new JfpCodec("peer.jfp.binarypacking", BinaryPacking.BLOCK_SIZE,
                n -> 1 + bp.maxHeadlessCompressedLength(new IntWrapper(), n), JfpCodec.Layout.PACKED, 0,
                BinaryPacking::new, VariableByte::new, Composition::new));
        FastPFOR fp = new FastPFOR();
        out.add(new JfpCodec("peer.jfp.fastpfor", FastPFOR.BLOCK_SIZE,
                n -> 1 + fp.maxHeadlessCompressedLength(new IntWrapper(), n), JfpCodec.Layout.FASTPFOR, FastPFOR.DEFAULT_PAGE_SIZE,
                FastPFOR::new, VariableByte::new, Composition::new));
        FastPFOR128 fp128 = new FastPFOR128();
        out.add(new JfpCodec("peer.jfp.fastpfor128", FastPFOR128.BLOCK_SIZE,
                n -> 1 + fp128.maxHeadlessCompressedLength(new IntWrapper(), n), JfpCodec.Layout.FASTPFOR, FastPFOR128.DEFAULT_PAGE_SIZE,
                FastPFOR128::new, VariableByte::new, Composition::new));
        VectorFastPFOR vfp = new VectorFastPFOR(VectorFastPFOR.DEFAULT_PAGE_SIZE, LaneWidth.PREFERRED);
        out.add(new JfpCodec("peer.jfp.vectorfastpfor", VectorFastPFOR.BLOCK_SIZE,
                n -> 1 + vfp.maxHeadlessCompressedLength(new IntWrapper(), n), JfpCodec.Layout.VECTOR_FASTPFOR, VectorFastPFOR.DEFAULT_PAGE_SIZE,
                () -> new VectorFastPFOR(VectorFastPFOR.DEFAULT_PAGE_SIZE, LaneWidth.PREFERRED), VariableByte::new, Composition::new));
        VectorBinaryPacking vbp = new VectorBinaryPacking(LaneWidth.BITS_256);
        out.add(new JfpCodec("peer.jfp.vectorbinarypacking", VectorBinaryPacking.BLOCK_SIZE,
                n -> 1 + vbp.maxHeadlessCompressedLength(new IntWrapper(), n), JfpCodec.Layout.PACKED, 0,
                () -> new VectorBinaryPacking(LaneWidth.BITS_256), VariableByte::new, Composition::new));
        IntegratedBinaryPacking ibp = new IntegratedBinaryPacking();
        out.add(new JfpCodec("peer.jfp.integratedbinarypacking", IntegratedBinaryPacking.BLOCK_SIZE,
                n -> 1 + ibp.maxHeadlessCompressedLength(new IntWrapper(), n), JfpCodec.Layout.PACKED, 0,
                IntegratedBinaryPacking::new, IntegratedVariableByte::new,
                (h, t) -> new IntegratedComposition((IntegratedIntegerCODEC) h, (IntegratedIntegerCODEC) t)));
        out.add(new ParquetJavaDelta.Int32());
        out.add(new ParquetJavaDelta.Int64());
        out.add(new ParquetJavaRle(new RleHybrid32(new SeqScalarKernel32())));
        out.add(new ParquetJavaBss.Int32());
        out.add(new ParquetJavaBss.Int64());
        out.add(ParquetJavaByteArrays.deltaLengthByteArray());
        out.add(ParquetJavaByteArrays.deltaByteArray());
        out.add(new OrcRleV2.Int32(false));
        out.add(new OrcRleV2.Int64());
        out.add(new OrcRleV2.Int32(true));
        out.add(new LucenePacked32(LuceneLayout.PACKED));
        out.add(new LucenePacked64());
        out.add(new LucenePacked32(LuceneLayout.PACKED_SINGLE_BLOCK));
        out.add(new LuceneDirect32());
        out.add(new LuceneDirect64());
        return out;
    }
}
