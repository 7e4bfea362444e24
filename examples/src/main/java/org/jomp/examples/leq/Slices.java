package org.jomp.examples.leq;

/**
 * The block distribution of n components (and the matching rows of A) over the ranks of a communicator: rank r owns
 * components [first(r), first(r+1)). Counts and displacements are in vector elements, as allgatherv takes them.
 */
record Slices(int n, int[] counts, int[] displs) {

    static Slices of(int n, int size) {
        int[] counts = new int[size];
        int[] displs = new int[size];
        for (int r = 0; r < size; r++) {
            displs[r] = (int) ((long) n * r / size);
            counts[r] = (int) ((long) n * (r + 1) / size) - displs[r];
        }
        return new Slices(n, counts, displs);
    }

    /** The same distribution in matrix elements: rank r's rows of the n×n matrix, as scatterv takes them. */
    Slices rowsOfMatrix() {
        int[] c = new int[counts.length];
        int[] d = new int[counts.length];
        for (int r = 0; r < counts.length; r++) {
            c[r] = counts[r] * n;
            d[r] = displs[r] * n;
        }
        return new Slices(n, c, d);
    }
}
