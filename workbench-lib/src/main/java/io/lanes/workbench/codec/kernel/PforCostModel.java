package io.lanes.workbench.codec.kernel;

/**
 * The PFOR width choice for one vector (1024 values in every layout here): after subtracting the
 * frame (the vector's minimum, or a frame above low outliers), pack every value in {@code b} bits and
 * store each value that needs more than {@code b} bits as an exception, costing a
 * {@value #POSITION_BITS}-bit position plus the full value ({@code valueBits} bits). The model picks
 * the {@code b} minimising {@code n * b + exceptions(b) * (POSITION_BITS + valueBits)}; on a tie it
 * takes the wider {@code b} (fewer exceptions to patch for the same bytes). Per-vector header bits
 * are the same for every {@code b} and are left out.
 *
 * <p>What has no int32 or int64 variant lives here: the choice from a histogram of value widths
 * ({@link #choose}), its cap on exceptions ({@link #capExceptions}), the layout of the scratch
 * histogram and the frame search's bound. The per-type search that fills the histogram in one pass,
 * finds the frame and prices deltas is {@link PforSearch32} / {@link PforSearch64} (template
 * {@code PforSearch.java.template}). Pure static functions: thread-safe, inputs are never modified
 * except the scratch histogram the layout helpers are given, and nothing is allocated but the
 * returned records.
 */
public final class PforCostModel {
    /** Bits of an exception's position: enough to address any value of a vector of up to 65,536. */
    public static final int POSITION_BITS = 16;
    /** Largest vector the position field can address. */
    public static final int MAX_VECTOR = 1 << POSITION_BITS;
    /** Widths below the widest that {@code PforSearch*.chooseReduced} counts with vector compares before it needs a full histogram. */
    static final int TOP_WIDTHS = 8;

    private PforCostModel() {
    }

    /**
     * The chosen width, how many values become exceptions at that width, and the vector's payload
     * bits (packed values plus exceptions).
     */
    public record Choice(int width, int exceptions, long bits) {
    }

    /** A frame and the width choice over it. */
    public record Framed(long frame, Choice choice) {
    }

    /**
     * Chooses the width from a histogram in which {@code histogram[k]} counts the values that need
     * exactly {@code k} bits above the frame, {@code k = 0..valueBits}. An empty vector gets width 0.
     *
     * @throws IllegalArgumentException if {@code valueBits} is not 32 or 64, the histogram is shorter
     *                                  than {@code valueBits + 1}, a count is negative, or the counts
     *                                  add up to more than {@link #MAX_VECTOR}
     */
    public static Choice choose(int[] histogram, int valueBits) {
        if (valueBits != 32 && valueBits != 64) throw new IllegalArgumentException("valueBits " + valueBits + " is not 32 or 64");
        if (histogram.length < valueBits + 1) {
            throw new IllegalArgumentException("histogram has " + histogram.length + " entries, needs " + (valueBits + 1));
        }
        long n = 0;
        for (int k = 0; k <= valueBits; k++) {
            if (histogram[k] < 0) throw new IllegalArgumentException("histogram[" + k + "] is negative");
            n += histogram[k];
        }
        if (n > MAX_VECTOR) throw new IllegalArgumentException(n + " values exceed the " + MAX_VECTOR + " a position can address");
        if (n == 0) return new Choice(0, 0, 0);
        long exceptionBits = POSITION_BITS + valueBits;
        // Walk b downwards: exceptions(b) = values needing more than b bits, accumulated from the top.
        int bestWidth = valueBits;
        int bestExceptions = 0;
        long bestBits = n * valueBits;
        int above = 0;
        for (int b = valueBits - 1; b >= 0; b--) {
            above += histogram[b + 1];
            long bits = n * b + above * exceptionBits;
            if (bits < bestBits) {
                bestBits = bits;
                bestWidth = b;
                bestExceptions = above;
            }
        }
        return new Choice(bestWidth, bestExceptions, bestBits);
    }

