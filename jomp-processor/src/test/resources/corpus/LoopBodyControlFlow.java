/** continue, inner break, labelled loops and return inside lambdas are legal inside work-shared loop bodies. */
public class LoopBodyControlFlow {
    public static void main(String[] args) {
        int n = 1000;
        long kept = 0;
        int firstDivisorSum = 0;
        //omp parallel for reduction(+:kept, firstDivisorSum)
        for (int i = 0; i < n; i++) {
            if (i % 3 == 0) {
                continue;
            }
            kept += i;
            for (int d = 2; d < i; d++) {
                if (i % d == 0) {
                    firstDivisorSum += d;
                    break;
                }
            }
        }
        System.out.println("kept = " + kept + ", first divisors = " + firstDivisorSum);

        int pairs = 0;
        //omp parallel for reduction(+:pairs) schedule(dynamic, 7)
        for (int i = 0; i < 200; i++) {
            outer:
            for (int a = 1; a < 20; a++) {
                for (int b = a; b < 20; b++) {
                    if (a * b == i) {
                        pairs++;
                        continue outer;
                    }
                    if (a * b > i) {
                        break;
                    }
                }
            }
        }
        System.out.println("factor pairs = " + pairs);

        int signs = 0;
        //omp parallel for reduction(+:signs)
        for (int i = -50; i < 50; i++) {
            java.util.function.IntUnaryOperator sign = v -> {
                if (v < 0) {
                    return -1;
                }
                return v == 0 ? 0 : 1;
            };
            signs += sign.applyAsInt(i);
        }
        System.out.println("sum of signs = " + signs);
    }
}
