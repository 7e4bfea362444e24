package tpx.work;

import static tpx.Counters.*;
import static tpx.Counters.counter;

import tpx.Counters;

/** Regions that read and update the thread-private fields of another file and another package. */
public class Work {
    public static long run(int n) {
        long sum = 0;
        //omp parallel copyin(counter) reduction(+:sum)
        {
            long base = counter;
            //omp for
            for (int i = 0; i < n; i++) {
                counter = (int) base + i;
                counter++;
                Counters.counter += 2;
                small = (short) (i % 7);
                ++small;
                small *= 2;
                sum += counter + tpx.Counters.counter * 10L + small;
            }
        }
        return sum;
    }

    public static long visits(int n) {
        long visits = 0;
        //omp parallel reduction(+:visits)
        {
            Counters.Nested.hits = 0;
            //omp for
            for (int i = 0; i < n; i++) {
                Counters.Nested.hits++;
            }
            visits += Counters.Nested.hits;
        }
        return visits;
    }

    /** The parameter hides the statically imported field. */
    public static int shadowed(int counter) {
        counter++;
        return counter;
    }
}
