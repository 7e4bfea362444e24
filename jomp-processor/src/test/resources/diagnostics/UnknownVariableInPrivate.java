// expect: error 5:39 "ghost"
public class UnknownVariableInPrivate {

    static void run(int[] a) {
        //omp parallel for private(a, ghost)
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
        }
    }
}
