package org.jomp.examples.compare;

/** The versions of an example that the comparison times, each in the mode it runs in. */
public enum Variant {
    SEQUENTIAL("sequential", Mode.SHARED_MEMORY, false),
    DIRECTIVE("//omp (generated)", Mode.SHARED_MEMORY, true),
    HAND_WRITTEN("hand-written j.u.c.", Mode.SHARED_MEMORY, false),
    MPI("//mpi (generated)", Mode.SPMD, true),
    SPMD("hand-written communicator", Mode.SPMD, false),
    MPI_HYBRID("//mpi + //omp (generated)", Mode.HYBRID, true),
    HYBRID("hand-written communicator + //omp", Mode.HYBRID, false);

    /** Threads of one JVM; ranks as threads of one JVM; ranks × a thread team in each. */
    public enum Mode {
        SHARED_MEMORY("shared memory", "threads"),
        SPMD("SPMD", "ranks"),
        HYBRID("hybrid", "ranks × threads");

        private final String title;
        private final String unit;

        Mode(String title, String unit) {
            this.title = title;
            this.unit = unit;
        }

        public String title() {
            return title;
        }

        /** What the columns of the mode's table count. */
        public String unit() {
            return unit;
        }
    }

    private final String label;
    private final Mode mode;
    private final boolean generated;

    Variant(String label, Mode mode, boolean generated) {
        this.label = label;
        this.mode = mode;
        this.generated = generated;
    }

    public String label() {
        return label;
    }

    public Mode mode() {
        return mode;
    }

    /** Whether JOMP translated this version from directives. */
    public boolean generated() {
        return generated;
    }

    /** The two versions compared in a mode: generated first, hand-written second. */
    public static Variant[] pair(Mode mode) {
        return switch (mode) {
            case SHARED_MEMORY -> new Variant[] {DIRECTIVE, HAND_WRITTEN};
            case SPMD -> new Variant[] {MPI, SPMD};
            case HYBRID -> new Variant[] {MPI_HYBRID, HYBRID};
        };
    }
}
