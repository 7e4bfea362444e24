package org.jomp.examples.compare;

import java.lang.reflect.RecordComponent;
import java.util.Arrays;

/**
 * Exact comparison of two answers: arrays element by element (nested arrays too), records component by component,
 * anything else by equals. Every example in the comparison computes the same bits in every variant, so equality is
 * exact.
 */
public final class Answers {
    private Answers() {
    }

    /** Why actual differs from expected (naming the record component or array), or null when they are equal. */
    public static String mismatch(Object expected, Object actual) {
        if (expected != null && actual != null && expected.getClass().isRecord()
                && expected.getClass() == actual.getClass()) {
            for (RecordComponent c : expected.getClass().getRecordComponents()) {
                try {
                    String why = mismatch(c.getAccessor().invoke(expected), c.getAccessor().invoke(actual));
                    if (why != null) {
                        return c.getName() + ": " + why;
                    }
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException("cannot read " + c.getName() + " of " + expected.getClass(), e);
                }
            }
            return null;
        }
        if (Arrays.deepEquals(new Object[] {expected}, new Object[] {actual})) {
            return null;
        }
        if (expected == null || actual == null) {
            return "expected " + describe(expected) + ", got " + describe(actual);
        }
        return "differs from the sequential answer (" + describe(expected) + " vs " + describe(actual) + ")";
    }

    private static String describe(Object o) {
        if (o == null) {
            return "null";
        }
        if (o.getClass().isArray()) {
            return o.getClass().getComponentType().getSimpleName() + "[" + java.lang.reflect.Array.getLength(o) + "]";
        }
        return String.valueOf(o);
    }
}
