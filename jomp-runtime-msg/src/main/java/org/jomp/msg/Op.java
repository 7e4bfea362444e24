package org.jomp.msg;

import java.util.function.DoubleBinaryOperator;
import java.util.function.IntBinaryOperator;
import java.util.function.LongBinaryOperator;

import org.jomp.msg.transport.PayloadKind;

/**
 * A reduction operation on primitive slices. Every reduction combines contributions in rank order,
 * {@code r0 op r1 op ... op r(n-1)}, so an associative but non-commutative user operation gives the MPI result;
 * the predefined operations are commutative, which lets the algorithms combine in any order they like.
 *
 * <p>Integral types are combined in {@code long} arithmetic and narrowed back, which wraps exactly as the narrow
 * type would; {@code float} is combined in {@code double} and rounded back, which for one operation gives the
 * correctly rounded float result. {@link #MINLOC} and {@link #MAXLOC} read a slice as (value, index) pairs, as
 * MPI's pair types do: {@code count} must be even; ties pick the smaller index.
 */
public final class Op {
    @FunctionalInterface
    private interface BoolOp {
        boolean apply(boolean a, boolean b);
    }

    public static final Op SUM = new Op("SUM", Long::sum, Double::sum, null, 0, true);
    public static final Op PROD = new Op("PROD", (a, b) -> a * b, (a, b) -> a * b, null, 0, true);
    public static final Op MIN = new Op("MIN", Math::min, Math::min, null, 0, true);
    public static final Op MAX = new Op("MAX", Math::max, Math::max, null, 0, true);
    public static final Op LAND = new Op("LAND", (a, b) -> (a != 0 && b != 0) ? 1 : 0, null, (a, b) -> a && b, 0,
            true);
    public static final Op LOR = new Op("LOR", (a, b) -> (a != 0 || b != 0) ? 1 : 0, null, (a, b) -> a || b, 0,
            true);
    public static final Op BAND = new Op("BAND", (a, b) -> a & b, null, (a, b) -> a & b, 0, true);
    public static final Op BOR = new Op("BOR", (a, b) -> a | b, null, (a, b) -> a | b, 0, true);
    public static final Op BXOR = new Op("BXOR", (a, b) -> a ^ b, null, (a, b) -> a ^ b, 0, true);
    public static final Op MINLOC = new Op("MINLOC", null, null, null, -1, true);
    public static final Op MAXLOC = new Op("MAXLOC", null, null, null, 1, true);

    private final String name;
    private final LongBinaryOperator integral;
    private final DoubleBinaryOperator floating;
    private final BoolOp logical;
    private final int loc;
    private final SliceOperator slices;
    private final boolean commutative;

    private Op(String name, LongBinaryOperator integral, DoubleBinaryOperator floating, BoolOp logical, int loc,
               boolean commutative) {
        this.name = name;
        this.integral = integral;
        this.floating = floating;
        this.logical = logical;
        this.loc = loc;
        this.slices = null;
        this.commutative = commutative;
    }

    private Op(String name, SliceOperator slices, boolean commutative) {
        this.name = name;
        this.integral = null;
        this.floating = null;
        this.logical = null;
        this.loc = 0;
        this.slices = slices;
        this.commutative = commutative;
    }

    /** A user operation on int, short, byte and char slices; {@code f(left, right)} with left from lower ranks. */
    public static Op ofInts(IntBinaryOperator f, boolean commutative) {
        return new Op("user int op", (a, b) -> f.applyAsInt((int) a, (int) b), null, null, 0, commutative);
    }

    /** A user operation on long slices (and narrower integral slices). */
    public static Op ofLongs(LongBinaryOperator f, boolean commutative) {
        return new Op("user long op", f, null, null, 0, commutative);
    }

    /** A user operation on double and float slices. */
    public static Op ofDoubles(DoubleBinaryOperator f, boolean commutative) {
        return new Op("user double op", null, f, null, 0, commutative);
    }

