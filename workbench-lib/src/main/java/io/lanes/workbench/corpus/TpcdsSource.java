package io.lanes.workbench.corpus;

import io.lanes.workbench.corpus.Catalog.ColumnEntry;
import io.lanes.workbench.corpus.Catalog.DatasetEntry;
import io.trino.tpcds.Results;
import io.trino.tpcds.Session;
import io.trino.tpcds.Table;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * TPC-DS table columns generated in-process by {@code io.trino.tpcds} (a port of TPC's dsdgen) at
 * the dataset's scale factor, in one pass. Identifiers and integers load as they are, decimals
 * ({@code as: hundredths}) as hundredths, text (CHAR and VARCHAR, {@code byte-array}) as its UTF-8
 * bytes, as dsdgen prints it; nulls (dsdgen nulls a few percent of most columns) are dropped and
 * counted in the provenance. Stateless.
 */
final class TpcdsSource {
    private TpcdsSource() {
    }

    static Map<String, Column> generate(DatasetEntry d, List<ColumnEntry> columns) {
        Table table;
        try {
            table = Table.getTable(d.table());
        } catch (IllegalArgumentException e) {
            throw new CorpusException("dataset " + d.id() + ": TPC-DS has no table '" + d.table() + "'", e);
        }
        int[] positions = new int[columns.size()];
        boolean[] decimal = new boolean[columns.size()];
        List<ValueBuffer> buffers = new ArrayList<>();
        for (int k = 0; k < columns.size(); k++) {
            ColumnEntry c = columns.get(k);
            io.trino.tpcds.column.Column col;
            try {
                col = table.getColumn(c.name());
            } catch (IllegalArgumentException e) {
                throw new CorpusException("column " + c.id() + ": TPC-DS " + d.table() + " has no column " + c.name(), e);
            }
            String base = col.getType().getBase().name();
            boolean ok = switch (base) {
                case "IDENTIFIER", "INTEGER" -> c.as().equals("int");
                case "DECIMAL" -> c.as().equals("hundredths") && col.getType().getScale().orElse(-1) == 2;
                case "CHAR", "VARCHAR" -> c.as().equals(Catalog.UTF8);
                default -> false;
            };
            if (!ok) throw new CorpusException("column " + c.id() + ": TPC-DS type " + base + " cannot load as '" + c.as()
                    + "' (identifiers and integers load as int, decimals with 2 places as hundredths, text as utf8 into byte-array)");
            positions[k] = col.getPosition();
            decimal[k] = base.equals("DECIMAL");
            buffers.add(ValueBuffer.of(c.type()));
        }
        long[] nulls = new long[columns.size()];
        long row = 0;
        Session session = Session.getDefaultSession().withScale(d.scale()).withTable(table);
        for (List<List<String>> batch : Results.constructResults(table, session)) {
            // A batch is the table's row followed by any child-table rows; only the first is ours.
            List<String> r = batch.get(0);
            row++;
            for (int k = 0; k < positions.length; k++) {
                String s = r.get(positions[k]);
                if (s == null) {
                    nulls[k]++;
                    continue;
                }
                switch (buffers.get(k)) {
                    case TextBuffer text -> text.add(s);
                    case LongBuffer ints -> ints.add(decimal[k] ? new BigDecimal(s).movePointRight(2).longValueExact() : Long.parseLong(s),
                            columns.get(k).id(), row);
                }
            }
        }
        Map<String, Column> out = new LinkedHashMap<>();
        for (int k = 0; k < columns.size(); k++) {
            ColumnEntry c = columns.get(k);
            out.put(c.id(), buffers.get(k).toColumn(c.id(), c.dataset(),
                    "TPC-DS " + d.table() + "." + c.name() + " at scale factor " + d.scale() + " (io.trino.tpcds 1.7, " + row + " rows, "
                            + nulls[k] + " nulls dropped)" + (decimal[k] ? ", as hundredths" : "")));
        }
        return out;
    }
}
