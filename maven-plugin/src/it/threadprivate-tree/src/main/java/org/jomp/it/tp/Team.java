package org.jomp.it.tp;

import static org.jomp.it.tp.Counters.count;

/** A region that starts every thread at the master's count and adds what each thread counts. */
public final class Team {
    private Team() {
    }

    public static long sum(int n) {
        long sum = 0;
        //omp parallel num_threads(3) copyin(count) reduction(+:sum)
        {
            //omp for
            for (int i = 0; i < n; i++) {
                count++;
            }
            sum += count;
        }
        return sum;
    }
}
