package io.lanes.workbench.check;

import io.lanes.workbench.check.ConformanceReport.Check;
import io.lanes.workbench.check.ConformanceReport.Failure;
import io.lanes.workbench.codec.ByteArrayCodec;
import io.lanes.workbench.codec.ByteArrays;
import io.lanes.workbench.codec.Codec;
import io.lanes.workbench.codec.IntCodec;
import io.lanes.workbench.codec.LongCodec;
import io.lanes.workbench.codec.OutputOrder;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import java.util.regex.Matcher;

/**
 * The codec contract as a library feature: {@link #check(Codec)} runs on any codec, a user's or a
 * built-in, the checks every built-in passes in the test suite, and returns a
 * {@link ConformanceReport}. For int32 ({@link IntCodec}) and int64 ({@link LongCodec}) codecs:
 * <ul>
 * <li>round trips of every length 0..1025 at widths 0, 1, T/2+1 and T (T = 32 or 64; two patterns
 * of {@link Pattern} per length and width, in rotation, so each pattern meets every width), of the
 * block edges 2047..2049 at every width 0..T in every pattern, and of 65535..65537 at a spread of
 * widths (width 0 has zeros only);
 * <li>on each: encode leaves its input untouched and writes only inside its offset and
 * {@code maxEncodedBytes}; {@code decodedLength} equals the count and decode's, within
 * {@code maxDecodedLength}; the values come in {@link Codec#outputOrder()}
 * ({@link OutputOrder#arrange}); decode writes nothing before its offset or past its values;
 * <li>decode allocates nothing per call once warmed up (within {@link Settings#warmUp()}, so the
 * JIT can compile it: a decoder that allocates only while interpreted passes); a codec that declares
 * it allocates by design ({@link Codec#allocatesByDesign()}, a measured arm reproducing an
 * allocating decoder) gets the same warm-up, so what it reports is the allocation once compiled,
 * and that allocation is reported as expected, not as a failure;
 * <li>every truncation (about 100 cuts) of pages of 2,500 random values at six or seven widths is a
 * {@code CorruptDataException};
 * <li>the fuzz engine ({@link Fuzzer}: the codec's own pages of {@link Inputs}, then
 * {@link Settings#pages()} {@link Mutator} mutations under the {@link Watchdog}, judged by
 * {@link Subject}): only {@code CorruptDataException}, no other exception, hang or allocation above
 * {@link Fuzzer#allowance}.
 * </ul>
 * A byte-array codec ({@link ByteArrayCodec}) gets the same checks on the byte-string inputs of
 * {@link Inputs#strings} (every kind at the fuzz lengths), decoding with one reused decoder into an
 * output already holding a value, which must stay; output order does not apply to it.
 *
 * <p>Deterministic: values and mutations follow from the seed and the codec's name. Every valid
 * input runs on a watchdog thread too, so a codec that hangs on its own pages is reported, not
 * waited for. Each call has its own buffers and worker thread: calls on different threads do not
 * interfere. Stateless.
 */
public final class Conformance {
    /**
     * @param seed        the seed random values and mutations derive from
     * @param pages       mutated pages for the fuzz check
     * @param decodeLimit a single decode of a truncated or mutated page taking longer is a hang
     * @param warmUp      time the allocation check may spend on a codec waiting for a round of decodes
     *                    that allocates nothing: a decoder allocates while interpreted (the Vector
     *                    API boxes every vector until C2 compiles it), so one that stops once compiled
     *                    passes, and a clean one stops after its first round
     */
    public record Settings(long seed, int pages, Duration decodeLimit, Duration warmUp) {
        /** What {@code ./workbench check} and {@link #check(Codec)} use. */
        public static final Settings DEFAULT = new Settings(1, 300, Duration.ofSeconds(2), Duration.ofSeconds(10));

        public Settings {
            if (pages < 0) throw new IllegalArgumentException("--pages " + pages + " is negative");
            if (decodeLimit.isNegative() || decodeLimit.isZero()) throw new IllegalArgumentException("decode limit " + decodeLimit + " is not positive");
            if (warmUp.isNegative()) throw new IllegalArgumentException("warm-up " + warmUp + " is negative");
        }
    }

