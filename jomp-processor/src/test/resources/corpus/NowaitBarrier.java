/** Two independent loops with nowait, then an explicit barrier before a loop that reads both results. */
public class NowaitBarrier {
    public static void main(String[] args) {
        int n = 4000;
        int[] a = new int[n];
        int[] b = new int[n];
        int[] c = new int[n];
        //omp parallel
        {
            //omp for nowait schedule(dynamic, 50)
            for (int i = 0; i < n; i++) {
                a[i] = i;
            }
            //omp for nowait schedule(guided)
            for (int i = 0; i < n; i++) {
                b[i] = 2 * i;
            }
            //omp barrier
            //omp for
            for (int i = 0; i < n; i++) {
                c[i] = a[n - 1 - i] + b[(i + 1) % n];
            }
        }
        long sum = 0;
        for (int v : c) {
            sum += v;
        }
        System.out.println("sum = " + sum + ", c[0] = " + c[0] + ", c[n-1] = " + c[n - 1]);
    }
}
