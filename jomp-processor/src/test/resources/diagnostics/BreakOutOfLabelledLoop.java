// expect: error 9:31 "break" "work-sharing loop"
public class BreakOutOfLabelledLoop {

    static void run(int[] a) {
        //omp parallel for
        outer:
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a.length; j++) {
                if (a[j] < 0) break outer;
                a[i] += j;
            }
        }
    }
}
