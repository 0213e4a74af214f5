package io.lanes.workbench.report;

import java.util.List;

import static io.lanes.workbench.report.Study.Chart.SIZE_VS_SPEED;
import static io.lanes.workbench.report.Study.Chart.SPEED_BY_CODEC;
import static io.lanes.workbench.report.Study.Chart.SPEED_BY_WIDTH;
import static io.lanes.workbench.report.Study.Chart.SPEED_BY_WORKING_SET;

/** The standard suite of the main job: the studies {@code ./workbench run} measures and reports. */
public final class Suite {
    private Suite() {
    }

    /**
     * The studies, quick (the default: under 10 minutes on 2 cores) or full (publishable: the whole
     * ladder and every column).
     */
    public static List<Study> studies(boolean full) {
        List<String> oneWs = List.of("400KiB");
        return List.of(
                new Study("bit-width-sweep", "Bit-width sweep (int32)",
                        "Decode speed of every unpack implementation against the bit width of uniform columns, with the store-only wall: "
                                + "how close each kernel comes to the wall, and where its speed depends on the width.",
                        List.of("store-only", "plain", "bitpack.*"), "uniform", oneWs, List.of(SPEED_BY_WIDTH)),
                new Study("layout-ladder", "Layouts across the working-set ladder",
                        "The same kernels over footprints from L1 to memory: a compute advantage shows while the output stays in cache and "
                                + "fades once stores are the limit.",
                        List.of("store-only", "plain", "bitpack.*"), "quick",
                        full ? List.of("16KiB", "400KiB", "1.5MiB", "4MiB", "32MiB") : List.of("16KiB", "400KiB", "4MiB"),
                        List.of(SPEED_BY_WORKING_SET)),
                new Study("corpus", "Codecs over the corpus",
                        "Size and decode speed of every codec over the default corpus of real and generated columns.",
                        List.of("plain", "bitpack.*"), full ? "default" : "quick", oneWs, List.of(SPEED_BY_CODEC, SIZE_VS_SPEED)));
    }
}
