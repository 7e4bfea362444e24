package golden;

/** for: every schedule, nowait, and the canonical loop forms. */
public class ForSchedules {
    static void loops(double[] a, int n, long big, int chunk) {
        //omp parallel
        {
            //omp for
            for (int i = 0; i < n; i++) a[i] = i;
            //omp for schedule(static, 4) nowait
            for (int i = 0; i <= n - 1; i += 2) {
                a[i] += 1;
            }
            //omp for schedule(dynamic)
            for (int i = n - 1; i >= 0; i--) {
                a[i] *= 2;
            }
            //omp for schedule(monotonic: dynamic, chunk)
            for (long j = big; j > 0; j -= 3) {
                a[(int) (j % n)] = j;
            }
            //omp for schedule(guided, 8)
            for (int i = 0; i != n; ++i) {
                a[i] -= 1;
            }
            //omp for schedule(auto)
            for (int i = 0; i < n; i = i + chunk) {
                a[i] = 0;
            }
            //omp for schedule(runtime)
            for (int i = 0; n > i; i++) {
                a[i] = 1;
            }
        }
    }

    static int outerIndex(int[] b) {
        int i;
        //omp parallel for lastprivate(i)
        for (i = 0; i < b.length; i++) {
            b[i] = i;
        }
        return i;
    }
}
