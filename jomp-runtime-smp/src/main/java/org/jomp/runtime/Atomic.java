package org.jomp.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.DoubleBinaryOperator;
import java.util.function.IntBinaryOperator;
import java.util.function.LongBinaryOperator;

/**
 * The atomic construct on elements of primitive arrays (the translator keeps a shared scalar in a one-element
 * array), through array-element {@link VarHandle}s: {@code read} and {@code write} (atomic read/write, with
 * volatile semantics), {@code getAndAdd}/{@code addAndGet} (update with +), {@code update} (any operation with
 * an operand, returns the new value) and {@code getAndUpdate} (capture of the old value). Updates other than
 * addition retry a compare-and-set; floating-point elements compare by bit pattern, so NaN does not loop.
 * {@link #lock()}/{@link #unlock()} protect an atomic construct on any other location (fields, objects).
 */
public final class Atomic {

    private static final Mutex LOCK = new Mutex();
    private static final VarHandle INTS = MethodHandles.arrayElementVarHandle(int[].class);
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle DOUBLES = MethodHandles.arrayElementVarHandle(double[].class);
    private static final VarHandle FLOATS = MethodHandles.arrayElementVarHandle(float[].class);
    private static final VarHandle SHORTS = MethodHandles.arrayElementVarHandle(short[].class);
    private static final VarHandle BYTES = MethodHandles.arrayElementVarHandle(byte[].class);
    private static final VarHandle CHARS = MethodHandles.arrayElementVarHandle(char[].class);
    private static final VarHandle BOOLEANS = MethodHandles.arrayElementVarHandle(boolean[].class);

    private Atomic() {
    }

    /** An operation on two floats. */
    @FunctionalInterface
    public interface FloatOperator {
        float apply(float left, float right);
    }

    /** An operation on two shorts. */
    @FunctionalInterface
    public interface ShortOperator {
        short apply(short left, short right);
    }

    /** An operation on two bytes. */
    @FunctionalInterface
    public interface ByteOperator {
        byte apply(byte left, byte right);
    }

    /** An operation on two chars. */
    @FunctionalInterface
    public interface CharOperator {
        char apply(char left, char right);
    }

    /** An operation on two booleans. */
    @FunctionalInterface
    public interface BooleanOperator {
        boolean apply(boolean left, boolean right);
    }

    /** Takes the lock that atomic constructs on locations other than array elements share. */
    public static void lock() {
        LOCK.lock();
    }

    public static void unlock() {
        LOCK.unlock("the atomic lock");
    }

    // ---- int ----

    public static int read(int[] a, int i) {
        return (int) INTS.getVolatile(a, i);
    }

    public static void write(int[] a, int i, int value) {
        INTS.setVolatile(a, i, value);
    }

    public static int getAndAdd(int[] a, int i, int delta) {
        return (int) INTS.getAndAdd(a, i, delta);
    }

    public static int addAndGet(int[] a, int i, int delta) {
        return (int) INTS.getAndAdd(a, i, delta) + delta;
    }

    /** {@code a[i] = op(a[i], operand)} atomically; returns the new value. */
    public static int update(int[] a, int i, IntBinaryOperator op, int operand) {
        for (;;) {
            int old = (int) INTS.getVolatile(a, i);
            int value = op.applyAsInt(old, operand);
            if (INTS.weakCompareAndSet(a, i, old, value)) {
                return value;
            }
        }
    }

    /** {@code a[i] = op(a[i], operand)} atomically; returns the old value (capture). */
    public static int getAndUpdate(int[] a, int i, IntBinaryOperator op, int operand) {
        for (;;) {
            int old = (int) INTS.getVolatile(a, i);
            if (INTS.weakCompareAndSet(a, i, old, op.applyAsInt(old, operand))) {
                return old;
            }
        }
    }

    // ---- long ----

    public static long read(long[] a, int i) {
        return (long) LONGS.getVolatile(a, i);
    }

    public static void write(long[] a, int i, long value) {
        LONGS.setVolatile(a, i, value);
    }

    public static long getAndAdd(long[] a, int i, long delta) {
        return (long) LONGS.getAndAdd(a, i, delta);
    }

    public static long addAndGet(long[] a, int i, long delta) {
        return (long) LONGS.getAndAdd(a, i, delta) + delta;
    }

