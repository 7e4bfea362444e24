// expect: error 6:37 ")"
public class MissingClosingParenthesis {

    static int run(int[] a) {
        int sum = 0;
        //omp parallel for reduction(+:sum
        for (int i = 0; i < a.length; i++) {
            sum += a[i];
        }
        return sum;
    }
}
