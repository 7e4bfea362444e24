package org.jomp.runtime;

import java.util.Locale;

/**
 * A loop schedule: a kind and a chunk size, as in OpenMP's {@code schedule(kind[, chunk])} clause.
 * A chunk of 0 means "not given": the kind's default applies (static: one block per thread; dynamic and
 * guided: 1).
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

    private Schedule(Kind kind, int chunk) {
        this.kind = kind;
        this.chunk = chunk;
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
     * guided, auto (case-insensitive); the modifiers monotonic and nonmonotonic are accepted and ignored.
     *
     * @throws IllegalArgumentException naming the text and what is wrong with it
     */
    public static Schedule parse(String text) {
        if (text == null) {
            throw new IllegalArgumentException("schedule text must not be null");
        }
        String s = text.trim().toLowerCase(Locale.ROOT);
        int colon = s.indexOf(':');
        if (colon >= 0) {
            String modifier = s.substring(0, colon).trim();
            if (!modifier.equals("monotonic") && !modifier.equals("nonmonotonic")) {
                throw new IllegalArgumentException("schedule '" + text + "': unknown modifier '" + modifier + "'");
            }
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
        return new Schedule(kind, chunk);
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
        return o instanceof Schedule && ((Schedule) o).kind == kind && ((Schedule) o).chunk == chunk;
    }

    @Override
    public int hashCode() {
        return kind.hashCode() * 31 + chunk;
    }

    /** The {@code OMP_SCHEDULE} form, e.g. {@code DYNAMIC,4}. */
    @Override
    public String toString() {
        return chunk == 0 ? kind.name() : kind.name() + "," + chunk;
    }
}
