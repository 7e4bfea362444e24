// expect: error 6:38 "reduction"
public class MissingReductionOperator {

    static int run(int[] a) {
        int sum = 0;
        //omp parallel for reduction(sum)
        for (int i = 0; i < a.length; i++) {
            sum += a[i];
        }
        return sum;
    }
}
