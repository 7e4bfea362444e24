package org.jomp.msg.transport;

import java.nio.ByteBuffer;

/**
 * Copies slices of primitive arrays (and of {@link ByteBuffer}s, as bytes) to and from (direct) byte buffers in
 * bulk, through the buffer's typed views ({@code asIntBuffer().put(int[], ...)} and friends): one memory copy, no
 * serialisation, no per-element calls. Slices of up to {@value #ONE_BY_ONE} elements are copied one by one instead:
 * a view is an object of its own and its bulk copy a call into the VM, which for the 8-byte messages of a crowded
 * job cost more than the copy (under C1, the compiler such jobs run, which cannot leave the view unallocated).
 * Elements take the buffer's byte order; its position advances by the bytes copied. Large copies go through the C
 * library's {@code memcpy} where the JVM allows ({@link NativeCopy}).
 */
public final class BulkCopy {
    /** Slices of up to this many elements are copied one element at a time. */
    static final int ONE_BY_ONE = 16;

    private BulkCopy() {
    }

    /** Copies {@code count} elements of {@code array} (of {@code kind}) from element {@code offset} into {@code b}. */
    public static void put(ByteBuffer b, PayloadKind kind, Object array, int offset, int count) {
        int p = b.position();
        if (count <= ONE_BY_ONE || kind == PayloadKind.BOOLEAN) {
            putEach(b, p, kind, array, offset, count);
        } else if (!NativeCopy.put(b, p, kind, array, offset, count)) {
            switch (kind) {
                case INT -> b.asIntBuffer().put((int[]) array, offset, count);
                case DOUBLE -> b.asDoubleBuffer().put((double[]) array, offset, count);
                case LONG -> b.asLongBuffer().put((long[]) array, offset, count);
                case FLOAT -> b.asFloatBuffer().put((float[]) array, offset, count);
                case CHAR -> b.asCharBuffer().put((char[]) array, offset, count);
                case SHORT -> b.asShortBuffer().put((short[]) array, offset, count);
                default -> {
                    if (array instanceof ByteBuffer src) {
                        b.put(p, src, offset, count);
                    } else {
                        b.put((byte[]) array, offset, count);
                    }
                }
            }
        }
        b.position(p + count * kind.bytesPerElement());
    }

    /**
     * Copies {@code count} elements from {@code b} into {@code array} (of {@code kind}) from element
     * {@code offset}.
     */
    public static void get(ByteBuffer b, PayloadKind kind, Object array, int offset, int count) {
        int p = b.position();
        if (count <= ONE_BY_ONE || kind == PayloadKind.BOOLEAN) {
            getEach(b, p, kind, array, offset, count);
        } else if (!NativeCopy.get(b, p, kind, array, offset, count)) {
            switch (kind) {
                case INT -> b.asIntBuffer().get((int[]) array, offset, count);
                case DOUBLE -> b.asDoubleBuffer().get((double[]) array, offset, count);
                case LONG -> b.asLongBuffer().get((long[]) array, offset, count);
                case FLOAT -> b.asFloatBuffer().get((float[]) array, offset, count);
                case CHAR -> b.asCharBuffer().get((char[]) array, offset, count);
                case SHORT -> b.asShortBuffer().get((short[]) array, offset, count);
                default -> {
                    if (array instanceof ByteBuffer dest) {
                        dest.put(offset, b, p, count);
                    } else {
                        b.get((byte[]) array, offset, count);
                    }
                }
            }
        }
        b.position(p + count * kind.bytesPerElement());
    }

    private static void putEach(ByteBuffer b, int p, PayloadKind kind, Object array, int offset, int count) {
        switch (kind) {
            case BYTE, OBJECT -> {
                if (array instanceof ByteBuffer src) {
                    b.put(p, src, offset, count);
                } else {
                    byte[] a = (byte[]) array;
                    for (int i = 0; i < count; i++) {
                        b.put(p + i, a[offset + i]);
                    }
                }
            }
            case INT -> {
                int[] a = (int[]) array;
                for (int i = 0; i < count; i++) {
                    b.putInt(p + 4 * i, a[offset + i]);
                }
            }
            case DOUBLE -> {
                double[] a = (double[]) array;
                for (int i = 0; i < count; i++) {
                    b.putDouble(p + 8 * i, a[offset + i]);
                }
            }
            case LONG -> {
                long[] a = (long[]) array;
                for (int i = 0; i < count; i++) {
                    b.putLong(p + 8 * i, a[offset + i]);
                }
            }
            case FLOAT -> {
                float[] a = (float[]) array;
                for (int i = 0; i < count; i++) {
                    b.putFloat(p + 4 * i, a[offset + i]);
                }
            }
            case CHAR -> {
                char[] a = (char[]) array;
                for (int i = 0; i < count; i++) {
                    b.putChar(p + 2 * i, a[offset + i]);
                }
            }
            case SHORT -> {
                short[] a = (short[]) array;
                for (int i = 0; i < count; i++) {
                    b.putShort(p + 2 * i, a[offset + i]);
                }
            }
            case BOOLEAN -> {
                boolean[] a = (boolean[]) array;
                for (int i = 0; i < count; i++) {
                    b.put(p + i, a[offset + i] ? (byte) 1 : 0);
                }
            }
        }
    }

    private static void getEach(ByteBuffer b, int p, PayloadKind kind, Object array, int offset, int count) {
        switch (kind) {
            case BYTE, OBJECT -> {
                if (array instanceof ByteBuffer dest) {
                    dest.put(offset, b, p, count);
                } else {
                    byte[] a = (byte[]) array;
                    for (int i = 0; i < count; i++) {
                        a[offset + i] = b.get(p + i);
                    }
                }
            }
            case INT -> {
                int[] a = (int[]) array;
                for (int i = 0; i < count; i++) {
                    a[offset + i] = b.getInt(p + 4 * i);
                }
            }
            case DOUBLE -> {
                double[] a = (double[]) array;
                for (int i = 0; i < count; i++) {
                    a[offset + i] = b.getDouble(p + 8 * i);
                }
            }
            case LONG -> {
                long[] a = (long[]) array;
                for (int i = 0; i < count; i++) {
                    a[offset + i] = b.getLong(p + 8 * i);
                }
            }
            case FLOAT -> {
                float[] a = (float[]) array;
                for (int i = 0; i < count; i++) {
                    a[offset + i] = b.getFloat(p + 4 * i);
                }
            }
            case CHAR -> {
                char[] a = (char[]) array;
                for (int i = 0; i < count; i++) {
                    a[offset + i] = b.getChar(p + 2 * i);
                }
            }
            case SHORT -> {
                short[] a = (short[]) array;
                for (int i = 0; i < count; i++) {
                    a[offset + i] = b.getShort(p + 2 * i);
                }
            }
            case BOOLEAN -> {
                boolean[] a = (boolean[]) array;
                for (int i = 0; i < count; i++) {
                    a[offset + i] = b.get(p + i) != 0;
                }
            }
        }
    }
}
