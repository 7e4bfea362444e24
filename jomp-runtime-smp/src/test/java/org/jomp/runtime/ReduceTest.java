package org.jomp.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

class ReduceTest {

    private static final int[] SAMPLE = {5, -3, 12, 7, 0, -8, 3, 9};

    @ParameterizedTest
    @EnumSource(value = Reduce.Operator.class,
            names = {"SUM", "PRODUCT", "DIFFERENCE", "AND", "OR", "XOR", "MIN", "MAX"})
    void integralIdentitiesAreNeutralAndCombinersMatchJava(Reduce.Operator op) {
        int i = Reduce.identityInt(op);
        long l = Reduce.identityLong(op);
        short s = Reduce.identityShort(op);
        byte b = Reduce.identityByte(op);
        char c = Reduce.identityChar(op);
        for (int x : SAMPLE) {
            assertEquals(x, Reduce.combine(op, i, x), op + " int");
            assertEquals(x, Reduce.combine(op, l, (long) x), op + " long");
            assertEquals((short) x, Reduce.combine(op, s, (short) x), op + " short");
            assertEquals((byte) x, Reduce.combine(op, b, (byte) x), op + " byte");
            assertEquals((char) x, Reduce.combine(op, c, (char) x), op + " char");
        }
        int acc = i;
        for (int x : SAMPLE) {
            acc = Reduce.combine(op, acc, x);
        }
        assertEquals(expected(op), acc, op + " folded over the sample");
    }

    private static int expected(Reduce.Operator op) {
        int r;
        switch (op) {
            case SUM: case DIFFERENCE: r = 0; for (int x : SAMPLE) { r += x; } return r;
            case PRODUCT: r = 1; for (int x : SAMPLE) { r *= x; } return r;
            case AND: r = -1; for (int x : SAMPLE) { r &= x; } return r;
            case OR: r = 0; for (int x : SAMPLE) { r |= x; } return r;
            case XOR: r = 0; for (int x : SAMPLE) { r ^= x; } return r;
            case MIN: r = Integer.MAX_VALUE; for (int x : SAMPLE) { r = Math.min(r, x); } return r;
            default: r = Integer.MIN_VALUE; for (int x : SAMPLE) { r = Math.max(r, x); } return r;
        }
    }

    @ParameterizedTest
    @EnumSource(value = Reduce.Operator.class, names = {"SUM", "PRODUCT", "DIFFERENCE", "MIN", "MAX"})
    void floatingPointIdentitiesAreNeutral(Reduce.Operator op) {
        for (int x : SAMPLE) {
            assertEquals(x + 0.25, Reduce.combine(op, Reduce.identityDouble(op), x + 0.25), op + " double");
            assertEquals(x + 0.25f, Reduce.combine(op, Reduce.identityFloat(op), x + 0.25f), op + " float");
        }
    }

    @Test
    void booleanOperators() {
        for (Reduce.Operator op : new Reduce.Operator[] {Reduce.LOGICAL_AND, Reduce.LOGICAL_OR, Reduce.AND,
                Reduce.OR, Reduce.XOR}) {
            for (boolean x : new boolean[] {false, true}) {
                assertEquals(x, Reduce.combine(op, Reduce.identityBoolean(op), x), op.symbol());
            }
        }
        assertFalse(Reduce.combine(Reduce.LOGICAL_AND, true, false));
        assertTrue(Reduce.combine(Reduce.LOGICAL_OR, false, true));
        assertFalse(Reduce.combine(Reduce.XOR, true, true));
    }

    @Test
    void operatorsUndefinedForATypeAreRejectedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Reduce.identityDouble(Reduce.XOR));
        assertTrue(e.getMessage().contains("^") && e.getMessage().contains("double"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Reduce.combine(Reduce.LOGICAL_AND, 1, 2));
        assertThrows(IllegalArgumentException.class, () -> Reduce.identityBoolean(Reduce.SUM));
        assertThrows(IllegalArgumentException.class, () -> Reduce.combine(Reduce.MAX, true, false));
        e = assertThrows(IllegalArgumentException.class, () -> Reduce.Operator.of("%"));
        assertTrue(e.getMessage().contains("'%'"), e.getMessage());
        for (Reduce.Operator op : Reduce.Operator.values()) {
            assertEquals(op, Reduce.Operator.of(op.symbol()));
        }
    }

    @Test
    void arraysReduceElementwise() {
        int[] target = Reduce.identityArray(Reduce.MAX, new int[3]);
        assertArrayEquals(new int[] {Integer.MIN_VALUE, Integer.MIN_VALUE, Integer.MIN_VALUE}, target);
        Reduce.combineInto(Reduce.MAX, target, new int[] {1, 5, -2});
        Reduce.combineInto(Reduce.MAX, target, new int[] {4, 2, -7});
        assertArrayEquals(new int[] {4, 5, -2}, target);
        double[] sums = Reduce.identityArray(Reduce.SUM, new double[2]);
        Reduce.combineInto(Reduce.SUM, sums, new double[] {1.5, 2});
        assertArrayEquals(new double[] {1.5, 2}, sums);
        boolean[] all = Reduce.identityArray(Reduce.LOGICAL_AND, new boolean[2]);
        Reduce.combineInto(Reduce.LOGICAL_AND, all, new boolean[] {true, false});
        assertArrayEquals(new boolean[] {true, false}, all);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Reduce.combineInto(Reduce.SUM, new long[2], new long[3]));
        assertTrue(e.getMessage().contains("2") && e.getMessage().contains("3"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void userDefinedReductionInATeam(int n) {
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            Reduce.Op<BigInteger> product = Reduce.Op.of(() -> BigInteger.ONE, BigInteger::multiply);
            Reduce.Op<List<Integer>> concat = Reduce.Op.of(ArrayList::new, (a, b) -> {
                a.addAll(b);
                return a;
            });
            BigInteger[] shared = {product.identity()};
            List<List<Integer>> lists = new ArrayList<>();
            lists.add(concat.identity());
            Omp.parallel(n, true, () -> {
                BigInteger mine = product.identity();
                List<Integer> seen = concat.identity();
                Loop l = Omp.loop(1, 30, 1, Schedule.guided(2), Loop.INCLUSIVE);
                while (l.next()) {
                    for (int i = l.intStart(); i != l.intEnd(); i++) {
                        mine = mine.multiply(BigInteger.valueOf(i));
                        seen.add(i);
                    }
                }
                l.end(true);
                Omp.reductionLock();
                try {
                    shared[0] = product.combine(shared[0], mine);
                    lists.set(0, concat.combine(lists.get(0), seen));
                } finally {
                    Omp.reductionUnlock();
                }
            });
            BigInteger factorial = BigInteger.ONE;
            for (int i = 2; i <= 30; i++) {
                factorial = factorial.multiply(BigInteger.valueOf(i));
            }
            assertEquals(factorial, shared[0]);
            assertEquals(30, lists.get(0).size());
        });
        assertThrows(IllegalArgumentException.class, () -> Reduce.Op.of(null, (Integer a, Integer b) -> a));
    }
}
