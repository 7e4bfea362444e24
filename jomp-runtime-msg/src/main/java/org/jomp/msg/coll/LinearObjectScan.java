package org.jomp.msg.coll;

import java.util.function.BinaryOperator;

/**
 * Prefix combination of objects along a chain (Open MPI coll/basic scan_intra_linear): rank r receives the
 * combination of ranks 0..r-1 from rank r-1, combines its own value on the right, and passes the result to r+1.
 * n-1 steps, but each rank combines and sends one object, where recursive doubling would combine log2 n possibly
 * large objects per rank.
 */
public final class LinearObjectScan {
    private static final int TAG = 18;

    private LinearObjectScan() {
    }

    /** Inclusive: ranks 0..r combined; exclusive: ranks 0..r-1 combined, {@code null} on rank 0. */
    public static <T> T run(PointToPoint p, T value, BinaryOperator<T> op, boolean exclusive) {
        int r = p.rank();
        T before = r == 0 ? null : p.recvObject(r - 1, TAG);
        T through = r == 0 ? value : op.apply(before, value);
        if (r + 1 < p.size()) {
            p.sendObject(through, r + 1, TAG);
        }
        return exclusive ? before : through;
    }
}
