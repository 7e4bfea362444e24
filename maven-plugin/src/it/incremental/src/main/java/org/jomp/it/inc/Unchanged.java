package org.jomp.it.inc;

public final class Unchanged {
    private Unchanged() {
    }

    public static long triangle(int n) {
        long t = 0;
        //omp parallel for reduction(+:t) num_threads(2)
        for (int i = 1; i <= n; i++) {
            t += i;
        }
        return t;
    }
}
