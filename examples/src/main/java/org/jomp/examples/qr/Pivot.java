package org.jomp.examples.qr;

import java.io.Serializable;

/**
 * A candidate pivot column and its weight, the object the SPMD variants allreduce (as CCJ's QR does with its
 * reduction object); {@link #NONE} is what a rank without remaining columns contributes.
 */
record Pivot(double weight, int column) implements Serializable {
    static final Pivot NONE = new Pivot(-1, Integer.MAX_VALUE);

    /** The heavier candidate; of equal weights the smaller column, the order the sequential search uses. */
    static Pivot better(Pivot x, Pivot y) {
        if (x.weight != y.weight) {
            return x.weight > y.weight ? x : y;
        }
        return x.column <= y.column ? x : y;
    }
}