    /** Value patterns of the round trips, at the case's width. */
    public enum Pattern {
        ZEROS, ONES, MAX, ALTERNATING, MAX_AT_END, RANDOM, SORTED, OUTLIERS;

        /** Lower-case, as the report prints it: {@code max-at-end}. */
        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /** Lengths checked at every width: the edges of two 1024-value blocks. */
    static final int[] EDGE_LENGTHS = {2047, 2048, 2049};
    /** Lengths checked at a spread of widths: the edges of 64 blocks (and of 16-bit counts). */
    static final int[] LONG_LENGTHS = {65535, 65536, 65537};
    /** Patterns of the long lengths: the tail, a spread, and exceptions. */
    static final List<Pattern> LONG_PATTERNS = List.of(Pattern.MAX_AT_END, Pattern.RANDOM, Pattern.OUTLIERS);
    /** Values a truncated page holds before it is cut. */
    static final int TRUNCATED_VALUES = 2500;
    /** Cuts per truncated page, evenly spread. */
    static final int CUTS = 48;
    /** Time allowed to the mutated-page check, which stops early (and says so) when it runs out. */
    static final Duration FUZZ_TIME = Duration.ofMinutes(2);
    /** Guard bytes before an encode's offset, and guard slots before a decode's. */
    static final int ENC_OFF = 5, OUT_OFF = 3;
    /** Guard bytes after maxEncodedBytes, and guard slots after the values. */
    static final int ENC_GUARD = 16, OUT_GUARD = 64;
    private static final byte BYTE_FILL = (byte) 0xA5;
    private static final long FILL = 0x5EED5EED5EED5EEDL;
    /** Decodes per measured round of the allocation check. */
    static final int ROUND_CALLS = 8;

    private Conformance() {
    }

    /** {@link #check(Codec, Settings)} with {@link Settings#DEFAULT}. */
    public static ConformanceReport check(Codec c) {
        return check(c, Settings.DEFAULT);
    }

    /**
     * Runs every check on {@code c}; never throws for anything the codec does.
     *
     * @throws IllegalArgumentException if {@code c} is none of int32, int64 or byte-array codec
     */
    public static ConformanceReport check(Codec c, Settings s) {
        long start = System.nanoTime();
        Subject sub = Subject.of(c);
        Tallies valid;
        Tallies after = new Tallies();
        try (Watchdog dog = new Watchdog(s.decodeLimit())) {
            // the valid inputs on the worker too: a user's codec may hang on its own pages
            Duration limit = Fuzzer.FIRST_DECODE_LIMIT.plus(s.warmUp());
            Watchdog.Run<Tallies> run = dog.run(() -> valid(c, s), limit);
            if (run.hung() || run.error() != null) {
                valid = new Tallies();
                valid.note(Check.ROUND_TRIP, "stopped: " + (run.hung() ? "the valid inputs took longer than " + limit : "threw " + run.error()));
                valid.add(Check.ROUND_TRIP, new Failure(run.hung() ? "hangs on a valid input" : String.valueOf(run.error()), -1, -1, "", "", new long[0], new byte[0]));
            } else {
                valid = run.result();
                truncated(c, sub, s.seed(), dog, after);
                mutated(c, s, dog, after);
            }
        }
        List<ConformanceReport.Result> results = new ArrayList<>();
        for (Check k : Check.values()) {
            Tallies from = k == Check.TRUNCATED || k == Check.MUTATED ? after : valid;
            boolean applies = !(c instanceof ByteArrayCodec && k == Check.OUTPUT_ORDER);
            results.add(from.result(k, applies, applies ? "" : "byte strings have no output order", k == Check.NO_ALLOCATION ? c.allocatesByDesign() : ""));
        }
        return new ConformanceReport(c.name(), c.name().startsWith("peer."), s.seed(), results, Duration.ofNanos(System.nanoTime() - start));
    }

    /** Counts and first failures per check; filled by one thread. */
    private static final class Tallies {
        private final Map<Check, long[]> counts = new EnumMap<>(Check.class);
        private final Map<Check, Failure> firsts = new EnumMap<>(Check.class);
        private final Map<Check, String> notes = new EnumMap<>(Check.class);

