package org.jomp.examples.mandelbrot;

/**
 * The Mandelbrot set, hybrid, with directives only: {@link MandelbrotMpi} plus one {@code //omp} comment on the same
 * loop, so that the ranks divide the rows in blocks and each rank's thread team takes the rows of its block one at a
 * time (dynamic schedule), which evens out the cost inside a rank (team size from {@code Omp.setNumThreads},
 * {@code -Djomp.threads} or {@code OMP_NUM_THREADS}).
 */
public final class MandelbrotMpiHybrid {
    private MandelbrotMpiHybrid() {
    }

    /** Every rank passes the same problem; rank 0 gets the image (the other ranks' arrays hold only their blocks). */
    public static int[] compute(MandelbrotProblem p) {
        int width = p.width();
        int height = p.height();
        int[] counts = new int[width * height];
        //mpi for gather(counts) elements(width)
        //omp parallel for schedule(dynamic, 1)
        for (int y = 0; y < height; y++) {
            p.row(y, counts, y * width);
        }
        return counts;
    }
}
