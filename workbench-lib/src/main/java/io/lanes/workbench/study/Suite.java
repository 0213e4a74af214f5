package io.lanes.workbench.study;

import io.lanes.workbench.report.StudyChart;
import io.lanes.workbench.report.SuiteStudy;

import java.util.List;

import static io.lanes.workbench.report.StudyChart.SIZE_VS_SPEED;
import static io.lanes.workbench.report.StudyChart.SPEED_BY_CODEC;
import static io.lanes.workbench.report.StudyChart.SPEED_BY_WIDTH;
import static io.lanes.workbench.report.StudyChart.SPEED_BY_WORKING_SET;

/**
 * The standard suite of the main job: the studies {@code ./workbench run} measures and reports, one
 * per seed question, together covering every codec family (bit-packing in both layouts, FOR/PFOR,
 * delta, Parquet encodings, the peers and the general-purpose baselines).
 */
public final class Suite {
    private Suite() {
    }

    /**
     * The studies, quick (the default; with the claims, the time README's reference run states) or full
     * (publishable: the whole ladder and every column).
     */
    public static List<SuiteStudy> studies(boolean full) {
        List<String> oneWs = List.of("400KiB");
        List<SuiteStudy> studies = new java.util.ArrayList<>(List.of(
                new SuiteStudy("bit-width-sweep", "Bit-width sweep (int32)",
                        "Decode speed of every int32 unpack implementation against the bit width of uniform columns, with the store-only "
                                + "wall and the FastLanes unpacks compiled from C on this machine: how close each kernel comes to the wall, "
                                + "how much of the gap the machine leaves any compiler, and where speed depends on the width.",
                        List.of("store-only", "bitpack.seq.scalar", "bitpack.seq.vector", "fastlanes.unpack.transposed",
                                "native.fastlanes.unpack.transposed", "fastlanes.unpack.flat-fused", "native.fastlanes.unpack.flat-fused",
                                "peer.jfp.vectorbinarypacking"),
                        "uniform", oneWs, List.of(SPEED_BY_WIDTH)),
                new SuiteStudy("layout-ladder", "Layouts across the working-set ladder",
                        "Sequential, interleaved and FL_ORDER unpacking over footprints from L1 to memory (the Arrow PFOR/FastLanes thread, see docs/sources.md: the grid's advantage "
                                + "is large at 16 KiB and gone by 1.5 MiB): a compute advantage shows while the output stays in cache and fades "
                                + "once stores are the limit.",
                        List.of("store-only", "bitpack.seq.vector", "fastlanes.unpack.interleaved", "fastlanes.unpack.transposed",
                                "fastlanes.unpack.flat-fused"),
                        "quick", full ? List.of("16KiB", "400KiB", "1.5MiB", "4MiB", "32MiB") : List.of("16KiB", "400KiB", "4MiB"),
                        List.of(SPEED_BY_WORKING_SET)),
                new SuiteStudy("frame-codecs", "FOR, PFOR and the baselines over the corpus",
                        "Size and decode speed of the frame codecs (FOR, PFOR in both layouts) against JavaFastPFOR, Lucene's PackedInts, "
                                + "ORC's integer RLE v2 (its PATCHED_BASE is a patched frame of reference), Parquet's RLE/bit-packing hybrid, plain, zstd and lz4 on the "
                                + "corpus columns: points further left are smaller, higher are faster.",
                        List.of("store-only", "plain", "for.fastlanes", "pfor.seq", "pfor.fastlanes", "pfor.fastlanes.transposed",
                                "peer.jfp.fastpfor", "peer.jfp.vectorfastpfor", "peer.jfp.binarypacking", "peer.lucene.packed", "peer.orc.rlev2", "parquet.rle", "zstd", "lz4"),
                        full ? "default" : "quick", oneWs, List.of(SPEED_BY_CODEC, SIZE_VS_SPEED)),
                new SuiteStudy("delta", "Delta decoding on sorted columns",
                        "DELTA_BINARY_PACKED decoders (per miniblock, coalesced, coalesced with a vector prefix scan) against FastLanes delta, "
                                + "sequential PFOR with delta, parquet-java's own reader and ORC's integer RLE v2 (whose DELTA runs take sorted "
                                + "stretches), on the corpus' sorted and nearly sorted int32 columns.",
                        List.of("store-only", "parquet.delta.miniblock", "parquet.delta.coalesced", "parquet.delta.vscan",
                                "fastlanes.delta.flat", "fastlanes.delta.transposed", "pfor.seq.delta", "peer.parquet.delta", "peer.orc.rlev2"),
                        "sorted", oneWs, List.of(SPEED_BY_CODEC, SIZE_VS_SPEED))));
        if (full) {
            // 64 more columns: worth it in a publishable run, not in the 10-minute default
            studies.add(1, new SuiteStudy("bit-width-sweep-int64", "Bit-width sweep (int64)",
                    "The same question for int64 columns of widths 1 to 64: the sequential kernels against the FastLanes grid of 64-bit lanes.",
                    List.of("store-only", "bitpack.seq.scalar64", "bitpack.seq.vector64", "fastlanes.unpack.transposed64",
                            "native.fastlanes.unpack.transposed64"),
                    "syn.uniform64", oneWs, List.of(SPEED_BY_WIDTH)));
        }
        return List.copyOf(studies);
    }
}
