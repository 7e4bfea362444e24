package org.jomp.it.tp;

/** One counter per thread. */
public final class Counters {
    //omp threadprivate(count)
    static int count;

    private Counters() {
    }
}
