package io.lanes.workbench.corpus;

import io.lanes.workbench.corpus.Catalog.ColumnEntry;
import io.lanes.workbench.corpus.Catalog.DatasetEntry;
import io.trino.tpch.CustomerGenerator;
import io.trino.tpch.Distributions;
import io.trino.tpch.LineItemGenerator;
import io.trino.tpch.OrderGenerator;
import io.trino.tpch.PartGenerator;
import io.trino.tpch.SupplierGenerator;
import io.trino.tpch.TextPool;
import io.trino.tpch.TpchColumn;
import io.trino.tpch.TpchEntity;
import io.trino.tpch.TpchTable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * TPC-H {@code lineitem}, {@code orders}, {@code customer}, {@code part} and {@code supplier} columns
 * generated in-process by {@code io.trino.tpch} (a port of TPC's dbgen) at the dataset's scale
 * factor, in one pass over the table. Identifiers and integers load as they are, dates as days since
 * 1970-01-01, decimals ({@code as: hundredths}) as hundredths, text ({@code byte-array}) as its UTF-8
 * bytes. The comment text pool is 10 MB instead of the default 300 MB: it cuts start-up by seconds
 * and only the comment strings depend on it (every other column comes out identical); comments
 * still follow dbgen's grammar and length rules, but are not byte-equal to dbgen's.
 * Thread-safe.
 */
final class TpchSource {
    private static final int TEXT_POOL_BYTES = 10 * 1024 * 1024;
    private static final Supplier<TextPool> POOL = new Supplier<>() {
        private TextPool pool;

        @Override
        public synchronized TextPool get() {
            if (pool == null) pool = new TextPool(TEXT_POOL_BYTES, Distributions.getDefaultDistributions());
            return pool;
        }
    };

    private TpchSource() {
    }

    static Map<String, Column> generate(DatasetEntry d, List<ColumnEntry> columns) {
        double sf = d.scale();
        Iterable<? extends TpchEntity> rows = switch (d.table()) {
            case "lineitem" -> new LineItemGenerator(sf, 1, 1, Distributions.getDefaultDistributions(), POOL);
            case "orders" -> new OrderGenerator(sf, 1, 1, Distributions.getDefaultDistributions(), POOL);
            case "customer" -> new CustomerGenerator(sf, 1, 1, Distributions.getDefaultDistributions(), POOL);
            case "part" -> new PartGenerator(sf, 1, 1, Distributions.getDefaultDistributions(), POOL);
            case "supplier" -> new SupplierGenerator(sf, 1, 1, Distributions.getDefaultDistributions(), POOL);
            default -> throw new CorpusException("dataset " + d.id() + ": TPC-H table '" + d.table()
                    + "' is not supported; use lineitem, orders, customer, part or supplier");
        };
        return read(d, columns, TpchTable.getTable(d.table()), rows);
    }

    @SuppressWarnings("unchecked")
    private static <E extends TpchEntity> Map<String, Column> read(DatasetEntry d, List<ColumnEntry> columns, TpchTable<?> table,
                                                                   Iterable<? extends TpchEntity> rows) {
        List<TpchColumn<E>> sources = new ArrayList<>();
        List<ValueBuffer> buffers = new ArrayList<>();
        for (ColumnEntry c : columns) {
            TpchColumn<E> col = (TpchColumn<E>) table.getColumns().stream().filter(x -> x.getColumnName().equals(c.name())).findFirst()
                    .orElseThrow(() -> new CorpusException("column " + c.id() + ": TPC-H " + d.table() + " has no column " + c.name()));
            String base = col.getType().getBase().name();
            boolean ok = switch (base) {
                case "IDENTIFIER", "INTEGER", "DATE" -> c.as().equals("int");
                case "DOUBLE" -> c.as().equals("hundredths");
                case "VARCHAR" -> c.as().equals(Catalog.UTF8);
                default -> false;
            };
            if (!ok) throw new CorpusException("column " + c.id() + ": TPC-H type " + base + " cannot load as '" + c.as()
                    + "' (identifiers, integers and dates load as int, decimals as hundredths, text as utf8 into byte-array)");
            sources.add(col);
            buffers.add(ValueBuffer.of(c.type()));
        }
        long row = 0;
        for (TpchEntity entity : rows) {
            row++;
            E e = (E) entity;
            for (int k = 0; k < sources.size(); k++) {
                TpchColumn<E> col = sources.get(k);
                switch (buffers.get(k)) {
                    case TextBuffer text -> text.add(col.getString(e));
                    case LongBuffer ints -> ints.add(switch (col.getType().getBase()) {
                        case IDENTIFIER -> col.getIdentifier(e);
                        case INTEGER -> col.getInteger(e);
                        case DATE -> col.getDate(e);
                        default -> Math.round(col.getDouble(e) * 100);
                    }, columns.get(k).id(), row);
                }
            }
        }
        Map<String, Column> out = new LinkedHashMap<>();
        for (int k = 0; k < columns.size(); k++) {
            ColumnEntry c = columns.get(k);
            out.put(c.id(), buffers.get(k).toColumn(c.id(), c.dataset(),
                    "TPC-H " + d.table() + "." + c.name() + " at scale factor " + d.scale() + " (io.trino.tpch 1.4, " + row + " rows)"
                            + (c.as().equals("hundredths") ? ", as hundredths" : "")));
        }
        return out;
    }
}
