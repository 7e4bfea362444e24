package org.jomp.msg;

/**
 * The block distribution of {@code n} items (loop iterations, array rows) over {@code parts} ranks: part {@code p}
 * holds the contiguous range {@code [start(n, p, parts), end(n, p, parts))}; the first {@code n % parts} parts hold
 * one item more than the others, so sizes differ by at most one. This is what {@code //mpi for schedule(block)}
 * translates to, and what hand-written SPMD code uses to find the owner of a row.
 */
public final class BlockPartition {

    private BlockPartition() {
    }

    /** The first item of part {@code part}. */
    public static long start(long n, int part, int parts) {
        check(n, part, parts);
        long base = n / parts;
        long extra = n % parts;
        return part * base + Math.min(part, extra);
    }

    /** One past the last item of part {@code part}. */
    public static long end(long n, int part, int parts) {
        check(n, part, parts);
        return part + 1 == parts ? n : start(n, part + 1, parts);
    }

    /** The part that holds item {@code item} ({@code 0 <= item < n}). */
    public static int owner(long item, long n, int parts) {
        check(n, 0, parts);
        if (item < 0 || item >= n) {
            throw new IllegalArgumentException("BlockPartition.owner: item " + item + " is not in [0, " + n + ")");
        }
        long base = n / parts;
        long extra = n % parts;
        long bigItems = extra * (base + 1);
        return (int) (item < bigItems ? item / (base + 1) : extra + (item - bigItems) / base);
    }

    /** The size of every part, for gatherv and allgatherv. */
    public static int[] counts(long n, int parts) {
        check(n, 0, parts);
        int[] counts = new int[parts];
        for (int p = 0; p < parts; p++) {
            counts[p] = Math.toIntExact(end(n, p, parts) - start(n, p, parts));
        }
        return counts;
    }

    /** Where every part begins, shifted by {@code offset}, for gatherv and allgatherv. */
    public static int[] displacements(long n, int parts, int offset) {
        check(n, 0, parts);
        int[] displs = new int[parts];
        for (int p = 0; p < parts; p++) {
            displs[p] = Math.toIntExact(offset + start(n, p, parts));
        }
        return displs;
    }

    private static void check(long n, int part, int parts) {
        if (parts < 1) {
            throw new IllegalArgumentException("BlockPartition: parts = " + parts + " must be at least 1");
        }
        if (part < 0 || part >= parts) {
            throw new IllegalArgumentException("BlockPartition: part " + part + " is not in [0, " + parts + ")");
        }
        if (n < 0) {
            throw new IllegalArgumentException("BlockPartition: n = " + n + " items must not be negative");
        }
    }
}
