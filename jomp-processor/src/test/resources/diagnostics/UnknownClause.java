// expect: error 5:28 "unknown clause" "shedule"
public class UnknownClause {

    static void run(int[] a) {
        //omp parallel for shedule(static)
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
        }
    }
}
