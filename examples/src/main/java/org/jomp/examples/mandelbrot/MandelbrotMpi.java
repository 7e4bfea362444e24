package org.jomp.examples.mandelbrot;

/**
 * The Mandelbrot set as an SPMD program written with {@code //mpi} directives only: the sequential program plus one
 * comment. Translated by JOMP, rank r computes a block of rows and the rows are gathered into rank 0's image. The
 * directive gathers only from block distributions (docs/directives-mpi.md), so unlike the master/worker
 * {@link MandelbrotSpmd} the rows are not balanced by cost: ranks whose block crosses the set work longest.
 */
public final class MandelbrotMpi {
    private MandelbrotMpi() {
    }

    /** Every rank passes the same problem; rank 0 gets the image (the other ranks' arrays hold only their blocks). */
    public static int[] compute(MandelbrotProblem p) {
        int width = p.width();
        int height = p.height();
        int[] counts = new int[width * height];
        //mpi for gather(counts) elements(width)
        for (int y = 0; y < height; y++) {
            p.row(y, counts, y * width);
        }
        return counts;
    }
}
