/** A critical section around a whole parallel loop (stacked directives, outer first), called from several threads. */
public class CriticalAroundRegion {
    static long[] totals = new long[1];

    static void addRange(int from, int to) {
        long part = 0;
        //omp critical(totals)
        //omp parallel for reduction(+:part)
        for (int i = from; i < to; i++) {
            part += i;
        }
        //omp critical(totals)
        {
            totals[0] += part;
        }
    }

    public static void main(String[] args) {
        //omp parallel for schedule(static, 1)
        for (int k = 0; k < 8; k++) {
            addRange(k * 1000, (k + 1) * 1000);
        }
        System.out.println("total = " + totals[0]);
    }
}
