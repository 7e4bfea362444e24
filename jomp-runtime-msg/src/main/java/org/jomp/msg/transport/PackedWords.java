package org.jomp.msg.transport;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Primitive elements packed into the words of an {@link AtomicLongArray}, low bytes first, so that a small message
 * travels in the same cache line as the flag that publishes it ({@link MessageRing}, the shared-memory broadcast).
 * Plain accesses: the caller publishes them with a release store of its flag and reads them after an acquire load.
 */
public final class PackedWords {
    private PackedWords() {
    }

    /** Packs {@code count} elements of {@code kind} into the words from {@code at}, low bytes first. */
    public static void pack(AtomicLongArray words, int at, PayloadKind kind, Object buf, int offset, int count) {
        int bits = 8 * kind.bytesPerElement();
        long mask = bits == 64 ? -1L : (1L << bits) - 1;
        int perWord = 64 / bits;
        for (int i = 0, w = at; i < count; w++) {
            long v = 0;
            for (int k = 0; k < perWord && i < count; k++, i++) {
                v |= (bitsOf(kind, buf, offset + i) & mask) << (k * bits);
            }
            words.setPlain(w, v);
        }
    }

    /** Unpacks what {@link #pack} packed at {@code at} into {@code dest} from {@code offset}. */
    public static void unpack(AtomicLongArray words, int at, PayloadKind kind, Object dest, int offset, int count) {
        int bits = 8 * kind.bytesPerElement();
        int perWord = 64 / bits;
        for (int i = 0, w = at; i < count; w++) {
            long v = words.getPlain(w);
            for (int k = 0; k < perWord && i < count; k++, i++) {
                setBits(kind, dest, offset + i, v >>> (k * bits));
            }
        }
    }

    private static long bitsOf(PayloadKind kind, Object a, int i) {
        return switch (kind) {
            case BOOLEAN -> ((boolean[]) a)[i] ? 1 : 0;
            case BYTE -> ((byte[]) a)[i];
            case CHAR -> ((char[]) a)[i];
            case SHORT -> ((short[]) a)[i];
            case INT -> ((int[]) a)[i];
            case LONG -> ((long[]) a)[i];
            case FLOAT -> Float.floatToRawIntBits(((float[]) a)[i]);
            case DOUBLE -> Double.doubleToRawLongBits(((double[]) a)[i]);
            case OBJECT -> throw new IllegalArgumentException("objects do not go through a ring");
        };
    }

    private static void setBits(PayloadKind kind, Object a, int i, long v) {
        switch (kind) {
            case BOOLEAN -> ((boolean[]) a)[i] = (v & 1) != 0;
            case BYTE -> ((byte[]) a)[i] = (byte) v;
            case CHAR -> ((char[]) a)[i] = (char) v;
            case SHORT -> ((short[]) a)[i] = (short) v;
            case INT -> ((int[]) a)[i] = (int) v;
            case LONG -> ((long[]) a)[i] = v;
            case FLOAT -> ((float[]) a)[i] = Float.intBitsToFloat((int) v);
            case DOUBLE -> ((double[]) a)[i] = Double.longBitsToDouble(v);
            case OBJECT -> throw new IllegalArgumentException("objects do not go through a ring");
        }
    }
}
