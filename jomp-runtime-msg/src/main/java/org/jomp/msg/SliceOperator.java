package org.jomp.msg;

/**
 * A user-defined reduction over whole slices, for element types or combinations the scalar forms of {@link Op}
 * cannot express. It must compute {@code inout[inoutOffset + i] = left[leftOffset + i] op inout[inoutOffset + i]}
 * for {@code i < count}; {@code left} holds the contribution of lower ranks, so a non-commutative operation sees
 * its operands in rank order.
 */
@FunctionalInterface
public interface SliceOperator {
    void apply(Object left, int leftOffset, Object inout, int inoutOffset, int count);
}
