import java.util.List;

/**
 * Labelled work-sharing loops: 'continue label' goes to the loop's next iteration, from a loop nested in its body,
 * in a combined, an orphaned-in-region, a collapsed and a for-each loop.
 */
public class LabelledLoops {
    public static void main(String[] args) {
        int n = 50;
        long triangle = 0;
        //omp parallel for reduction(+:triangle) schedule(static, 3)
        outer:
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (j > i) {
                    continue outer;
                }
                triangle += j;
            }
            triangle += 1000;
        }
        System.out.println("triangle = " + triangle);

        long products = 0;
        //omp parallel
        {
            //omp for reduction(+:products) schedule(dynamic)
            rows:
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    if ((i + j) % 7 == 0) {
                        continue rows;
                    }
                    products += i * j;
                }
            }
        }
        System.out.println("products = " + products);

        long offDiagonal = 0;
        //omp parallel for collapse(2) reduction(+:offDiagonal)
        a: for (int i = 0; i < 7; i++)
            b: for (int j = 0; j < 9; j++) {
                if (j == i) {
                    continue b;
                }
                offDiagonal += 10 * i + j;
            }
        System.out.println("off the diagonal = " + offDiagonal);

        long capped = 0;
        List<Integer> xs = List.of(1, 2, 3, 4, 5, 6);
        //omp parallel for reduction(+:capped)
        each: for (Integer x : xs) {
            for (int k = 0; k < x; k++) {
                if (k == 2) {
                    continue each;
                }
                capped += x;
            }
        }
        System.out.println("capped = " + capped);
    }
}
