// expect: error 6:40 "total"
public class UnknownVariableInReduction {

    static int run(int[] a) {
        int sum = 0;
        //omp parallel for reduction(+:total)
        for (int i = 0; i < a.length; i++) {
            sum += a[i];
        }
        return sum;
    }
}
