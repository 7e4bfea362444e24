// expect: error 6:14 "double"
public class NonIntegerIndex {

    static void run(double[] a) {
        //omp parallel for
        for (double x = 0; x < 1; x += 0.125) {
            a[(int) (x * 8)] = x;
        }
    }
}
