package io.lanes.workbench.measure;

import io.lanes.workbench.corpus.Datasets;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PreparedTest {
    @Test
    void sixtyFourSlotsVisitEveryPairOfInAndOutPositionsWithinALine() {
        Prepared p = Prepared.of(Arm.named("bitpack.seq.scalar"), Datasets.load("syn.uniform.w12"), 5000);
        Set<Integer> pairs = new HashSet<>();
        for (int s = 0; s < 64; s++) {
            p.place(s);
            assertTrue(p.inOff >= 0 && p.inOff + 8 <= Prepared.PAD_BYTES, "page offset " + p.inOff + " inside the slack");
            assertTrue(p.outOff >= 0 && 4 * p.outOff + 8 <= Prepared.PAD_BYTES, "output offset inside the slack");
            pairs.add((p.inOff % 64) * 64 + (4 * p.outOff) % 64);
            p.verify("slot " + s); // the page moved intact and decodes at its new place
        }
        assertEquals(64, pairs.size(), "every (page, output) pair of 8-byte positions once");
    }

    @Test
    void int64AndStoreOnlyArmsMoveToo() {
        Prepared longs = Prepared.of(Arm.named("bitpack.seq.scalar64"), Datasets.load("syn.uniform64.w33"), 3000);
        Prepared store = Prepared.of(Arm.named(StoreOnly.NAME), Datasets.load("syn.uniform.w12"), 3000);
        for (int s = 0; s < 9; s++) {
            longs.place(s);
            longs.verify("slot " + s);
            store.place(s);
            store.decode();
        }
        longs.place(3);
        assertEquals(longs.outOff * 8 % 64, (3 % 8) * 8, "slot 3 puts the output at the 4th 8-byte position of a line");
    }
}
