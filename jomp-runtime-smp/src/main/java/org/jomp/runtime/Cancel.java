package org.jomp.runtime;

/** The construct that {@link Omp#cancel} and {@link Omp#cancellationPoint} refer to. */
public enum Cancel {
    /** The innermost enclosing parallel region. */
    PARALLEL,
    /** The innermost enclosing work-sharing loop. */
    FOR,
    /** The innermost enclosing sections construct. */
    SECTIONS,
    /** The innermost taskgroup open in the current task. */
    TASKGROUP
}
