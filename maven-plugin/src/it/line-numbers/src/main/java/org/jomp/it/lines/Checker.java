package org.jomp.it.lines;

/** Throws from inside a parallel loop. */
public final class Checker {

    private Checker() {
    }

    public static void check(int[] data) {
        //omp parallel for
        for (int i = 0; i < data.length; i++) {
            if (data[i] < 0) {
                throw new IllegalArgumentException("negative at " + i); // the throw line
            }
        }
    }
}