        /** One case of check {@code k}: passed when {@code f} is null. */
        void add(Check k, Failure f) {
            long[] c = counts.computeIfAbsent(k, x -> new long[2]);
            c[0]++;
            if (f != null) {
                c[1]++;
                firsts.putIfAbsent(k, f);
            }
        }

        /** {@code cases} cases of check {@code k} counted elsewhere (by the fuzz engine), {@code failures} of them failed. */
        void addAll(Check k, long cases, long failures, Failure first) {
            long[] c = counts.computeIfAbsent(k, x -> new long[2]);
            c[0] += cases;
            c[1] += failures;
            if (first != null) firsts.putIfAbsent(k, first);
        }

        void note(Check k, String text) {
            notes.merge(k, text, (a, b) -> a + "; " + b);
        }

        /** The result of check {@code k}; {@code design} is what the codec declares it does by design there, or empty. */
        ConformanceReport.Result result(Check k, boolean applies, String why, String design) {
            long[] c = counts.getOrDefault(k, new long[2]);
            String note = notes.getOrDefault(k, why);
            if (applies && c[0] == 0 && note.isEmpty()) note = "no case ran";
            boolean expected = !design.isEmpty() && c[1] > 0;
            if (!design.isEmpty()) {
                // a declared allocator that allocated nothing is said so: the arm may not measure what it claims
                String said = expected ? "allocates " + design + " by design" : "declares it allocates " + design + " by design, yet allocated nothing";
                note = note.isEmpty() ? said : said + "; " + note;
            }
            return new ConformanceReport.Result(k, applies, c[0], c[1], firsts.get(k), note, expected);
        }
    }

    /** The checks on valid inputs: round trips and what they show, then allocation. */
    private static Tallies valid(Codec c, Settings s) {
        Tallies t = new Tallies();
        long warmUntil = System.nanoTime() + s.warmUp().toNanos();
        if (c instanceof ByteArrayCodec b) strings(b, s.seed(), warmUntil, t);
        else values(new Values(c), s.seed(), warmUntil, t);
        return t;
    }

    // ---- int32 / int64 ----

    /**
     * Allocation first, while the JIT's queue holds little else (the round trips at every width queue
     * dozens of kernels); then every length 0..1025 at a few widths, the block edges at every width,
     * the long lengths at a spread.
     */
    private static void values(Values vc, long seed, long warmUntil, Tallies t) {
        allocation(vc, seed, warmUntil, t);
        int bits = vc.bits;
        // every length at a few widths, two patterns each in rotation: every pattern meets every width and length class
        Pattern[] all = Pattern.values();
        for (int n = 0; n <= 1025; n++) {
            roundTrip(vc, n, 0, Pattern.ZEROS, seed, t);
            for (int w : new int[] {1, bits / 2 + 1, bits}) {
                roundTrip(vc, n, w, all[(n + w) % all.length], seed, t);
                roundTrip(vc, n, w, all[(n + w + all.length / 2) % all.length], seed, t);
            }
        }
        for (int n : EDGE_LENGTHS) for (int w = 0; w <= bits; w++) for (Pattern p : patterns(w)) roundTrip(vc, n, w, p, seed, t);
        for (int n : LONG_LENGTHS) {
            for (int w = 1; w <= bits; w += bits / 8) for (Pattern p : LONG_PATTERNS) roundTrip(vc, n, w, p, seed, t);
            roundTrip(vc, n, bits, Pattern.RANDOM, seed, t);
        }
    }

    /** Width 0 has one pattern: every value 0. */
    private static List<Pattern> patterns(int width) {
        return width == 0 ? List.of(Pattern.ZEROS) : List.of(Pattern.values());
    }

