package io.lanes.workbench.corpus;

import io.lanes.workbench.measure.ColumnStats;

import io.trino.tpch.LineItem;
import io.trino.tpch.LineItemGenerator;
import io.trino.tpch.Order;
import io.trino.tpch.OrderGenerator;
import io.trino.tpcds.Results;
import io.trino.tpcds.Session;
import io.trino.tpcds.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The TPC generators at tiny scale factors, checked against the generator libraries' own row objects. */
class TpcSourcesTest {
    @TempDir
    Path cache;

    private final List<String> notes = new ArrayList<>();

    private Registry registry(String json) {
        return TestCorpus.of(json, cache, List.of(), Upstream.offline("offline"), notes);
    }

    @Test
    void tpchColumnsAreTheGeneratorsValuesWithDecimalsAsHundredths() {
        Registry r = registry("""
                {"datasets": [
                  {"id": "h.l", "kind": "tpch", "table": "lineitem", "scale": 0.001, "description": "d", "license": "l",
                   "columns": [{"name": "l_orderkey", "type": "int32"}, {"name": "l_quantity", "type": "int32", "as": "hundredths"},
                               {"name": "l_discount", "type": "int32", "as": "hundredths"}, {"name": "l_shipdate", "type": "int32"},
                               {"name": "l_extendedprice", "type": "int64", "as": "hundredths"}]},
                  {"id": "h.o", "kind": "tpch", "table": "orders", "scale": 0.001, "description": "d", "license": "l",
                   "columns": [{"name": "o_totalprice", "type": "int32", "as": "hundredths"}, {"name": "o_custkey", "type": "int32"}]}]}
                """);
        List<LineItem> items = new ArrayList<>();
        new LineItemGenerator(0.001, 1, 1).forEach(items::add);
        int[] key = r.column("h.l.l_orderkey").ints(), qty = r.column("h.l.l_quantity").ints(), disc = r.column("h.l.l_discount").ints(),
                ship = r.column("h.l.l_shipdate").ints();
        long[] price = r.column("h.l.l_extendedprice").longs();
        assertEquals(items.size(), key.length);
        for (int i = 0; i < items.size(); i++) {
            LineItem li = items.get(i);
            assertEquals(li.orderKey(), key[i]);
            assertEquals(li.quantity() * 100, qty[i]);
            assertEquals(li.discountPercent(), disc[i]);
            assertEquals(li.shipDate(), ship[i]);
            assertEquals(li.extendedPriceInCents(), price[i]);
        }
        List<Order> orders = new ArrayList<>();
        new OrderGenerator(0.001, 1, 1).forEach(orders::add);
        int[] total = r.column("h.o.o_totalprice").ints(), cust = r.column("h.o.o_custkey").ints();
        assertEquals(orders.size(), total.length);
        for (int i = 0; i < orders.size(); i++) {
            assertEquals(orders.get(i).totalPriceInCents(), total[i]);
            assertEquals(orders.get(i).customerKey(), cust[i]);
        }
        assertTrue(r.column("h.l.l_orderkey").provenance().contains("scale factor 0.001"));
    }

    @Test
    void tpchRefusesADecimalWithoutAConversion() {
        Registry r = registry("""
                {"datasets": [{"id": "h.l", "kind": "tpch", "table": "lineitem", "scale": 0.001, "description": "d", "license": "l",
                   "columns": [{"name": "l_tax", "type": "int32"}, {"name": "l_nosuch", "type": "int32"}]}]}
                """);
        assertTrue(assertThrows(CorpusException.class, () -> r.column("h.l.l_tax")).getMessage().contains("DOUBLE cannot load as 'int'"));
        assertTrue(assertThrows(CorpusException.class, () -> r.column("h.l.l_nosuch")).getMessage().contains("has no column l_nosuch"));
    }

    @Test
    void tpcdsStoreSalesAtTheSmallestScale() {
        Registry r = registry("""
                {"datasets": [{"id": "d.ss", "kind": "tpcds", "table": "store_sales", "scale": 0.01, "description": "d", "license": "l",
                   "columns": [{"name": "ss_ticket_number", "type": "int32"}, {"name": "ss_quantity", "type": "int32"},
                               {"name": "ss_sales_price", "type": "int32", "as": "hundredths"}]}]}
                """);
        List<Registry.Loaded> loaded = r.load(List.of("d.ss.ss_ticket_number", "d.ss.ss_quantity", "d.ss.ss_sales_price"));
        int[] ticket = loaded.get(0).column().ints(), qty = loaded.get(1).column().ints(), price = loaded.get(2).column().ints();
        ColumnStats t = ColumnStats.of(loaded.get(0).column());
        assertEquals(1.0, t.sorted());
        assertEquals(1, t.min());
        ColumnStats q = ColumnStats.of(loaded.get(1).column());
        assertEquals(1, q.min());
        assertEquals(100, q.max());
        assertTrue(qty.length < ticket.length, "ss_quantity has nulls, dropped");
        assertTrue(loaded.get(1).column().provenance().contains((ticket.length - qty.length) + " nulls dropped"));
        // The first rows' prices, straight from the generator.
        Session s = Session.getDefaultSession().withScale(0.01).withTable(Table.STORE_SALES);
        int checked = 0, k = 0;
        for (List<List<String>> batch : Results.constructResults(Table.STORE_SALES, s)) {
            String p = batch.getFirst().get(Table.STORE_SALES.getColumn("ss_sales_price").getPosition());
            if (p == null) continue;
            assertEquals(new BigDecimal(p).movePointRight(2).intValueExact(), price[k++]);
            if (++checked == 1000) break;
        }
    }
}
