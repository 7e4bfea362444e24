package org.jomp.runtime;

import java.util.Locale;

/**
 * A loop schedule: a kind and a chunk size, as in OpenMP's {@code schedule([modifier:]kind[, chunk])} clause.
 * A chunk of 0 means "not given": the kind's default applies (static: one block per thread; dynamic and
 * guided: 1). A dynamic schedule is nonmonotonic, as OpenMP 5 makes it by default: a thread may get a chunk that
 * comes before one it had (the threads steal chunks from each other's ranges), unless it has the monotonic
 * modifier ({@link #monotonic()}) or the loop has an ordered clause. Static and guided schedules are monotonic.
 */
public final class Schedule {

    /** The schedule kinds of OpenMP. */
    public enum Kind { STATIC, DYNAMIC, GUIDED, AUTO, RUNTIME }

    /** One contiguous block per thread (OpenMP's {@code schedule(static)}). */
    public static final Schedule STATIC = new Schedule(Kind.STATIC, 0);
    /** Left to the runtime: a static block schedule, which has no shared state. */
    public static final Schedule AUTO = new Schedule(Kind.AUTO, 0);
    /** The run-sched ICV, set by {@code OMP_SCHEDULE}, {@code -Djomp.schedule} or {@link Omp#setSchedule}. */
    public static final Schedule RUNTIME = new Schedule(Kind.RUNTIME, 0);

    private final Kind kind;
    private final int chunk;
    private final boolean monotonic;

    private Schedule(Kind kind, int chunk) {
        this(kind, chunk, false);
    }

    private Schedule(Kind kind, int chunk, boolean monotonic) {
        this.kind = kind;
        this.chunk = chunk;
        this.monotonic = monotonic;
    }

    /** Round-robin chunks of {@code chunk} iterations. */
    public static Schedule staticChunk(int chunk) {
        return new Schedule(Kind.STATIC, positive(chunk));
    }

    /** Chunks of {@code chunk} iterations handed out first come, first served. */
    public static Schedule dynamic(int chunk) {
        return new Schedule(Kind.DYNAMIC, positive(chunk));
    }

    /** Chunks proportional to the remaining iterations divided by the team size, never below {@code chunk}. */
    public static Schedule guided(int chunk) {
        return new Schedule(Kind.GUIDED, positive(chunk));
    }

    /** A schedule of the given kind; {@code chunk <= 0} means the kind's default chunk. */
    public static Schedule of(Kind kind, int chunk) {
        if (kind == null) {
            throw new IllegalArgumentException("schedule kind must not be null");
        }
        return new Schedule(kind, Math.max(chunk, 0));
    }

    /**
     * Parses OpenMP's {@code OMP_SCHEDULE} syntax: {@code [modifier:]kind[,chunk]}, kind one of static, dynamic,
     * guided, auto (case-insensitive), modifier monotonic or nonmonotonic (the default).
     *
     * @throws IllegalArgumentException naming the text and what is wrong with it
     */
    public static Schedule parse(String text) {
        if (text == null) {
            throw new IllegalArgumentException("schedule text must not be null");
        }
        String s = text.trim().toLowerCase(Locale.ROOT);
        int colon = s.indexOf(':');
        boolean monotonic = false;
        if (colon >= 0) {
            String modifier = s.substring(0, colon).trim();
            if (!modifier.equals("monotonic") && !modifier.equals("nonmonotonic")) {
                throw new IllegalArgumentException("schedule '" + text + "': unknown modifier '" + modifier + "'");
            }
            monotonic = modifier.equals("monotonic");
            s = s.substring(colon + 1).trim();
        }
        String kindText = s;
        int chunk = 0;
        int comma = s.indexOf(',');
        if (comma >= 0) {
            kindText = s.substring(0, comma).trim();
            String chunkText = s.substring(comma + 1).trim();
            try {
                chunk = Integer.parseInt(chunkText);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("schedule '" + text + "': chunk '" + chunkText
                        + "' is not an integer");
            }
            if (chunk < 1) {
                throw new IllegalArgumentException("schedule '" + text + "': chunk must be positive, got " + chunk);
            }
        }
        Kind kind;
        switch (kindText) {
            case "static": kind = Kind.STATIC; break;
            case "dynamic": kind = Kind.DYNAMIC; break;
            case "guided": kind = Kind.GUIDED; break;
            case "auto": kind = Kind.AUTO; break;
            default:
                throw new IllegalArgumentException("schedule '" + text + "': unknown kind '" + kindText
                        + "' (expected static, dynamic, guided or auto)");
        }
        if (kind == Kind.AUTO && comma >= 0) {
            throw new IllegalArgumentException("schedule '" + text + "': auto takes no chunk size");
        }
        return new Schedule(kind, chunk, monotonic);
    }

    /**
     * This schedule with the monotonic modifier: a thread's chunks come in increasing order (for a dynamic
     * schedule, from one shared counter, first come first served).
     */
    public Schedule monotonic() {
        return monotonic ? this : new Schedule(kind, chunk, true);
    }

    /** Whether the schedule has the monotonic modifier. */
    public boolean isMonotonic() {
        return monotonic;
    }

    public Kind kind() {
        return kind;
    }

    /** The chunk size, 0 when not given. */
    public int chunk() {
        return chunk;
    }

    private static int positive(int chunk) {
        if (chunk < 1) {
            throw new IllegalArgumentException("chunk must be positive, got " + chunk);
        }
        return chunk;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Schedule && ((Schedule) o).kind == kind && ((Schedule) o).chunk == chunk
                && ((Schedule) o).monotonic == monotonic;
    }

    @Override
    public int hashCode() {
        return (kind.hashCode() * 31 + chunk) * 2 + (monotonic ? 1 : 0);
    }

    /** The {@code OMP_SCHEDULE} form, e.g. {@code DYNAMIC,4} or {@code MONOTONIC:DYNAMIC,4}. */
    @Override
    public String toString() {
        String k = monotonic ? "MONOTONIC:" + kind.name() : kind.name();
        return chunk == 0 ? k : k + "," + chunk;
    }
}
