package org.jomp.msg.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.atomic.AtomicLongArray;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Elements packed into words, as a ring slot or a broadcast line carries a small message: every primitive type,
 * every count that fills up to four words, at several offsets, with negative values (whose sign bits must not
 * spill into the neighbouring elements). The words must hold the elements' little-endian bytes, low bytes first,
 * and nothing beyond the last word the elements need may change, in the words or in the destination array.
 */
class PackedWordsTest {
    private static final int AT = 3;
    private static final long UNTOUCHED = 0x5a5a_5a5a_5a5a_5a5aL;

    @ParameterizedTest
    @EnumSource(value = PayloadKind.class, names = "OBJECT", mode = EnumSource.Mode.EXCLUDE)
    void packsLittleEndianBytesAndUnpacksThemIntact(PayloadKind kind) {
        int bpe = kind.bytesPerElement();
        for (int count = 0; count <= 32 / bpe; count++) {
            for (int offset = 0; offset < 4; offset++) {
                String what = kind + ", " + count + " elements from offset " + offset;
                Object source = values(kind, offset + count + 2, offset);
                AtomicLongArray words = new AtomicLongArray(AT + 6);
                for (int w = 0; w < words.length(); w++) {
                    words.set(w, UNTOUCHED);
                }
                PackedWords.pack(words, AT, kind, source, offset, count);

                int used = (count * bpe + 7) / 8;
                ByteBuffer expected = ByteBuffer.allocate(used * 8).order(ByteOrder.LITTLE_ENDIAN);
                for (int i = 0; i < count; i++) {
                    putElement(expected, kind, source, offset + i);
                }
                for (int w = 0; w < words.length(); w++) {
                    long want = w >= AT && w < AT + used ? expected.getLong((w - AT) * 8) : UNTOUCHED;
                    assertEquals(want, words.get(w), what + ": word " + w);
                }

                Object dest = values(kind, offset + count + 2, 1000);
                Object before = copy(dest);
                PackedWords.unpack(words, AT, kind, dest, offset, count);
                for (int i = 0; i < Array.getLength(dest); i++) {
                    Object want = i >= offset && i < offset + count ? Array.get(source, i) : Array.get(before, i);
                    assertEquals(want, Array.get(dest, i), what + ": element " + i);
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = PayloadKind.class, names = "OBJECT")
    void objectsAreRefused(PayloadKind kind) {
        AtomicLongArray words = new AtomicLongArray(4);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PackedWords.pack(words, 0, kind, new byte[1], 0, 1));
        assertEquals("objects are not packed into words", e.getMessage());
    }

    /** Distinct values, half of them negative where the type has a sign, every byte of each nonzero. */
    private static Object values(PayloadKind kind, int n, int seed) {
        Object a = Array.newInstance(kind.arrayType().getComponentType(), n);
        for (int i = 0; i < n; i++) {
            long v = (seed + i + 1) * 0x0101_0101_0101_0101L * ((i & 1) == 0 ? -1 : 1) ^ 0x1020_3040_5060_7080L;
            switch (kind) {
                case BOOLEAN -> Array.setBoolean(a, i, (seed + i) % 3 != 0);
                case BYTE -> Array.setByte(a, i, (byte) v);
                case CHAR -> Array.setChar(a, i, (char) v);
                case SHORT -> Array.setShort(a, i, (short) v);
                case INT -> Array.setInt(a, i, (int) v);
                case LONG -> Array.setLong(a, i, v);
                case FLOAT -> Array.setFloat(a, i, Float.intBitsToFloat((int) v));
                case DOUBLE -> Array.setDouble(a, i, Double.longBitsToDouble(v));
                default -> throw new AssertionError(kind);
            }
        }
        return a;
    }

    private static void putElement(ByteBuffer b, PayloadKind kind, Object a, int i) {
        switch (kind) {
            case BOOLEAN -> b.put((byte) (Array.getBoolean(a, i) ? 1 : 0));
            case BYTE -> b.put(Array.getByte(a, i));
            case CHAR -> b.putChar(Array.getChar(a, i));
            case SHORT -> b.putShort(Array.getShort(a, i));
            case INT -> b.putInt(Array.getInt(a, i));
            case LONG -> b.putLong(Array.getLong(a, i));
            case FLOAT -> b.putFloat(Array.getFloat(a, i));
            case DOUBLE -> b.putDouble(Array.getDouble(a, i));
            default -> throw new AssertionError(kind);
        }
    }

    private static Object copy(Object a) {
        Object c = Array.newInstance(a.getClass().getComponentType(), Array.getLength(a));
        System.arraycopy(a, 0, c, 0, Array.getLength(a));
        return c;
    }
}
