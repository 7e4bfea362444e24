// expect: error 6:25 "canonical"
public class TwoConditions {

    static void run(int[] a, boolean ok) {
        //omp parallel for
        for (int i = 0; i < a.length && ok; i++) {
            a[i] = i;
        }
    }
}
