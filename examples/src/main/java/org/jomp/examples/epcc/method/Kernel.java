package org.jomp.examples.epcc.method;

/**
 * One EPCC test: performs {@code innerReps} repetitions of a construct around {@code work} and returns the value
 * the construct computed (a reduction, an atomic counter...), so a check can compare it with the expected one.
 * Kernels that compute nothing return 0.
 */
@FunctionalInterface
public interface Kernel {
    long run(int innerReps, Work work) throws Throwable;
}
