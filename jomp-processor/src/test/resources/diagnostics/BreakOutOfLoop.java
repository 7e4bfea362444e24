// expect: error 8:17 "break"
public class BreakOutOfLoop {

    static void run(int[] a) {
        //omp parallel for
        for (int i = 0; i < a.length; i++) {
            if (a[i] < 0) {
                break;
            }
            a[i] = i;
        }
    }
}
