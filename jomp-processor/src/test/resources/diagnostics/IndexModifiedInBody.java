// expect: error 8:13 "i"
public class IndexModifiedInBody {

    static void run(int[] a) {
        //omp parallel for
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
            i += 1;
        }
    }
}