    /** A user operation on whole slices of any primitive type: its operator always gets every element. */
    public static Op ofSlices(SliceOperator f, boolean commutative) {
        return new Op("user slice op", f, commutative);
    }

    /** True when operands may be combined in any order. */
    public boolean commutative() {
        return commutative;
    }

    /**
     * How many consecutive elements of a slice of {@code count} an algorithm may not split when it cuts the slice
     * into chunks: 2 for MINLOC and MAXLOC (a pair), the whole slice for {@link #ofSlices} (promised whole slices),
     * 1 otherwise.
     */
    public int unit(int count) {
        return slices != null ? Math.max(count, 1) : loc != 0 ? 2 : 1;
    }

    @Override
    public String toString() {
        return name;
    }

    /**
     * Checks that this operation applies to {@code kind} and {@code count}; throws naming the call and rank if not.
     */
    public void check(String call, int rank, PayloadKind kind, int count) {
        boolean ok;
        if (slices != null) {
            ok = true;
        } else if (loc != 0) {
            ok = kind == PayloadKind.INT || kind == PayloadKind.LONG || kind == PayloadKind.DOUBLE
                    || kind == PayloadKind.FLOAT || kind == PayloadKind.SHORT;
            if (ok && (count & 1) != 0) {
                throw new IllegalArgumentException(call + " on rank " + rank + ": " + name
                        + " needs (value, index) pairs but count is odd: " + count);
            }
        } else {
            ok = switch (kind) {
                case BOOLEAN -> logical != null;
                case FLOAT, DOUBLE -> floating != null;
                case BYTE, SHORT, CHAR, INT, LONG -> integral != null;
                case OBJECT -> false;
            };
        }
        if (!ok) {
            throw new IllegalArgumentException(call + " on rank " + rank + ": operation " + name
                    + " is not defined on " + kind.name().toLowerCase() + " elements");
        }
    }

    /**
     * {@code right[rOff + i] = left[lOff + i] op right[rOff + i]} for {@code i < count}; both arrays of one
     * primitive type, already {@link #check checked}.
     */
    public void combine(Object left, int lOff, Object right, int rOff, int count) {
        if (slices != null) {
            slices.apply(left, lOff, right, rOff, count);
        } else if (loc != 0) {
            combineLoc(left, lOff, right, rOff, count);
        } else if (this == SUM && left instanceof double[] l) {
            sum(l, lOff, (double[]) right, rOff, count);
        } else if (this == SUM && left instanceof int[] l) {
            sum(l, lOff, (int[]) right, rOff, count);
        } else if (this == SUM && left instanceof long[] l) {
            sum(l, lOff, (long[]) right, rOff, count);
        } else if (left instanceof double[] l) {
            double[] r = (double[]) right;
            for (int i = 0; i < count; i++) r[rOff + i] = floating.applyAsDouble(l[lOff + i], r[rOff + i]);
        } else if (left instanceof float[] l) {
            float[] r = (float[]) right;
            for (int i = 0; i < count; i++) r[rOff + i] = (float) floating.applyAsDouble(l[lOff + i], r[rOff + i]);
        } else if (left instanceof int[] l) {
            int[] r = (int[]) right;
            for (int i = 0; i < count; i++) r[rOff + i] = (int) integral.applyAsLong(l[lOff + i], r[rOff + i]);
        } else if (left instanceof long[] l) {
            long[] r = (long[]) right;
            for (int i = 0; i < count; i++) r[rOff + i] = integral.applyAsLong(l[lOff + i], r[rOff + i]);
        } else if (left instanceof short[] l) {
            short[] r = (short[]) right;
            for (int i = 0; i < count; i++) r[rOff + i] = (short) integral.applyAsLong(l[lOff + i], r[rOff + i]);
        } else if (left instanceof byte[] l) {
            byte[] r = (byte[]) right;
            for (int i = 0; i < count; i++) r[rOff + i] = (byte) integral.applyAsLong(l[lOff + i], r[rOff + i]);
        } else if (left instanceof char[] l) {
            char[] r = (char[]) right;
            for (int i = 0; i < count; i++) r[rOff + i] = (char) integral.applyAsLong(l[lOff + i], r[rOff + i]);
        } else if (left instanceof boolean[] l) {
            boolean[] r = (boolean[]) right;
            for (int i = 0; i < count; i++) r[rOff + i] = logical.apply(l[lOff + i], r[rOff + i]);
        } else {
            throw new IllegalArgumentException(name + ": not a primitive array: " + left);
        }
    }

