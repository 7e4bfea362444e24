package org.jomp.it.smp;

/** No directives here: the plugin copies this file byte for byte. */
public final class Plain {
    private Plain() {
    }

    public static long expectedSumOfSquares(long n) {
        return (n - 1) * n * (2 * n - 1) / 6;
    }
}
