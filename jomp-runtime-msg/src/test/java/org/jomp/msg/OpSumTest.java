package org.jomp.msg;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

/** SUM's unrolled loops: every count around the unrolling, at offsets, leaving the rest of the arrays alone. */
class OpSumTest {
    private static final int LEFT_AT = 3;
    private static final int RIGHT_AT = 5;

    @Test
    void doublesAddElementWiseWithinTheSlicesOnly() {
        for (int count = 0; count <= 11; count++) {
            double[] l = new double[LEFT_AT + count + 2];
            double[] r = new double[RIGHT_AT + count + 2];
            for (int i = 0; i < l.length; i++) {
                l[i] = 1.5 * i + 0.25;
            }
            for (int i = 0; i < r.length; i++) {
                r[i] = 1000.0 - 3 * i;
            }
            double[] want = r.clone();
            for (int i = 0; i < count; i++) {
                want[RIGHT_AT + i] = l[LEFT_AT + i] + r[RIGHT_AT + i];
            }
            Op.SUM.combine(l, LEFT_AT, r, RIGHT_AT, count);
            assertArrayEquals(want, r, "count " + count);
        }
    }

    @Test
    void intsAddElementWiseWithinTheSlicesOnlyAndWrap() {
        for (int count = 0; count <= 11; count++) {
            int[] l = new int[LEFT_AT + count + 2];
            int[] r = new int[RIGHT_AT + count + 2];
            for (int i = 0; i < l.length; i++) {
                l[i] = Integer.MAX_VALUE - i;
            }
            for (int i = 0; i < r.length; i++) {
                r[i] = 7 * i + 1;
            }
            int[] want = r.clone();
            for (int i = 0; i < count; i++) {
                want[RIGHT_AT + i] = l[LEFT_AT + i] + r[RIGHT_AT + i];
            }
            Op.SUM.combine(l, LEFT_AT, r, RIGHT_AT, count);
            assertArrayEquals(want, r, "count " + count);
        }
    }

    @Test
    void longsAddElementWiseWithinTheSlicesOnly() {
        for (int count = 0; count <= 11; count++) {
            long[] l = new long[LEFT_AT + count + 2];
            long[] r = new long[RIGHT_AT + count + 2];
            for (int i = 0; i < l.length; i++) {
                l[i] = (1L << 40) + 11L * i;
            }
            for (int i = 0; i < r.length; i++) {
                r[i] = -5L * i;
            }
            long[] want = r.clone();
            for (int i = 0; i < count; i++) {
                want[RIGHT_AT + i] = l[LEFT_AT + i] + r[RIGHT_AT + i];
            }
            Op.SUM.combine(l, LEFT_AT, r, RIGHT_AT, count);
            assertArrayEquals(want, r, "count " + count);
        }
    }
}
