package org.jomp.examples.floyd;

/**
 * Floyd–Warshall with OpenMP directives: the sequential program plus two comments. Compiled as it is, it is the
 * sequential program; translated by JOMP, one team runs every step k, each thread relaxing a block of rows, with
 * the for loop's implied barrier between steps.
 */
public final class FloydOmp {
    private FloydOmp() {
    }

    public static void solve(int[] d, int n) {
        //omp parallel
        {
            for (int k = 0; k < n; k++) {
                //omp for schedule(static)
                for (int i = 0; i < n; i++) {
                    FloydSequential.relax(d, i * n, d[i * n + k], d, k * n, n);
                }
            }
        }
    }
}
