// expect: error 8:13 "idx"
public class IndexModifiedInBody {

    static void run(int[] a) {
        //omp parallel for
        for (int idx = 0; idx < a.length; idx++) {
            a[idx] = idx;
            idx += 1;
        }
    }
}