    /*
     * The sums are unrolled by four in the source. C1, the compiler of crowded rank JVMs, does not unroll: it ran the
     * plain loop over 64 Ki doubles in 105-152 µs, this one in 49. C2 vectorises this form as it does the plain loop
     * (27-36 µs against 29-31); with the four indices held in locals instead it did not (42-56 µs).
     */

    private static void sum(double[] l, int lOff, double[] r, int rOff, int count) {
        int i = 0;
        for (; i < count - 3; i += 4) {
            r[rOff + i] += l[lOff + i];
            r[rOff + i + 1] += l[lOff + i + 1];
            r[rOff + i + 2] += l[lOff + i + 2];
            r[rOff + i + 3] += l[lOff + i + 3];
        }
        for (; i < count; i++) {
            r[rOff + i] += l[lOff + i];
        }
    }

    private static void sum(int[] l, int lOff, int[] r, int rOff, int count) {
        int i = 0;
        for (; i < count - 3; i += 4) {
            r[rOff + i] += l[lOff + i];
            r[rOff + i + 1] += l[lOff + i + 1];
            r[rOff + i + 2] += l[lOff + i + 2];
            r[rOff + i + 3] += l[lOff + i + 3];
        }
        for (; i < count; i++) {
            r[rOff + i] += l[lOff + i];
        }
    }

    private static void sum(long[] l, int lOff, long[] r, int rOff, int count) {
        int i = 0;
        for (; i < count - 3; i += 4) {
            r[rOff + i] += l[lOff + i];
            r[rOff + i + 1] += l[lOff + i + 1];
            r[rOff + i + 2] += l[lOff + i + 2];
            r[rOff + i + 3] += l[lOff + i + 3];
        }
        for (; i < count; i++) {
            r[rOff + i] += l[lOff + i];
        }
    }

    /** MINLOC/MAXLOC on (value, index) pairs: the better value wins, a tie keeps the smaller index. */
    private void combineLoc(Object left, int lOff, Object right, int rOff, int count) {
        for (int i = 0; i < count; i += 2) {
            int l = lOff + i;
            int r = rOff + i;
            if (left instanceof double[] a) {
                double[] b = (double[]) right;
                int c = Double.compare(a[l], b[r]) * loc;
                if (c > 0 || (c == 0 && a[l + 1] < b[r + 1])) { b[r] = a[l]; b[r + 1] = a[l + 1]; }
            } else if (left instanceof float[] a) {
                float[] b = (float[]) right;
                int c = Float.compare(a[l], b[r]) * loc;
                if (c > 0 || (c == 0 && a[l + 1] < b[r + 1])) { b[r] = a[l]; b[r + 1] = a[l + 1]; }
            } else if (left instanceof int[] a) {
                int[] b = (int[]) right;
                int c = Integer.compare(a[l], b[r]) * loc;
                if (c > 0 || (c == 0 && a[l + 1] < b[r + 1])) { b[r] = a[l]; b[r + 1] = a[l + 1]; }
            } else if (left instanceof long[] a) {
                long[] b = (long[]) right;
                int c = Long.compare(a[l], b[r]) * loc;
                if (c > 0 || (c == 0 && a[l + 1] < b[r + 1])) { b[r] = a[l]; b[r + 1] = a[l + 1]; }
            } else {
                short[] a = (short[]) left;
                short[] b = (short[]) right;
                int c = Short.compare(a[l], b[r]) * loc;
                if (c > 0 || (c == 0 && a[l + 1] < b[r + 1])) { b[r] = a[l]; b[r + 1] = a[l + 1]; }
            }
        }
    }
}
