/** A prime count by trial division under schedule(runtime), and a sieve whose marking loop is shared. */
public class PrimeSieveRuntime {
    public static void main(String[] args) {
        int limit = 30_000;
        int primes = 0;
        //omp parallel for schedule(runtime) reduction(+:primes)
        for (int k = 2; k <= limit; k++) {
            boolean prime = true;
            for (int d = 2; (long) d * d <= k; d++) {
                if (k % d == 0) {
                    prime = false;
                    break;
                }
            }
            if (prime) {
                primes++;
            }
        }
        System.out.println("primes up to " + limit + " = " + primes);

        boolean[] composite = new boolean[limit + 1];
        for (int p = 2; p * p <= limit; p++) {
            if (!composite[p]) {
                //omp parallel for schedule(runtime)
                for (int m = p * p; m <= limit; m += p) {
                    composite[m] = true;
                }
            }
        }
        int count = 0;
        for (int k = 2; k <= limit; k++) {
            if (!composite[k]) {
                count++;
            }
        }
        System.out.println("sieve count = " + count);
    }
}
