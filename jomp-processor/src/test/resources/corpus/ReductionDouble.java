/**
 * Reductions on double. Values are small integers and powers of two, so every order of the additions and
 * multiplications gives the same double exactly.
 */
public class ReductionDouble {
    public static void main(String[] args) {
        int n = 10_000;
        double sum = 0;
        double prod = 1;
        double diff = 100;
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        //omp parallel for reduction(+:sum) reduction(*:prod) reduction(-:diff) reduction(min:lo) reduction(max:hi)
        for (int i = 0; i < n; i++) {
            double x = (i % 200) - 50;
            sum += x;
            if (i % 1000 == 0) {
                prod *= 2.0;
            }
            diff -= 0.5;
            lo = Math.min(lo, x);
            hi = Math.max(hi, x);
        }
        System.out.println("sum=" + sum + " prod=" + prod + " diff=" + diff + " lo=" + lo + " hi=" + hi);

        double pi = 0;
        int steps = 100_000;
        double w = 1.0 / steps;
        //omp parallel for reduction(+:pi)
        for (int i = 0; i < steps; i++) {
            double x = (i + 0.5) * w;
            pi += 4.0 / (1.0 + x * x);
        }
        System.out.println("pi ~ " + String.format(java.util.Locale.ROOT, "%.8f", pi * w));
    }
}
