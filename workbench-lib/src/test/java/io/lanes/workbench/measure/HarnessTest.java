package io.lanes.workbench.measure;

import io.lanes.workbench.codec.registry.CodecRegistry;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.PlainCodec;
import io.lanes.workbench.corpus.Column;
import io.lanes.workbench.corpus.Datasets;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HarnessTest {
    static final Harness.Config TINY = new Harness.Config(5, 0, 3, 50, true, 0);

    @Test
    void measuresEveryArmPlusTheControlTwinWithSizesOfThePoint() {
        Column col = Datasets.uniform(7, 5000, 1);
        WorkingSet ws = WorkingSet.parse("16KiB");
        List<Measurement> ms = new Harness(TINY).measure(List.of(Arm.storeOnly(), Arm.named("plain"), Arm.named("bitpack.seq.scalar")), col, ws);
        assertEquals(4, ms.size());
        Measurement control = ms.get(3);
        assertTrue(control.control());
        assertEquals("plain", control.arm(), "the control twin is the first codec arm");
        for (Measurement m : ms) {
            assertEquals(2048, m.values(), "16 KiB of output plus a plain input holds 2048 int32 values");
            assertEquals(8192, m.outputBytes());
            assertEquals(3, m.decodeNanos().length);
            for (double d : m.decodeNanos()) assertTrue(d > 0);
        }
        Measurement packed = ms.get(2);
        assertEquals(4 + 2 + 2 * 128 * 7, packed.inputBytes(), "count + 2 width bytes + 2 blocks of 1024 values at 7 bits");
    }

    /** A codec that reports what its encoder chose (ORC's sub-encoding mix) has it on its measurement; others report nothing. */
    @Test
    void aMeasurementCarriesTheCodecsDetailOfItsPages() {
        Column col = Datasets.uniform(7, 5000, 1);
        List<Measurement> ms = new Harness(TINY).measure(List.of(Arm.storeOnly(), Arm.named("peer.orc.rlev2"), Arm.named("plain")), col, WorkingSet.parse("16KiB"));
        assertEquals("", ms.get(0).codecDetail());
        assertEquals("", ms.get(2).codecDetail());
        // 2048 values below 128 (8 bits zigzagged): DIRECT runs of up to 512 values, bar the odd repeat ORC finds
        java.util.Map<String, Long> mix = new java.util.LinkedHashMap<>();
        for (String kv : ms.get(1).codecDetail().split(";")) mix.put(kv.substring(0, kv.indexOf('=')), Long.parseLong(kv.substring(kv.indexOf('=') + 1)));
        assertEquals(2048, mix.get("short_repeat.values") + mix.get("direct.values") + mix.get("patched_base.values") + mix.get("delta.values"), mix.toString());
        assertTrue(mix.get("direct.runs") >= 4, mix.toString());
    }

    /**
     * A staged codec's encode stages are timed alone in every encode repetition and reach results.csv's
     * columns; a codec with a one-stage encode and the wall get none, and their columns stay empty.
     */
    @Test
    void aStagedCodecHasItsEncodeStagesTimedAndOthersHaveNone() {
        Column col = Datasets.uniform(11, 5000, 1);
        List<Measurement> ms = new Harness(TINY).measure(List.of(Arm.storeOnly(), Arm.named("plain"), Arm.named("bitpack.seq.vector"), Arm.named("pfor.seq")),
                col, WorkingSet.parse("16KiB"));
        for (Measurement m : ms) {
            boolean staged = m.arm().startsWith("bitpack") || m.arm().startsWith("pfor");
            var row = io.lanes.workbench.results.ResultRecord.of(Fingerprint.capture(), m, null, "pending").toRow();
            if (staged) {
                assertEquals(m.encodeNanos().length, m.analyzeNanos().length, m.arm());
                assertEquals(m.encodeNanos().length, m.packNanos().length, m.arm());
                for (double d : m.analyzeNanos()) assertTrue(d > 0, m.arm());
                for (double d : m.packNanos()) assertTrue(d > 0, m.arm());
                assertEquals(m.analyzeMedian(), ((Double) row.get("encode_analyze_ns_median")).doubleValue(), m.arm());
                assertEquals(m.packMedian(), ((Double) row.get("encode_pack_ns_median")).doubleValue(), m.arm());
                assertEquals(m.values() / m.packMedian() * 1e9, ((Double) row.get("encode_pack_values_per_s")).doubleValue(), 1e-6, m.arm());
            } else {
                assertEquals(0, m.analyzeNanos().length + m.packNanos().length, m.arm());
                for (String c : List.of("encode_analyze_ns_median", "encode_pack_ns_median", "encode_analyze_values_per_s", "encode_pack_values_per_s")) {
                    assertNull(row.get(c), m.arm() + " " + c);
                }
            }
        }
        assertTrue(ms.stream().filter(m -> m.analyzeNanos().length > 0).count() >= 2, "both staged arms and the control twin of neither");
    }

    @Test
    void aCodecThatDecodesWronglyIsStoppedBeforeAnythingIsTimed() {
        IntCodec broken = plainDecoding("broken", (p, in, off, len, out, o) -> {
            int n = p.decode(in, off, len, out, o);
            out[o + n / 2] ^= 1;
            return n;
        });
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new Harness(TINY).measure(List.of(Arm.of(broken)), Datasets.uniform(5, 3000, 2), WorkingSet.parse("16KiB")));
        assertTrue(e.getMessage().contains("broken") && e.getMessage().contains("value 1024"), e.getMessage());
    }

    @Test
    void watchingTheJitStillEndsWithEveryRepetitionTimedAndAnySettleFailureNamed() {
        Column col = Datasets.uniform(7, 5000, 1);
        Harness h = new Harness(new Harness.Config(5, 0, 8, 50, false, 300));
        List<Measurement> ms = h.measure(List.of(Arm.named("plain"), Arm.named("bitpack.seq.scalar")), col, WorkingSet.parse("16KiB"));
        for (Measurement m : ms) {
            assertEquals(8, m.decodeNanos().length);
            for (double d : m.decodeNanos()) assertTrue(d > 0, "every repetition timed");
        }
        for (String u : h.unsettled()) assertTrue(u.contains(col.id()) && u.contains("16KiB"), u);
    }

    /**
     * A codec whose whole encode, and packing alone, run thirty times the work for their first
     * {@code slowCalls} calls, as code does before C2 has compiled it, and the JIT that compiles it:
     * {@link #compiled} grows at each path's 200th call (C1's threshold) and at the call from which it
     * is fast. The encode does not call this packing, so each path warms only by its own calls, as a
     * kernel only one of them calls does; decoding and analysis are the scalar bit-packer's.
     */
    static class WarmingCodec implements io.lanes.workbench.codec.StagedEncoder32 {
        final io.lanes.workbench.codec.StagedEncoder32 real = (io.lanes.workbench.codec.StagedEncoder32) CodecRegistry.get("bitpack.seq.scalar");
        final int slowCalls;
        int encodes;
        int packs;
        long compiled;

        WarmingCodec(int slowCalls) {
            this.slowCalls = slowCalls;
        }

        /** The JIT as the harness sees it: this codec's compilations only, nothing ever queued. */
        Harness.Jit jit() {
            return new Harness.Jit() {
                public boolean available() {
                    return true;
                }

                public long compiledMillis() {
                    return compiled;
                }

                public boolean busy() {
                    return false;
                }

                public boolean awaitIdle(long maxMillis) {
                    return true;
                }
            };
        }

        private int call(int calls, java.util.function.IntSupplier work) {
            if (calls == 200 || calls == slowCalls) compiled++;
            int r = work.getAsInt();
            if (calls < slowCalls) for (int i = 0; i < 29; i++) work.getAsInt();
            return r;
        }

        public String name() {
            return "warming";
        }

        public int maxEncodedBytes(int n) {
            return real.maxEncodedBytes(n);
        }

        public int encode(int[] v, int off, int n, byte[] out, int o) {
            return call(++encodes, () -> real.encode(v, off, n, out, o));
        }

        public void analyze(int[] v, int off, int n, byte[] out, int o) {
            real.analyze(v, off, n, out, o);
        }

        public int pack(int[] v, int off, int n, byte[] out, int o) {
            return call(++packs, () -> real.pack(v, off, n, out, o));
        }

        public int decodedLength(byte[] in, int off, int len) {
            return real.decodedLength(in, off, len);
        }

        public int decode(byte[] in, int off, int len, int[] out, int o) {
            return real.decode(in, off, len, out, o);
        }
    }

    /**
     * Encode and packing alone are warmed past their slow first calls when the JIT compiles during
     * their warm-up, so their medians time the fast code. The warm-up that gave them an eighth of the
     * decode calls (625 here) timed the slow phase: an encode median 30x the scalar bit-packer's.
     * Samples of half a millisecond, and a wide margin: the test JVM shares the machine. A small
     * column: the slow calls count against the warm-up's cap of a second, and with 5,000 values at
     * 16 KiB they took most of it (the test failed once, in a JVM busy compiling other tests' code).
     */
    @Test
    void encodeStagesAreTimedAfterTheCallsTheJitNeedsNotDuringThem() {
        Column col = Datasets.uniform(7, 1024, 1);
        WarmingCodec warming = new WarmingCodec(3000);
        Harness h = new Harness(new Harness.Config(5, 0, 8, 500, false, 2000), warming.jit());
        List<Measurement> ms = h.measure(List.of(Arm.of(warming), Arm.named("bitpack.seq.scalar")), col, WorkingSet.parse("4KiB"));
        Measurement slow = ms.get(0), real = ms.get(1);
        assertTrue(slow.encodeMedian() < 6 * real.encodeMedian(), "encode median " + slow.encodeMedian() + " ns against " + real.encodeMedian());
        assertTrue(slow.packMedian() < 6 * real.packMedian(), "pack median " + slow.packMedian() + " ns against " + real.packMedian());
        assertTrue(warming.encodes > 3000 && warming.packs > 3000, "warmed past the slow calls: " + warming.encodes + " encodes, " + warming.packs + " packs");
        assertTrue(h.unsettled().isEmpty(), h.unsettled().toString());
    }

    /** A point whose encode stages never stop compiling is named as unsettled, and its decode is not. */
    @Test
    void aPointWhosePackingKeepsCompilingIsNamedUnsettled() {
        Column col = Datasets.uniform(7, 5000, 1);
        WarmingCodec warming = new WarmingCodec(0) {
            @Override
            public int pack(int[] v, int off, int n, byte[] out, int o) {
                compiled++;
                return real.pack(v, off, n, out, o);
            }
        };
        Harness h = new Harness(new Harness.Config(5, 0, 4, 50, false, 200), warming.jit());
        List<Measurement> ms = h.measure(List.of(Arm.of(warming)), col, WorkingSet.parse("16KiB"));
        assertEquals(4, ms.getFirst().decodeNanos().length);
        assertEquals(List.of(col.id() + " @ 16KiB (encode)"), h.unsettled());
    }

    /**
     * Plain, but decoding every second buffer it meets twice: the harness prepares an arm before its
     * control twin, also when it gives both fresh buffers, so the twin never ties.
     */
    static IntCodec slowOnSecondBuffers() {
        java.util.Map<byte[], Integer> seen = new java.util.IdentityHashMap<>();
        return plainDecoding("slow-twin", (p, in, off, len, out, o) -> {
            if (seen.computeIfAbsent(in, b -> seen.size()) % 2 == 1) p.decode(in, off, len, out, o);
            return p.decode(in, off, len, out, o);
        });
    }

    /** A decode call of {@link #plainDecoding}: gets the plain codec and the call's arguments. */
    interface Decode {
        int decode(PlainCodec plain, byte[] in, int off, int len, int[] out, int o);
    }

    /** The plain codec under another name, its decode replaced by {@code decode}. */
    static IntCodec plainDecoding(String name, Decode decode) {
        PlainCodec p = new PlainCodec();
        return new IntCodec() {
            public String name() {
                return name;
            }

            public int maxEncodedBytes(int n) {
                return p.maxEncodedBytes(n);
            }

            public int encode(int[] v, int off, int n, byte[] out, int o) {
                return p.encode(v, off, n, out, o);
            }

            public int decodedLength(byte[] in, int off, int len) {
                return p.decodedLength(in, off, len);
            }

            public int decode(byte[] in, int off, int len, int[] out, int o) {
                return decode.decode(p, in, off, len, out, o);
            }
        };
    }

    @Test
    void anUntiedControlPairGetsMoreRepetitionsWithinItsBudgetAndTheGateSaysHowMany() {
        Column col = Datasets.uniform(7, 5000, 1);
        WorkingSet ws = WorkingSet.parse("16KiB");
        List<Measurement> fixed = new Harness(TINY).measure(List.of(Arm.of(slowOnSecondBuffers())), col, ws);
        for (Measurement m : fixed) assertEquals(3, m.decodeNanos().length, "no budget: no extension");

        List<Measurement> extended = new Harness(TINY.withExtendMillis(5000)).measure(List.of(Arm.of(slowOnSecondBuffers())), col, ws);
        for (Measurement m : extended) {
            assertEquals(3 * Harness.Config.MAX_REPS_FACTOR, m.decodeNanos().length, "a pair that never ties extends to the cap, every arm alike");
            for (double d : m.decodeNanos()) assertTrue(d > 0, "every added repetition timed");
        }
        ValidityGate.Verdict v = ValidityGate.evaluate(extended);
        assertEquals(24, v.reps());
        assertTrue(v.label().startsWith("fail: control pair ") && v.label().contains(" apart after 24 reps"), v.label());

        List<Measurement> tied = new Harness(TINY.withExtendMillis(5000)).measure(List.of(Arm.named("plain")), col, ws);
        assertTrue(tied.getFirst().decodeNanos().length % 3 == 0 && tied.getFirst().decodeNanos().length <= 24, "extension goes by whole passes");
    }

    @Test
    void theIntervalOfTheMedianHoldsItAndIsReproducible() {
        double[] xs = new double[64];
        for (int i = 0; i < xs.length; i++) xs[i] = 100 + (i * 37 % 64) * 0.5;
        double[] ci = Measurement.medianInterval(xs);
        double med = Measurement.median(xs);
        assertTrue(ci[0] <= med && med <= ci[1] && ci[0] < ci[1], java.util.Arrays.toString(ci) + " around " + med);
        assertTrue(ci[0] >= 100 && ci[1] <= 131.5, "within the samples");
        assertEquals(java.util.Arrays.toString(ci), java.util.Arrays.toString(Measurement.medianInterval(xs.clone())), "seeded by the samples");
        assertTrue(Double.isNaN(Measurement.medianInterval(new double[0])[0]));
    }

    @Test
    void armOrdersPutEveryArmFirstAndAfterEveryOtherEquallyOften() {
        assertEquals(0, Harness.williamsRow(0, 5).length, "a column no arm takes has nothing to order");
        for (int k = 1; k <= 9; k++) {
            int rows = k % 2 == 0 ? k : 2 * k;
            int[] first = new int[k];
            int[][] after = new int[k][k];
            for (int r = 0; r < rows; r++) {
                int[] o = Harness.williamsRow(k, r);
                assertEquals(k, java.util.Arrays.stream(o).distinct().count(), "row " + r + " is a permutation of " + k);
                first[o[0]]++;
                for (int j = 1; j < k; j++) after[o[j - 1]][o[j]]++;
            }
            for (int a = 0; a < k; a++) {
                assertEquals(rows / k, first[a], "k=" + k + ": arm " + a + " first");
                for (int b = 0; b < k; b++) if (a != b) assertEquals(rows / k, after[a][b], "k=" + k + ": " + b + " after " + a);
            }
            assertEquals(java.util.Arrays.toString(Harness.williamsRow(k, 0)), java.util.Arrays.toString(Harness.williamsRow(k, rows)), "rows repeat");
        }
    }

    @Test
    void aColumnNoArmTakesMeasuresNothingAndDoesNotFail() {
        // the claims on a set with int64 columns and int32 arms met this (a division by zero in the arm order)
        assertTrue(new Harness(TINY.withExtendMillis(100)).measure(List.of(Arm.named("bitpack.seq.scalar64")), Datasets.uniform(7, 5000, 1),
                WorkingSet.parse("16KiB")).isEmpty());
    }

    @Test
    void columnsAreTiledToTheWorkingSet() {
        int[] tiled = Prepared.tile(new int[] {1, 2, 3}, 7);
        assertEquals(List.of(1, 2, 3, 1, 2, 3, 1), java.util.Arrays.stream(tiled).boxed().toList());
    }

    @Test
    void workingSetsParseAndRejectNonsense() {
        assertEquals(1536L * 1024, WorkingSet.parse("1.5MiB").bytes());
        io.lanes.workbench.corpus.Column longColumn = io.lanes.workbench.corpus.Column.ofInts("t.long", "t", new int[200_000], "zeros");
        assertEquals(51_200, WorkingSet.parse("400KiB").values(longColumn));
        assertEquals(200_704, WorkingSet.parse("column").values(longColumn), "the whole column, rounded up to whole blocks");
        assertTrue(WorkingSet.parse("column").wholeColumn());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WorkingSet.parse("400kb"));
        assertTrue(e.getMessage().contains("400kb"));
        assertEquals(5, WorkingSet.STANDARD.size());
        assertTrue(CodecRegistry.get("plain") != null);
    }
}
