package org.jomp.msg;

import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.Array;
import java.util.Objects;
import java.util.function.IntUnaryOperator;

import org.jomp.msg.transport.PayloadKind;

/** Test data of every primitive type, built from int values so expected results are easy to state. */
final class Data {
    static final PayloadKind[] PRIMITIVES = {PayloadKind.BOOLEAN, PayloadKind.BYTE, PayloadKind.CHAR,
        PayloadKind.SHORT, PayloadKind.INT, PayloadKind.LONG, PayloadKind.FLOAT, PayloadKind.DOUBLE};
    static final PayloadKind[] NUMERIC = {PayloadKind.BYTE, PayloadKind.CHAR, PayloadKind.SHORT, PayloadKind.INT,
        PayloadKind.LONG, PayloadKind.FLOAT, PayloadKind.DOUBLE};

    private Data() {
    }

    /** An array of {@code kind} with element i = f(i), narrowed as a Java cast would (booleans: odd is true). */
    static Object make(PayloadKind kind, int n, IntUnaryOperator f) {
        Object a = Array.newInstance(kind.arrayType().getComponentType(), n);
        for (int i = 0; i < n; i++) {
            int v = f.applyAsInt(i);
            switch (kind) {
                case BOOLEAN -> Array.setBoolean(a, i, (v & 1) != 0);
                case BYTE -> Array.setByte(a, i, (byte) v);
                case CHAR -> Array.setChar(a, i, (char) v);
                case SHORT -> Array.setShort(a, i, (short) v);
                case INT -> Array.setInt(a, i, v);
                case LONG -> Array.setLong(a, i, v);
                case FLOAT -> Array.setFloat(a, i, v);
                case DOUBLE -> Array.setDouble(a, i, v);
                default -> throw new IllegalArgumentException(kind.name());
            }
        }
        return a;
    }

    static void assertSlice(Object expected, Object actual, String what) {
        if (!Objects.deepEquals(expected, actual)) {
            fail(what + ": expected " + show(expected) + " but was " + show(actual));
        }
    }

    static String show(Object a) {
        int n = Array.getLength(a);
        StringBuilder b = new StringBuilder(a.getClass().getSimpleName()).append('[');
        for (int i = 0; i < Math.min(n, 12); i++) {
            b.append(i == 0 ? "" : ", ").append(Array.get(a, i));
        }
        return b.append(n > 12 ? ", ...]" : "]").toString();
    }
}
