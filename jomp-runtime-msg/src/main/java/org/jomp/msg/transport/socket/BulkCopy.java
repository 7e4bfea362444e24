package org.jomp.msg.transport.socket;

import java.nio.ByteBuffer;

import org.jomp.msg.transport.PayloadKind;

/**
 * Copies slices of primitive arrays (and of {@link ByteBuffer}s, as bytes) to and from (direct) byte buffers in
 * bulk, through the buffer's typed views ({@code asIntBuffer().put(int[], ...)} and friends): one memory copy, no
 * serialisation, no per-element calls.
 * The buffer's byte order is the wire order ({@link Frame#ORDER}); its position advances by the bytes copied.
 */
final class BulkCopy {
    private BulkCopy() {
    }

    /** Copies {@code count} elements of {@code array} (of {@code kind}) from element {@code offset} into {@code b}. */
    static void put(ByteBuffer b, PayloadKind kind, Object array, int offset, int count) {
        int p = b.position();
        switch (kind) {
            case BYTE, OBJECT -> {
                if (array instanceof ByteBuffer src) {
                    b.put(p, src, offset, count);
                } else {
                    b.put((byte[]) array, offset, count);
                }
            }
            case INT -> b.asIntBuffer().put((int[]) array, offset, count);
            case DOUBLE -> b.asDoubleBuffer().put((double[]) array, offset, count);
            case LONG -> b.asLongBuffer().put((long[]) array, offset, count);
            case FLOAT -> b.asFloatBuffer().put((float[]) array, offset, count);
            case CHAR -> b.asCharBuffer().put((char[]) array, offset, count);
            case SHORT -> b.asShortBuffer().put((short[]) array, offset, count);
            case BOOLEAN -> {
                boolean[] a = (boolean[]) array;
                for (int i = 0; i < count; i++) {
                    b.put(p + i, a[offset + i] ? (byte) 1 : 0);
                }
            }
        }
        b.position(p + count * kind.bytesPerElement());
    }

    /**
     * Copies {@code count} elements from {@code b} into {@code array} (of {@code kind}) from element
     * {@code offset}.
     */
    static void get(ByteBuffer b, PayloadKind kind, Object array, int offset, int count) {
        int p = b.position();
        switch (kind) {
            case BYTE, OBJECT -> {
                if (array instanceof ByteBuffer dest) {
                    dest.put(offset, b, p, count);
                } else {
                    b.get((byte[]) array, offset, count);
                }
            }
            case INT -> b.asIntBuffer().get((int[]) array, offset, count);
            case DOUBLE -> b.asDoubleBuffer().get((double[]) array, offset, count);
            case LONG -> b.asLongBuffer().get((long[]) array, offset, count);
            case FLOAT -> b.asFloatBuffer().get((float[]) array, offset, count);
            case CHAR -> b.asCharBuffer().get((char[]) array, offset, count);
            case SHORT -> b.asShortBuffer().get((short[]) array, offset, count);
            case BOOLEAN -> {
                boolean[] a = (boolean[]) array;
                for (int i = 0; i < count; i++) {
                    a[offset + i] = b.get(p + i) != 0;
                }
            }
        }
        b.position(p + count * kind.bytesPerElement());
    }
}
