// expect: error 8:30 "loop"
public class UnknownCancelKind {

    static void run(int[] a) {
        //omp parallel for
        for (int i = 0; i < a.length; i++) {
            if (a[i] < 0) {
                //omp cancel loop
            }
        }
    }
}
