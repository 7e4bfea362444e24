// expect: error 5:37 "fastest"
public class BadScheduleKind {

    static void run(int[] a) {
        //omp parallel for schedule(fastest)
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
        }
    }
}
