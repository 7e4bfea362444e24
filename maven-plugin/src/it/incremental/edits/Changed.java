package org.jomp.it.inc;

public final class Changed {
    private Changed() {
    }

    public static long version() {
        long v = 0;
        //omp parallel for reduction(+:v) num_threads(2)
        for (int i = 0; i < 20; i++) {
            v += 1;
        }
        return v;
    }
}