    /** {@code a[i] = op(a[i], operand)} atomically; returns the new value. */
    public static long update(long[] a, int i, LongBinaryOperator op, long operand) {
        for (;;) {
            long old = (long) LONGS.getVolatile(a, i);
            long value = op.applyAsLong(old, operand);
            if (LONGS.weakCompareAndSet(a, i, old, value)) {
                return value;
            }
        }
    }

    /** {@code a[i] = op(a[i], operand)} atomically; returns the old value (capture). */
    public static long getAndUpdate(long[] a, int i, LongBinaryOperator op, long operand) {
        for (;;) {
            long old = (long) LONGS.getVolatile(a, i);
            if (LONGS.weakCompareAndSet(a, i, old, op.applyAsLong(old, operand))) {
                return old;
            }
        }
    }

    // ---- double ----

    public static double read(double[] a, int i) {
        return (double) DOUBLES.getVolatile(a, i);
    }

    public static void write(double[] a, int i, double value) {
        DOUBLES.setVolatile(a, i, value);
    }

    public static double getAndAdd(double[] a, int i, double delta) {
        return (double) DOUBLES.getAndAdd(a, i, delta);
    }

    public static double addAndGet(double[] a, int i, double delta) {
        return (double) DOUBLES.getAndAdd(a, i, delta) + delta;
    }

    /** {@code a[i] = op(a[i], operand)} atomically; returns the new value. */
    public static double update(double[] a, int i, DoubleBinaryOperator op, double operand) {
        for (;;) {
            double old = (double) DOUBLES.getVolatile(a, i);
            double value = op.applyAsDouble(old, operand);
            if (DOUBLES.weakCompareAndSet(a, i, old, value)) {
                return value;
            }
        }
    }

    /** {@code a[i] = op(a[i], operand)} atomically; returns the old value (capture). */
    public static double getAndUpdate(double[] a, int i, DoubleBinaryOperator op, double operand) {
        for (;;) {
            double old = (double) DOUBLES.getVolatile(a, i);
            if (DOUBLES.weakCompareAndSet(a, i, old, op.applyAsDouble(old, operand))) {
                return old;
            }
        }
    }

    // ---- float ----

    public static float read(float[] a, int i) {
        return (float) FLOATS.getVolatile(a, i);
    }

    public static void write(float[] a, int i, float value) {
        FLOATS.setVolatile(a, i, value);
    }

    public static float getAndAdd(float[] a, int i, float delta) {
        return (float) FLOATS.getAndAdd(a, i, delta);
    }

    public static float addAndGet(float[] a, int i, float delta) {
        return (float) FLOATS.getAndAdd(a, i, delta) + delta;
    }

    /** {@code a[i] = op(a[i], operand)} atomically; returns the new value. */
    public static float update(float[] a, int i, FloatOperator op, float operand) {
        for (;;) {
            float old = (float) FLOATS.getVolatile(a, i);
            float value = op.apply(old, operand);
            if (FLOATS.weakCompareAndSet(a, i, old, value)) {
                return value;
            }
        }
    }

    /** {@code a[i] = op(a[i], operand)} atomically; returns the old value (capture). */
    public static float getAndUpdate(float[] a, int i, FloatOperator op, float operand) {
        for (;;) {
            float old = (float) FLOATS.getVolatile(a, i);
            if (FLOATS.weakCompareAndSet(a, i, old, op.apply(old, operand))) {
                return old;
            }
        }
    }

    // ---- short ----

    public static short read(short[] a, int i) {
        return (short) SHORTS.getVolatile(a, i);
    }

    public static void write(short[] a, int i, short value) {
        SHORTS.setVolatile(a, i, value);
    }

    public static short getAndAdd(short[] a, int i, short delta) {
        return (short) SHORTS.getAndAdd(a, i, delta);
    }

    public static short addAndGet(short[] a, int i, short delta) {
        return (short) ((short) SHORTS.getAndAdd(a, i, delta) + delta);
    }

    /** {@code a[i] = op(a[i], operand)} atomically; returns the new value. */
    public static short update(short[] a, int i, ShortOperator op, short operand) {
        for (;;) {
            short old = (short) SHORTS.getVolatile(a, i);
            short value = op.apply(old, operand);
            if (SHORTS.weakCompareAndSet(a, i, old, value)) {
                return value;
            }
        }
    }

