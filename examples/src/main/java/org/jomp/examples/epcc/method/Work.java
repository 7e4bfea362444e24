package org.jomp.examples.epcc.method;

/**
 * The unit of work EPCC places inside every construct it times. Benchmarks receive it as a parameter so the same
 * kernel can run timed (with a plain {@link Delay}) or checked (with a {@link CountingWork} that records who ran it).
 */
@FunctionalInterface
public interface Work {
    void run();
}
