// expect: error 5:24 "nowait"
public class NowaitOnParallel {

    static void run(int[] a) {
        //omp parallel nowait
        {
            a[0] = 1;
        }
    }
}
