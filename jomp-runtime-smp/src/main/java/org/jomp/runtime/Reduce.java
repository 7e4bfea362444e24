package org.jomp.runtime;

import java.util.Arrays;
import java.util.function.BinaryOperator;
import java.util.function.Supplier;

/**
 * Reduction operators: the identity each thread's private copy starts from, and the combiner that folds a
 * private copy into the shared variable (under {@link Omp#reductionLock}). OpenMP's operators
 * {@code + * - & | ^ && || min max} on every primitive type where Java defines them ({@code & | ^} on integral
 * types and boolean, {@code && ||} on boolean, the others on numeric types), elementwise on primitive arrays,
 * and user-defined reductions as {@link Op}. As in OpenMP, {@code -} combines partial results by addition.
 * Narrow types combine in int arithmetic and wrap back, as Java's compound assignment does.
 */
public final class Reduce {

    /** The reduction operators of OpenMP's reduction clause. */
    public enum Operator {
        SUM("+"), PRODUCT("*"), DIFFERENCE("-"), AND("&"), OR("|"), XOR("^"), LOGICAL_AND("&&"),
        LOGICAL_OR("||"), MIN("min"), MAX("max");

        private final String symbol;

        Operator(String symbol) {
            this.symbol = symbol;
        }

        /** The operator as written in a reduction clause. */
        public String symbol() {
            return symbol;
        }

        /** The operator written {@code symbol} in a reduction clause ({@code +}, {@code min}, ...). */
        public static Operator of(String symbol) {
            for (Operator op : values()) {
                if (op.symbol.equals(symbol)) {
                    return op;
                }
            }
            throw new IllegalArgumentException("unknown reduction operator '" + symbol
                    + "' (expected + * - & | ^ && || min max)");
        }
    }

    public static final Operator SUM = Operator.SUM;
    public static final Operator PRODUCT = Operator.PRODUCT;
    public static final Operator DIFFERENCE = Operator.DIFFERENCE;
    public static final Operator AND = Operator.AND;
    public static final Operator OR = Operator.OR;
    public static final Operator XOR = Operator.XOR;
    public static final Operator LOGICAL_AND = Operator.LOGICAL_AND;
    public static final Operator LOGICAL_OR = Operator.LOGICAL_OR;
    public static final Operator MIN = Operator.MIN;
    public static final Operator MAX = Operator.MAX;

    private Reduce() {
    }

    /**
     * A user-defined reduction (OpenMP's {@code declare reduction}): each thread's private copy starts from
     * {@code identity.get()}, and partial results are folded with {@code combiner}.
     */
    public static final class Op<T> {
        private final Supplier<T> identity;
        private final BinaryOperator<T> combiner;

        private Op(Supplier<T> identity, BinaryOperator<T> combiner) {
            this.identity = identity;
            this.combiner = combiner;
        }

        public static <T> Op<T> of(Supplier<T> identity, BinaryOperator<T> combiner) {
            if (identity == null || combiner == null) {
                throw new IllegalArgumentException("Reduce.Op.of: identity and combiner must not be null");
            }
            return new Op<>(identity, combiner);
        }

        /** A fresh private copy. */
        public T identity() {
            return identity.get();
        }

        /** The combination of two partial results. */
        public T combine(T a, T b) {
            return combiner.apply(a, b);
        }
    }

    private static IllegalArgumentException undefined(Operator op, String type) {
        return new IllegalArgumentException("reduction operator " + op.symbol + " is not defined for " + type);
    }

    /** The identity of {@code op} for int. */
    public static int identityInt(Operator op) {
        switch (op) {
            case SUM:
            case DIFFERENCE:
            case OR:
            case XOR:
                return 0;
            case PRODUCT:
                return 1;
            case AND:
                return ~0;
            case MIN:
                return Integer.MAX_VALUE;
            case MAX:
                return Integer.MIN_VALUE;
            default:
                throw undefined(op, "int");
        }
    }

    /** {@code a op b} for int. */
    public static int combine(Operator op, int a, int b) {
        switch (op) {
            case SUM:
            case DIFFERENCE:
                return a + b;
            case PRODUCT:
                return a * b;
            case AND:
                return a & b;
            case OR:
                return a | b;
            case XOR:
                return a ^ b;
            case MIN:
                return Math.min(a, b);
            case MAX:
                return Math.max(a, b);
            default:
                throw undefined(op, "int");
        }
    }

    /** A new array as long as {@code like}, every element the identity of {@code op}. */
    public static int[] identityArray(Operator op, int[] like) {
        int[] a = new int[like.length];
        Arrays.fill(a, identityInt(op));
        return a;
    }

    /** Elementwise {@code target[i] = target[i] op source[i]}. */
    public static void combineInto(Operator op, int[] target, int[] source) {
        checkLengths(target.length, source.length);
        for (int i = 0; i < target.length; i++) {
            target[i] = combine(op, target[i], source[i]);
        }
    }

