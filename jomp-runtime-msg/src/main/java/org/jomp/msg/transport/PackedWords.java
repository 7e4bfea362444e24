package org.jomp.msg.transport;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Primitive elements (or the bytes of a {@link ByteBuffer} slice) packed into the words of an
 * {@link AtomicLongArray}, low bytes first, so that a small message travels in the same cache line as the flag that
 * publishes it ({@link MessageRing}, the shared-memory broadcast).
 * Plain accesses: the caller publishes them with a release store of its flag and reads them after an acquire load.
 *
 * <p>The element type is dispatched once per call, not once per element, and bytes move eight at a time: with a
 * switch per element, packing and unpacking cost about 5 ns a byte, more than the rest of a ring message's path
 * at 32 bytes.
 */
public final class PackedWords {
    /** Eight bytes of a {@code byte[]} read or written as one little-endian long. */
    private static final VarHandle LONG_OF_BYTES =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private PackedWords() {
    }

    /** Packs {@code count} elements of {@code kind} into the words from {@code at}, low bytes first. */
    public static void pack(AtomicLongArray words, int at, PayloadKind kind, Object buf, int offset, int count) {
        switch (kind) {
            case BYTE -> {
                if (buf instanceof ByteBuffer b) {
                    // At most a few words: through a small array rather than a second set of byte loops.
                    byte[] a = new byte[count];
                    b.get(offset, a, 0, count);
                    packBytes(words, at, a, 0, count);
                } else {
                    packBytes(words, at, (byte[]) buf, offset, count);
                }
            }
            case BOOLEAN -> {
                boolean[] a = (boolean[]) buf;
                for (int i = 0; i < count; i += 8) {
                    long v = 0;
                    for (int k = 0; k < 8 && i + k < count; k++) {
                        v |= (a[offset + i + k] ? 1L : 0L) << (8 * k);
                    }
                    words.setPlain(at + i / 8, v);
                }
            }
            case CHAR -> {
                char[] a = (char[]) buf;
                for (int i = 0; i < count; i += 4) {
                    long v = 0;
                    for (int k = 0; k < 4 && i + k < count; k++) {
                        v |= (long) a[offset + i + k] << (16 * k);
                    }
                    words.setPlain(at + i / 4, v);
                }
            }
            case SHORT -> {
                short[] a = (short[]) buf;
                for (int i = 0; i < count; i += 4) {
                    long v = 0;
                    for (int k = 0; k < 4 && i + k < count; k++) {
                        v |= (a[offset + i + k] & 0xffffL) << (16 * k);
                    }
                    words.setPlain(at + i / 4, v);
                }
            }
            case INT -> {
                int[] a = (int[]) buf;
                for (int i = 0; i < count; i += 2) {
                    long hi = i + 1 < count ? (long) a[offset + i + 1] << 32 : 0;
                    words.setPlain(at + i / 2, hi | a[offset + i] & 0xffffffffL);
                }
            }
            case FLOAT -> {
                float[] a = (float[]) buf;
                for (int i = 0; i < count; i += 2) {
                    long hi = i + 1 < count ? (long) Float.floatToRawIntBits(a[offset + i + 1]) << 32 : 0;
                    words.setPlain(at + i / 2, hi | Float.floatToRawIntBits(a[offset + i]) & 0xffffffffL);
                }
            }
            case LONG -> {
                long[] a = (long[]) buf;
                for (int i = 0; i < count; i++) {
                    words.setPlain(at + i, a[offset + i]);
                }
            }
            case DOUBLE -> {
                double[] a = (double[]) buf;
                for (int i = 0; i < count; i++) {
                    words.setPlain(at + i, Double.doubleToRawLongBits(a[offset + i]));
                }
            }
            case OBJECT -> throw new IllegalArgumentException("objects are not packed into words");
        }
    }

    /** Unpacks what {@link #pack} packed at {@code at} into {@code dest} from {@code offset}. */
    public static void unpack(AtomicLongArray words, int at, PayloadKind kind, Object dest, int offset, int count) {
        switch (kind) {
            case BYTE -> {
                if (dest instanceof ByteBuffer b) {
                    byte[] a = new byte[count];
                    unpackBytes(words, at, a, 0, count);
                    b.put(offset, a, 0, count);
                } else {
                    unpackBytes(words, at, (byte[]) dest, offset, count);
                }
            }
            case BOOLEAN -> {
                boolean[] a = (boolean[]) dest;
                for (int i = 0; i < count; i++) {
                    a[offset + i] = (words.getPlain(at + i / 8) >>> (8 * (i % 8)) & 1) != 0;
                }
            }
            case CHAR -> {
                char[] a = (char[]) dest;
                for (int i = 0; i < count; i++) {
                    a[offset + i] = (char) (words.getPlain(at + i / 4) >>> (16 * (i % 4)));
                }
            }
            case SHORT -> {
                short[] a = (short[]) dest;
                for (int i = 0; i < count; i++) {
                    a[offset + i] = (short) (words.getPlain(at + i / 4) >>> (16 * (i % 4)));
                }
            }
            case INT -> {
                int[] a = (int[]) dest;
                for (int i = 0; i < count; i++) {
                    a[offset + i] = (int) (words.getPlain(at + i / 2) >>> (32 * (i % 2)));
                }
            }
            case FLOAT -> {
                float[] a = (float[]) dest;
                for (int i = 0; i < count; i++) {
                    a[offset + i] = Float.intBitsToFloat((int) (words.getPlain(at + i / 2) >>> (32 * (i % 2))));
                }
            }
            case LONG -> {
                long[] a = (long[]) dest;
                for (int i = 0; i < count; i++) {
                    a[offset + i] = words.getPlain(at + i);
                }
            }
            case DOUBLE -> {
                double[] a = (double[]) dest;
                for (int i = 0; i < count; i++) {
                    a[offset + i] = Double.longBitsToDouble(words.getPlain(at + i));
                }
            }
            case OBJECT -> throw new IllegalArgumentException("objects are not packed into words");
        }
    }

    private static void packBytes(AtomicLongArray words, int at, byte[] a, int offset, int count) {
        int whole = count & ~7;
        for (int i = 0; i < whole; i += 8) {
            words.setPlain(at + i / 8, (long) LONG_OF_BYTES.get(a, offset + i));
        }
        if (whole < count) {
            long v = 0;
            for (int i = whole; i < count; i++) {
                v |= (a[offset + i] & 0xffL) << (8 * (i - whole));
            }
            words.setPlain(at + whole / 8, v);
        }
    }

    private static void unpackBytes(AtomicLongArray words, int at, byte[] a, int offset, int count) {
        int whole = count & ~7;
        for (int i = 0; i < whole; i += 8) {
            LONG_OF_BYTES.set(a, offset + i, words.getPlain(at + i / 8));
        }
        if (whole < count) {
            long v = words.getPlain(at + whole / 8);
            for (int i = whole; i < count; i++) {
                a[offset + i] = (byte) (v >>> (8 * (i - whole)));
            }
        }
    }
}
