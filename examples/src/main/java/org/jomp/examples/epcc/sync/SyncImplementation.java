package org.jomp.examples.epcc.sync;

import java.util.Optional;

import org.jomp.examples.epcc.method.Kernel;

/**
 * One way of writing syncbench's constructs for a team of a fixed size: through the JOMP runtime API as the
 * translator emits it, through {@code //omp} directives once translated, or by hand with java.util.concurrent.
 */
public interface SyncImplementation extends AutoCloseable {

    /** Short name for tables and CSV, e.g. {@code jomp-api} or {@code phaser-team}. */
    String name();

    /** The kernel for a construct, or empty when the construct has no natural counterpart here. */
    Optional<Kernel> kernel(SyncConstruct construct);

    /** How this implementation realises the construct, for the report (e.g. "Phaser + ReentrantLock"). */
    default String mechanism(SyncConstruct construct) {
        return name();
    }

    /** Stops the threads this implementation owns. */
    @Override
    void close();
}