    /** {@code n} values of {@code width} bits in pattern {@code p}, narrowed to int for an int32 codec; a case's values follow from the seed and the case alone. */
    static long[] values(Pattern p, int n, int width, int bits, long seed) {
        SplittableRandom r = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + 1_000_003L * n + 1009L * width + p.ordinal());
        long max = width == 64 ? -1L : (1L << width) - 1;
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
            long x = switch (p) {
                case ZEROS -> 0;
                case ONES -> 1 & max;
                case MAX -> max;
                case ALTERNATING -> (i & 1) == 0 ? max : 0;
                case MAX_AT_END -> i == n - 1 ? max : i & max;
                case RANDOM, SORTED -> r.nextLong() & max;
                case OUTLIERS -> r.nextInt(32) == 0 ? max - r.nextInt(4) & max : r.nextInt(16) & max;
            };
            v[i] = bits == 32 ? (int) x : x;
        }
        if (p == Pattern.SORTED) Arrays.sort(v);
        return v;
    }

    /** One round trip and what it shows: encode, decodedLength, guards, values, order. */
    private static void roundTrip(Values vc, int n, int width, Pattern p, long seed, Tallies t) {
        long[] v = values(p, n, width, vc.bits, seed);
        Case k = new Case(n, width, p.label(), v);
        byte[] page = vc.encodeChecked(k, t);
        if (page == null) return;
        int bytes = vc.lastBytes;
        String lengthBad = null;
        int d = -1;
        try {
            d = vc.decodedLength(page, ENC_OFF, bytes);
        } catch (RuntimeException e) {
            lengthBad = "decodedLength threw " + e + " on a valid page";
        }
        Object out = vc.filled(OUT_OFF + n + OUT_GUARD);
        int m;
        try {
            m = vc.decode(page, ENC_OFF, bytes, out, OUT_OFF);
        } catch (RuntimeException e) {
            t.add(Check.ROUND_TRIP, k.failure("decode threw " + e + " on a valid page of " + bytes + " bytes", ""));
            if (lengthBad != null) t.add(Check.DECODED_LENGTH, k.failure(lengthBad, ""));
            return;
        }
        if (lengthBad == null) {
            long bound = vc.codec.maxDecodedLength(bytes);
            if (d != n) lengthBad = "decodedLength says " + d + " for a page of " + n + " values";
            else if (d > bound) lengthBad = "decodedLength " + d + " is above maxDecodedLength(" + bytes + ") = " + bound;
            else if (m != d) lengthBad = "decode returned " + m + " values, decodedLength " + d;
        }
        t.add(Check.DECODED_LENGTH, lengthBad == null ? null : k.failure(lengthBad, ""));
        long[] got = vc.widened(out);
        long fill = vc.fill();
        int g = mismatch(got, 0, OUT_OFF, fill);
        if (g < 0) g = mismatch(got, OUT_OFF + n, got.length, fill);
        t.add(Check.GUARDS, g < 0 ? null : k.failure("decode wrote " + (g < OUT_OFF ? "before its output offset" : "past its " + n + " values"), "value index " + (g - OUT_OFF)));
        if (m != n) {
            t.add(Check.ROUND_TRIP, k.failure("decode returned " + m + " values for a page of " + n, ""));
            return;
        }
        OutputOrder order = vc.codec.outputOrder();
        long[] want = vc.arranged(v, order);
        int i = Arrays.mismatch(got, OUT_OFF, OUT_OFF + n, want, 0, n);
        if (i < 0) {
            t.add(Check.ROUND_TRIP, null);
            t.add(Check.OUTPUT_ORDER, null);
            return;
        }
        OutputOrder other = order == OutputOrder.FLAT ? OutputOrder.TRANSPOSED : OutputOrder.FLAT;
        if (Arrays.equals(got, OUT_OFF, OUT_OFF + n, vc.arranged(v, other), 0, n)) {
            t.add(Check.ROUND_TRIP, null);
            t.add(Check.OUTPUT_ORDER, k.failure("values come in " + other + " order, the codec declares " + order, "value index " + i));
        } else {
            t.add(Check.ROUND_TRIP, k.failure("decoded " + got[OUT_OFF + i] + ", encoded " + want[i] + (order == OutputOrder.FLAT ? "" : " (in " + order + " order)"), "value index " + i));
        }
    }

    /** The first slot of {@code a[from, to)} that is not {@code fill}, or -1. */
    private static int mismatch(long[] a, int from, int to, long fill) {
        for (int i = from; i < to; i++) if (a[i] != fill) return i;
        return -1;
    }

    /** The first byte of {@code a[from, to)} that is not the fill, or -1. */
    private static int mismatch(byte[] a, int from, int to) {
        for (int i = from; i < to; i++) if (a[i] != BYTE_FILL) return i;
        return -1;
    }

    /** What a failing case reports: its length, width, pattern and input. */
    private record Case(int length, int width, String pattern, long[] values) {
        Failure failure(String detail, String at) {
            return new Failure(detail, length, width, pattern, at, values, new byte[0]);
        }
    }

    /** A page of {@code maxEncodedBytes(n)} bytes plus guards on both sides, filled to spot stray writes. */
    private static byte[] guardedPage(int max) {
        byte[] page = new byte[ENC_OFF + max + ENC_GUARD];
        Arrays.fill(page, BYTE_FILL);
        return page;
    }

    /** The encode check's verdict on a page written by encode, from its guards and returned size. */
    private static String encodeFault(byte[] page, int bytes, int max, int changed, int n) {
        if (changed >= 0) return "encode changed its input at value index " + changed;
        if (bytes < 0 || bytes > max) return "encode returned " + bytes + " bytes, maxEncodedBytes(" + n + ") is " + max;
        int b = mismatch(page, 0, ENC_OFF);
        if (b >= 0) return "encode wrote byte offset " + (b - ENC_OFF) + ", before its output offset";
        b = mismatch(page, ENC_OFF + max, page.length);
        if (b >= 0) return "encode wrote byte offset " + (b - ENC_OFF) + ", past maxEncodedBytes(" + n + ") = " + max;
        return null;
    }

    /**
     * Decode allocates nothing per call: before {@code warmUntil} (the codec's share of
     * {@link Settings#warmUp()}; a page after it gets one round), some round of {@link #ROUND_CALLS}
     * decodes must allocate nothing (a one-off JIT or class-loading allocation does not count), on a
     * long, a short and an empty page. The long page comes first: its 64 blocks call a block kernel
     * 64 times a decode, so the JIT compiles it sooner, and the short page at the same width then
     * finds it compiled.
     */
    private static void allocation(Values vc, long seed, long warmUntil, Tallies t) {
        int bits = vc.bits, w = bits / 2 + 1;
        for (Case k : List.of(new Case(65537, w, Pattern.RANDOM.label(), values(Pattern.RANDOM, 65537, w, bits, seed)),
                new Case(1025, w, Pattern.OUTLIERS.label(), values(Pattern.OUTLIERS, 1025, w, bits, seed)),
                new Case(0, 0, Pattern.ZEROS.label(), new long[0]))) {
            byte[] page = vc.encodeQuietly(k.values());
            if (page == null) continue; // the round trips report it
            Object out = vc.filled(OUT_OFF + k.length() + OUT_GUARD);
            int bytes = vc.lastBytes;
            long least = leastAllocated(() -> vc.decode(page, ENC_OFF, bytes, out, OUT_OFF), warmUntil);
            if (least >= 0) t.add(Check.NO_ALLOCATION, least == 0 ? null : k.failure(allocationFault(least), ""));
        }
    }

    /** Least bytes a round of decodes allocated, rounds repeating until one allocates nothing or {@code until} passes; -1 if the decode throws (the round trips report that). */
    private static long leastAllocated(Runnable call, long until) {
        try {
            call.run(); // the first call may load classes and fill scratch buffers
            long least = Long.MAX_VALUE;
            for (boolean first = true; least > 0 && (first || System.nanoTime() < until); first = false) {
                long before = Allocations.current();
                for (int i = 0; i < ROUND_CALLS; i++) call.run();
                least = Math.min(least, Allocations.current() - before);
            }
            return least;
        } catch (RuntimeException e) {
            return -1;
        }
    }

    private static String allocationFault(long least) {
        return "decode allocated " + (least + ROUND_CALLS - 1) / ROUND_CALLS + " bytes per call after warm-up (the least of rounds of " + ROUND_CALLS + " calls)";
    }

    /** How {@link #allocationFault} states its figure, for {@link #bytesPerCall}. */
    private static final java.util.regex.Pattern ALLOCATED = java.util.regex.Pattern.compile("decode allocated (\\d+) bytes per call after warm-up");

    /**
     * The bytes per call the first allocation finding in {@code text} states: a
     * {@link Check#NO_ALLOCATION} failure's detail, or a report printed elsewhere (a child JVM's
     * {@code workbench check}); empty when it states none.
     */
    public static OptionalLong bytesPerCall(String text) {
        Matcher m = ALLOCATED.matcher(text);
        return m.find() ? OptionalLong.of(Long.parseLong(m.group(1))) : OptionalLong.empty();
    }

    /** An int32 or int64 codec seen through long values, narrowed to int at its edge for int32. */
    private static final class Values {
        final Codec codec;
        final int bits;
        private final IntCodec ic;
        private final LongCodec lc;
        /** Bytes the last encode returned. */
        int lastBytes;

        Values(Codec c) {
            codec = c;
            ic = c instanceof IntCodec i ? i : null;
            lc = c instanceof LongCodec l ? l : null;
            bits = c.valueBits();
        }

        /** Encodes the case into a guarded page and records the encode check (and a round trip failure when there is no page); null then. */
        byte[] encodeChecked(Case k, Tallies t) {
            long[] v = k.values();
            int n = v.length;
            byte[] page;
            int max, bytes, changed;
            try {
                max = codec.maxEncodedBytes(n);
                page = guardedPage(max);
                if (ic != null) {
                    int[] in = narrow(v);
                    bytes = ic.encode(in, 0, n, page, ENC_OFF);
                    changed = Arrays.mismatch(in, narrow(v));
                } else {
                    long[] in = v.clone();
                    bytes = lc.encode(in, 0, n, page, ENC_OFF);
                    changed = Arrays.mismatch(in, v);
                }
            } catch (RuntimeException e) {
                Failure f = k.failure("encode threw " + e, "");
                t.add(Check.ENCODE, f);
                t.add(Check.ROUND_TRIP, f);
                return null;
            }
            String fault = encodeFault(page, bytes, max, changed, n);
            t.add(Check.ENCODE, fault == null ? null : k.failure(fault, ""));
            if (bytes < 0 || bytes > max) {
                t.add(Check.ROUND_TRIP, k.failure("no page to decode: " + fault, ""));
                return null;
            }
            lastBytes = bytes;
            return page;
        }

        /** A guarded page of {@code v}, or null if encode throws. */
        byte[] encodeQuietly(long[] v) {
            try {
                byte[] page = guardedPage(codec.maxEncodedBytes(v.length));
                lastBytes = ic != null ? ic.encode(narrow(v), 0, v.length, page, ENC_OFF) : lc.encode(v.clone(), 0, v.length, page, ENC_OFF);
                return page;
            } catch (RuntimeException e) {
                return null;
            }
        }

        int decodedLength(byte[] in, int off, int len) {
            return ic != null ? ic.decodedLength(in, off, len) : lc.decodedLength(in, off, len);
        }

        /** An output buffer of the codec's type, every slot the fill. */
        Object filled(int slots) {
            if (ic != null) {
                int[] o = new int[slots];
                Arrays.fill(o, (int) FILL);
                return o;
            }
            long[] o = new long[slots];
            Arrays.fill(o, FILL);
            return o;
        }

        /** The fill as {@link #widened} shows it. */
        long fill() {
            return ic != null ? (int) FILL : FILL;
        }

        int decode(byte[] in, int off, int len, Object out, int outOff) {
            return ic != null ? ic.decode(in, off, len, (int[]) out, outOff) : lc.decode(in, off, len, (long[]) out, outOff);
        }

        long[] widened(Object out) {
            if (out instanceof long[] l) return l;
            int[] o = (int[]) out;
            long[] w = new long[o.length];
            for (int i = 0; i < o.length; i++) w[i] = o[i];
            return w;
        }

        /** {@code v} in {@code order} (FL_ORDER's lanes depend on the value type). */
        long[] arranged(long[] v, OutputOrder order) {
            if (ic != null) {
                int[] out = new int[v.length];
                order.arrange(narrow(v), v.length, out);
                return widened(out);
            }
            long[] out = new long[v.length];
            order.arrange(v, v.length, out);
            return out;
        }

        private static int[] narrow(long[] v) {
            int[] o = new int[v.length];
            for (int i = 0; i < v.length; i++) o[i] = (int) v[i];
            return o;
        }
    }

    // ---- byte strings ----

    /** Round trips of every byte-string input, decoding with one reused decoder, then allocation. */
    private static void strings(ByteArrayCodec bc, long seed, long warmUntil, Tallies t) {
        ByteArrayCodec.Decoder reused = bc.newDecoder();
        List<ByteArrays> inputs = Inputs.strings(new SplittableRandom(seed ^ bc.name().hashCode()));
        byte[] guard = "guard".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        for (int i = 0; i < inputs.size(); i++) {
            ByteArrays in = inputs.get(i);
            int n = in.count();
            String kind = Inputs.STRING_KINDS.get(i % Inputs.STRING_KINDS.size());
            byte[] page;
            int max, bytes;
            int[] offs = Arrays.copyOf(in.offsets(), n + 1);
            byte[] data = Arrays.copyOf(in.data(), in.bytes());
            try {
                max = bc.maxEncodedBytes(n, in.bytes());
                page = guardedPage(max);
                bytes = bc.encode(in, 0, n, page, ENC_OFF);
            } catch (RuntimeException e) {
                Failure f = stringFailure("encode threw " + e, n, kind, "", new byte[0]);
                t.add(Check.ENCODE, f);
                t.add(Check.ROUND_TRIP, f);
                continue;
            }
            int changed = in.count() != n || !Arrays.equals(offs, 0, n + 1, in.offsets(), 0, n + 1) ? 0
                    : Arrays.mismatch(data, 0, data.length, in.data(), 0, data.length);
            String fault = encodeFault(page, bytes, max, changed, n);
            t.add(Check.ENCODE, fault == null ? null : stringFailure(fault, n, kind, "", new byte[0]));
            if (bytes < 0 || bytes > max) {
                t.add(Check.ROUND_TRIP, stringFailure("no page to decode: " + fault, n, kind, "", new byte[0]));
                continue;
            }
            byte[] exact = Arrays.copyOfRange(page, ENC_OFF, ENC_OFF + bytes);
            String lengthBad = null;
            int d = -1;
            try {
                d = bc.decodedLength(page, ENC_OFF, bytes);
            } catch (RuntimeException e) {
                lengthBad = "decodedLength threw " + e + " on a valid page";
            }
            ByteArrays out = ByteArrays.of(guard);
            int m;
            try {
                m = reused.decode(page, ENC_OFF, bytes, out);
            } catch (RuntimeException e) {
                t.add(Check.ROUND_TRIP, stringFailure("decode threw " + e + " on a valid page", n, kind, "", exact));
                if (lengthBad != null) t.add(Check.DECODED_LENGTH, stringFailure(lengthBad, n, kind, "", exact));
                continue;
            }
            if (lengthBad == null) {
                long bound = bc.maxDecodedLength(bytes);
                if (d != n) lengthBad = "decodedLength says " + d + " for a page of " + n + " values";
                else if (d > bound) lengthBad = "decodedLength " + d + " is above maxDecodedLength(" + bytes + ") = " + bound;
                else if (m != d) lengthBad = "decode returned " + m + " values, decodedLength " + d;
            }
            t.add(Check.DECODED_LENGTH, lengthBad == null ? null : stringFailure(lengthBad, n, kind, "", exact));
            boolean kept = out.count() >= 1 && Arrays.equals(out.get(0), guard);
            t.add(Check.GUARDS, kept ? null : stringFailure("decode changed the value its output held before", n, kind, "value index -1", exact));
            if (m != n || out.count() != n + 1) {
                t.add(Check.ROUND_TRIP, stringFailure("decode returned " + m + " values and appended " + (out.count() - 1) + " for a page of " + n, n, kind, "", exact));
                continue;
            }
            int bad = -1;
            for (int j = 0; j < n && bad < 0; j++) if (!Arrays.equals(out.get(1 + j), in.get(j))) bad = j;
            t.add(Check.ROUND_TRIP, bad < 0 ? null : stringFailure("decoded value differs from the one encoded", n, kind, "value index " + bad, exact));
        }
        for (int i = 0; i < inputs.size(); i++) {
            ByteArrays in = inputs.get(i);
            if (in.count() != 1025) continue; // the longest inputs of every kind
            byte[] page;
            try {
                page = new byte[bc.maxEncodedBytes(in.count(), in.bytes())];
                page = Arrays.copyOf(page, bc.encode(in, 0, in.count(), page, 0));
            } catch (RuntimeException e) {
                continue; // the round trips report it
            }
            byte[] p = page;
            ByteArrays out = new ByteArrays();
            long least = leastAllocated(() -> {
                out.clear();
                reused.decode(p, 0, p.length, out);
            }, warmUntil);
            String kind = Inputs.STRING_KINDS.get(i % Inputs.STRING_KINDS.size());
            if (least >= 0) t.add(Check.NO_ALLOCATION, least == 0 ? null : stringFailure(allocationFault(least), in.count(), kind, "", p));
        }
    }

    private static Failure stringFailure(String detail, int n, String kind, String at, byte[] page) {
        return new Failure(detail, n, -1, kind, at, new long[0], page);
    }

    // ---- invalid pages ----

    /** Every truncation of a few valid pages must be a CorruptDataException, judged as the fuzz engine judges a page. */
    private static void truncated(Codec c, Subject sub, long seed, Watchdog dog, Tallies t) {
        record Valid(byte[] page, int width, String pattern) {
        }
        List<Valid> pages = new ArrayList<>();
        if (c instanceof ByteArrayCodec) {
            List<byte[]> seeds = sub.seeds(new SplittableRandom(seed ^ c.name().hashCode()));
            for (int i = 0; i < seeds.size(); i++) {
                // the fuzz lengths of 1000 and more values, every kind
                if (i / Inputs.STRING_KINDS.size() >= Inputs.LENGTHS.length - 6) pages.add(new Valid(seeds.get(i), -1, Inputs.STRING_KINDS.get(i % Inputs.STRING_KINDS.size())));
            }
        } else {
            Values vc = new Values(c);
            int[] widths = vc.bits == 32 ? new int[] {0, 1, 7, 13, 31, 32} : new int[] {0, 1, 7, 13, 33, 63, 64};
            for (int w : widths) {
                byte[] page = vc.encodeQuietly(values(Pattern.RANDOM, TRUNCATED_VALUES, w, vc.bits, seed));
                if (page != null) pages.add(new Valid(Arrays.copyOfRange(page, ENC_OFF, ENC_OFF + vc.lastBytes), w, Pattern.RANDOM.label()));
            }
        }
        for (Valid v : pages) {
            int bytes = v.page().length;
            for (int cut = 0; cut < bytes; cut = cut == bytes - 1 ? bytes : Math.min(bytes - 1, cut + Math.max(1, bytes / CUTS))) {
                byte[] prefix = Arrays.copyOf(v.page(), cut);
                Outcome o = Fuzzer.judge(dog.run(() -> sub.decode(prefix)), Fuzzer.allowance(c, cut), cut, false);
                boolean clean = o.verdict() == Outcome.Verdict.REJECTED && o.detail().equals("CorruptDataException");
                String detail = o.verdict() == Outcome.Verdict.DECODED ? "a truncated page decoded"
                        : o.verdict() == Outcome.Verdict.REJECTED ? "rejected by " + o.detail() + ", not CorruptDataException" : o.verdict().label() + ": " + o.detail();
                t.add(Check.TRUNCATED, clean ? null : new Failure(detail, -1, v.width(), v.pattern(), "cut at byte offset " + cut + " of a " + bytes + "-byte page", new long[0], prefix));
                if (o.verdict() == Outcome.Verdict.HANG) {
                    t.note(Check.TRUNCATED, "stopped after a hang: its decode thread may still run");
                    return;
                }
            }
        }
    }

    /** The fuzz engine's budget of mutated pages, from the codec's own pages. */
    private static void mutated(Codec c, Settings s, Watchdog dog, Tallies t) {
        Fuzzer.Settings fs = new Fuzzer.Settings(s.seed(), s.pages(), FUZZ_TIME, s.decodeLimit(), null);
        Tally tally = Fuzzer.fuzz(c, fs, System.nanoTime() + FUZZ_TIME.toNanos(), dog, new Reproducers(null));
        // the first defect in verdict order; the tally keeps one page per verdict, not their order
        Failure first = tally.firsts().entrySet().stream().findFirst()
                .map(e -> new Failure(e.getKey().label() + ": " + e.getValue().detail(), -1, -1, e.getValue().what(), "a page of " + e.getValue().input().length + " bytes",
                        new long[0], e.getValue().input()))
                .orElse(null);
        t.addAll(Check.MUTATED, tally.pages(), tally.defects(), first);
        if (!tally.note().isEmpty()) t.note(Check.MUTATED, tally.note());
    }
}
