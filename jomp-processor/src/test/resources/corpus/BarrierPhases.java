/** Phases separated by barriers: a Jacobi-style relaxation where each sweep reads the previous one. */
public class BarrierPhases {
    public static void main(String[] args) {
        int n = 500;
        int sweeps = 20;
        long[] cur = new long[n];
        long[] next = new long[n];
        cur[n / 2] = 1L << 40;
        //omp parallel
        {
            for (int s = 0; s < sweeps; s++) {
                //omp for nowait
                for (int i = 1; i < n - 1; i++) {
                    next[i] = (cur[i - 1] + 2 * cur[i] + cur[i + 1]) / 4;
                }
                //omp barrier
                //omp for nowait
                for (int i = 1; i < n - 1; i++) {
                    cur[i] = next[i];
                }
                //omp barrier
            }
        }
        long total = 0;
        for (long v : cur) {
            total += v;
        }
        System.out.println("total after " + sweeps + " sweeps = " + total + ", centre = " + cur[n / 2]);
    }
}
