package io.lanes.workbench.study;

import io.lanes.workbench.report.StudyChart;
import io.lanes.workbench.report.SuiteStudy;

import io.lanes.workbench.corpus.Datasets;
import io.lanes.workbench.measure.Arm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Pins what the main job measures: arms and columns that exist, every codec family, enough charts. */
class SuiteTest {
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void everyStudyNamesArmsAndColumnsThatExist(boolean full) {
        for (SuiteStudy s : Suite.studies(full)) {
            assertFalse(Arm.resolve(s.arms()).isEmpty(), s.id());
            assertFalse(Datasets.registry().columns(s.columns()).isEmpty(), s.id() + " columns " + s.columns());
        }
    }

    @Test
    void theQuickSuiteCoversEveryCodecFamily() {
        Set<String> families = new TreeSet<>();
        for (SuiteStudy s : Suite.studies(false)) {
            for (Arm a : Arm.resolve(s.arms())) families.add(a.name().split("\\.")[0]);
        }
        for (String f : List.of("store-only", "plain", "bitpack", "fastlanes", "for", "pfor", "parquet", "peer", "zstd", "lz4")) {
            assertTrue(families.contains(f), "family " + f + " missing from the suite: " + families);
        }
    }

    @Test
    void theQuickSuiteDrawsAtLeastSixCharts() {
        int charts = 0;
        for (SuiteStudy s : Suite.studies(false)) {
            for (StudyChart c : s.charts()) charts += c == StudyChart.SPEED_BY_WORKING_SET ? 1 : s.ladder().size();
        }
        assertTrue(charts >= 6, "the report needs at least 6 charts, the suite draws " + charts);
    }
}
