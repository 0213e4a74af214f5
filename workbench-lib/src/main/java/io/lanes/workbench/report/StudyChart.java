package io.lanes.workbench.report;

/** The chart kinds a study can ask for, drawn by {@link Results} from a study's bundle. */
public enum StudyChart {
    /** Decode GiB/s against the bit width of synthetic columns, one line per arm, per working set. */
    SPEED_BY_WIDTH,
    /** Geomean decode GiB/s against the working-set footprint, one line per arm. */
    SPEED_BY_WORKING_SET,
    /** Geomean decode GiB/s per arm, bars, per working set. */
    SPEED_BY_CODEC,
    /** Mean bits/value against geomean decode GiB/s, one point per arm, per working set. */
    SIZE_VS_SPEED
}