    /** The identity of {@code op} for long. */
    public static long identityLong(Operator op) {
        switch (op) {
            case SUM:
            case DIFFERENCE:
            case OR:
            case XOR:
                return 0;
            case PRODUCT:
                return 1;
            case AND:
                return ~0;
            case MIN:
                return Long.MAX_VALUE;
            case MAX:
                return Long.MIN_VALUE;
            default:
                throw undefined(op, "long");
        }
    }

    /** {@code a op b} for long. */
    public static long combine(Operator op, long a, long b) {
        switch (op) {
            case SUM:
            case DIFFERENCE:
                return a + b;
            case PRODUCT:
                return a * b;
            case AND:
                return a & b;
            case OR:
                return a | b;
            case XOR:
                return a ^ b;
            case MIN:
                return Math.min(a, b);
            case MAX:
                return Math.max(a, b);
            default:
                throw undefined(op, "long");
        }
    }

    /** A new array as long as {@code like}, every element the identity of {@code op}. */
    public static long[] identityArray(Operator op, long[] like) {
        long[] a = new long[like.length];
        Arrays.fill(a, identityLong(op));
        return a;
    }

    /** Elementwise {@code target[i] = target[i] op source[i]}. */
    public static void combineInto(Operator op, long[] target, long[] source) {
        checkLengths(target.length, source.length);
        for (int i = 0; i < target.length; i++) {
            target[i] = combine(op, target[i], source[i]);
        }
    }

    /** The identity of {@code op} for short. */
    public static short identityShort(Operator op) {
        switch (op) {
            case SUM:
            case DIFFERENCE:
            case OR:
            case XOR:
                return 0;
            case PRODUCT:
                return 1;
            case AND:
                return (short) ~0;
            case MIN:
                return Short.MAX_VALUE;
            case MAX:
                return Short.MIN_VALUE;
            default:
                throw undefined(op, "short");
        }
    }

    /** {@code a op b} for short. */
    public static short combine(Operator op, short a, short b) {
        switch (op) {
            case SUM:
            case DIFFERENCE:
                return (short) (a + b);
            case PRODUCT:
                return (short) (a * b);
            case AND:
                return (short) (a & b);
            case OR:
                return (short) (a | b);
            case XOR:
                return (short) (a ^ b);
            case MIN:
                return (short) Math.min(a, b);
            case MAX:
                return (short) Math.max(a, b);
            default:
                throw undefined(op, "short");
        }
    }

    /** A new array as long as {@code like}, every element the identity of {@code op}. */
    public static short[] identityArray(Operator op, short[] like) {
        short[] a = new short[like.length];
        Arrays.fill(a, identityShort(op));
        return a;
    }

    /** Elementwise {@code target[i] = target[i] op source[i]}. */
    public static void combineInto(Operator op, short[] target, short[] source) {
        checkLengths(target.length, source.length);
        for (int i = 0; i < target.length; i++) {
            target[i] = combine(op, target[i], source[i]);
        }
    }

    /** The identity of {@code op} for byte. */
    public static byte identityByte(Operator op) {
        switch (op) {
            case SUM:
            case DIFFERENCE:
            case OR:
            case XOR:
                return 0;
            case PRODUCT:
                return 1;
            case AND:
                return (byte) ~0;
            case MIN:
                return Byte.MAX_VALUE;
            case MAX:
                return Byte.MIN_VALUE;
            default:
                throw undefined(op, "byte");
        }
    }

    /** {@code a op b} for byte. */
    public static byte combine(Operator op, byte a, byte b) {
        switch (op) {
            case SUM:
            case DIFFERENCE:
                return (byte) (a + b);
            case PRODUCT:
                return (byte) (a * b);
            case AND:
                return (byte) (a & b);
            case OR:
                return (byte) (a | b);
            case XOR:
                return (byte) (a ^ b);
            case MIN:
                return (byte) Math.min(a, b);
            case MAX:
                return (byte) Math.max(a, b);
            default:
                throw undefined(op, "byte");
        }
    }

    /** A new array as long as {@code like}, every element the identity of {@code op}. */
    public static byte[] identityArray(Operator op, byte[] like) {
        byte[] a = new byte[like.length];
        Arrays.fill(a, identityByte(op));
        return a;
    }

    /** Elementwise {@code target[i] = target[i] op source[i]}. */
    public static void combineInto(Operator op, byte[] target, byte[] source) {
        checkLengths(target.length, source.length);
        for (int i = 0; i < target.length; i++) {
            target[i] = combine(op, target[i], source[i]);
        }
    }

    /** The identity of {@code op} for char. */
    public static char identityChar(Operator op) {
        switch (op) {
            case SUM:
            case DIFFERENCE:
            case OR:
            case XOR:
                return 0;
            case PRODUCT:
                return 1;
            case AND:
                return (char) ~0;
            case MIN:
                return Character.MAX_VALUE;
            case MAX:
                return Character.MIN_VALUE;
            default:
                throw undefined(op, "char");
        }
    }

