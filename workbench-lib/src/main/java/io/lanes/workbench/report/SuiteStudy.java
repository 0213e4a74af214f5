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
                    List<StudyChart> charts) {
}
