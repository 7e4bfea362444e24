package org.jomp.examples.epcc.method;

/** A kernel threw, or computed a wrong result, or did not run on every thread of its team. */
public final class BenchmarkFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public BenchmarkFailure(String message) {
        super(message);
    }

    public BenchmarkFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