    /** {@code a op b} for char. */
    public static char combine(Operator op, char a, char b) {
        switch (op) {
            case SUM:
            case DIFFERENCE:
                return (char) (a + b);
            case PRODUCT:
                return (char) (a * b);
            case AND:
                return (char) (a & b);
            case OR:
                return (char) (a | b);
            case XOR:
                return (char) (a ^ b);
            case MIN:
                return (char) Math.min(a, b);
            case MAX:
                return (char) Math.max(a, b);
            default:
                throw undefined(op, "char");
        }
    }

    /** A new array as long as {@code like}, every element the identity of {@code op}. */
    public static char[] identityArray(Operator op, char[] like) {
        char[] a = new char[like.length];
        Arrays.fill(a, identityChar(op));
        return a;
    }

    /** Elementwise {@code target[i] = target[i] op source[i]}. */
    public static void combineInto(Operator op, char[] target, char[] source) {
        checkLengths(target.length, source.length);
        for (int i = 0; i < target.length; i++) {
            target[i] = combine(op, target[i], source[i]);
        }
    }

    /** The identity of {@code op} for float. */
    public static float identityFloat(Operator op) {
        switch (op) {
            case SUM:
            case DIFFERENCE:
                return 0;
            case PRODUCT:
                return 1;
            case MIN:
                return Float.POSITIVE_INFINITY;
            case MAX:
                return Float.NEGATIVE_INFINITY;
            default:
                throw undefined(op, "float");
        }
    }

    /** {@code a op b} for float. */
    public static float combine(Operator op, float a, float b) {
        switch (op) {
            case SUM:
            case DIFFERENCE:
                return a + b;
            case PRODUCT:
                return a * b;
            case MIN:
                return Math.min(a, b);
            case MAX:
                return Math.max(a, b);
            default:
                throw undefined(op, "float");
        }
    }

    /** A new array as long as {@code like}, every element the identity of {@code op}. */
    public static float[] identityArray(Operator op, float[] like) {
        float[] a = new float[like.length];
        Arrays.fill(a, identityFloat(op));
        return a;
    }

    /** Elementwise {@code target[i] = target[i] op source[i]}. */
    public static void combineInto(Operator op, float[] target, float[] source) {
        checkLengths(target.length, source.length);
        for (int i = 0; i < target.length; i++) {
            target[i] = combine(op, target[i], source[i]);
        }
    }

    /** The identity of {@code op} for double. */
    public static double identityDouble(Operator op) {
        switch (op) {
            case SUM:
            case DIFFERENCE:
                return 0;
            case PRODUCT:
                return 1;
            case MIN:
                return Double.POSITIVE_INFINITY;
            case MAX:
                return Double.NEGATIVE_INFINITY;
            default:
                throw undefined(op, "double");
        }
    }

    /** {@code a op b} for double. */
    public static double combine(Operator op, double a, double b) {
        switch (op) {
            case SUM:
            case DIFFERENCE:
                return a + b;
            case PRODUCT:
                return a * b;
            case MIN:
                return Math.min(a, b);
            case MAX:
                return Math.max(a, b);
            default:
                throw undefined(op, "double");
        }
    }

    /** A new array as long as {@code like}, every element the identity of {@code op}. */
    public static double[] identityArray(Operator op, double[] like) {
        double[] a = new double[like.length];
        Arrays.fill(a, identityDouble(op));
        return a;
    }

    /** Elementwise {@code target[i] = target[i] op source[i]}. */
    public static void combineInto(Operator op, double[] target, double[] source) {
        checkLengths(target.length, source.length);
        for (int i = 0; i < target.length; i++) {
            target[i] = combine(op, target[i], source[i]);
        }
    }

    /** The identity of {@code op} for boolean. */
    public static boolean identityBoolean(Operator op) {
        switch (op) {
            case AND:
            case LOGICAL_AND:
                return true;
            case OR:
            case XOR:
            case LOGICAL_OR:
                return false;
            default:
                throw undefined(op, "boolean");
        }
    }

    /** {@code a op b} for boolean. */
    public static boolean combine(Operator op, boolean a, boolean b) {
        switch (op) {
            case AND:
            case LOGICAL_AND:
                return a & b;
            case OR:
            case LOGICAL_OR:
                return a | b;
            case XOR:
                return a ^ b;
            default:
                throw undefined(op, "boolean");
        }
    }

    /** A new array as long as {@code like}, every element the identity of {@code op}. */
    public static boolean[] identityArray(Operator op, boolean[] like) {
        boolean[] a = new boolean[like.length];
        Arrays.fill(a, identityBoolean(op));
        return a;
    }

    /** Elementwise {@code target[i] = target[i] op source[i]}. */
    public static void combineInto(Operator op, boolean[] target, boolean[] source) {
        checkLengths(target.length, source.length);
        for (int i = 0; i < target.length; i++) {
            target[i] = combine(op, target[i], source[i]);
        }
    }

    private static void checkLengths(int target, int source) {
        if (target != source) {
            throw new IllegalArgumentException("elementwise reduction of arrays of different lengths: target "
                    + target + ", source " + source);
        }
    }
}
