package org.jomp.examples.epcc.method;

/**
 * A kernel entered in one round of measurement, with the inner repetition count chosen for it and the work it
 * runs. {@link EpccMethod#measure} fills in the per-repetition times.
 */
public final class Contestant {
    private final String name;
    private final Kernel kernel;
    private final Work work;
    private int innerReps;
    private Sample times;

    public Contestant(String name, Kernel kernel, Work work) {
        this.name = name;
        this.kernel = kernel;
        this.work = work;
    }

    public String name() {
        return name;
    }

    Kernel kernel() {
        return kernel;
    }

    Work work() {
        return work;
    }

    public int innerReps() {
        return innerReps;
    }

    void innerReps(int reps) {
        this.innerReps = reps;
    }

    /** Microseconds per inner repetition, one value per outer repetition. */
    public Sample times() {
        if (times == null) {
            throw new IllegalStateException(name + " has not been measured");
        }
        return times;
    }

    void times(Sample sample) {
        this.times = sample;
    }
}
