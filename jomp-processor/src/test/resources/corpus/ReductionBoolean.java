/** Reductions on boolean: && || and the bitwise & | ^. */
public class ReductionBoolean {
    static boolean isPrime(int k) {
        if (k < 2) {
            return false;
        }
        for (int d = 2; d * d <= k; d++) {
            if (k % d == 0) {
                return false;
            }
        }
        return true;
    }

    public static void main(String[] args) {
        int n = 3000;
        boolean allPositive = true;
        boolean anyPrimeAbove2990 = false;
        boolean allOdd = true;
        boolean anyEven = false;
        boolean parity = false;
        //omp parallel for reduction(&&:allPositive) reduction(||:anyPrimeAbove2990) reduction(&:allOdd) reduction(|:anyEven) reduction(^:parity)
        for (int i = 1; i <= n; i++) {
            allPositive = allPositive && i > 0;
            anyPrimeAbove2990 = anyPrimeAbove2990 || (i > 2990 && isPrime(i));
            allOdd &= i % 2 == 1;
            anyEven |= i % 2 == 0;
            parity ^= isPrime(i);
        }
        System.out.println("allPositive=" + allPositive + " anyPrimeAbove2990=" + anyPrimeAbove2990);
        System.out.println("allOdd=" + allOdd + " anyEven=" + anyEven + " odd number of primes=" + parity);
    }
}