    /**
     * {@link #choose} of a histogram whose {@code n} values all lie in classes {@code low .. top} but
     * for {@code wrapped} of class {@code valueBits} ({@code top < valueBits} when {@code wrapped > 0}:
     * the values below a candidate frame, see {@code PforSearch*.chooseTop}), unchecked: the search's
     * walk calls it once a window, where the checks and the walk over every class were about 7% of the
     * analysis (a driver over the default set). The same choice: a width above {@code top} costs more
     * bits than {@code top} with the same {@code wrapped} exceptions unless it is {@code valueBits} (no
     * exception), so the walk starts at {@code top} (it walked from {@code valueBits}, a third of a
     * candidate's pricing on {@code vega.birdstrikes.speed_ias}), and a width below {@code low} pays
     * every value as an exception, more than the full width.
     */
    static Choice chooseWithin(int[] histogram, int valueBits, int n, int low, int top, int wrapped) {
        if (n == 0) return new Choice(0, 0, 0);
        Choice c = walkDown(histogram, valueBits, n, top, wrapped, low, Integer.MAX_VALUE);
        long full = (long) n * valueBits;
        return wrapped > 0 && full <= c.bits() ? new Choice(valueBits, 0, full) : c;
    }

    /**
     * The cheapest of {@code top} with {@code aboveTop} exceptions and each width from {@code top - 1}
     * down to {@code low} with the values above it as exceptions (on a tie the wider), stopping where
     * more than {@code maxExceptions} values lie above: the walk {@link #chooseWithin} and
     * {@link #capExceptions} share.
     */
    private static Choice walkDown(int[] histogram, int valueBits, int n, int top, int aboveTop, int low, int maxExceptions) {
        long exceptionBits = POSITION_BITS + valueBits;
        int bestWidth = top;
        int bestExceptions = aboveTop;
        long bestBits = (long) n * top + aboveTop * exceptionBits;
        int above = aboveTop;
        for (int b = top - 1; b >= low; b--) {
            above += histogram[b + 1];
            if (above > maxExceptions) break;
            long bits = (long) n * b + above * exceptionBits;
            if (bits < bestBits) {
                bestBits = bits;
                bestWidth = b;
                bestExceptions = above;
            }
        }
        return new Choice(bestWidth, bestExceptions, bestBits);
    }

    /**
     * The choice with at most {@code maxExceptions} exceptions that costs the fewest bits (on a tie the
     * wider), given the unconstrained choice {@code c} and the histogram {@code PforSearch*.chooseReduced} left:
     * {@code c} itself when it has few enough. Every width such a choice can take is wider than
     * {@code c}'s, where that histogram is exact. For a decoder whose cost jumps above some number
     * of exceptions, so that an encoder can keep every vector on its fast path.
     *
     * @throws IllegalArgumentException if {@code maxExceptions} is negative
     */
    public static Choice capExceptions(Choice c, int[] histogram, int valueBits, int n, int maxExceptions) {
        if (maxExceptions < 0) throw new IllegalArgumentException("maxExceptions " + maxExceptions + " is negative");
        if (c.exceptions() <= maxExceptions) return c;
        return walkDown(histogram, valueBits, n, valueBits, 0, c.width() + 1, maxExceptions);
    }

    /**
     * Entries of the scratch histogram {@code chooseReduced}, {@code chooseDeltas} and
     * {@code chooseFrame} of {@link PforSearch32} / {@link PforSearch64} need for {@code valueBits}-bit
     * values: the width histogram and its window, then the frame search's class counts and the
     * histogram of its winning frame. The helpers below address that layout for the search.
     */
    public static int scratchLength(int valueBits) {
        return wonAt(valueBits) + valueBits + 2;
    }

    /** Where {@code chooseReduced} leaves the class from which its histogram is exact (below it, lumped into it). */
    static int exactAt(int valueBits) {
        return valueBits + 1 + TOP_WIDTHS;
    }

    /** Where {@code chooseFrame} keeps its class counts in the scratch histogram, past what {@code chooseReduced} uses. */
    static int classesAt(int valueBits) {
        return exactAt(valueBits) + 1;
    }

    /**
     * Where {@code chooseFrame} keeps the winning candidate's histogram ({@code [0, valueBits]}, then
     * its {@code exactAt} entry), so the next round starts from it instead of pricing that frame again.
     */
    static int wonAt(int valueBits) {
        return classesAt(valueBits) + valueBits + 2;
    }

    /** Saves the histogram {@code chooseReduced} just left (what the next round reads of it) at {@code wonAt}. */
    static void saveWon(int[] h, int valueBits) {
        int won = wonAt(valueBits);
        System.arraycopy(h, 0, h, won, valueBits + 1);
        h[won + valueBits + 1] = h[exactAt(valueBits)];
    }

    /** Puts back what {@link #saveWon} kept, as if {@code chooseReduced} had just priced that frame again. */
    static void restoreWon(int[] h, int valueBits) {
        int won = wonAt(valueBits);
        System.arraycopy(h, won, h, 0, valueBits + 1);
        h[exactAt(valueBits)] = h[won + valueBits + 1];
    }

