// expect: error 6:24 "lastprivate"
public class LastprivateOnParallel {

    static void run(int[] a) {
        int x = 0;
        //omp parallel lastprivate(x)
        {
            x = a.length;
        }
    }
}
