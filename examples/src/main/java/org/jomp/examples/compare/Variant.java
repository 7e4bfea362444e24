package org.jomp.examples.compare;

/** The versions of an example that the comparison times. */
public enum Variant {
    SEQUENTIAL("sequential"),
    DIRECTIVE("//omp (generated)"),
    HAND_WRITTEN("hand-written j.u.c."),
    SPMD("SPMD (ranks as threads)");

    private final String label;

    Variant(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
