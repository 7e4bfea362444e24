import org.jomp.annotations.FirstPrivate;
import org.jomp.annotations.LastPrivate;
import org.jomp.annotations.ParallelFor;
import org.jomp.annotations.Private;
import org.jomp.annotations.Reduction;

/** Local-variable forms, on annotated loops and on an //omp comment, in one file. */
public class LocalForms {

    public static void main(String[] args) {
        int n = 10_000;
        @Reduction("+") long sum = 0;
        @Reduction("max") int best = Integer.MIN_VALUE;
        for (@ParallelFor(schedule = org.jomp.annotations.Schedule.GUIDED) int i = 0; i < n; i++) {
            sum += i % 97;
            best = Math.max(best, (i * 31) % 1009);
        }
        System.out.println("sum " + sum + " best " + best);

        @Private double scratch = 0;
        @FirstPrivate int offset = 5;
        @LastPrivate int last = -1;
        long[] out = new long[n];
        for (@ParallelFor int i = 0; i < n; i++) {
            scratch = i * 0.5;
            out[i] = (long) scratch + offset;
            last = i;
        }
        long check = 0;
        for (long v : out) {
            check += v;
        }
        System.out.println("out " + check + " last " + last);

        @Reduction("*") long product = 1;
        //omp parallel for
        for (int i = 1; i <= 20; i++) {
            product *= 1 + i % 3;
        }
        System.out.println("product " + product);

        // Each thread's chunks in increasing order: no chunk below one the same thread ran before.
        @Reduction("+") int decreasing = 0;
        int[] previous = new int[64];
        for (@ParallelFor(schedule = org.jomp.annotations.Schedule.MONOTONIC_DYNAMIC, chunk = "7") int i = 0; i < n;
                i++) {
            int t = org.jomp.runtime.Omp.threadNum();
            if (i < previous[t]) {
                decreasing++;
            }
            previous[t] = i;
        }
        System.out.println("monotonic chunks before a thread's last: " + decreasing);
    }
}