    /**
     * The floor from {@code above[j]}, the exceptions at width {@code lo + j}: the least exact cost
     * of those widths, and the exceptions at {@code lo} for every narrower width (fewer bits a slot
     * leave no fewer exceptions); wider ones cost the best so far in slots alone.
     */
    static long floorOf(int[] above, int n, int lo, int valueBits) {
        long exceptionBits = POSITION_BITS + valueBits;
        long least = lo > 0 ? above[0] * exceptionBits : Long.MAX_VALUE;
        for (int j = 0; j < TOP_WIDTHS && lo + j <= valueBits; j++) least = Math.min(least, (long) n * (lo + j) + above[j] * exceptionBits);
        return least;
    }

    /** Class counts at {@code h[at + first - 1 .. at + e]} from {@code atLeast[k - first]}, the values of class {@code k} or above, and {@code h[at + e]}, the copy's lump. */
    static void toClasses(int[] atLeast, int n, int first, int e, int[] h, int at) {
        int aboveE = n - h[at + e];
        h[at + first - 1] = n - atLeast[0];
        for (int k = first; k <= e; k++) h[at + k] = atLeast[k - first] - (k < e ? atLeast[k + 1 - first] : aboveE);
    }

    /** Turns the class counts at {@code h[at, at+valueBits]} into suffix sums: {@code h[at+k]} values of class {@code k} or above, {@code h[at+valueBits+1] = 0}. */
    static void suffixSums(int[] h, int at, int valueBits) {
        h[at + valueBits + 1] = 0;
        // the running sum in a register: reading back the entry just stored made each step wait on
        // store forwarding, two thirds of the frame search's own samples on typical columns (docs/measurements.md)
        int sum = h[at + valueBits];
        for (int k = valueBits - 1; k >= 0; k--) h[at + k] = sum += h[at + k];
    }

    /**
     * A lower bound on the bits of the frame {@code f_k} (see {@code chooseFrame}) is the least of
     * this and {@link #boundAbove}: {@code below} exceptions, and at each width {@code w} the packed
     * slots plus the values of classes above {@code max(k, w) + 1}, read from the suffix sums at
     * {@code h[at...]}; here the widths up to {@code k}, which all count the values above class
     * {@code k + 1}, so {@code w = 0} is the least of them. The least is taken over the only widths
     * that can be least ({@code 0}, and {@code k+1} up to the first that leaves no value above), since
     * this runs for every class the search looks at.
     */
    static long boundBelow(int[] h, int at, int valueBits, int k, int below) {
        return (below + suffix(h, at, valueBits, k + 2)) * (POSITION_BITS + valueBits);
    }

    /**
     * {@link #boundBelow} once the frame is known to lie {@code lowest} above the counts' frame
     * ({@code lowest} of class {@code k}) and no value below it wraps into a window (the frame search's
     * known case): {@code room} is the width of {@code 2^k - lowest}. At a width {@code w} below
     * {@code room}, every value of class {@code k+1} or above lies at least {@code 2^w} above the frame;
     * from {@code room} to {@code k}, those of class {@code k+2} or above, with {@code room} bits a
     * slot. On uniform random vectors, and on some of the birdstrikes speeds' candidates, the least
     * of this and {@link #boundAbove} reaches the best where {@link #boundBelow}'s did not, so no pass
     * prices them.
     */
    static long boundBelowAt(int[] h, int at, int valueBits, int n, int k, int below, int room) {
        long exceptionBits = POSITION_BITS + valueBits;
        return Math.min((below + suffix(h, at, valueBits, k + 1)) * exceptionBits,
                (long) n * room + (below + suffix(h, at, valueBits, k + 2)) * exceptionBits);
    }

    /** The suffix sum {@code h[at + k]} (values of class k or above), 0 past valueBits. */
    private static int suffix(int[] h, int at, int valueBits, int k) {
        return k <= valueBits ? h[at + k] : 0;
    }

    /** The least of the bound's costs at the widths above k (see {@link #boundBelow}). */
    static long boundAbove(int[] h, int at, int valueBits, int n, int k, int below) {
        long exceptionBits = POSITION_BITS + valueBits;
        long best = Long.MAX_VALUE;
        // for w > k those values only shrink as w grows; once none is left, a wider w only costs more
        for (int w = k + 1; w <= valueBits; w++) {
            int above = w + 2 <= valueBits ? h[at + w + 2] : 0;
            best = Math.min(best, (long) n * w + (below + above) * exceptionBits);
            if (above == 0) break;
        }
        return best;
    }
}
