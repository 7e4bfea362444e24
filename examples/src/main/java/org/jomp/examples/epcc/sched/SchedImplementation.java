package org.jomp.examples.epcc.sched;

import java.util.Optional;

import org.jomp.examples.epcc.method.Kernel;

/**
 * One way of writing schedbench's test, a region running innerReps work-sharing loops of
 * {@code itersPerThread * threads} delays, for a team of a fixed size.
 */
public interface SchedImplementation extends AutoCloseable {

    String name();

    /** The kernel for a schedule, or empty when this implementation has no such schedule. */
    Optional<Kernel> kernel(ScheduleCase schedule);

    @Override
    void close();
}
