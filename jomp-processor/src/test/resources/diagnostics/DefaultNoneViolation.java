// expect: error 8:20 "weights"
public class DefaultNoneViolation {

    static double run(double[] weights, int n) {
        double sum = 0;
        //omp parallel for default(none) shared(n) reduction(+:sum)
        for (int i = 0; i < n; i++) {
            sum += weights[i];
        }
        return sum;
    }
}
