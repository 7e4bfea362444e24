package lib;

import java.util.List;

/** A library class that reaches the translator only as a compiled jar. */
public final class Tally {

    /** A running count and sum; the program declares it with var. */
    public static final class Acc {
        public long count;
        public long sum;

        public Acc add(long x) {
            count++;
            sum += x;
            return this;
        }
    }

    public static Acc start() {
        return new Acc();
    }

    public static List<long[]> blocks(int n, int size) {
        List<long[]> out = new java.util.ArrayList<>();
        for (int b = 0; b < n; b++) {
            long[] block = new long[size];
            for (int i = 0; i < size; i++) {
                block[i] = (long) b * size + i;
            }
            out.add(block);
        }
        return out;
    }
}
