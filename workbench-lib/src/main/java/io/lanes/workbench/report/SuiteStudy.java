package io.lanes.workbench.report;

import java.util.List;

/**
 * One study of the main job: a question, the arms that answer it, the columns and working sets they
 * run on, and the charts that show the answer. Immutable.
 *
 * @param id       folder name of the study's bundle and anchor in the report
 * @param title    section heading
 * @param question what the study asks and how to read its charts
 * @param arms     arm names or globs ({@code store-only} for the wall)
 * @param columns  a set, dataset or column id of the registry
 * @param ladder   working-set points
 * @param charts   chart kinds, drawn in order
 */
public record SuiteStudy(String id, String title, String question, List<String> arms, String columns, List<String> ladder,
                    List<Chart> charts) {
    /** The chart kinds a study can ask for. */
    public enum Chart {
        /** Decode GiB/s against the bit width of synthetic columns, one line per arm, per working set. */
        SPEED_BY_WIDTH,
        /** Geomean decode GiB/s against the working-set footprint, one line per arm. */
        SPEED_BY_WORKING_SET,
        /** Geomean decode GiB/s per arm, bars, per working set. */
        SPEED_BY_CODEC,
        /** Mean bits/value against geomean decode GiB/s, one point per arm, per working set. */
        SIZE_VS_SPEED
    }
}
