package org.jomp.runtime;

import java.util.function.Supplier;

/**
 * A threadprivate variable: one copy per thread, initialised on first use, kept by a worker across regions
 * (workers are persistent, so the copy survives from one region to the next as OpenMP requires). The thread
 * that runs the program's sequential part sees its own copy, the "original" variable. copyin is the
 * translator's job: read the master's value before the region and set it in every thread at its start.
 */
public final class ThreadPrivate<T> {

    private final ThreadLocal<T> values;

    private ThreadPrivate(Supplier<? extends T> initial) {
        this.values = ThreadLocal.withInitial(initial);
    }

    /** A threadprivate variable whose copies start as {@code initial.get()}. */
    public static <T> ThreadPrivate<T> of(Supplier<? extends T> initial) {
        if (initial == null) {
            throw new IllegalArgumentException("ThreadPrivate.of: initial must not be null");
        }
        return new ThreadPrivate<>(initial);
    }

    public T get() {
        return values.get();
    }

    public void set(T value) {
        values.set(value);
    }

    public static OfInt ofInt(int initial) {
        return new OfInt(initial);
    }

    public static OfLong ofLong(long initial) {
        return new OfLong(initial);
    }

    public static OfDouble ofDouble(double initial) {
        return new OfDouble(initial);
    }

    public static OfBoolean ofBoolean(boolean initial) {
        return new OfBoolean(initial);
    }

    /** A threadprivate int without boxing: each thread's copy is a one-element array. */
    public static final class OfInt {
        private final ThreadLocal<int[]> values;

        private OfInt(int initial) {
            values = ThreadLocal.withInitial(() -> new int[] {initial});
        }

        public int get() {
            return values.get()[0];
        }

        public void set(int value) {
            values.get()[0] = value;
        }
    }

    /** A threadprivate long without boxing. */
    public static final class OfLong {
        private final ThreadLocal<long[]> values;

        private OfLong(long initial) {
            values = ThreadLocal.withInitial(() -> new long[] {initial});
        }

        public long get() {
            return values.get()[0];
        }

        public void set(long value) {
            values.get()[0] = value;
        }
    }

    /** A threadprivate double without boxing. */
    public static final class OfDouble {
        private final ThreadLocal<double[]> values;

        private OfDouble(double initial) {
            values = ThreadLocal.withInitial(() -> new double[] {initial});
        }

        public double get() {
            return values.get()[0];
        }

        public void set(double value) {
            values.get()[0] = value;
        }
    }

    /** A threadprivate boolean without boxing. */
    public static final class OfBoolean {
        private final ThreadLocal<boolean[]> values;

        private OfBoolean(boolean initial) {
            values = ThreadLocal.withInitial(() -> new boolean[] {initial});
        }

        public boolean get() {
            return values.get()[0];
        }

        public void set(boolean value) {
            values.get()[0] = value;
        }
    }
}
