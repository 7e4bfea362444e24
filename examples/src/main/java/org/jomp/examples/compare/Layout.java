package org.jomp.examples.compare;

/**
 * How many ranks and how many threads per rank a timed run used: threads only for the shared-memory variants, ranks
 * of one thread for SPMD, ranks × threads for hybrid.
 */
public record Layout(int ranks, int threads) {

    public Layout {
        if (ranks < 1 || threads < 1) {
            throw new IllegalArgumentException("need at least one rank and one thread, got " + ranks + "×" + threads);
        }
    }

    public static Layout threads(int threads) {
        return new Layout(1, threads);
    }

    public static Layout ranks(int ranks) {
        return new Layout(ranks, 1);
    }

    /** The cores the run asks for: ranks × threads. */
    public int workers() {
        return ranks * threads;
    }

    /** "2" for a count of threads or of ranks in the given mode, "2×2" for a hybrid layout. */
    public String label(Variant.Mode mode) {
        return switch (mode) {
            case SHARED_MEMORY -> Integer.toString(threads);
            case SPMD -> Integer.toString(ranks);
            case HYBRID -> ranks + "×" + threads;
        };
    }
}
