package org.jomp.msg.coll;

import java.nio.ByteBuffer;
import java.util.Arrays;

import org.jomp.msg.transport.PayloadKind;

/**
 * Temporary buffers of a slice's element type, for algorithms that stage data. A slice is a primitive array's or a
 * {@link ByteBuffer}'s bytes; a buffer's staging arrays are {@code byte[]}s.
 */
public final class Slices {
    private Slices() {
    }

    /** Whether {@code [aOff, aOff + count)} of {@code a} and {@code [bOff, bOff + count)} of {@code b} share elements. */
    public static boolean overlap(Object a, int aOff, Object b, int bOff, int count) {
        return a == b && count > 0 && aOff < bOff + count && bOff < aOff + count;
    }

    /**
     * {@code have} when it is an array of {@code like}'s type with at least {@code n} elements, else a new one of
     * {@code n} (the reuse of scratch and staging arrays).
     */
    public static Object reuse(Object have, Object like, int n) {
        return have != null && have.getClass() == arrayType(like) && java.lang.reflect.Array.getLength(have) >= n
                ? have : allocate(like, n);
    }

    /** Whether two slices hold elements of one type (a {@code byte[]} and a {@link ByteBuffer} do). */
    public static boolean sameKind(Object a, Object b) {
        return PayloadKind.ofSlice(a) == PayloadKind.ofSlice(b);
    }

    private static Class<?> arrayType(Object like) {
        return like instanceof ByteBuffer ? byte[].class : like.getClass();
    }

    /** A new array of the same primitive type as {@code like} ({@code byte[]} for a buffer), of length {@code n}. */
    public static Object allocate(Object like, int n) {
        if (like instanceof double[]) return new double[n];
        if (like instanceof int[]) return new int[n];
        if (like instanceof long[]) return new long[n];
        if (like instanceof byte[] || like instanceof ByteBuffer) return new byte[n];
        if (like instanceof float[]) return new float[n];
        if (like instanceof char[]) return new char[n];
        if (like instanceof short[]) return new short[n];
        if (like instanceof boolean[]) return new boolean[n];
        throw new IllegalArgumentException("not a primitive array: " + like);
    }

    /** A new array holding {@code count} elements of {@code src} from {@code off}. */
    public static Object copyOf(Object src, int off, int count) {
        if (src instanceof double[] a) return Arrays.copyOfRange(a, off, off + count);
        if (src instanceof int[] a) return Arrays.copyOfRange(a, off, off + count);
        if (src instanceof long[] a) return Arrays.copyOfRange(a, off, off + count);
        if (src instanceof byte[] a) return Arrays.copyOfRange(a, off, off + count);
        if (src instanceof float[] a) return Arrays.copyOfRange(a, off, off + count);
        if (src instanceof char[] a) return Arrays.copyOfRange(a, off, off + count);
        if (src instanceof short[] a) return Arrays.copyOfRange(a, off, off + count);
        if (src instanceof boolean[] a) return Arrays.copyOfRange(a, off, off + count);
        throw new IllegalArgumentException("not a primitive array: " + src);
    }
}
