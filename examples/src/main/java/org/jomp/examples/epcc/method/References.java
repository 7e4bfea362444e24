package org.jomp.examples.epcc.method;

/** EPCC's reference tests: the work of a test without any construct around it, on one thread. */
public final class References {
    private References() {
    }

    /** innerReps delays in a row (syncbench's {@code refer}). */
    public static long delays(int innerReps, Work work) {
        for (int j = 0; j < innerReps; j++) {
            work.run();
        }
        return 0;
    }

    /** innerReps plain increments of a one-element array (syncbench's reference for ATOMIC). */
    public static long plainUpdates(int innerReps, Work work) {
        long[] aaaa = {0};
        for (int j = 0; j < innerReps; j++) {
            aaaa[0] += 1;
        }
        return aaaa[0];
    }

    /** innerReps times {@code itersPerThread} delays (schedbench's {@code refer}). */
    public static Kernel loops(int itersPerThread) {
        return (innerReps, work) -> {
            for (int j = 0; j < innerReps; j++) {
                for (int i = 0; i < itersPerThread; i++) {
                    work.run();
                }
            }
            return 0;
        };
    }
}
