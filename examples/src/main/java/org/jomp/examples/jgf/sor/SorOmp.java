package org.jomp.examples.jgf.sor;

/**
 * Red-black SOR with OpenMP directives: the sequential program plus two comments. One team runs every iteration;
 * each half-sweep is a work-sharing loop over rows whose implied barrier separates the red and the black updates.
 */
public final class SorOmp {
    private SorOmp() {
    }

    public static void solve(double[][] g, double omega, int iterations) {
        //omp parallel
        {
            for (int it = 0; it < iterations; it++) {
                for (int colour = 0; colour < 2; colour++) {
                    //omp for schedule(static)
                    for (int i = 1; i < g.length - 1; i++) {
                        SorSequential.relaxRow(g, i, colour, omega);
                    }
                }
            }
        }
    }
}
