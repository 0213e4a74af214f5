import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * What a transposing pack would pay to take its rows by gathering loads at 256 bits instead of
 * transposing 8x8 tiles in registers (docs/measurements.md, "Lane moves at 256 bits"): every row
 * vector of a 1024-value block (lane l of row r from file position 32l + r, 128 rows of 8) read by
 * {@code IntVector.fromArray} through an index table (C2: an index bounds check and a
 * {@code vpgatherdd} a row) and stored, against a plain copy of the same values (the floor of the
 * loads and stores). 51,200 int32 (200 KiB in, 200 KiB out), ns a value, the last three of fifteen
 * rounds. Run from the project root:
 * {@code java --add-modules jdk.incubator.vector docs/probes/GatherTranspose.java}
 */
public class GatherTranspose {
    static final VectorSpecies<Integer> I = IntVector.SPECIES_256;
    static final int L = I.length();
    /** Row v's lane indices, L ints from {@code L * v}: lane l of row r reads file position 32l + r. */
    static final int[] INDEX = new int[1024];

    static {
        for (int r = 0; r < 32; r++) {
            for (int g = 0; g < 32 / L; g++) {
                for (int j = 0; j < L; j++) INDEX[(r * 32 / L + g) * L + j] = (g * L + j) * 32 + r;
            }
        }
    }

    static void gather(int[] in, int[] out) {
        for (int b = 0; b < in.length; b += 1024) {
            for (int v = 0; v < 1024 / L; v++) IntVector.fromArray(I, in, b, INDEX, L * v).intoArray(out, b + L * v);
        }
    }

    static void copy(int[] in, int[] out) {
        for (int i = 0; i < in.length; i += L) IntVector.fromArray(I, in, i).intoArray(out, i);
    }

    public static void main(String[] args) {
        int n = 51_200;
        int[] in = new int[n], out = new int[n];
        for (int i = 0; i < n; i++) in[i] = i;
        gather(in, out);
        for (int b = 0; b < n; b += 1024) {
            for (int k = 0; k < 1024; k++) {
                if (out[b + k] != b + INDEX[k]) throw new AssertionError("gathered row " + k / L + " of block " + b / 1024 + " is wrong");
            }
        }
        for (int round = 0; round < 15; round++) {
            long t0 = System.nanoTime();
            for (int k = 0; k < 200; k++) gather(in, out);
            long t1 = System.nanoTime();
            for (int k = 0; k < 200; k++) copy(in, out);
            long t2 = System.nanoTime();
            if (round >= 12) System.out.printf("gathering transpose %.3f  copy %.3f ns a value%n", (t1 - t0) / (200.0 * n), (t2 - t1) / (200.0 * n));
        }
    }
}
