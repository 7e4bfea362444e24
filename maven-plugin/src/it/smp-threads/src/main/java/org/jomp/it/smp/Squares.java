package org.jomp.it.smp;

import java.util.Set;

public final class Squares {
    private Squares() {
    }

    /** The sum of i * i for i below n, by a team of four threads; records the name of every thread that worked. */
    public static long sumOfSquares(int n, Set<String> workers) {
        long sum = 0;
        //omp parallel for reduction(+:sum) schedule(static) num_threads(4)
        for (int i = 0; i < n; i++) {
            sum += (long) i * i;
            workers.add(Thread.currentThread().getName());
        }
        return sum;
    }
}
