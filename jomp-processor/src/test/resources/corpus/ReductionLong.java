/** Reductions on long, several variables in one clause. */
public class ReductionLong {
    public static void main(String[] args) {
        int n = 50_000;
        long sum = 0;
        long sq = 0;
        long prod = 1;
        long diff = 1000;
        long and = -1L;
        long or = 0;
        long xor = 0;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        //omp parallel for reduction(+:sum, sq) reduction(*:prod) reduction(-:diff) reduction(&:and) reduction(|:or) reduction(^:xor) reduction(min:min) reduction(max:max)
        for (int i = 0; i < n; i++) {
            long x = (i * 2654435761L) % 1_000_003L;
            sum += x;
            sq += x * x;
            diff -= x % 10;
            if (i % 5000 == 0) {
                prod *= 3;
            }
            and &= x | (1L << 40);
            or |= x;
            xor ^= x;
            if (x < min) {
                min = x;
            }
            if (x > max) {
                max = x;
            }
        }
        System.out.println("sum=" + sum + " sq=" + sq + " prod=" + prod + " diff=" + diff);
        System.out.println("and=" + and + " or=" + or + " xor=" + xor + " min=" + min + " max=" + max);
    }
}
