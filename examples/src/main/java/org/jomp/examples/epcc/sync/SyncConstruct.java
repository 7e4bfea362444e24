package org.jomp.examples.epcc.sync;

import java.util.OptionalLong;

/**
 * The constructs of EPCC's syncbench, with what one test of {@code innerReps} repetitions must do, so every
 * implementation can be checked against the same expectations before it is timed.
 */
public enum SyncConstruct {
    /** innerReps regions, each running the delay on every thread. */
    PARALLEL(Share.EACH_REP_ALL_THREADS),
    /** One region; innerReps work-sharing loops of {@code threads} iterations, one delay each. */
    FOR(Share.EACH_REP_ALL_THREADS),
    /** innerReps combined parallel loops of {@code threads} iterations. */
    PARALLEL_FOR(Share.EACH_REP_ALL_THREADS),
    /** One region; every thread runs innerReps times: delay, barrier. */
    BARRIER(Share.EACH_REP_ALL_THREADS),
    /** One region; innerReps single constructs, one delay each. */
    SINGLE(Share.EACH_REP_ONE_THREAD),
    /** One region; innerReps critical sections in all, divided among the threads, one delay each. */
    CRITICAL(Share.DIVIDED),
    /** As CRITICAL with a lock object set and unset around the delay. */
    LOCK(Share.DIVIDED),
    /** A parallel loop of innerReps iterations, schedule(static,1) ordered, the delay in the ordered block. */
    ORDERED(Share.EACH_REP_ONE_THREAD),
    /** One region; innerReps atomic increments of one shared counter in all, divided among the threads. */
    ATOMIC(Share.DIVIDED),
    /** innerReps regions with reduction(+), each thread adding 1 after its delay. */
    REDUCTION(Share.EACH_REP_ALL_THREADS);

    /** How the repetitions of a test are spread over the team. */
    private enum Share { EACH_REP_ALL_THREADS, EACH_REP_ONE_THREAD, DIVIDED }

    private final Share share;

    SyncConstruct(Share share) {
        this.share = share;
    }

    /** The name EPCC and the libgomp reference print, e.g. {@code PARALLEL_FOR}. */
    public String epccName() {
        return name();
    }

    /** The name for tables, e.g. {@code PARALLEL FOR}. */
    public String label() {
        return name().replace('_', ' ');
    }

    public static SyncConstruct parse(String text) {
        String key = text.trim().toUpperCase(java.util.Locale.ROOT).replace(' ', '_').replace('-', '_');
        for (SyncConstruct c : values()) {
            if (c.name().equals(key)) {
                return c;
            }
        }
        throw new IllegalArgumentException("unknown syncbench construct '" + text + "'; known: "
                + java.util.Arrays.toString(values()));
    }

    /** The smallest test; a multiple of it keeps divided work whole (every thread gets the same share). */
    public int minInnerReps(int threads) {
        return share == Share.DIVIDED || this == ORDERED ? threads : 1;
    }

    /** The reference for this construct: the delay alone, except ATOMIC, whose reference is a plain increment. */
    public boolean referenceIsPlainUpdate() {
        return this == ATOMIC;
    }

    /** How many times a test must run the work. */
    public long expectedWorkCalls(int innerReps, int threads) {
        return switch (this) {
            case ATOMIC -> 0;
            case SINGLE, ORDERED -> innerReps;
            case CRITICAL, LOCK -> (long) (innerReps / threads) * threads;
            default -> (long) innerReps * threads;
        };
    }

    /** The value a test must return, where the construct computes one. */
    public OptionalLong expectedResult(int innerReps, int threads) {
        return switch (this) {
            case REDUCTION -> OptionalLong.of((long) innerReps * threads);
            case ATOMIC -> OptionalLong.of((long) (innerReps / threads) * threads);
            case ORDERED -> OptionalLong.of(innerReps);
            default -> OptionalLong.empty();
        };
    }

    /** Whether a test of {@link #minInnerReps} repetitions must run work on every thread of the team. */
    public boolean allThreadsWork() {
        return this != ATOMIC && this != SINGLE;
    }
}
