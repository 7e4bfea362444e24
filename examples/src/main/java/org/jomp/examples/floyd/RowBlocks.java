package org.jomp.examples.floyd;

/**
 * The block distribution of an n×n matrix's rows over the ranks of a communicator: rank r owns rows
 * [first(r), first(r+1)); counts and displacements are in matrix elements, as scatterv and gatherv take them.
 */
record RowBlocks(int n, int size, int[] counts, int[] displs) {

    static RowBlocks of(int n, int size) {
        int[] counts = new int[size];
        int[] displs = new int[size];
        for (int r = 0; r < size; r++) {
            displs[r] = first(n, size, r) * n;
            counts[r] = first(n, size, r + 1) * n - displs[r];
        }
        return new RowBlocks(n, size, counts, displs);
    }

    /** First row of rank r's block. */
    static int first(int n, int size, int r) {
        return (int) ((long) n * r / size);
    }

    int firstRow(int rank) {
        return first(n, size, rank);
    }

    int rows(int rank) {
        return first(n, size, rank + 1) - first(n, size, rank);
    }

    /** The rank that owns row k: the inverse of first(), from an estimate corrected by at most a step each way. */
    int owner(int k) {
        int r = (int) (((long) k * size + size - 1) / n);
        while (first(n, size, r) > k) {
            r--;
        }
        while (first(n, size, r + 1) <= k) {
            r++;
        }
        return r;
    }
}
