package io.lanes.workbench.measure.ipv;

import io.lanes.workbench.measure.Arm;
import io.lanes.workbench.measure.Harness;
import io.lanes.workbench.measure.WorkingSet;
import io.lanes.workbench.corpus.Column;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * One kernel whose decode instructions per value to count: a codec (registry name, or
 * {@code store-only}) on a column (dataset registry id) at a value count. Immutable.
 *
 * @param codec   codec registry name or {@code store-only}
 * @param dataset column id, resolved through {@link io.lanes.workbench.corpus.Datasets#load}
 * @param values  values one decode call produces (the column tiled or cut to this count)
 */
public record IpvRequest(String codec, String dataset, int values) {
    public IpvRequest {
        if (values < 1) throw new IllegalArgumentException("values must be >= 1, got " + values);
        if (codec.isBlank() || dataset.isBlank()) throw new IllegalArgumentException("codec and dataset must be named");
    }

    /**
     * The requests that give every row of a harness run its figure: each arm that can take the
     * column's type, on each column, at each ladder point's value count (duplicates removed).
     */
    public static List<IpvRequest> forRun(List<Arm> arms, List<Column> columns, List<WorkingSet> ladder) {
        LinkedHashSet<IpvRequest> out = new LinkedHashSet<>();
        for (WorkingSet ws : ladder) {
            for (Column c : columns) {
                int n = ws.values(c);
                for (Arm a : arms) {
                    if (!Harness.takes(a, c)) continue;
                    out.add(new IpvRequest(a.name(), c.id(), n));
                }
            }
        }
        return new ArrayList<>(out);
    }
}
