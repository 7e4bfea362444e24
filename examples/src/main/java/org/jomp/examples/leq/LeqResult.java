package org.jomp.examples.leq;

/** What a Jacobi solver returns: the solution, the sweeps it took, and the largest change in the last sweep. */
public record LeqResult(double[] x, int iterations, double lastChange) {
}
