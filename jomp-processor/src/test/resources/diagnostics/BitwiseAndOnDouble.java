// expect: error 6:40 "&" "double"
public class BitwiseAndOnDouble {

    static double run(double[] a) {
        double x = 0;
        //omp parallel for reduction(&:x)
        for (int i = 0; i < a.length; i++) {
            x += a[i];
        }
        return x;
    }
}
