package org.jomp.examples.epcc.baseline;

/**
 * A hand-written thread team: what a Java programmer without JOMP builds from java.util.concurrent to run a body
 * on N threads at once (the caller being thread 0) and to synchronise them inside it.
 */
public interface Team extends AutoCloseable {

    /** The body of a region; {@code thread} is 0 for the caller and 1..size-1 for the others. */
    @FunctionalInterface
    interface Body {
        void run(int thread);
    }

    int size();

    /** Runs {@code body} on every thread of the team and returns when all have finished. */
    void region(Body body);

    /** Waits until every thread of the team has reached this barrier; only valid inside {@link #region}. */
    void barrier();

    @Override
    void close();
}
