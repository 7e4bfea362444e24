package org.jomp.examples.floyd;

/**
 * Floyd–Warshall with OpenMP directives: the sequential program plus two comments. Compiled as it is, it is the
 * sequential program; translated by JOMP, one team runs every step k, each thread relaxing a block of rows, with
 * the for loop's implied barrier between steps. Each thread copies row k into its own buffer (declared inside the
 * region, so private) after that barrier, when row k is final for the step.
 */
public final class FloydOmp {
    private FloydOmp() {
    }

    public static void solve(int[] d, int n) {
        //omp parallel
        {
            int[] rowK = new int[n];
            for (int k = 0; k < n; k++) {
                System.arraycopy(d, k * n, rowK, 0, n);
                //omp for schedule(static)
                for (int i = 0; i < n; i++) {
                    FloydSequential.relax(d, i * n, d[i * n + k], rowK, 0, n);
                }
            }
        }
    }
}
