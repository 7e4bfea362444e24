import java.util.function.IntBinaryOperator;
import java.util.function.IntUnaryOperator;

/** Lambdas used inside a region, and a directive inside a lambda's body. */
public class LambdasInRegions {
    public static void main(String[] args) {
        int n = 3000;
        IntUnaryOperator square = x -> x * x;
        long sum = 0;
        //omp parallel for reduction(+:sum)
        for (int i = 0; i < n; i++) {
            int offset = i;
            IntUnaryOperator plusI = x -> x + offset;
            sum += square.applyAsInt(i % 100) + plusI.applyAsInt(1);
        }
        System.out.println("sum = " + sum);

        IntBinaryOperator rangeSum = (lo, hi) -> {
            int acc = 0;
            //omp parallel for reduction(+:acc)
            for (int k = lo; k < hi; k++) {
                acc += k;
            }
            return acc;
        };
        System.out.println("rangeSum(10, 1000) = " + rangeSum.applyAsInt(10, 1000));

        Runnable fill = () -> {
            int[] a = new int[64];
            //omp parallel
            {
                //omp for
                for (int k = 0; k < a.length; k++) {
                    a[k] = k * 3;
                }
            }
            System.out.println("a[63] = " + a[63]);
        };
        fill.run();
    }
}
