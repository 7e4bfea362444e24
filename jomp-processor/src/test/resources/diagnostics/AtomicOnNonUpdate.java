// expect: error 12:13 "atomic"
public class AtomicOnNonUpdate {

    static void touch(int[] a) {
        a[0]++;
    }

    static void run(int[] a) {
        //omp parallel
        {
            //omp atomic
            touch(a);
        }
    }
}
