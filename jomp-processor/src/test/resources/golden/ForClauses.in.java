package golden;

/** for: private, firstprivate, lastprivate, reductions with every operator, JOMP 1.0b typed variables. */
public class ForClauses {
    static void clauses(int[] a, int n) {
        int t = 0;
        int base = 7;
        int last = -1;
        long product = 1;
        int lo = Integer.MAX_VALUE, hi = Integer.MIN_VALUE;
        boolean all = true, any = false;
        int mask = ~0, bits = 0, parity = 0;
        double diff = 0;
        //omp parallel for private(t) firstprivate(base) lastprivate(last) reduction(*:product) reduction(min:lo) reduction(max:hi)
        for (int i = 0; i < n; i++) {
            t = a[i] + base;
            last = t;
            product *= 1 + t % 3;
            lo = Math.min(lo, t);
            hi = Math.max(hi, t);
        }
        //omp parallel for reduction(&&:all) reduction(||:any) reduction(&:mask) reduction(|:bits) reduction(^:parity) reduction(-:diff)
        for (int i = 0; i < n; i++) {
            all = all && a[i] > 0;
            any = any || a[i] > 5;
            mask &= a[i];
            bits |= a[i];
            parity ^= a[i];
            diff -= a[i];
        }
        System.out.println(last + " " + product + " " + lo + " " + hi + all + any + mask + bits + parity + diff);
    }

    static double jomp(double[] x) {
        double error = 0;
        //omp parallel for reduction(+:double error) private(double d)
        for (int i = 0; i < x.length; i++) {
            d = x[i] * x[i];
            error += d;
        }
        return error;
    }

    static double d;
}
