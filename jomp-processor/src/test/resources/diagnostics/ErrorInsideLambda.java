// expect: error 6:49 "chunk"
public class ErrorInsideLambda {

    static Runnable make(int[] a) {
        return () -> {
            //omp parallel for schedule(guided, 0)
            for (int i = 0; i < a.length; i++) {
                a[i] = i;
            }
        };
    }
}
