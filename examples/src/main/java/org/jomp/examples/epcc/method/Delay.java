package org.jomp.examples.epcc.method;

/**
 * EPCC's delay: a dependent floating-point loop of {@code length} iterations. The result feeds a branch that is never
 * taken but that the JIT cannot prove dead, so the loop is not eliminated. Its length is calibrated to a target time
 * by {@link #calibrate(double)} as EPCC's {@code getdelaylengthfromtime} does (grow by 10 % until long enough).
 */
public final class Delay implements Work {
    /** Written only when the impossible happens; keeps the loop's result observable. */
    private static volatile float sink;

    private final int length;

    public Delay(int length) {
        if (length < 0) {
            throw new IllegalArgumentException("delay length must be >= 0, got " + length);
        }
        this.length = length;
    }

    public int length() {
        return length;
    }

    @Override
    public void run() {
        spin(length);
    }

    public static void spin(int length) {
        float a = 0f;
        for (int i = 0; i < length; i++) {
            a += i;
        }
        if (a < 0f) {
            sink = a;
        }
    }

    /**
     * The smallest length (grown geometrically) whose delay takes at least {@code micros} microseconds, measured as
     * the mean over {@code reps} calls after the loop has been compiled; each length is timed three times and judged
     * by its fastest try, so a descheduling cannot end the search at a length far too short.
     */
    public static Delay calibrate(double micros) {
        if (!(micros > 0)) {
            throw new IllegalArgumentException("delay time must be > 0 us, got " + micros);
        }
        final int reps = 1000;
        for (int warm = 0; warm < 20_000; warm++) {
            spin(100);
        }
        int length = 0;
        double elapsed = 0;
        while (elapsed < micros) {
            length = (int) (length * 1.1) + 1;
            elapsed = Math.min(meanMicros(length, reps), Math.min(meanMicros(length, reps), meanMicros(length, reps)));
        }
        return new Delay(length);
    }

    private static double meanMicros(int length, int reps) {
        long t0 = System.nanoTime();
        for (int i = 0; i < reps; i++) {
            spin(length);
        }
        return (System.nanoTime() - t0) / 1e3 / reps;
    }
}
