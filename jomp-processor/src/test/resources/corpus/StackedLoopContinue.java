/**
 * '//omp parallel' stacked over '//omp for' on one loop: a continue goes to the loop's next iteration, which the
 * region around the loop allows as the loop does.
 */
public class StackedLoopContinue {
    public static void main(String[] args) {
        int n = 100;
        long odd = 0;
        //omp parallel
        //omp for reduction(+:odd) schedule(dynamic, 3)
        for (int i = 0; i < n; i++) {
            if (i % 2 == 0) {
                continue;
            }
            odd += i;
        }
        System.out.println("sum of odd numbers below " + n + " = " + odd);
    }
}
