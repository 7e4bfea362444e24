package org.jomp.msg.transport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

import org.jomp.msg.transport.socket.TestElements;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every one of {@link BulkCopy}'s ways, one element at a time up to {@link BulkCopy#ONE_BY_ONE} elements, through a
 * typed view above, and through {@code memcpy} from {@link NativeCopy#MIN_BYTES} bytes where the JVM allows it (Java
 * 22 and later with native access, as bin/test-newer-jdk runs these tests), write the same wire bytes (each element
 * little-endian, checked against a heap buffer written element by element) and read them back into a slice of an
 * array without touching its other elements.
 */
class BulkCopyTest {
    private static final int OFFSET = 3;
    private static final int AT = 5;

    static List<Arguments> slices() {
        List<Arguments> all = new ArrayList<>();
        for (PayloadKind kind : PayloadKind.values()) {
            if (kind == PayloadKind.OBJECT) {
                continue;
            }
            for (int count : new int[] {0, 1, 2, BulkCopy.ONE_BY_ONE, BulkCopy.ONE_BY_ONE + 1, 200,
                NativeCopy.MIN_BYTES}) {
                all.add(Arguments.of(kind, count));
            }
        }
        return all;
    }

    @ParameterizedTest(name = "{0} x {1}")
    @MethodSource("slices")
    void aSliceTravelsAsItsLittleEndianElementsAndComesBackInPlace(PayloadKind kind, int count) {
        int bytes = count * kind.bytesPerElement();
        Object sent = kind.newArray(OFFSET + count + 2);
        for (int k = 0; k < Array.getLength(sent); k++) {
            Array.set(sent, k, TestElements.of(kind, 1, count, k));
        }
        ByteBuffer wire = ByteBuffer.allocateDirect(AT + bytes + 8).order(ByteOrder.nativeOrder());
        wire.position(AT);
        BulkCopy.put(wire, kind, sent, OFFSET, count);
        assertEquals(AT + bytes, wire.position(), "the position advances by the bytes written");

        ByteBuffer expected = ByteBuffer.allocate(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (int k = 0; k < count; k++) {
            putOne(expected, kind, Array.get(sent, OFFSET + k));
        }
        byte[] written = new byte[bytes];
        wire.get(AT, written);
        assertArrayEquals(expected.array(), written);

        Object received = kind.newArray(OFFSET + count + 2);
        Object untouched = TestElements.of(kind, 2, 0, 0);
        for (int k = 0; k < Array.getLength(received); k++) {
            Array.set(received, k, untouched);
        }
        wire.position(AT);
        BulkCopy.get(wire, kind, received, OFFSET, count);
        assertEquals(AT + bytes, wire.position(), "the position advances by the bytes read");
        for (int k = 0; k < Array.getLength(received); k++) {
            Object want = k >= OFFSET && k < OFFSET + count ? Array.get(sent, k) : untouched;
            assertEquals(want, Array.get(received, k), "element " + k);
        }
    }

    private static void putOne(ByteBuffer b, PayloadKind kind, Object v) {
        switch (kind) {
            case BOOLEAN -> b.put((Boolean) v ? (byte) 1 : 0);
            case BYTE -> b.put((Byte) v);
            case CHAR -> b.putChar((Character) v);
            case SHORT -> b.putShort((Short) v);
            case INT -> b.putInt((Integer) v);
            case LONG -> b.putLong((Long) v);
            case FLOAT -> b.putFloat((Float) v);
            case DOUBLE -> b.putDouble((Double) v);
            case OBJECT -> throw new IllegalArgumentException("primitive kinds only");
        }
    }
}
