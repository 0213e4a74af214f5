package io.lanes.workbench.codec;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * The tail of an unknown-codec message: the few closest names, then where the whole list is. The
 * list itself is not dumped: with 70-odd names one line of them hid the hint. Stateless.
 */
public final class NameHints {
    /** Names offered at most. */
    private static final int MAX = 3;

    private NameHints() {
    }

    /** {@code "; closest: a, b; `./workbench codecs` lists all N"}, the closest part only when a name is near. */
    public static String closest(String wanted, Collection<String> names) {
        // a typo is a few edits away; a name that far off is no hint at all
        int limit = Math.max(2, wanted.length() / 3);
        record Near(String name, int edits) {
        }
        List<String> near = names.stream().map(n -> new Near(n, distance(wanted, n))).filter(x -> x.edits() <= limit)
                .sorted(Comparator.comparingInt(Near::edits)).limit(MAX).map(Near::name).toList();
        return (near.isEmpty() ? "" : "; closest: " + String.join(", ", near)) + "; `./workbench codecs` lists all " + names.size();
    }

    /** Levenshtein distance (insertions, deletions, substitutions): the suggestions for codec names here and dataset ids in the corpus catalog. */
    public static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) prev[j] = j;
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(sub, Math.min(prev[j], cur[j - 1]) + 1);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
