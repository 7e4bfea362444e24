/** Orphaned for, barrier, critical and single in methods called from a region (and called outside one). */
public class OrphanedConstructs {
    static void scale(double[] a, double factor) {
        //omp for
        for (int i = 0; i < a.length; i++) {
            a[i] *= factor;
        }
    }

    static void accumulate(long[] total, int[] data) {
        long local = 0;
        //omp for schedule(dynamic, 8) nowait
        for (int i = 0; i < data.length; i++) {
            local += data[i];
        }
        //omp critical
        {
            total[0] += local;
        }
        //omp barrier
    }

    static void announce(StringBuilder log, String text) {
        //omp single
        {
            log.append(text).append(';');
        }
    }

    public static void main(String[] args) {
        double[] a = new double[1000];
        java.util.Arrays.fill(a, 1.5);
        int[] data = new int[1000];
        for (int i = 0; i < data.length; i++) {
            data[i] = i;
        }
        long[] total = new long[1];
        StringBuilder log = new StringBuilder();
        //omp parallel
        {
            scale(a, 2.0);
            accumulate(total, data);
            announce(log, "inside");
        }
        scale(a, 2.0);
        announce(log, "outside");
        double sum = 0;
        for (double v : a) {
            sum += v;
        }
        System.out.println("sum = " + sum + ", total = " + total[0] + ", log = " + log);
    }
}