    /** {@code a[i] = op(a[i], operand)} atomically; returns the old value (capture). */
    public static short getAndUpdate(short[] a, int i, ShortOperator op, short operand) {
        for (;;) {
            short old = (short) SHORTS.getVolatile(a, i);
            if (SHORTS.weakCompareAndSet(a, i, old, op.apply(old, operand))) {
                return old;
            }
        }
    }

    // ---- byte ----

    public static byte read(byte[] a, int i) {
        return (byte) BYTES.getVolatile(a, i);
    }

    public static void write(byte[] a, int i, byte value) {
        BYTES.setVolatile(a, i, value);
    }

    public static byte getAndAdd(byte[] a, int i, byte delta) {
        return (byte) BYTES.getAndAdd(a, i, delta);
    }

    public static byte addAndGet(byte[] a, int i, byte delta) {
        return (byte) ((byte) BYTES.getAndAdd(a, i, delta) + delta);
    }

    /** {@code a[i] = op(a[i], operand)} atomically; returns the new value. */
    public static byte update(byte[] a, int i, ByteOperator op, byte operand) {
        for (;;) {
            byte old = (byte) BYTES.getVolatile(a, i);
            byte value = op.apply(old, operand);
            if (BYTES.weakCompareAndSet(a, i, old, value)) {
                return value;
            }
        }
    }

    /** {@code a[i] = op(a[i], operand)} atomically; returns the old value (capture). */
    public static byte getAndUpdate(byte[] a, int i, ByteOperator op, byte operand) {
        for (;;) {
            byte old = (byte) BYTES.getVolatile(a, i);
            if (BYTES.weakCompareAndSet(a, i, old, op.apply(old, operand))) {
                return old;
            }
        }
    }

    // ---- char ----

    public static char read(char[] a, int i) {
        return (char) CHARS.getVolatile(a, i);
    }

    public static void write(char[] a, int i, char value) {
        CHARS.setVolatile(a, i, value);
    }

    public static char getAndAdd(char[] a, int i, char delta) {
        return (char) CHARS.getAndAdd(a, i, delta);
    }

    public static char addAndGet(char[] a, int i, char delta) {
        return (char) ((char) CHARS.getAndAdd(a, i, delta) + delta);
    }

    /** {@code a[i] = op(a[i], operand)} atomically; returns the new value. */
    public static char update(char[] a, int i, CharOperator op, char operand) {
        for (;;) {
            char old = (char) CHARS.getVolatile(a, i);
            char value = op.apply(old, operand);
            if (CHARS.weakCompareAndSet(a, i, old, value)) {
                return value;
            }
        }
    }

    /** {@code a[i] = op(a[i], operand)} atomically; returns the old value (capture). */
    public static char getAndUpdate(char[] a, int i, CharOperator op, char operand) {
        for (;;) {
            char old = (char) CHARS.getVolatile(a, i);
            if (CHARS.weakCompareAndSet(a, i, old, op.apply(old, operand))) {
                return old;
            }
        }
    }

    // ---- boolean ----

    public static boolean read(boolean[] a, int i) {
        return (boolean) BOOLEANS.getVolatile(a, i);
    }

    public static void write(boolean[] a, int i, boolean value) {
        BOOLEANS.setVolatile(a, i, value);
    }

    /** {@code a[i] = op(a[i], operand)} atomically; returns the new value. */
    public static boolean update(boolean[] a, int i, BooleanOperator op, boolean operand) {
        for (;;) {
            boolean old = (boolean) BOOLEANS.getVolatile(a, i);
            boolean value = op.apply(old, operand);
            if (BOOLEANS.weakCompareAndSet(a, i, old, value)) {
                return value;
            }
        }
    }

    /** {@code a[i] = op(a[i], operand)} atomically; returns the old value (capture). */
    public static boolean getAndUpdate(boolean[] a, int i, BooleanOperator op, boolean operand) {
        for (;;) {
            boolean old = (boolean) BOOLEANS.getVolatile(a, i);
            if (BOOLEANS.weakCompareAndSet(a, i, old, op.apply(old, operand))) {
                return old;
            }
        }
    }
}
